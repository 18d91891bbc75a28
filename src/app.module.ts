import { Module } from '@nestjs/common';
import { AbilitiesModule } from './abilities';
import { AuthModule } from './auth';
import { BatchModule } from './batch';
import { BlockEditorModule } from './block-editor';
import { CalendarModule } from './calendar';
import { CommentsModule } from './comments';
import { CalendarViewsModule } from './calendar-views';
import { EventAggregatorModule } from './event-aggregator';
import { ConfigModule } from './config';
import { CoreContentModule } from './content';
import { DatabaseModule } from './database';
import { HealthModule } from './health/health.module';
import { ObjectTypesModule } from './object-types';
import { InstallerModule } from './installer';
import { MediaModule } from './media';
import { MediaLibraryModule } from './media/library';
import { MlConfigModule } from './ml-config';
import { OEmbedModule, SitePagesModule } from './oembed';
import { PageBuilderModule } from './page-builder';
import { RedirectionModule } from './redirection';
import { RestModule } from './rest';
import { SettingsModule } from './site-settings';
import { SiteHealthModule } from './site-health';
import { SiteSearchModule } from './site-search';
import { SpamFilterModule } from './spam-filter';
import { SecurityModule } from './security';
import { TranslationModule } from './translation';
import { StringTranslationModule } from './string-translation';
import { TranslationServicesModule } from './translation-services';

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
    // spamfilter/v1 follows oembed/1.0 in the spec's namespace order, before core/v2
    SpamFilterModule,
    AuthModule,
    // namespace modules
    EventAggregatorModule,
    CalendarModule,
    // the calendar's HTML pages come before the catch-all below
    CalendarViewsModule,
    CoreContentModule,
    MediaModule,
    MediaLibraryModule,
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
    TranslationModule,
    MlConfigModule,
    TranslationServicesModule,
    StringTranslationModule,
    // keep last: catch-all HTML pages of embeddable content (passes unknown paths on)
    SitePagesModule,
  ],
})
export class AppModule {}
