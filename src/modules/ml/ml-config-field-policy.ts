import { Injectable } from '@nestjs/common';
import { MlConfigService } from './config';
import type { ElementFieldPolicy, TranslationFieldPolicy } from './field-policy';

/**
 * The field policy of the saved `ml-config.xml` (`ml/v1/custom-xml-config`): `custom-types`/`taxonomies` with
 * `translate="0"` are not sent to translation, and each custom field goes as its `custom-field@action` says (WPML's
 * default for a field the config does not name: ignore). Element types are WPML's: `post_<type>`, `tax_<taxonomy>`.
 */
@Injectable()
export class MlConfigFieldPolicy implements TranslationFieldPolicy {
  constructor(private readonly config: MlConfigService) {}

  async policyFor(elementType: string): Promise<ElementFieldPolicy> {
    const rules = await this.config.rules();
    const name = elementType.replace(/^(post|tax)_/, '');
    const configured = elementType.startsWith('tax_') ? rules.taxonomies[name] : rules.types[name];
    const fields = elementType.startsWith('tax_') ? rules.termFields : rules.fields;
    return { translatable: configured ?? true, fieldAction: (metaKey) => fields[metaKey] ?? 'ignore' };
  }
}
