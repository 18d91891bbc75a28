import { Inject, Injectable } from '@nestjs/common';
import type DataLoader from 'dataloader';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../platform/config';
import { batchLoader, hotRead, LeanLookup } from '../../../platform/database';
import { JsonSchema, Language, RestUrls } from '../../../platform/rest';
import { elementTypeInfo, LOCALES } from './element-types';
import { TranslationEntity } from './translation.entity';

/** One published translation of an item, as the WPML REST API plugin lists them. */
export interface TranslationLink {
  locale: string;
  id: number;
  post_title: string;
  href: string;
}

/** The language fields of one REST object. */
export interface TranslationFields {
  ml_current_locale: string;
  ml_translations: TranslationLink[];
}

/** An element to describe: its WPML element type, its ID and its own language (from its row). */
export interface ElementRef {
  elementType: string;
  id: number;
  language: string;
}

/** `ml_current_locale` and `ml_translations` in item schemas (read-only, every context). */
export const TRANSLATION_FIELDS_SCHEMA: Record<string, JsonSchema> = {
  ml_current_locale: {
    description: 'Locale of the object (WPML REST API convention).',
    type: 'string',
    context: ['view', 'edit', 'embed'],
    readonly: true,
  },
  ml_translations: {
    description: 'Published translations of the object: locale, ID, title and REST URL.',
    type: 'array',
    context: ['view', 'edit', 'embed'],
    readonly: true,
    items: {
      type: 'object',
      properties: {
        locale: { type: 'string' },
        id: { type: 'integer' },
        post_title: { type: 'string' },
        href: { type: 'string', format: 'uri' },
      },
    },
  },
};

const PUBLIC_STATUSES = new Set(['publish']);

/** Where links point: the site URL and the REST prefix (AppConfig has both), or any RestUrls of the site. */
export type LinkSite = { siteUrl: string; restPrefix: string } | RestUrls;

function urlsIn(site: LinkSite, language: Language): RestUrls {
  return site instanceof RestUrls
    ? site.forLanguage(language)
    : new RestUrls(site.siteUrl, site.restPrefix, language);
}

/**
 * The `ml_current_locale` / `ml_translations` fields of REST objects of any translatable type, for a batch of
 * objects in a constant number of queries (their group rows, the groups' members, the members' titles per type).
 * The reads of concurrent callers (the sub-requests of one `_embed`) meet in the same queries (see batchLoader).
 * `href` is the member's REST URL under its language's root (`/no/wp-json/...` for Norwegian). A function (with
 * {@link TranslationLinks} as its injectable face) so services built without injection can use it too.
 */
export async function loadTranslationFields(
  dataSource: DataSource,
  site: LinkSite,
  elements: readonly ElementRef[],
): Promise<Map<string, TranslationFields>> {
  const result = new Map<string, TranslationFields>();
  if (elements.length === 0) return result;
  const loaders = loadersOf(dataSource);
  const keys = [...new Set(elements.map((element) => keyOf(element.elementType, element.id)))];
  const own = (await loaders.own.loadMany(keys)).map(rethrow);
  const ownByKey = new Map<string, TranslationEntity>();
  own.forEach((row, index) => row && ownByKey.set(keys[index], row));
  const trids = [...new Set([...ownByKey.values()].map((row) => row.trid))];
  const members = (await loaders.members.loadMany(trids)).map(rethrow);
  const membersByTrid = new Map(trids.map((trid, index) => [trid, members[index]]));
  const memberKeys = [...new Set(members.flat().map((row) => keyOf(row.elementType, row.elementId)))];
  const titleList = (await loaders.titles.loadMany(memberKeys)).map(rethrow);
  const titles = new Map(memberKeys.map((key, index) => [key, titleList[index]]));
  for (const element of elements) {
    const key = keyOf(element.elementType, element.id);
    const row = ownByKey.get(key);
    const language = row?.languageCode ?? element.language;
    const translations = row
      ? (membersByTrid.get(row.trid) ?? [])
          .filter((member) => member.id !== row.id)
          .sort((a, b) => a.languageCode.localeCompare(b.languageCode))
          .flatMap((member) => {
            const title = titles.get(keyOf(member.elementType, member.elementId));
            const info = elementTypeInfo(member.elementType);
            if (title === undefined || !info) return [];
            const urls = urlsIn(site, member.languageCode as Language);
            return [
              {
                locale: LOCALES[member.languageCode] ?? member.languageCode,
                id: member.elementId,
                post_title: title,
                href: urls.route(`${info.route}/${member.elementId}`),
              },
            ];
          })
      : [];
    result.set(key, { ml_current_locale: LOCALES[language] ?? language, ml_translations: translations });
  }
  return result;
}

function rethrow<T>(value: T | Error): T {
  if (value instanceof Error) throw value;
  return value;
}

