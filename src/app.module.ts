import { Module } from '@nestjs/common';
import { AuthModule } from './auth';
import { BatchModule } from './batch';
import { CalendarModule } from './calendar';
import { ConfigModule } from './config';
import { CoreContentModule } from './content';
import { DatabaseModule } from './database';
import { HealthModule } from './health/health.module';
import { OEmbedModule, SitePagesModule } from './oembed';
import { RestModule } from './rest';

/**
 * Platform modules first, then the namespace modules. The site index's namespace order is declared in
 * `src/rest/namespaces.ts`, not here.
 */
@Module({
  imports: [
    ConfigModule,
    DatabaseModule,
    RestModule,
    HealthModule,
    BatchModule,
    OEmbedModule,
    AuthModule,
    // namespace modules
    CalendarModule,
    CoreContentModule,
    // keep last: catch-all HTML pages of embeddable content (passes unknown paths on)
    SitePagesModule,
  ],
})
export class AppModule {}
