import type { CustomFieldAction } from './config';

/** What happens to a custom field (meta) of an item sent to translation, as `ml-config.xml`'s `custom-field@action`. */
export type { CustomFieldAction };

/** The policy for one element type, read once per job or XLIFF. */
export interface ElementFieldPolicy {
  /** `custom-type`/`taxonomy` translate="0" makes a type untranslatable. */
  translatable: boolean;
  /** The action for a meta key (default: translate). */
  fieldAction(metaKey: string): CustomFieldAction;
}

/**
 * Which types are translatable and what jobs do with custom fields; provided as {@link TRANSLATION_FIELD_POLICY}
 * by the saved `ml/v1` custom XML config (`MlConfigFieldPolicy`).
 */
export interface TranslationFieldPolicy {
  policyFor(elementType: string): Promise<ElementFieldPolicy>;
}

export const TRANSLATION_FIELD_POLICY = Symbol('TRANSLATION_FIELD_POLICY');
