import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config';
import { buildDataSourceOptions } from './data-source-options';
import { LastChanged } from './last-changed';
import { PostIdEntity, PostIds } from './post-ids';
import { QueryCache } from './query-cache';

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
    TypeOrmModule.forFeature([PostIdEntity]),
  ],
  providers: [LastChanged, QueryCache, PostIds],
  exports: [LastChanged, QueryCache, PostIds],
})
export class DatabaseModule {}
