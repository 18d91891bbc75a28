export { EventAggregatorModule } from './event-aggregator.module';
export { ImportQueueService } from './import-queue.service';
export { ImportRecordsRepository } from './import-records.repository';
export { ImportRecordEntity } from './import-record.entity';
export { clampInterval } from './activity';
export { LocalImportService } from './local-import.service';
