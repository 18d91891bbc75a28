import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config';
import { buildDataSourceOptions } from './data-source-options';
import { LastChanged } from './last-changed';
import { QueryCache } from './query-cache';
import { TransientEntity } from './transient.entity';
import { Transients } from './transients';
import { SiteOptionEntity } from './site-option.entity';
import { SiteOptions } from './site-options';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        ...buildDataSourceOptions({ databaseUrl: config.databaseUrl, migrationsRun: config.migrationsRun }),
        autoLoadEntities: true,
        retryAttempts: 2,
        retryDelay: 1000,
      }),
    }),
    TypeOrmModule.forFeature([TransientEntity, SiteOptionEntity]),
  ],
  providers: [LastChanged, QueryCache, Transients, SiteOptions],
  exports: [LastChanged, QueryCache, Transients, SiteOptions],
})
export class DatabaseModule {}
