export { SpamFilterModule } from './spam-filter.module';
export { SpamFilterService } from './spam-filter.service';
export { SpamRecheckJob } from './spam-recheck.job';
export type { RecheckRun } from './spam-recheck.job';
