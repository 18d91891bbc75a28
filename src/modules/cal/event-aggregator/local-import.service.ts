import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config';
import { nowUtc } from '../../../platform/database';
import type { Language } from '../../../platform/rest';
import { Activity, emptyActivity, mergeActivity } from './activity';
import { AggregatorService } from './aggregator.service';
import { EventImporter } from './event-importer';
import { csvToItems } from './csv-items';
import { icalToItems, ImportItem } from './ical-items';
import { ImportRecordEntity } from './import-record.entity';
import { ImportRecordsRepository } from './import-records.repository';

const CHUNK = 100;

export interface LocalImportOptions {
  authorId: number;
  language: Language;
  onProgress?: (done: number, total: number) => void;
}

export interface LocalImportResult {
  record: ImportRecordEntity;
  activity: Activity;
  items: number;
  failed: number;
}

/**
 * Imports without the import service (`npm run cli -- import:ical|import:csv`): a file or URL goes through
 * the same importer as the callbacks, under an import record, so a second run updates or skips instead of
 * duplicating (events are matched by UID).
 */
@Injectable()
export class LocalImportService {
  constructor(
    private readonly records: ImportRecordsRepository,
    private readonly importer: EventImporter,
    private readonly aggregator: AggregatorService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  importIcal(source: string, options: LocalImportOptions): Promise<LocalImportResult> {
    return this.run('ics', source, options, (text) => icalToItems(text, this.config.siteTimezone));
  }

  /** A CSV file in TEC's event columns (`Event Name`, `Event Start Date`, …). */
  importCsv(source: string, options: LocalImportOptions): Promise<LocalImportResult> {
    return this.run('csv', source, options, csvToItems);
  }

  private async run(
    origin: string,
    source: string,
    options: LocalImportOptions,
    toItems: (text: string) => ImportItem[],
  ): Promise<LocalImportResult> {
    const items = toItems(await this.read(source));
    const now = nowUtc();
    const record = await this.records.save(
      Object.assign(new ImportRecordEntity(), {
        importId: `local${randomBytes(8).toString('hex')}`,
        origin,
        type: 'manual',
        status: 'pending',
        nextBatchHash: null,
        percentageComplete: 0,
        totalEvents: items.length,
        postStatus: 'publish',
        source,
        activity: null,
        authorId: options.authorId,
        parentId: 0,
        language: options.language,
        frequencySeconds: 0,
        nextRunAt: null,
        deliveredAt: now,
        attempts: 0,
        claimedBy: null,
        claimedUntil: null,
        createdAt: now,
        modifiedAt: now,
      }),
    );
    const actor = await this.aggregator.actorOf(record);
    let activity = emptyActivity();
    let withActivity = 0;
    options.onProgress?.(0, items.length);
    for (let start = 0; start < items.length; start += CHUNK) {
      const batch = await this.importer.importItems(items.slice(start, start + CHUNK), record, actor);
      activity = mergeActivity(JSON.stringify(activity), batch.activity);
      withActivity += batch.withActivity;
      options.onProgress?.(Math.min(items.length, start + CHUNK), items.length);
    }
    const failed = items.length - withActivity;
    await this.records.finishPending(record.id, {
      status: items.length > 0 && withActivity === 0 ? 'failed' : 'success',
      percentageComplete: 100,
      activity: JSON.stringify(activity),
    });
    return {
      record: (await this.records.findById(record.id)) ?? record,
      activity,
      items: items.length,
      failed,
    };
  }

  private async read(source: string): Promise<string> {
    if (!/^https?:\/\//i.test(source)) return readFile(source, 'utf8');
    const response = await fetch(source, { signal: AbortSignal.timeout(this.config.eaTimeoutMs) });
    if (!response.ok) throw new Error(`${source} answered ${response.status}`);
    return response.text();
  }
}
