import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { mo, type GetTextTranslations } from 'gettext-parser';
import { DataSource } from 'typeorm';
import { CalendarTermEntity } from '../../cal';
import { AppConfig } from '../../../platform/config';
import { Transactions } from '../../../platform/database';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../platform/rest';
import { StringSource, StringsRepository } from './strings.repository';

/** The site's own settings strings, as WPML registers them (domain `WP`). */
export const SITE_DOMAIN = 'WP';
export const SITE_TITLE = 'Blog Title';
export const SITE_TAGLINE = 'Tagline';
/** Event-category labels (one string per category, named by its slug). */
export const EVENT_CATEGORY_DOMAIN = 'cal-event-categories';

/** The locale of each language in `.mo` file names. */
export const LOCALE_OF: Record<string, string> = { en: 'en_US', no: 'nb_NO' };
/** The component kinds of `import_mo_strings` and their folder under `ML_LANGUAGES_DIR`. */
export const MO_KINDS = ['plugins', 'themes', 'other'] as const;
export type MoKind = (typeof MO_KINDS)[number];
/** A component (text domain) name: no path separators, no leading dot. */
export const COMPONENT_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,159}$/;

const NAME_LENGTH = 160;

export interface MoImportResult {
  total: number;
  remaining: number;
  scan_message: string;
}

/** A string key (context and name) longer than its column is stored as its md5, as WPML names long strings. */
function keyPart(text: string): string {
  return text.length <= NAME_LENGTH ? text : createHash('md5').update(text).digest('hex');
}

/** The site language of a `.mo` file's locale (`nb_NO`, `nn_NO`, `no` → `no`), or undefined when not served. */
export function languageOfLocale(locale: string): string | undefined {
  const prefix = locale.toLowerCase().split(/[_-]/)[0];
  if (prefix === 'nb' || prefix === 'nn' || prefix === 'no') return 'no';
  if (prefix === 'en') return 'en';
  return undefined;
}

/**
 * String translation (`ml/st/v1`): the site's strings (title, tagline, event-category labels, every string of
 * an imported `.mo` file) and their translations, `.mo` import and generation, and ST settings.
 */
@Injectable()
export class StringTranslationService implements OnApplicationBootstrap {
  private readonly logger = new Logger('StringTranslationService');

