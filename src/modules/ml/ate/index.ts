export { AteJobsModule } from './ate-jobs.module';
export { AteJobsService } from './ate-jobs.service';
export { AteJobEntity, AteLockEntity } from './ate-job.entity';
