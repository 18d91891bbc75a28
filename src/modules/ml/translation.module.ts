import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../../platform/auth';
import { MlConfigModule } from './config';
import { TRANSLATION_FIELD_POLICY } from './field-policy';
import { TranslationGroupsModule } from './groups/translation-groups.module';
import { JobsController } from './jobs/jobs.controller';
import { JobsRepository } from './jobs/jobs.repository';
import { JobsService } from './jobs/jobs.service';
import { TranslationBatchEntity, TranslationJobEntity } from './jobs/translation-job.entity';
import { MlConfigFieldPolicy } from './ml-config-field-policy';
import { XliffService } from './xliff/xliff.service';

/**
 * `ml/tm/v1` translation management: jobs and their XLIFF, on the translation model of
 * {@link TranslationGroupsModule} and the types content modules register there.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([TranslationJobEntity, TranslationBatchEntity]),
    TranslationGroupsModule,
    UsersModule,
    MlConfigModule,
  ],
  controllers: [JobsController],
  providers: [
    JobsRepository,
    JobsService,
    XliffService,
    { provide: TRANSLATION_FIELD_POLICY, useClass: MlConfigFieldPolicy },
  ],
  exports: [JobsService, XliffService, TRANSLATION_FIELD_POLICY],
})
export class TranslationModule {}
