import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config';
import { buildDataSourceOptions } from './data-source-options';
import { LastChanged } from './last-changed';
import { PostIdEntity, PostIds } from './post-ids';
import { QueryCache } from './query-cache';
import { TransientEntity } from './transient.entity';
import { Transients } from './transients';
import { SiteOptionEntity } from './site-option.entity';
import { SiteOptions } from './site-options';
import { ColumnLengthGuard } from './column-length-guard';
import { DatabaseBackup } from './database-backup';
import { QueryTimeout } from './query-timeout';
import { Transactions } from './transactions';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        ...buildDataSourceOptions({
          databaseUrl: config.databaseUrl,
          migrationsRun: config.migrationsRun,
          queryTimeoutMs: config.databaseQueryTimeoutMs,
          poolSize: config.databasePoolSize,
        }),
        autoLoadEntities: true,
        retryAttempts: 2,
        retryDelay: 1000,
      }),
    }),
    TypeOrmModule.forFeature([TransientEntity, SiteOptionEntity, PostIdEntity]),
  ],
  providers: [
    LastChanged,
    QueryCache,
    Transients,
    SiteOptions,
    Transactions,
    QueryTimeout,
    ColumnLengthGuard,
    PostIds,
    DatabaseBackup,
  ],
  exports: [LastChanged, QueryCache, Transients, SiteOptions, Transactions, PostIds, DatabaseBackup],
})
export class DatabaseModule {}
