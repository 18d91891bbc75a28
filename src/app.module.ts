import { Module } from '@nestjs/common';
import { AuthModule } from './auth';
import { ConfigModule } from './config';
import { DatabaseModule } from './database';
import { HealthModule } from './health/health.module';
import { RestModule } from './rest';

/** Platform modules first, then one module per namespace (their order is the site index's namespace order). */
@Module({
  imports: [ConfigModule, DatabaseModule, RestModule, HealthModule, AuthModule],
})
export class AppModule {}
