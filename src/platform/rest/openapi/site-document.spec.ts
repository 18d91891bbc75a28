import { Arg, argSpecsOf } from '../schema';
import { Permissions } from '../permissions';
import type { RestEndpoint, RestRouteEntry } from '../routing/route-registry';
import { buildSiteOpenApiDocument } from './site-document';

class ThingArgs {
  @Arg({ description: 'ID.', type: 'integer' })
  id: number;

  @Arg({ description: 'Per page.', type: 'integer', minimum: 0, exclusiveMinimum: true })
  per_page?: number;
}

const thing =
  (title = 'thing', extra: Record<string, unknown> = {}) =>
  () => ({
    title,
    type: 'object' as const,
    properties: {
      id: { type: 'integer' as const },
      website: { type: ['string' as const, 'null' as const], format: 'uri' as const },
      meta: { type: 'object' as const, properties: {} },
      ...extra,
    },
  });

function entry(pattern: string, endpoint: Partial<RestEndpoint>, namespace = 'ns/v1'): RestRouteEntry {
  return {
    namespace,
    pattern,
    regex: /x/,
    endpoints: [
      {
        methods: ['GET'],
        args: argSpecsOf(ThingArgs),
        permission: () => true,
        rule: Permissions.public,
        allowBatch: false,
        showInIndex: true,
        handler: () => null,
        ...endpoint,
      },
    ],
  };
}

const answer = (doc: ReturnType<typeof buildSiteOpenApiDocument>, path: string, method = 'get') =>
  (doc.paths[path][method] as any).responses['200'].content['application/json'].schema;

describe('buildSiteOpenApiDocument (OpenAPI 3.1)', () => {
  const doc = buildSiteOpenApiDocument(
    [
      entry('/ns/v1/things', { schema: thing() }),
      entry('/ns/v1/things/(?P<id>\\d+)', { schema: thing(), rule: Permissions.capability('edit_things') }),
      entry('/ns/v1/archive', { schema: thing(), envelope: 'things' }),
      entry('/other/v1/things', { schema: thing('thing', { extra: { type: 'string' } }) }, 'other/v1'),
      entry('/other/v1/settings', { schema: thing('settings'), nullableFields: true }, 'other/v1'),
    ],
    'wp-json',
    { title: 'T', version: '1', description: '' },
  );

  it('keeps JSON Schema 2020-12 forms: type lists, numeric exclusive bounds, empty PHP maps as []', () => {
    const schema = doc.components.schemas.Thing as any;
    expect(schema.properties.website).toEqual({ type: ['string', 'null'], format: 'uri' });
    expect(schema.properties.meta).toEqual({ type: ['object', 'array'], properties: {}, maxItems: 0 });
    const perPage = (doc.paths['/ns/v1/things'].get as any).parameters[1].schema;
    expect(perPage).toEqual({ type: 'integer', exclusiveMinimum: 0 });
  });

  it('gives one component per shape when two namespaces use one title', () => {
    expect(answer(doc, '/ns/v1/things').items).toEqual({ $ref: '#/components/schemas/Thing' });
    expect(answer(doc, '/other/v1/things').items).toEqual({ $ref: '#/components/schemas/Thing2' });
    expect(answer(doc, '/ns/v1/things/{id}')).toEqual({ $ref: '#/components/schemas/Thing' });
  });

  it('describes lists, envelopes and settings answers', () => {
    expect(answer(doc, '/ns/v1/archive')).toMatchObject({
      type: 'object',
      properties: { things: { type: 'array' } },
      required: ['things'],
    });
    expect(answer(doc, '/other/v1/settings').properties.id).toEqual({
      anyOf: [{ type: 'integer' }, { type: 'null' }],
    });
  });

  it('states the permission rule and tags operations by namespace', () => {
    const list = doc.paths['/ns/v1/things'].get as any;
    const single = doc.paths['/ns/v1/things/{id}'].get as any;
    expect(list).toMatchObject({ operationId: 'getNsV1Things', tags: ['ns/v1'], 'x-permission': 'public' });
    expect(list.security).toBeUndefined();
    expect(single['x-permission']).toBe('capability edit_things');
    expect(single.security).toEqual([{ applicationPassword: [] }]);
    expect(doc.servers).toEqual([{ url: '/wp-json' }]);
  });
});
