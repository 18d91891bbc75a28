import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../../../platform/config';
import { formatDateTime, nowUtc } from '../../../platform/database';
import { Language, RestServer } from '../../../platform/rest';
import { clampInterval } from './activity';
import { newBatchHash } from './aggregator.service';
import { ImportRecordEntity } from './import-record.entity';
import { ImportRecordsRepository } from './import-records.repository';
import { ImportServiceClient, ImportServiceError } from './import-service.client';

/** Events per batch the service is asked for (TEC's default batch size). */
const BATCH_SIZE = 10;
/** Delivery attempts before a queued import is marked failed. */
const MAX_ATTEMPTS = 3;
/** How long a claim holds (longer than any run: every call has the client's time limit). */
const CLAIM_SECONDS = 300;

export interface QueueInput {
  origin: string;
  source: string;
  authorId: number;
  language: Language;
  postStatus?: string;
  /** Scheduled import: run every this many seconds (0: once). */
  frequencySeconds?: number;
}

const ORIGINS = ['ical', 'gcal', 'ics', 'url', 'meetup', 'eventbrite', 'csv'];

/**
 * Queues imports with the import service and runs the background job that asks the service to deliver them
 * (and starts scheduled imports when due). Records are claimed in the database, so with several instances
 * each record is handled by exactly one.
 */
@Injectable()
export class ImportQueueService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ImportQueue');
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly records: ImportRecordsRepository,
    private readonly client: ImportServiceClient,
    private readonly server: RestServer,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.eaJobSeconds <= 0 || !this.client.configured) return;
    this.timer = setInterval(() => this.tick(), this.config.eaJobSeconds * 1000);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.runDue()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.error(`import job failed: ${(error as Error).message}`))
      .finally(() => (this.running = null));
  }

  /** Creates an import with the service (or a schedule that will) and stores its record. */
  async queue(input: QueueInput): Promise<ImportRecordEntity> {
    if (!ORIGINS.includes(input.origin)) throw new Error(`origin must be one of ${ORIGINS.join(', ')}`);
    const now = nowUtc();
    const record = new ImportRecordEntity();
    Object.assign(record, {
      origin: input.origin,
      source: input.source,
      authorId: input.authorId,
      language: input.language,
      postStatus: input.postStatus ?? '',
      percentageComplete: 0,
      totalEvents: 0,
      activity: null,
      parentId: 0,
      attempts: 0,
      deliveredAt: null,
      claimedBy: null,
      claimedUntil: null,
      createdAt: now,
      modifiedAt: now,
    });
    if (input.frequencySeconds && input.frequencySeconds > 0) {
      Object.assign(record, {
        importId: '',
        type: 'schedule',
        status: 'schedule',
        nextBatchHash: null,
        frequencySeconds: input.frequencySeconds,
        nextRunAt: now,
      });
      return this.records.save(record);
    }
    const importId = await this.client.createImport({
      origin: input.origin,
      source: input.source,
      type: 'manual',
    });
    Object.assign(record, {
      importId,
      type: 'manual',
      status: 'pending',
      nextBatchHash: newBatchHash(),
      frequencySeconds: 0,
      nextRunAt: null,
    });
    return this.records.save(record);
  }

  /** One run of the job: deliveries of queued imports, then due schedules. Returns what it handled. */
  async runDue(): Promise<{ delivered: number; failed: number; scheduled: number }> {
    const result = { delivered: 0, failed: 0, scheduled: 0 };
    const until = formatDateTime(new Date(Date.now() + CLAIM_SECONDS * 1000));
    for (const record of await this.records.claimDue('deliver', this.owner, until, 20)) {
      try {
        await this.client.deliver(record.importId, {
          nextImportHash: record.nextBatchHash ?? '',
          api: `${this.server.urls(record.language === 'no' ? 'no' : 'en').root()}cal/event-aggregator/v1`,
          batchSize: BATCH_SIZE,
          batchInterval: clampInterval(this.config.eaBatchInterval),
        });
        await this.records.release(record.id, this.owner, { deliveredAt: nowUtc() });
        result.delivered++;
      } catch (error) {
        if (!(error instanceof ImportServiceError)) throw error;
        const attempts = record.attempts + 1;
        const changes: Partial<ImportRecordEntity> = { attempts };
        if (attempts >= MAX_ATTEMPTS) Object.assign(changes, { status: 'failed', nextBatchHash: null });
        await this.records.logError(record.id, 'ea-deliver-failed', error.message);
        await this.records.release(record.id, this.owner, changes);
        result.failed++;
      }
    }
    for (const schedule of await this.records.claimDue('schedule', this.owner, until, 20)) {
      const next = formatDateTime(new Date(Date.now() + schedule.frequencySeconds * 1000));
      try {
        await this.queue({
          origin: schedule.origin,
          source: schedule.source ?? '',
          authorId: schedule.authorId,
          language: schedule.language === 'no' ? 'no' : 'en',
          postStatus: schedule.postStatus,
        }).then((child) => this.records.save(Object.assign(child, { parentId: schedule.id })));
        result.scheduled++;
      } catch (error) {
        if (!(error instanceof ImportServiceError)) throw error;
        await this.records.logError(schedule.id, 'ea-schedule-failed', error.message);
      }
      await this.records.release(schedule.id, this.owner, { nextRunAt: next });
    }
    return result;
  }
}
