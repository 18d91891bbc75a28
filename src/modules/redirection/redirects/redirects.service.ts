import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../../../platform/config';
import { lockRowById } from '../../../platform/database';
import type { RestUser } from '../../../platform/rest';
import { RedirectGroupEntity } from '../groups/group.entity';
import { RedirectionLogWriter } from '../logs/log-writer';
import { atErrorCode, RedirectionErrors } from '../redirection.errors';
import { RedirectionSettingsService } from '../settings/settings.service';
import type { RedirectionSettings } from '../settings/settings.types';
import type { ListQuery, ListResult } from '../shared/list-args';
import type { Redirect } from '../shared/redirect-types';
import { NEVER_ACCESSED } from '../shared/dates';
import { toRedirect, encodeActionData } from './redirect-codec';
import { RedirectEntity } from './redirect.entity';
import { sanitizeRedirect, SanitizedRedirect } from './redirect-sanitizer';
import { RedirectsRepository } from './redirects.repository';

export type RedirectBulkAction = 'delete' | 'enable' | 'disable' | 'reset';

/** Redirects: the plugin's Red_Item create/update/bulk rules. */
@Injectable()
export class RedirectsService {
  constructor(
    private readonly redirects: RedirectsRepository,
    private readonly settingsService: RedirectionSettingsService,
    private readonly writer: RedirectionLogWriter,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** A page of redirects; this instance's queued hit counts are written first, so `hits` is current. */
  async list(_user: RestUser | null, query: ListQuery): Promise<ListResult<Redirect>> {
    await this.writer.flush();
    const { items, total } = await this.redirects.list(query);
    return { items: items.map(toRedirect), total };
  }

  private async sanitize(
    body: Record<string, unknown>,
    settings: RedirectionSettings,
    manager: EntityManager,
  ) {
    const groupIds = new Set(
      (await manager.find(RedirectGroupEntity, { select: { id: true } })).map((group) => group.id),
    );
    return sanitizeRedirect(body, {
      settings,
      serverName: new URL(this.config.siteUrl).hostname,
      groupExists: (id) => groupIds.has(id),
      now: () => Date.now(),
    });
  }

  private apply(entity: RedirectEntity, data: SanitizedRedirect): RedirectEntity {
    entity.url = data.url;
    entity.matchUrl = data.matchUrl;
    entity.matchData = data.matchData ? JSON.stringify(data.matchData) : null;
    entity.regex = data.regex;
    entity.matchType = data.matchType;
    entity.actionType = data.actionType;
    entity.actionCode = data.actionCode;
    entity.actionData = encodeActionData(data.matchType, data.actionData);
    entity.title = data.title;
    entity.groupId = data.groupId;
    if (data.hits !== undefined) entity.lastCount = data.hits;
    if (data.lastAccess !== undefined) entity.lastAccess = data.lastAccess;
    return entity;
  }

  /**
   * `POST /redirect`: one redirect per distinct URL when `url` is a list; nothing when `url` is absent.
   * All of them or none are stored.
   */
  async create(user: RestUser | null, body: Record<string, unknown>): Promise<Redirect[]> {
    if (body.url === undefined) return [];
    const urls = Array.isArray(body.url) ? [...new Set(body.url.map((url) => String(url)))] : [body.url];
    const settings = await this.settingsService.get();
    const created = await this.dataSource.transaction(async (manager) => {
      const list: Redirect[] = [];
      for (const url of urls) list.push(await this.createOne({ ...body, url }, settings, manager));
      return list;
    });
    // The group used last becomes the default of the next create (setting `last_group_id`).
    const groupId = created[created.length - 1]?.groupId;
    if (groupId !== undefined && groupId !== settings.last_group_id) {
      await this.settingsService.modify((current) => ({ ...current, last_group_id: groupId }));
    }
    return created;
  }

  /** Creates one redirect inside a transaction (also used by imports and the URL monitor). */
  async createOne(
    body: Record<string, unknown>,
    settings: RedirectionSettings,
    manager: EntityManager,
  ): Promise<Redirect> {
    const data = await this.sanitize(body, settings, manager);
    const entity = this.apply(new RedirectEntity(), data);
    entity.lastCount = data.hits ?? 0;
    entity.lastAccess = data.lastAccess ?? NEVER_ACCESSED;
    entity.position =
      data.position > 0 ? data.position : await this.redirects.countInGroup(data.groupId, manager);
    const disabled =
      body.status === 'disabled' ||
      body.enabled === false ||
      body.enabled === 'disabled' ||
      body.enabled === 'false';
    const group = await manager.findOneBy(RedirectGroupEntity, { id: data.groupId });
    entity.status = disabled || group?.status === 'disabled' ? 'disabled' : 'enabled';
    return toRedirect(await this.redirects.save(entity, manager));
  }

  /** `POST /redirect/{id}`: the same sanitising; status is not changed here. */
  async update(_user: RestUser | null, id: number, body: Record<string, unknown>): Promise<Redirect> {
    const settings = await this.settingsService.get();
    return this.dataSource.transaction(async (manager) => {
      // Locked until commit: hit counts, bulk status changes and other updates made meanwhile are kept.
      const entity = await lockRowById(manager, RedirectEntity, id);
      if (!entity) throw RedirectionErrors.updateFailed();
      const data = await this.sanitize(body, settings, manager).catch((error: unknown) => {
        throw atErrorCode(error, 319);
      });
      this.apply(entity, data);
      if (data.position > 0 || body.position !== undefined) entity.position = data.position;
      return toRedirect(await this.redirects.save(entity, manager));
    });
  }

  /**
   * Bulk delete/enable/disable/reset. With `ids` the first unknown id fails (earlier ones stay done, as the
   * plugin); with `global` everything matching the filters.
   */
  async bulk(
    _user: RestUser | null,
    action: RedirectBulkAction,
    target: { ids?: number[]; global?: boolean; filters: Record<string, string> },
  ): Promise<void> {
    const run = async (ids: number[], manager: EntityManager) => {
      if (action === 'delete') await this.redirects.deleteIds(ids, manager);
      else if (action === 'reset') await this.redirects.resetHits(ids, manager);
      else await this.redirects.setStatus(ids, action === 'enable' ? 'enabled' : 'disabled', manager);
    };
    if (target.ids && target.ids.length) {
      const found = new Set((await this.redirects.findByIds(target.ids)).map((entity) => entity.id));
      const firstMissing = target.ids.findIndex((id) => !found.has(id));
      const valid = firstMissing === -1 ? target.ids : target.ids.slice(0, firstMissing);
      if (valid.length) await this.dataSource.transaction((manager) => run(valid, manager));
      if (firstMissing !== -1) throw RedirectionErrors.bulkFailed();
      return;
    }
    if (!target.global) return;
    await this.dataSource.transaction(async (manager) =>
      run(await this.redirects.filteredIds(target.filters, manager), manager),
    );
  }
}
