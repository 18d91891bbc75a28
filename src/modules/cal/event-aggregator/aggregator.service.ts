import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { UsersService } from '../../../platform/auth';
import { AppConfig } from '../../../platform/config';
import { Activity, clampInterval, insertionStatus, mergeActivity } from './activity';
import { AggregatorErrors } from './aggregator.errors';
import { EventImporter } from './event-importer';
import { ImportActor } from './import-actor';
import { ImportRecordEntity } from './import-record.entity';
import { ImportRecordsRepository } from './import-records.repository';

export interface BatchInput {
  importId: string;
  batchHash: string;
  status: { data: { total: number; done: number }; batch: { total: number; done: number } };
  percentageComplete: number;
  events: unknown;
}

export interface BatchResult {
  status: 'success';
  activity: Activity;
  interval: number;
  next_batch_hash?: string;
}

export interface StateInput {
  importId: string;
  status: 'success' | 'failed' | 'pending';
  message: string;
  messageSlug: string;
  percentageComplete: number;
}

/** A new shared secret for the next batch (TEC: md5 of a unique ID; here 16 random bytes, hex). */
export function newBatchHash(): string {
  return randomBytes(16).toString('hex');
}

/** The import callbacks' rules (reference §9.3, §9.4): batches of events and forced states of a pending record. */
@Injectable()
export class AggregatorService {
  constructor(
    private readonly records: ImportRecordsRepository,
    private readonly importer: EventImporter,
    private readonly users: UsersService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async actorOf(record: ImportRecordEntity): Promise<ImportActor> {
    const [user] = record.authorId > 0 ? await this.users.findByIds([record.authorId]) : [];
    return ImportActor.of(user);
  }

  /** `POST import/{id}/batch`: imports the events, stores progress and activity, rotates or retires the hash. */
  async batch(input: BatchInput): Promise<BatchResult> {
    const record = await this.records.findPending(input.importId);
    if (!record) throw AggregatorErrors.hashTaken();
    const nextHash = newBatchHash();
    // Claim the batch first: a replay or a concurrent duplicate with the same hash finds it already rotated.
    if (!(await this.records.rotateHash(record.id, input.batchHash, nextHash)))
      throw AggregatorErrors.hashTaken();
    if (!record.postStatus) record.postStatus = 'publish';

    const items = Array.isArray(input.events) ? input.events : [];
    const imported = await this.importer.importItems(items, record, await this.actorOf(record));
    const insertion = insertionStatus(imported.items, imported.withActivity);
    const activity = mergeActivity(record.activity, imported.activity);
    const last = Number(input.status.batch.total) === Number(input.status.batch.done) + 1;
    const finished = last && insertion === 'success';

    const changes: Partial<ImportRecordEntity> = {
      postStatus: record.postStatus,
      totalEvents: Math.trunc(Number(input.status.data.total)),
      activity: JSON.stringify(activity),
      nextBatchHash: finished ? null : nextHash,
    };
    if (insertion !== 'fail') changes.percentageComplete = Math.trunc(Number(input.percentageComplete));
    if (finished) changes.status = 'success';
    await this.records.finishPending(record.id, changes);

    const result: BatchResult = {
      status: 'success',
      activity,
      interval: clampInterval(this.config.eaBatchInterval),
    };
    if (!finished) result.next_batch_hash = nextHash;
    return result;
  }

  /** `POST import/{id}/state`: forces success/failed/pending; failures are logged on the record. */
  async state(input: StateInput): Promise<{ status: 'success' }> {
    const record = await this.records.findPending(input.importId);
    if (!record) throw AggregatorErrors.hashTaken();
    const changes: Partial<ImportRecordEntity> = {
      status: input.status,
      percentageComplete: Math.trunc(Number(input.percentageComplete)),
    };
    if (input.status !== 'pending') changes.nextBatchHash = null;
    const updated = await this.records.finishPending(record.id, changes);
    if (!updated) {
      const current = (await this.records.findById(record.id))?.status ?? 'unknown';
      throw AggregatorErrors.couldNotUpdate(input.importId, input.status, current);
    }
    if (input.status === 'failed') await this.records.logError(record.id, input.messageSlug, input.message);
    return { status: 'success' };
  }
}
