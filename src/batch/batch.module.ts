import { Module } from '@nestjs/common';
import { BatchService } from './batch.service';

/** `POST /batch/v1`: WordPress's batch request endpoint (a server route, outside any namespace). */
@Module({
  providers: [BatchService],
})
export class BatchModule {}
