import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../platform/config';
import { PostEntity, PostLifecycle, postLink } from '../../core';
import { RedirectEntity } from '../redirects/redirect.entity';
import { RedirectsService } from '../redirects/redirects.service';
import { matchUrlOf } from '../engine/url';
import { RedirectionSettingsService } from '../settings/settings.service';
import type { RedirectionSettings } from '../settings/settings.types';

/**
 * The plugin's URL monitor (`Red_Monitor`): with monitoring on (monitor types and a monitor group), a
 * published post/page whose permalink changes gets a 301 from the old path to the new one (redirects that
 * would now catch the new URL are disabled), plus one for the associated path (e.g. `/amp/`); a trashed one
 * gets a disabled 301 to `/` when `trash` is monitored. It listens to the posts service's lifecycle hook.
 */
@Injectable()
export class UrlMonitor implements OnModuleInit {
  constructor(
    private readonly lifecycle: PostLifecycle,
    private readonly settings: RedirectionSettingsService,
    private readonly redirects: RedirectsService,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.lifecycle.register({
      updated: (before, after) => this.postUpdated(before, after),
      trashed: (before) => this.postTrashed(before),
    });
  }

  private async monitoring(type: string): Promise<RedirectionSettings | null> {
    const settings = await this.settings.get();
    if (settings.monitor_post <= 0 || !settings.monitor_types.includes(type)) return null;
    return settings;
  }

  private path(post: PostEntity): string {
    return new URL(postLink(this.config.siteUrl, post)).pathname;
  }

  async postUpdated(before: PostEntity, after: PostEntity): Promise<void> {
    if (before.status !== 'publish' || after.status !== 'publish') return;
    const settings = await this.monitoring(after.type);
    if (!settings) return;
    const from = this.path(before);
    const to = this.path(after);
    const sitePath = `${new URL(this.config.siteUrl).pathname.replace(/\/$/, '')}/`;
    if (from === to || from === '/' || from === sitePath) return;
    await this.dataSource.transaction(async (manager) => {
      // Redirects that would now send the new URL away are switched off (`disable_where_matches`).
      await manager.update(
        RedirectEntity,
        { matchUrl: matchUrlOf(to), status: 'enabled' },
        { status: 'disabled' },
      );
      const base = {
        match_type: 'url',
        action_type: 'url',
        action_code: 301,
        group_id: settings.monitor_post,
      };
      await this.redirects.createOne({ ...base, url: from, action_data: { url: to } }, settings, manager);
      if (settings.associated_redirect) {
        const associated = settings.associated_redirect.replace(/^\//, '');
        await this.redirects.createOne(
          {
            ...base,
            url: `${from.replace(/\/?$/, '/')}${associated}`,
            action_data: { url: `${to.replace(/\/?$/, '/')}${associated}` },
          },
          settings,
          manager,
        );
      }
    });
  }

  async postTrashed(before: PostEntity): Promise<void> {
    const settings = await this.settings.get();
    if (settings.monitor_post <= 0 || !settings.monitor_types.includes('trash')) return;
    if (!settings.monitor_types.includes(before.type) || before.status !== 'publish') return;
    const from = this.path(before);
    if (from === '/') return;
    await this.dataSource.transaction((manager) =>
      this.redirects.createOne(
        {
          url: from,
          action_data: { url: '/' },
          match_type: 'url',
          action_type: 'url',
          action_code: 301,
          group_id: settings.monitor_post,
          status: 'disabled',
        },
        settings,
        manager,
      ),
    );
  }
}
