import { Module } from '@nestjs/common';
import { AbilitiesModule } from './modules/abilities';
import { AuthModule } from './platform/auth';
import { BatchModule } from './modules/batch';
import { BlockEditorModule } from './modules/block-editor';
import { BlockPatternsModule } from './modules/core/blocks/patterns';
import { BlockTypesModule } from './modules/core/blocks/types';
import { CalendarModule } from './modules/cal';
import { CommentsModule } from './modules/core/comments';
import { CalendarViewsModule } from './modules/cal/views';
import { EventAggregatorModule } from './modules/cal/event-aggregator';
import { ConfigModule } from './platform/config';
import { CoreContentModule } from './modules/core';
import { DatabaseModule } from './platform/database';
import { HealthModule } from './platform/health/health.module';
import { HooksModule } from './modules/hooks';
import { ObjectTypesModule } from './modules/core/object-types';
import { InstallerModule } from './modules/installer';
import { MediaModule } from './modules/core/media';
import { MediaLibraryModule } from './modules/core/media/library';
import { MenusModule } from './modules/core/menus';
import { MlConfigModule } from './modules/ml/config';
import { OEmbedModule, SitePagesModule } from './modules/oembed';
import { PageBuilderModule } from './modules/bld';
import { PluginsModule } from './modules/core/plugins';
import { RedirectionModule } from './modules/redirection';
import { OpenApiModule, RestModule } from './platform/rest';
import { SettingsModule } from './modules/core/settings';
import { SiteHealthModule } from './modules/site-health';
import { SiteSearchModule } from './modules/core/search';
import { SpamFilterModule } from './modules/spamfilter';
import { SecurityModule } from './modules/security';
import { ThemesModule } from './modules/core/themes';
import { TranslationModule } from './modules/ml';
import { StringTranslationModule } from './modules/ml/strings';
import { TranslationServicesModule } from './modules/ml/ams';
import { AteJobsModule } from './modules/ml/ate';

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
    OpenApiModule,
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
    BlockTypesModule,
    SettingsModule,
    ThemesModule,
    PluginsModule,
    BlockPatternsModule,
    MenusModule,
    SiteSearchModule,
    SiteHealthModule,
    BlockEditorModule,
    AbilitiesModule,
    PageBuilderModule,
    InstallerModule,
    RedirectionModule,
    CommentsModule,
    SecurityModule,
    HooksModule,
    TranslationModule,
    MlConfigModule,
    TranslationServicesModule,
    AteJobsModule,
    StringTranslationModule,
    // keep last: catch-all HTML pages of embeddable content (passes unknown paths on)
    SitePagesModule,
  ],
})
export class AppModule {}
