import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { nowUtc } from '../../../platform/database';
import { StringSettingEntity } from './string-setting.entity';
import { STRING_STATUS, StringEntity } from './string.entity';
import { StringTranslationEntity } from './string-translation.entity';

/** A string as registered: its key and source text. */
export interface StringSource {
  domain: string;
  context: string;
  name: string;
  value: string;
}

/** A translation of a registered string, by the string's key. */
export interface StringTranslationInput extends StringSource {
  language: string;
  translation: string;
}

/** A complete translation with its string's key, for writing `.mo` files. */
export interface TranslatedString {
  domain: string;
  context: string;
  value: string;
  translation: string;
}

const CHUNK = 300;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

const keyOf = (s: { domain: string; context: string; name: string }) =>
  `${s.domain}\u0000${s.context}\u0000${s.name}`;

/** Every query of the string tables: set-wise (one query per chunk of strings, never one per string). */
@Injectable()
export class StringsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Registers strings (inserting new ones, updating changed source texts) inside the caller's transaction and
   * returns the id of every string by key. A changed source text marks its complete translations as needing
   * an update, as WPML does.
   */
  async register(
    manager: EntityManager,
    sources: StringSource[],
    language: string,
  ): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    const unique = [...new Map(sources.map((s) => [keyOf(s), s])).values()];
    const now = nowUtc();
    const strings = manager.getRepository(StringEntity);
    for (const part of chunks(unique)) {
      const existing = await this.findByKeys(manager, part);
      const changed: number[] = [];
      const fresh: Partial<StringEntity>[] = [];
      for (const source of part) {
        const row = existing.get(keyOf(source));
        if (!row) {
          fresh.push({ ...source, language, status: STRING_STATUS.notTranslated, updatedAt: now });
        } else {
          ids.set(keyOf(source), row.id);
          if (row.value !== source.value) {
            // a changed source text is rare (the site title, a category renamed): one update each
            changed.push(row.id);
            await strings.update({ id: row.id }, { value: source.value, updatedAt: now });
          }
        }
      }
      if (fresh.length) {
        // another instance may register the same key at once (start-up): keep whichever row came first
        await manager.createQueryBuilder().insert().into(StringEntity).values(fresh).orIgnore().execute();
        for (const row of (await this.findByKeys(manager, fresh as StringSource[])).values())
          ids.set(keyOf(row), row.id);
      }
      if (changed.length) {
        await manager
          .getRepository(StringTranslationEntity)
          .update(
            { stringId: In(changed), status: STRING_STATUS.complete },
            { status: STRING_STATUS.needsUpdate },
          );
        await this.refreshStatus(manager, changed);
      }
    }
    return ids;
  }

  /** Stores translations (one language each) of registered strings, complete; returns how many changed. */
  async saveTranslations(
    manager: EntityManager,
    translations: Array<{ stringId: number; language: string; value: string }>,
  ): Promise<number> {
    const repo = manager.getRepository(StringTranslationEntity);
    const now = nowUtc();
    let written = 0;
    for (const part of chunks(translations)) {
      const existing = await repo.find({
        where: { stringId: In([...new Set(part.map((t) => t.stringId))]) },
      });
      const byKey = new Map(existing.map((row) => [`${row.stringId}:${row.language}`, row]));
      const fresh: Partial<StringTranslationEntity>[] = [];
      const replaced: number[] = [];
      const seen = new Set<string>();
      for (const t of part) {
        const key = `${t.stringId}:${t.language}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const row = byKey.get(key);
        if (row && row.value === t.value && row.status === STRING_STATUS.complete) continue;
        // a changed translation is replaced (delete + bulk insert), so no statement runs per row
        if (row) replaced.push(row.id);
        fresh.push({ ...t, status: STRING_STATUS.complete, updatedAt: now });
        written++;
      }
      if (replaced.length) await repo.delete({ id: In(replaced) });
      if (fresh.length) await repo.insert(fresh);
      await this.refreshStatus(manager, [...new Set(part.map((t) => t.stringId))]);
    }
    return written;
  }

  /** A complete translation of one string, when its source text is still `value`. */
  async translationOf(source: StringSource, language: string): Promise<string | undefined> {
    const row = await this.dataSource
      .getRepository(StringEntity)
      .createQueryBuilder('s')
      .innerJoin(StringTranslationEntity, 't', 't.string_id = s.id')
      .select('t.value', 'translation')
      .where('s.domain = :domain AND s.context = :context AND s.name = :name AND s.value = :value', source)
      .andWhere('t.language = :language AND t.status = :status', { language, status: STRING_STATUS.complete })
      .getRawOne<{ translation: string | null }>();
    return row?.translation ?? undefined;
  }

  /** Every complete translation into `language`, ordered by domain. */
  async completeTranslations(language: string): Promise<TranslatedString[]> {
    const rows = await this.dataSource
      .getRepository(StringEntity)
      .createQueryBuilder('s')
      .innerJoin(StringTranslationEntity, 't', 't.string_id = s.id')
      .select(['s.domain AS domain', 's.context AS context', 's.value AS value', 't.value AS translation'])
      .where('t.language = :language AND t.status = :status', { language, status: STRING_STATUS.complete })
      .orderBy('s.domain')
      .addOrderBy('s.id')
      .getRawMany<TranslatedString>();
    return rows.filter((row) => row.translation !== null && row.translation !== '');
  }

  /** Every string of a domain (inside the caller's transaction when given). */
  async strings(domain: string, manager: EntityManager = this.dataSource.manager): Promise<StringEntity[]> {
    return manager.getRepository(StringEntity).find({ where: { domain }, order: { id: 'ASC' } });
  }

  /** One string by its key. */
  findOne(domain: string, context: string, name: string): Promise<StringEntity | null> {
    return this.dataSource.getRepository(StringEntity).findOneBy({ domain, context, name });
  }

  async saveSetting(manager: EntityManager, group: string, key: string, value: unknown): Promise<void> {
    await manager
      .getRepository(StringSettingEntity)
      .upsert({ optionGroup: group, optionKey: key, value: JSON.stringify(value ?? null) }, [
        'optionGroup',
        'optionKey',
      ]);
  }

  async settings(group: string): Promise<Record<string, unknown>> {
    const rows = await this.dataSource
      .getRepository(StringSettingEntity)
      .find({ where: { optionGroup: group } });
    return Object.fromEntries(rows.map((row) => [row.optionKey, JSON.parse(row.value) as unknown]));
  }

  /** Sets each string's status from its translations: complete when every translation is, else 3 or 0. */
  private async refreshStatus(manager: EntityManager, stringIds: number[]): Promise<void> {
    if (stringIds.length === 0) return;
    const rows = await manager
      .getRepository(StringTranslationEntity)
      .createQueryBuilder('t')
      .select('t.string_id', 'stringId')
      .addSelect('MIN(t.status)', 'lowest')
      .addSelect('MAX(t.status)', 'highest')
      .where('t.string_id IN (:...ids)', { ids: stringIds })
      .groupBy('t.string_id')
      .getRawMany<{ stringId: number | string; lowest: number | string; highest: number | string }>();
    const byStatus = new Map<number, number[]>();
    for (const id of stringIds) byStatus.set(id, []);
    const statusOf = new Map<number, number>();
    for (const row of rows) {
      const lowest = Number(row.lowest);
      const highest = Number(row.highest);
      const status =
        lowest === STRING_STATUS.complete
          ? STRING_STATUS.complete
          : highest >= STRING_STATUS.needsUpdate
            ? STRING_STATUS.needsUpdate
            : STRING_STATUS.notTranslated;
      statusOf.set(Number(row.stringId), status);
    }
    const groups = new Map<number, number[]>();
    for (const id of stringIds) {
      const status = statusOf.get(id) ?? STRING_STATUS.notTranslated;
      groups.set(status, [...(groups.get(status) ?? []), id]);
    }
    for (const [status, ids] of groups) {
      await manager.getRepository(StringEntity).update({ id: In(ids) }, { status });
    }
  }

  private async findByKeys(manager: EntityManager, keys: StringSource[]): Promise<Map<string, StringEntity>> {
    if (keys.length === 0) return new Map();
    const domains = [...new Set(keys.map((k) => k.domain))];
    const names = [...new Set(keys.map((k) => k.name))];
    const rows = await manager
      .getRepository(StringEntity)
      .find({ where: { domain: In(domains), name: In(names) } });
    const wanted = new Set(keys.map(keyOf));
    return new Map(rows.filter((row) => wanted.has(keyOf(row))).map((row) => [keyOf(row), row]));
  }
}
