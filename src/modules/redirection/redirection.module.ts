import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../../platform/auth';
import { HttpClientModule } from '../../platform/common/http';
import { CoreContentModule } from '../core';
import { LastChanged } from '../../platform/database';
import { RedirectGroupEntity } from './groups/group.entity';
import { GroupsController } from './groups/groups.controller';
import { GroupsRepository } from './groups/groups.repository';
import { GroupsService } from './groups/groups.service';
import { RedirectEntity } from './redirects/redirect.entity';
import { RedirectsController } from './redirects/redirects.controller';
import { RedirectsRepository } from './redirects/redirects.repository';
import { RedirectsService } from './redirects/redirects.service';
import { RedirectionOptionsEntity } from './settings/options.entity';
import { SettingsController } from './settings/settings.controller';
import { RedirectionSettingsService } from './settings/settings.service';
import { SitePosts } from './shared/site-posts';
import { REDIRECTION_CHANGES } from './shared/changes';
import { CustomMatchers } from './engine/custom-matchers';
import { NotFoundRedirects } from './engine/not-found-redirects.filter';
import { RedirectEngine } from './engine/redirect-engine';
import { RedirectIndex } from './engine/redirect-index';
import { NotFoundLogEntity, RedirectLogEntity } from './logs/log.entity';
import { LogExpiryJob } from './logs/log-expiry.job';
import { RedirectionLogWriter } from './logs/log-writer';
import { LogsController } from './logs/logs.controller';
import { LogsRepository } from './logs/logs.repository';
import { LogsService } from './logs/logs.service';
import { ImportExportController } from './io/import-export.controller';
import { ImportExportService } from './io/import-export.service';
import { UrlMonitor } from './monitor/url-monitor';
import { PluginController } from './plugin/plugin.controller';
import { RedirectionPluginService } from './plugin/plugin.service';

/** `redirection/v1`: the Redirection plugin's REST routes and its redirect engine in front of the site. */
@Module({
  imports: [
    AuthModule, // the authenticator: logged-in visitors are logged as such
    CoreContentModule,
    HttpClientModule,
    TypeOrmModule.forFeature([
      RedirectEntity,
      RedirectGroupEntity,
      RedirectionOptionsEntity,
      RedirectLogEntity,
      NotFoundLogEntity,
    ]),
  ],
  controllers: [
    RedirectsController,
    GroupsController,
    LogsController,
    SettingsController,
    PluginController,
    ImportExportController,
  ],
  providers: [
    RedirectionSettingsService,
    GroupsRepository,
    GroupsService,
    RedirectsRepository,
    RedirectsService,
    SitePosts,
    LogsRepository,
    LogsService,
    RedirectionLogWriter,
    RedirectIndex,
    CustomMatchers,
    RedirectEngine,
    RedirectionPluginService,
    ImportExportService,
    UrlMonitor,
    LogExpiryJob,
    NotFoundRedirects,
  ],
  exports: [RedirectsService, RedirectionSettingsService, RedirectEngine, CustomMatchers],
})
export class RedirectionModule {
  constructor(lastChanged: LastChanged) {
    // Redirects, groups and options: what the engine's in-memory index is built from (logs are not in it).
    // Tracked in the constructor so LastChanged's own init creates the stamp row.
    lastChanged.track(REDIRECTION_CHANGES, [
      'redirection_items',
      'redirection_groups',
      'redirection_options',
    ]);
  }
}
