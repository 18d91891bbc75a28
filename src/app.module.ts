import { Module } from '@nestjs/common';
import { AbilitiesModule } from './abilities';
import { AuthModule } from './auth';
import { BatchModule } from './batch';
import { BlockEditorModule } from './block-editor';
import { CalendarModule } from './calendar/calendar.module';
import { CommentsModule } from './comments';
import { CalendarViewsModule } from './calendar-views';
import { EventAggregatorModule } from './event-aggregator';
import { ConfigModule } from './config';
import { ContentModule } from './content';
import { DatabaseModule } from './database';
import { HealthModule } from './health/health.module';
import { ObjectTypesModule } from './object-types';
import { InstallerModule } from './installer';
import { MediaModule } from './media';
import { OEmbedModule, SitePagesModule } from './oembed';
import { PageBuilderModule } from './page-builder';
import { RedirectionModule } from './redirection';
import { RestModule } from './rest';
import { SettingsModule } from './settings';
import { SiteHealthModule } from './site-health';
import { SiteSearchModule } from './site-search';
import { SpamFilterModule } from './spam-filter';
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
    // spamfilter/v1 follows oembed/1.0 in the spec's namespace order, before core/v2
    SpamFilterModule,
    AuthModule,
    MediaModule,
    // namespace modules
    EventAggregatorModule,
    CalendarModule,
    ContentModule,
    ObjectTypesModule,
    SettingsModule,
    SiteSearchModule,
    SiteHealthModule,
    BlockEditorModule,
    AbilitiesModule,
    PageBuilderModule,
    InstallerModule,
    RedirectionModule,
    CommentsModule,
    SecurityModule,
    // cal/views/v2 and the calendar's HTML pages (before the catch-all below)
    CalendarViewsModule,
    // keep last: catch-all HTML pages of embeddable content (passes unknown paths on)
    SitePagesModule,
  ],
})
export class AppModule {}
