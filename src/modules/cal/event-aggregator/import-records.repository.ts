import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull, LessThanOrEqual, Repository } from 'typeorm';
import { claimDueRows, nowUtc } from '../../../platform/database';
import {
  ImportedItemEntity,
  ImportErrorEntity,
  ImportRecordEntity,
  RecordStatus,
} from './import-record.entity';

/** Every query on the import tables. */
@Injectable()
export class ImportRecordsRepository {
  private readonly records: Repository<ImportRecordEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.records = dataSource.getRepository(ImportRecordEntity);
  }

  /** The pending record of an import (TEC's `Records::get_by_import_id` with status forced to pending). */
  findPending(importId: string): Promise<ImportRecordEntity | null> {
    return this.records.findOne({ where: { importId, status: 'pending' }, order: { id: 'DESC' } });
  }

  findById(id: number): Promise<ImportRecordEntity | null> {
    return this.records.findOneBy({ id });
  }

  list(limit: number): Promise<ImportRecordEntity[]> {
    return this.records.find({ order: { id: 'DESC' }, take: limit });
  }

  save(record: ImportRecordEntity, manager?: EntityManager): Promise<ImportRecordEntity> {
    return (manager ?? this.dataSource.manager).getRepository(ImportRecordEntity).save(record);
  }

  /**
   * Replaces the expected batch hash only if it is still `expected` and the record still pending: the batch
   * that wins is the only one processed, a replay or a concurrent duplicate finds the hash gone.
   */
  async rotateHash(recordId: number, expected: string, next: string): Promise<boolean> {
    const result = await this.records.update(
      { id: recordId, nextBatchHash: expected, status: 'pending' },
      { nextBatchHash: next, modifiedAt: nowUtc() },
    );
    return (result.affected ?? 0) === 1;
  }

  /** Sets the status (and fields) of a record only while it is pending; false when it was not. */
  async finishPending(
    recordId: number,
    changes: Partial<ImportRecordEntity>,
    manager?: EntityManager,
  ): Promise<boolean> {
    const result = await (manager ?? this.dataSource.manager)
      .getRepository(ImportRecordEntity)
      .update({ id: recordId, status: 'pending' }, { ...changes, modifiedAt: nowUtc() });
    return (result.affected ?? 0) === 1;
  }

  async logError(recordId: number, code: string, message: string, manager?: EntityManager): Promise<void> {
    await (manager ?? this.dataSource.manager)
      .getRepository(ImportErrorEntity)
      .insert({ recordId, code, message, createdAt: nowUtc() });
  }

  errorsOf(recordIds: number[]): Promise<ImportErrorEntity[]> {
    if (recordIds.length === 0) return Promise.resolve([]);
    return this.dataSource.getRepository(ImportErrorEntity).find({
      where: { recordId: In(recordIds) },
      order: { id: 'ASC' },
    });
  }

  /** Imported items of one origin by their origin keys (one query for a batch). */
  async itemsByKey(
    origin: string,
    kind: string,
    language: string,
    keys: string[],
  ): Promise<Map<string, ImportedItemEntity>> {
    if (keys.length === 0) return new Map();
    const rows = await this.dataSource
      .getRepository(ImportedItemEntity)
      .findBy({ origin, kind, language, originKey: In([...new Set(keys)]) });
    return new Map(rows.map((row) => [row.originKey, row]));
  }

  async saveItem(item: Omit<ImportedItemEntity, 'id'> & { id?: number }): Promise<void> {
    await this.dataSource.getRepository(ImportedItemEntity).save(item);
  }

  /** Claims up to `limit` due records of `kind` for `owner` until `until`; two instances never take the same one. */
  claimDue(
    kind: 'deliver' | 'schedule',
    owner: string,
    until: string,
    limit: number,
  ): Promise<ImportRecordEntity[]> {
    const now = nowUtc();
    return claimDueRows(this.records, {
      due:
        kind === 'deliver'
          ? { status: 'pending', deliveredAt: IsNull() }
          : { status: 'schedule', nextRunAt: LessThanOrEqual(now) },
      order: { id: 'ASC' },
      limit,
      ownerProperty: 'claimedBy',
      untilProperty: 'claimedUntil',
      owner,
      until,
      now,
    });
  }

  async release(recordId: number, owner: string, changes: Partial<ImportRecordEntity>): Promise<void> {
    await this.records.update(
      { id: recordId, claimedBy: owner },
      { ...changes, claimedBy: null, claimedUntil: null, modifiedAt: nowUtc() },
    );
  }

  /** Names (lower-cased) of the calendar terms of a taxonomy and language that exist among `names`. */
  async existingTermNames(taxonomy: string, language: string, names: string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows: Array<{ name: string }> = await this.dataSource
      .createQueryBuilder()
      .select('t.name', 'name')
      .from('cal_terms', 't')
      .where('t.taxonomy = :taxonomy', { taxonomy })
      .andWhere('t.language = :language', { language })
      .andWhere('t.name IN (:...names)', { names })
      .getRawMany();
    return new Set(rows.map((row) => row.name.toLowerCase()));
  }

  async setStatus(recordId: number, status: RecordStatus): Promise<void> {
    await this.records.update({ id: recordId }, { status, modifiedAt: nowUtc() });
  }
}
