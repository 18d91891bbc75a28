import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../../../platform/auth';
import { TranslationModule } from '..';
import { TranslationServicesModule } from '../ams';
import { AteJobEntity, AteLockEntity } from './ate-job.entity';
import { AteJobsClient } from './ate-jobs.client';
import { AteJobsController } from './ate-jobs.controller';
import { AteJobsRepository } from './ate-jobs.repository';
import { AteJobsService } from './ate-jobs.service';
import { AteLocks } from './ate-locks';

/** `ml/tm/v1/ate/jobs*`: translation jobs in the remote Advanced Translation Editor. */
@Module({
  imports: [
    TypeOrmModule.forFeature([AteJobEntity, AteLockEntity]),
    TranslationModule,
    TranslationServicesModule,
    UsersModule,
  ],
  controllers: [AteJobsController],
  providers: [AteJobsClient, AteJobsRepository, AteJobsService, AteLocks],
  exports: [AteJobsService],
})
export class AteJobsModule {}
