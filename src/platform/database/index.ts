export { dateTimeColumn, longTextColumn, LONG_TEXT_TYPE } from './columns';
export { buildDataSourceOptions } from './data-source-options';
export { currentDialect, parseDatabaseUrl } from './database-url';
export type { DatabaseDialect } from './database-url';
export { DatabaseModule } from './database.module';
export { formatDateTime, nowUtc } from '../common/dates'; // the stored form of timestamps
export { MigrationColumns } from './migration-columns';
export { insertIgnore, isMysql } from './dialect';
export { LastChanged, SITE_CACHE_GROUP } from './last-changed';
export { LeanLookup } from './lean-lookup';
export { hotRead } from './sqlite-statements';
export { batchLoader } from './batch-loader';
export { QueryCache } from './query-cache';
export { likeContains, likeEscape, likePrefix } from './like';
export { Transients } from './transients';
export { TransientEntity } from './transient.entity';
export { SiteOptions } from './site-options';
export { SiteOptionEntity } from './site-option.entity';
export { Transactions, retryDelayMs } from './transactions';
export type { TransactionOptions } from './transactions';
export {
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  isRetryableTransactionError,
  uniqueViolationOf,
  violatesUnique,
} from './db-errors';
export type { UniqueViolation } from './db-errors';
export { changedFields, lockRowById, lockRowsById } from './row-locks';
export { claimDueRows } from './row-claims';
export type { DueRowClaim } from './row-claims';
export { ValueTooLongError } from './column-length-guard';
export { PostIdEntity, PostIds, POST_IDS_TABLE } from './post-ids';
export type { PostTypeOfRow } from './post-ids';
export { claimUniqueSlug } from './claim-unique-slug';
export type { SlugClaim } from './claim-unique-slug';
export { DatabaseBackup, mysqlLiteral } from './database-backup';
export type { BackupProgress, BackupResult } from './database-backup';
