import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, EntitySubscriberInterface, In, InsertEvent, IsNull } from 'typeorm';
import { violatesUnique } from '../../../platform/database';
import { TranslationErrors } from '../translation.errors';
import { ELEMENT_TYPES, elementTypeInfo, elementTypeOfRow, TRANSLATED_TABLES } from './element-types';
import { TranslationEntity, TranslationGroupEntity } from './translation.entity';

/** What a create request asked for: join the group of this original (our `translation_of` extension). */
const INTENTS = new WeakMap<object, number>();

/**
 * Marks a row about to be inserted as a translation of `originalId`: the insert then joins the original's group
 * (in the inserting transaction) instead of starting a group of its own.
 */
export function markTranslationOf(row: object, originalId: number | null | undefined): void {
  if (originalId !== undefined && originalId !== null && originalId > 0) INTENTS.set(row, originalId);
}

/**
 * Translation groups (WPML's `icl_translations`). Every insert of a translatable row joins a group in the same
 * transaction (a TypeORM `afterInsert` subscriber, so no service has to remember it): a new group as the
 * original, or the group of the original it was marked a translation of.
 */
@Injectable()
export class TranslationGroups implements EntitySubscriberInterface {
  constructor(private readonly dataSource: DataSource) {
    dataSource.subscribers.push(this);
  }

  async afterInsert(event: InsertEvent<Record<string, unknown>>): Promise<void> {
    const table = event.metadata.tableName;
    const row = event.entity;
    if (!row || !TRANSLATED_TABLES.has(table)) return;
    const elementType = elementTypeOfRow(table, row);
    const id = Number(row.id ?? event.entityId);
    if (!elementType || !Number.isInteger(id) || id <= 0) return;
    const language = typeof row.language === 'string' && row.language !== '' ? row.language : 'en';
    const originalId = INTENTS.get(row);
    INTENTS.delete(row);
    if (originalId === undefined) await this.startGroup(event.manager, elementType, id, language);
    else await this.joinGroup(event.manager, elementType, id, language, originalId);
  }

  /** A new group with this element as its original. */
  async startGroup(manager: EntityManager, elementType: string, elementId: number, language: string) {
    const group = await manager.getRepository(TranslationGroupEntity).insert({ elementType });
    const trid = Number(group.identifiers[0].id);
    await manager.getRepository(TranslationEntity).insert({
      elementType,
      elementId,
      trid,
      languageCode: language,
      sourceLanguageCode: null,
    });
    return trid;
  }

  /**
   * Adds `elementId` (in `language`) to the group of `originalId`: 400 when the original is unknown or of another
   * type, or when the group already has that language.
   */
  async joinGroup(
    manager: EntityManager,
    elementType: string,
    elementId: number,
    language: string,
    originalId: number,
  ): Promise<number> {
    const repo = manager.getRepository(TranslationEntity);
    const original = await repo.findOne({ where: { elementType, elementId: originalId } });
    if (!original) {
      const other = await repo.findOne({ where: { elementId: originalId } });
      const label = elementTypeInfo(elementType)?.label.toLowerCase() ?? 'item';
      throw TranslationErrors.translationOfInvalid(
        other ? `translation_of is not a ${label}.` : `translation_of is not the ID of an existing ${label}.`,
      );
    }
    const taken = await repo.findOne({ where: { trid: original.trid, languageCode: language } });
    if (taken) {
      // A row left by an element deleted outside the REST routes (a purge) does not hold the language.
      if (await this.exists(manager, taken.elementType, taken.elementId))
        throw TranslationErrors.duplicateTranslation(language);
      await repo.delete({ id: taken.id });
    }
    const source = await repo.findOne({ where: { trid: original.trid, sourceLanguageCode: IsNull() } });
    try {
      await repo.insert({
        elementType,
        elementId,
        trid: original.trid,
        languageCode: language,
        sourceLanguageCode: (source ?? original).languageCode,
      });
    } catch (error) {
      if (violatesUnique(error, 'uq_ml_translations_group_language', 'language_code'))
        throw TranslationErrors.duplicateTranslation(language);
      throw error;
    }
    return original.trid;
  }

  private async exists(manager: EntityManager, elementType: string, elementId: number): Promise<boolean> {
    const info = elementTypeInfo(elementType);
    if (!info) return false;
    const rows: unknown[] = await manager.query(`SELECT id FROM ${info.table} WHERE id = ?`, [elementId]);
    return rows.length > 0;
  }

  /**
   * Moves an element that is alone in its group into the group of `originalId` (an existing term found to be the
   * translation, e.g. each language's default category); false when it has translations of its own or the group
   * already has its language.
   */
  async adopt(
    manager: EntityManager,
    elementType: string,
    elementId: number,
    originalId: number,
  ): Promise<boolean> {
    const repo = manager.getRepository(TranslationEntity);
    const row = await repo.findOne({ where: { elementType, elementId } });
    if (row && (await repo.count({ where: { trid: row.trid } })) > 1) return false;
    const original = await repo.findOne({ where: { elementType, elementId: originalId } });
    if (!original) return false;
    const language = row?.languageCode;
    if (!language || (await repo.count({ where: { trid: original.trid, languageCode: language } })) > 0)
      return false;
    await repo.delete({ id: row.id });
    const source = await repo.findOne({ where: { trid: original.trid, sourceLanguageCode: IsNull() } });
    await repo.insert({
      elementType,
      elementId,
      trid: original.trid,
      languageCode: language,
      sourceLanguageCode: (source ?? original).languageCode,
    });
    return true;
  }

  /** The group rows of these elements (one type). */
  rowsOf(elementType: string, ids: readonly number[], manager?: EntityManager): Promise<TranslationEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return (manager ?? this.dataSource.manager)
      .getRepository(TranslationEntity)
      .find({ where: { elementType, elementId: In([...new Set(ids)]) } });
  }

  /** Every member of these groups. */
  membersOf(trids: readonly number[], manager?: EntityManager): Promise<TranslationEntity[]> {
    if (trids.length === 0) return Promise.resolve([]);
    return (manager ?? this.dataSource.manager)
      .getRepository(TranslationEntity)
      .find({ where: { trid: In([...new Set(trids)]) } });
  }

  /** The row of one element, or null. */
  async rowOf(
    elementType: string,
    elementId: number,
    manager?: EntityManager,
  ): Promise<TranslationEntity | null> {
    return (manager ?? this.dataSource.manager)
      .getRepository(TranslationEntity)
      .findOne({ where: { elementType, elementId } });
  }

  /** The element's row leaves its group (the element is deleted); the group and its other members stay. */
  async removeElement(manager: EntityManager, elementType: string, elementId: number): Promise<void> {
    await manager.getRepository(TranslationEntity).delete({ elementType, elementId });
  }

  /** As {@link removeElement}, for a post-like ID whatever its type (IDs are unique across post-like types). */
  async removePostLike(manager: EntityManager, elementId: number): Promise<void> {
    const postTypes = ELEMENT_TYPES.filter((info) => info.kind === 'post').map((info) => info.elementType);
    await manager.getRepository(TranslationEntity).delete({ elementId, elementType: In(postTypes) });
  }
}