  constructor(
    private readonly strings: StringsRepository,
    private readonly transactions: Transactions,
    private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.registerSiteStrings();
    } catch (error) {
      // Before migrations ran (the CLI's `migrate`) the tables do not exist yet.
      this.logger.debug({ err: error }, 'site strings not registered');
    }
  }

  /** Registers (or refreshes) the site title, tagline and event-category labels as strings. */
  async registerSiteStrings(): Promise<void> {
    const categories = await this.dataSource
      .getRepository(CalendarTermEntity)
      .find({ where: { taxonomy: 'category', language: DEFAULT_LANGUAGE }, order: { id: 'ASC' } });
    const sources: StringSource[] = [
      { domain: SITE_DOMAIN, context: '', name: SITE_TITLE, value: this.config.siteName },
      { domain: SITE_DOMAIN, context: '', name: SITE_TAGLINE, value: this.config.siteDescription },
      ...categories.map((term) => ({
        domain: EVENT_CATEGORY_DOMAIN,
        context: '',
        name: keyPart(term.slug),
        value: term.name,
      })),
    ];
    await this.transactions.run((manager) => this.strings.register(manager, sources, DEFAULT_LANGUAGE));
  }

  /** The site's name and description in `language`, where a complete translation of the current text exists. */
  async siteIdentity(
    language: string,
    identity: { name: string; description: string },
  ): Promise<{ name: string; description: string }> {
    if (language === DEFAULT_LANGUAGE) return identity;
    const [name, description] = await Promise.all([
      this.strings.translationOf(
        { domain: SITE_DOMAIN, context: '', name: SITE_TITLE, value: identity.name },
        language,
      ),
      this.strings.translationOf(
        { domain: SITE_DOMAIN, context: '', name: SITE_TAGLINE, value: identity.description },
        language,
      ),
    ]);
    return { name: name ?? identity.name, description: description ?? identity.description };
  }

  /**
   * Imports the `.mo` files of the named components: every message becomes a string of the component's domain
   * (an existing string with the same context and source text is reused, e.g. the site title in domain `WP`)
   * and its translation a complete translation into the file's language.
   */
  async importMoStrings(components: Record<MoKind, string[]>): Promise<MoImportResult> {
    const files: Array<{ domain: string; language: string; path: string }> = [];
    for (const kind of MO_KINDS) {
      for (const component of new Set(components[kind]))
        files.push(...(await this.moFilesOf(kind, component)));
    }
    await this.registerSiteStrings();
    let imported = 0;
    for (const file of files) {
      const parsed = mo.parse(await readFile(file.path));
      imported += await this.importCatalog(file.domain, file.language, parsed);
    }
    return {
      total: files.length,
      remaining: 0,
      scan_message:
        files.length === 0
          ? 'No .mo files found for the selected components.'
          : `${imported} string translations imported from ${files.length} .mo files.`,
    };
  }

  /** Writes one `.mo` file per domain and translated language (under `ML_LANGUAGES_DIR/ml`). */
  async preGenerateMoFiles(): Promise<{ remaining: number } | { error: string }> {
    const target = join(resolve(this.config.mlLanguagesDir), 'ml');
    try {
      await mkdir(target, { recursive: true });
      for (const language of LANGUAGES) {
        if (language === DEFAULT_LANGUAGE) continue;
        const rows = await this.strings.completeTranslations(language);
        const byDomain = new Map<string, typeof rows>();
        for (const row of rows) byDomain.set(row.domain, [...(byDomain.get(row.domain) ?? []), row]);
        for (const [domain, entries] of byDomain) {
          const catalog: GetTextTranslations = {
            charset: 'utf-8',
            headers: {
              'Content-Type': 'text/plain; charset=UTF-8',
              Language: LOCALE_OF[language],
              'Plural-Forms': 'nplurals=2; plural=(n != 1);',
            },
            translations: {},
          };
          for (const entry of entries) {
            const context = (catalog.translations[entry.context] ??= {});
            context[entry.value] = {
              ...(entry.context ? { msgctxt: entry.context } : {}),
              msgid: entry.value,
              msgstr: [entry.translation],
            };
          }
          const file = join(target, `${domain.replace(/[^A-Za-z0-9_.-]/g, '_')}-${LOCALE_OF[language]}.mo`);
          await writeFile(`${file}.tmp`, mo.compile(catalog));
          await rename(`${file}.tmp`, file);
        }
      }
    } catch (error) {
      this.logger.warn({ err: error, target }, '.mo files not written');
      return { error: 'no access' };
    }
    return { remaining: 0 };
  }

  /** Stores one String Translation setting (WPML's option group `ST-<group>`, key `key`). */
  async saveSetting(group: string, key: string, data: unknown): Promise<null> {
    await this.transactions.run((manager) => this.strings.saveSetting(manager, `ST-${group}`, key, data));
    return null;
  }

  /** The settings of one ST group. */
  settings(group: string): Promise<Record<string, unknown>> {
    return this.strings.settings(`ST-${group}`);
  }

  /** Sets the translation of one registered string (the CLI's `string:translate`); false when no such string. */
  async translate(domain: string, name: string, language: string, translation: string): Promise<boolean> {
    await this.registerSiteStrings();
    const found = await this.strings.findOne(domain, '', name);
    if (!found) return false;
    await this.transactions.run((manager) =>
      this.strings.saveTranslations(manager, [{ stringId: found.id, language, value: translation }]),
    );
    return true;
  }

  private async importCatalog(
    domain: string,
    language: string,
    catalog: GetTextTranslations,
  ): Promise<number> {
    const messages: Array<{ context: string; value: string; translation: string }> = [];
    for (const [context, entries] of Object.entries(catalog.translations)) {
      for (const entry of Object.values(entries)) {
        const translation = entry.msgstr[0] ?? '';
        if (entry.msgid === '' || translation === '') continue;
        messages.push({ context: keyPart(context), value: entry.msgid, translation });
      }
    }
    if (messages.length === 0) return 0;
    return this.transactions.run(async (manager) => {
      // strings of the domain already registered under another name (e.g. `Blog Title`) keep theirs
      const existing = await this.strings.strings(domain, manager);
      const byText = new Map(existing.map((row) => [`${row.context}\u0000${row.value}`, row.id]));
      const missing = messages.filter((m) => !byText.has(`${m.context}\u0000${m.value}`));
      const ids = await this.strings.register(
        manager,
        missing.map((m) => ({ domain, context: m.context, name: keyPart(m.value), value: m.value })),
        DEFAULT_LANGUAGE,
      );
      for (const m of missing) {
        const id = ids.get(`${domain}\u0000${m.context}\u0000${keyPart(m.value)}`);
        if (id !== undefined) byText.set(`${m.context}\u0000${m.value}`, id);
      }
      const translations = messages.flatMap((m) => {
        const stringId = byText.get(`${m.context}\u0000${m.value}`);
        return stringId === undefined ? [] : [{ stringId, language, value: m.translation }];
      });
      if (language === DEFAULT_LANGUAGE) return 0;
      return this.strings.saveTranslations(manager, translations);
    });
  }

  /** The component's `.mo` files for the site's languages: `<dir>/<kind>/<component>-<locale>.mo`. */
  private async moFilesOf(
    kind: MoKind,
    component: string,
  ): Promise<Array<{ domain: string; language: string; path: string }>> {
    const folder = join(resolve(this.config.mlLanguagesDir), kind);
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      return [];
    }
    const found: Array<{ domain: string; language: string; path: string }> = [];
    for (const name of names.sort()) {
      if (!name.startsWith(`${component}-`) || !name.endsWith('.mo')) continue;
      const locale = name.slice(component.length + 1, -'.mo'.length);
      if (!/^[A-Za-z]{2,3}([_-][A-Za-z0-9]+)?$/.test(locale)) continue;
      const language = languageOfLocale(locale);
      if (language && language !== DEFAULT_LANGUAGE)
        found.push({ domain: component, language, path: join(folder, name) });
    }
    return found;
  }
}
