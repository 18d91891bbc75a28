import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RestUser } from '../../../platform/rest';
import { RedirectionErrors } from '../redirection.errors';
import { RedirectionSettingsService } from '../settings/settings.service';
import { phpInt } from '../settings/settings-rules';
import type { ListQuery, ListResult } from '../shared/list-args';
import { RedirectGroupEntity } from './group.entity';
import type { GroupView } from './group.mapper';
import { GroupsRepository } from './groups.repository';

export interface GroupInput {
  name: unknown;
  moduleId: unknown;
}

export type GroupBulkAction = 'delete' | 'enable' | 'disable';

function groupName(value: unknown): string {
  return String(value ?? '')
    .replace(/<[^>]*>?/g, '')
    .trim()
    .slice(0, 50);
}

/** Redirect groups: the plugin's Red_Group rules. */
@Injectable()
export class GroupsService {
  constructor(
    private readonly groups: GroupsRepository,
    private readonly settings: RedirectionSettingsService,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  async views(groups: RedirectGroupEntity[]): Promise<GroupView[]> {
    const counts = await this.groups.redirectCounts(groups.map((group) => group.id));
    return groups.map((group) => ({ group, redirects: counts.get(group.id) ?? 0 }));
  }

  /** The list, and the id of the default group (setting `last_group_id`). */
  async list(
    _user: RestUser | null,
    query: ListQuery,
  ): Promise<ListResult<GroupView> & { defaultGroupId: number }> {
    const { items, total } = await this.groups.list(query);
    const settings = await this.settings.get();
    return { items: await this.views(items), total, defaultGroupId: settings.last_group_id };
  }

  all(): Promise<RedirectGroupEntity[]> {
    return this.groups.all();
  }

  /** Red_Group::create: a name and a module 1–3, else `redirect_group_invalid`. */
  async create(_user: RestUser | null, input: GroupInput): Promise<RedirectGroupEntity> {
    const name = groupName(input.name);
    const moduleId = phpInt(input.moduleId);
    if (name === '' || moduleId < 1 || moduleId > 3) throw RedirectionErrors.groupCreateInvalid();
    const group = new RedirectGroupEntity();
    Object.assign(group, { name, moduleId, status: 'enabled', tracking: 1, position: 0 });
    return this.groups.save(group);
  }

  /** Red_Group::update: the name always, the module only when 1–3; the status is not changed here. */
  async update(_user: RestUser | null, id: number, input: GroupInput): Promise<GroupView> {
    const group = await this.groups.findById(id);
    const name = groupName(input.name);
    if (!group || name === '') throw RedirectionErrors.groupUpdateInvalid();
    group.name = name;
    const moduleId = phpInt(input.moduleId);
    if (moduleId >= 1 && moduleId <= 3) group.moduleId = moduleId;
    const saved = await this.groups.save(group);
    return (await this.views([saved]))[0];
  }

  /** Bulk delete/enable/disable by ids, or every group matching the filters (`global`). */
  async bulk(
    _user: RestUser | null,
    action: GroupBulkAction,
    target: { ids?: number[]; global?: boolean; filters: Record<string, string> },
  ): Promise<void> {
    let ids: number[];
    if (target.ids && target.ids.length)
      ids = (await this.groups.findByIds(target.ids)).map((group) => group.id);
    else if (target.global) ids = await this.groups.filteredIds(target.filters);
    else return;
    await this.dataSource.transaction(async (manager) => {
      if (action === 'delete') await this.groups.delete(ids, manager);
      else await this.groups.setStatus(ids, action === 'enable' ? 'enabled' : 'disabled', manager);
    });
  }
}
