import { Module } from '@nestjs/common';
import { BatchController } from './batch.controller';
import { BatchService } from './batch.service';

/** `POST /batch/v1`: WordPress's batch request endpoint (a server route, outside any namespace). */
@Module({
  providers: [BatchService, BatchController],
})
export class BatchModule {}
