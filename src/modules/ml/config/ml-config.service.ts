import { Injectable } from '@nestjs/common';
import { LastChanged, SiteOptions } from '../../../platform/database';
import { CustomFieldAction, EMPTY_RULES, LibxmlError, MlConfigRules, MlConfigXml } from './ml-config.xml';

/** The option holding the custom ml-config.xml text (WordPress option `wpml-tm-custom-xml`). */
export const CUSTOM_XML_OPTION = 'ml-tm-custom-xml';
/** Stamp group renewed by writes to `site_options`, where the custom config lives. */
const ML_CONFIG_GROUP = 'ml-config';

interface Parsed {
  stamp: string;
  content: string;
  rules: MlConfigRules;
}

/**
 * The custom XML config (`ml/v1/custom-xml-config`) and what it decides: which post types and taxonomies are
 * translatable and what happens to each custom field in a translation. The text is parsed once and the rules
 * kept until the `ml-config` stamp changes (a write on any instance), then re-read from the database.
 */
@Injectable()
export class MlConfigService {
  private readonly xml: MlConfigXml;
  private parsed?: Parsed;
  private parsing?: Promise<MlConfigRules>;

  constructor(
    private readonly options: SiteOptions,
    private readonly lastChanged: LastChanged,
  ) {
    this.lastChanged.track(ML_CONFIG_GROUP, ['site_options']);
    this.xml = new MlConfigXml();
  }

  /** The stored custom config, `""` when none was saved. */
  async content(): Promise<string> {
    const stored = await this.options.get<unknown>(CUSTOM_XML_OPTION);
    return typeof stored === 'string' ? stored : '';
  }

  /** Stores the text as given (WordPress saves it unvalidated) and returns what is stored. */
  async save(content: string): Promise<string> {
    await this.options.set(CUSTOM_XML_OPTION, content);
    return this.content();
  }

  /** libxml's errors against the schema; `[]` when valid or when there is nothing to validate. */
  validate(content: string): Promise<LibxmlError[]> {
    if (!/\w/.test(content)) return Promise.resolve([]);
    return this.xml.validate(content);
  }

  /** Whether content of this post type or taxonomy is translated (`translate="0"` turns it off; default on). */
  async isTranslatable(postTypeOrTaxonomy: string): Promise<boolean> {
    const rules = await this.rules();
    return rules.types[postTypeOrTaxonomy] ?? rules.taxonomies[postTypeOrTaxonomy] ?? true;
  }

  /** What a translation does with this custom field (WordPress's default for a field not configured: ignore). */
  async customFieldAction(metaKey: string): Promise<CustomFieldAction> {
    const rules = await this.rules();
    return rules.fields[metaKey] ?? 'ignore';
  }

  /** What a translation does with this term field. */
  async customTermFieldAction(metaKey: string): Promise<CustomFieldAction> {
    const rules = await this.rules();
    return rules.termFields[metaKey] ?? 'ignore';
  }

  /**
   * The rules of the saved config (cached until it changes on any instance). Each call reads the stamp (one small
   * query): code that decides for many rows takes the rules once and looks them up itself.
   */
  async rules(): Promise<MlConfigRules> {
    const stamp = await this.lastChanged.version(ML_CONFIG_GROUP);
    if (this.parsed?.stamp === stamp) return this.parsed.rules;
    this.parsing ??= this.reload(stamp).finally(() => (this.parsing = undefined));
    return this.parsing;
  }

  private async reload(stamp: string): Promise<MlConfigRules> {
    const content = await this.content();
    if (this.parsed?.content === content) {
      this.parsed = { ...this.parsed, stamp };
      return this.parsed.rules;
    }
    const rules = await this.xml.rules(content).catch(() => EMPTY_RULES);
    this.parsed = { stamp, content, rules };
    return rules;
  }
}
