import type { UsersService } from '../../../platform/auth';
import type { Transactions } from '../../../platform/database';
import type { ElementFieldPolicy, TranslationFieldPolicy } from '../field-policy';
import type { TranslationGroups } from '../groups/translation-groups.service';
import type { JobsService } from '../jobs/jobs.service';
import { JobStatus, TranslationJobEntity } from '../jobs/translation-job.entity';
import { TranslatableItem, TranslatableRegistry, TranslatableSource } from '../translatable-registry';
import { parseXliff } from './xliff';
import { XliffService } from './xliff.service';

const original: TranslatableItem = {
  elementType: 'post_post',
  id: 5,
  language: 'en',
  title: 'Hello',
  status: 'publish',
  link: 'http://example.test/hello/',
  authorId: 1,
  fields: [
    { id: 'title', group: 'Main Content', value: 'Hello' },
    { id: 'body', group: 'Main Content', value: '<p>Body</p>' },
    { id: 'field-subtitle', group: 'Custom Fields', value: 'Sub' },
    { id: 'field-sku', group: 'Custom Fields', value: 'A-1' },
    { id: 'field-internal', group: 'Custom Fields', value: 'x' },
  ],
};

function service(policy: TranslationFieldPolicy) {
  const job = Object.assign(new TranslationJobEntity(), {
    id: 9,
    trid: 3,
    elementType: 'post_post',
    elementId: 5,
    translatedElementId: null,
    sourceLanguage: 'en',
    targetLanguage: 'no',
    status: JobStatus.waitingForTranslator,
    managerId: 0,
  });
  const source: TranslatableSource = {
    elementTypes: ['post_post'],
    load: () => Promise.resolve(new Map([[5, original]])),
    saveTranslation: () => Promise.resolve(6),
  };
  const registry = new TranslatableRegistry();
  registry.register(source);
  return new XliffService(
    { getOrFail: () => Promise.resolve(job) } as unknown as JobsService,
    registry,
    { membersOf: () => Promise.resolve([]) } as unknown as TranslationGroups,
    { findById: () => Promise.resolve(null) } as unknown as UsersService,
    {} as Transactions,
    policy,
  );
}

describe('XliffService and the field policy seam', () => {
  it('sends every field with the default policy', async () => {
    const all: TranslationFieldPolicy = {
      policyFor: () => Promise.resolve({ translatable: true, fieldAction: () => 'translate' }),
    };
    const { xml } = await service(all).buildXliff(9, null);
    expect(parseXliff(xml).units.map((unit) => unit.id)).toEqual([
      'title',
      'body',
      'field-subtitle',
      'field-sku',
      'field-internal',
    ]);
  });

  it('leaves copied and ignored custom fields out of the XLIFF (a custom XML config’s actions)', async () => {
    const actions: Record<string, ReturnType<ElementFieldPolicy['fieldAction']>> = {
      sku: 'copy',
      internal: 'ignore',
    };
    const configured: TranslationFieldPolicy = {
      policyFor: () =>
        Promise.resolve({ translatable: true, fieldAction: (key) => actions[key] ?? 'translate' }),
    };
    const { xml, fileName } = await service(configured).buildXliff(9, null);
    expect(fileName).toBe('job-9.xliff');
    const parsed = parseXliff(xml);
    expect(parsed.units.map((unit) => unit.id)).toEqual(['title', 'body', 'field-subtitle']);
    expect(parsed.units[1]).toEqual({ id: 'body', source: '<p>Body</p>', target: '<p>Body</p>' });
  });
});
