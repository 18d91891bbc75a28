export { dateTimeColumn, longTextColumn, LONG_TEXT_TYPE } from './columns';
export { buildDataSourceOptions } from './data-source-options';
export { currentDialect, parseDatabaseUrl } from './database-url';
export type { DatabaseDialect } from './database-url';
export { DatabaseModule } from './database.module';
export { formatDateTime, nowUtc } from './date-time';
export { MigrationColumns } from './migration-columns';
