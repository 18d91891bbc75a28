import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LastChanged } from '../database';
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

/** `redirection/v1`: the Redirection plugin's REST routes and its redirect engine in front of the site. */
@Module({
  imports: [TypeOrmModule.forFeature([RedirectEntity, RedirectGroupEntity, RedirectionOptionsEntity])],
  controllers: [RedirectsController, GroupsController, SettingsController],
  providers: [
    RedirectionSettingsService,
    GroupsRepository,
    GroupsService,
    RedirectsRepository,
    RedirectsService,
    SitePosts,
  ],
  exports: [RedirectsService, RedirectionSettingsService],
})
export class RedirectionModule implements OnModuleInit {
  constructor(private readonly lastChanged: LastChanged) {}

  onModuleInit(): void {
    // Redirects, groups and options: what the engine's in-memory index is built from (logs are not in it).
    this.lastChanged.track(REDIRECTION_CHANGES, ['redirection_items', 'redirection_groups', 'redirection_options']);
  }
}