interface TranslationLoaders {
  /** An element's own group row, by `elementType:id`. */
  own: DataLoader<string, TranslationEntity | null>;
  /** The rows of a group, by trid. */
  members: DataLoader<number, TranslationEntity[]>;
  /** The title of a published element, by `elementType:id` (undefined when unpublished or missing). */
  titles: DataLoader<string, string | undefined>;
}

const LOADERS = new WeakMap<DataSource, TranslationLoaders>();

function loadersOf(dataSource: DataSource): TranslationLoaders {
  let loaders = LOADERS.get(dataSource);
  if (loaders) return loaders;
  const rowsOf = new LeanLookup(dataSource, TranslationEntity);
  loaders = {
    own: batchLoader(async (keys) => {
      const byType = groupByType(keys);
      const rows = (
        await Promise.all(
          [...byType].map(([elementType, ids]) => rowsOf.where({ elementType, elementId: ids })),
        )
      ).flat();
      const byKey = new Map(rows.map((row) => [keyOf(row.elementType, row.elementId), row]));
      return keys.map((key) => byKey.get(key) ?? null);
    }),
    members: batchLoader(async (trids) => {
      const rows = await rowsOf.where({ trid: [...new Set(trids)] });
      return trids.map((trid) => rows.filter((row) => row.trid === trid));
    }),
    titles: batchLoader(async (keys) => {
      const titles = await publishedTitles(dataSource, groupByType(keys));
      return keys.map((key) => titles.get(key));
    }),
  };
  LOADERS.set(dataSource, loaders);
  return loaders;
}

/** `elementType:id` keys as the distinct IDs of each type. */
function groupByType(keys: readonly string[]): Map<string, number[]> {
  const byType = new Map<string, Set<number>>();
  for (const key of keys) {
    const separator = key.lastIndexOf(':');
    const elementType = key.slice(0, separator);
    const ids = byType.get(elementType) ?? new Set<number>();
    ids.add(Number(key.slice(separator + 1)));
    byType.set(elementType, ids);
  }
  return new Map([...byType].map(([elementType, ids]) => [elementType, [...ids]]));
}

/** Titles of the published elements (terms always count as published), one query per type. */
async function publishedTitles(
  dataSource: DataSource,
  byType: Map<string, number[]>,
): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  const escape = (name: string) => dataSource.driver.escape(name);
  await Promise.all(
    [...byType].map(async ([elementType, ids]) => {
      const info = elementTypeInfo(elementType);
      if (!info) return;
      const columns = [`t.${escape('id')} AS id`, `t.${escape(info.titleColumn)} AS title`];
      if (info.statusColumn) columns.push(`t.${escape(info.statusColumn)} AS status`);
      const rows = await hotRead<{ id: number | string; title: string | null; status?: string }>(
        dataSource,
        `SELECT ${columns.join(', ')} FROM ${escape(info.table)} t WHERE t.${escape('id')} IN (${ids
          .map(() => '?')
          .join(', ')})${info.where ? ` AND t.${info.where}` : ''}`,
        ids,
      );
      for (const row of rows) {
        if (info.statusColumn && !PUBLIC_STATUSES.has(String(row.status))) continue;
        titles.set(keyOf(elementType, Number(row.id)), String(row.title ?? ''));
      }
    }),
  );
  return titles;
}

/** {@link loadTranslationFields} for injection. */
@Injectable()
export class TranslationLinks {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  fieldsOf(elements: readonly ElementRef[]): Promise<Map<string, TranslationFields>> {
    return loadTranslationFields(this.dataSource, this.config, elements);
  }

  /** Adds the fields to wire objects (by their `id`), before `_links`, as the other fields of the item. */
  async attach<T extends Record<string, unknown>>(
    elementType: string,
    objects: T[],
    languageOf: (object: T) => string,
  ): Promise<T[]> {
    const fields = await this.fieldsOf(
      objects.map((object) => ({ elementType, id: Number(object.id), language: languageOf(object) })),
    );
    return objects.map((object) => withFields(object, fields.get(keyOf(elementType, Number(object.id)))));
  }
}

export function keyOf(elementType: string, id: number): string {
  return `${elementType}:${id}`;
}

/** The object with the language fields placed before `_links` (or at the end). */
export function withFields<T extends Record<string, unknown>>(
  object: T,
  fields: TranslationFields | undefined,
): T {
  if (!fields) return object;
  const { _links: links, ...rest } = object;
  return (links === undefined
    ? { ...rest, ...fields }
    : { ...rest, ...fields, _links: links }) as unknown as T;
}

/** The `translation_of` create argument (our extension): the ID of the original whose group the new item joins. */
export const TRANSLATION_OF_ARG = {
  description:
    'Create the item as a translation of this original (same type; in the language of the request, ml_language).',
  type: 'integer',
  minimum: 1,
} as const;
