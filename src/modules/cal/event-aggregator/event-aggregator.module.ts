import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../../../platform/auth';
import { CalendarModule } from '..';
import { AggregatorController } from './aggregator.controller';
import { AggregatorService } from './aggregator.service';
import { EventImporter } from './event-importer';
import { ImportedItemEntity, ImportErrorEntity, ImportRecordEntity } from './import-record.entity';
import { ImportRecordsRepository } from './import-records.repository';
import { ImportQueueService } from './import-queue.service';
import { ImportServiceClient } from './import-service.client';
import { LocalImportService } from './local-import.service';

/** `cal/event-aggregator/v1`: import callbacks, import records and the job that has the service deliver them. */
@Module({
  imports: [
    CalendarModule,
    UsersModule,
    TypeOrmModule.forFeature([ImportRecordEntity, ImportErrorEntity, ImportedItemEntity]),
  ],
  controllers: [AggregatorController],
  providers: [
    ImportRecordsRepository,
    EventImporter,
    AggregatorService,
    ImportServiceClient,
    ImportQueueService,
    LocalImportService,
  ],
  exports: [ImportQueueService, ImportRecordsRepository, LocalImportService],
})
export class EventAggregatorModule {}
