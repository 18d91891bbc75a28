export { TranslationGroupsModule } from './groups/translation-groups.module';
export { markTranslationOf, TranslationGroups } from './groups/translation-groups.service';
export {
  loadTranslationFields,
  TranslationLinks,
  TRANSLATION_FIELDS_SCHEMA,
  TRANSLATION_OF_ARG,
  withFields,
} from './groups/translation-links.service';
export type {
  ElementRef,
  LinkSite,
  TranslationFields,
  TranslationLink,
} from './groups/translation-links.service';
export { ELEMENT_TYPES, elementTypeInfo, LOCALES } from './groups/element-types';
export { TranslationEntity } from './groups/translation.entity';
export { TranslatableRegistry } from './translatable-registry';
export type {
  SaveTranslationInput,
  TranslatableField,
  TranslatableItem,
  TranslatableSource,
} from './translatable-registry';
export { TranslationModule } from './translation.module';
export { JobsService } from './jobs/jobs.service';
export type { JobView, SendToTranslationInput } from './jobs/jobs.service';
export { XliffService } from './xliff/xliff.service';
export type { JobXliff } from './xliff/xliff.service';
export { JobStatus, TranslationJobEntity, TranslationBatchEntity } from './jobs/translation-job.entity';
export { toJobResponse } from './jobs/job.mapper';
export { buildXliff, fileOriginal, parseXliff, XliffError } from './xliff/xliff';
export type { ParsedXliff, XliffJob, XliffUnit } from './xliff/xliff';
export { TRANSLATION_FIELD_POLICY } from './field-policy';
export type { CustomFieldAction, ElementFieldPolicy, TranslationFieldPolicy } from './field-policy';
export { isTranslationManager, mayTranslate, translationRoutePermission } from './translation-access';
export { TranslationErrors } from './translation.errors';
