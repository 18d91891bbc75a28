import { Module } from '@nestjs/common';
import { AuthModule } from './auth';
import { BatchModule } from './batch';
import { CalendarModule } from './calendar/calendar.module';
import { ConfigModule } from './config';
import { ContentModule } from './content';
import { DatabaseModule } from './database';
import { HealthModule } from './health/health.module';
import { MediaModule } from './media';
import { OEmbedModule, SitePagesModule } from './oembed';
import { RestModule } from './rest';
import { SecurityModule } from './security';

/** Platform modules first, then one module per namespace (their order is the site index's namespace order). */
@Module({
  imports: [
    ConfigModule,
    DatabaseModule,
    RestModule,
    HealthModule,
    BatchModule,
    // oembed/1.0 is the first namespace of the index (as in WordPress), so it comes before core/v2 (AuthModule)
    OEmbedModule,
    AuthModule,
    MediaModule,
    // namespace modules
    CalendarModule,
    ContentModule,
    SecurityModule,
    // keep last: catch-all HTML pages of embeddable content (passes unknown paths on)
    SitePagesModule,
  ],
})
export class AppModule {}
