export { TranslationGroupsModule } from './groups/translation-groups.module';
export { markTranslationOf, TranslationGroups } from './groups/translation-groups.service';
export {
  TranslationLinks,
  TRANSLATION_FIELDS_SCHEMA,
  TRANSLATION_OF_ARG,
  withFields,
} from './groups/translation-links.service';
export type { ElementRef, TranslationFields, TranslationLink } from './groups/translation-links.service';
export { ELEMENT_TYPES, elementTypeInfo, LOCALES } from './groups/element-types';
export { TranslationEntity } from './groups/translation.entity';
export { TranslatableRegistry } from './translatable-registry';
export type {
  SaveTranslationInput,
  TranslatableField,
  TranslatableItem,
  TranslatableSource,
} from './translatable-registry';
