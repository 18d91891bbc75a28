import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { RestUser, UploadedFile } from '../../../platform/rest';
import { RedirectGroupEntity } from '../groups/group.entity';
import { toGroupJson } from '../groups/group.mapper';
import { GroupsService } from '../groups/groups.service';
import { RedirectionLogWriter } from '../logs/log-writer';
import { RedirectionErrors } from '../redirection.errors';
import { toRedirect } from '../redirects/redirect-codec';
import { toRedirectJson } from '../redirects/redirect.mapper';
import { siteFlags } from '../redirects/redirect-sanitizer';
import { RedirectsRepository } from '../redirects/redirects.repository';
import { RedirectsService } from '../redirects/redirects.service';
import { RedirectionSettingsService } from '../settings/settings.service';
import { phpInt } from '../settings/settings-rules';
import type { RedirectionSettings } from '../settings/settings.types';
import {
  exportApache,
  exportCsv,
  exportItem,
  exportJson,
  exportNginx,
  ImportedRedirect,
  importApache,
  importCsv,
} from './formats';

export type ExportModule = '1' | '2' | '3' | 'all';
export type ExportFormat = 'csv' | 'apache' | 'nginx' | 'json';

/** Import and export of redirects (api-import.php, api-export.php, models/file-io.php, fileio/*). */
@Injectable()
export class ImportExportService {
  constructor(
    private readonly redirects: RedirectsService,
    private readonly redirectsRepository: RedirectsRepository,
    private readonly groups: GroupsService,
    private readonly settings: RedirectionSettingsService,
    private readonly writer: RedirectionLogWriter,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  /** `GET /export/{module}/{format}`: the file text and the number of redirects in it. */
  async export(
    _user: RestUser | null,
    module: ExportModule,
    format: ExportFormat,
  ): Promise<{ data: string; total: number }> {
    await this.writer.flush();
    const settings = await this.settings.get();
    const allGroups = await this.groups.all();
    const groups =
      module === 'all'
        ? allGroups
        : allGroups.filter((group) => group.moduleId === Number(module) && group.status === 'enabled');
    const entities = await this.redirectsRepository.inGroups(
      module === 'all' ? null : groups.map((group) => group.id),
      module !== 'all',
    );
    const redirects = entities.map(toRedirect).sort((a, b) => a.position - b.position || a.id - b.id);
    const defaults = siteFlags(settings);
    const items = redirects.map((redirect) => exportItem(redirect, defaults));
    const now = new Date();
    let data: string;
    switch (format) {
      case 'csv':
        data = exportCsv(items);
        break;
      case 'apache':
        data = exportApache(items, settings.https, now);
        break;
      case 'nginx':
        data = exportNginx(items, now);
        break;
      case 'json': {
        const views = await this.groups.views(groups);
        data = exportJson(
          views.map((view) => toGroupJson(view)),
          redirects.map((redirect) => toRedirectJson(redirect, defaults)),
          now,
        );
        break;
      }
    }
    return { data, total: redirects.length };
  }

  /**
   * `POST /import/file/{group_id}`: CSV (`.csv`, `.txt`), JSON (`.json`, groups recreated) or Apache
   * (anything else) into the group. Rows the sanitiser rejects are skipped; the rest are stored together.
   */
  async importFile(
    _user: RestUser | null,
    groupParam: string,
    file: UploadedFile | undefined,
  ): Promise<number> {
    if (!file || file.data.length === 0) throw RedirectionErrors.importInvalidFile();
    const name = file.name.toLowerCase();
    const text = file.data.toString('utf8');
    const settings = await this.settings.get();
    if (name.endsWith('.json')) return this.importJson(text, settings);
    const groupId = /^\d+$/.test(groupParam) ? Number(groupParam) : 0;
    const group =
      groupId > 0
        ? await this.dataSource.getRepository(RedirectGroupEntity).findOneBy({ id: groupId })
        : null;
    if (!group) throw RedirectionErrors.importInvalidGroup();
    const rows =
      name.endsWith('.csv') || name.endsWith('.txt') ? importCsv(text, groupId) : importApache(text, groupId);
    return this.store(rows, settings);
  }

  private async store(rows: ImportedRedirect[], settings: RedirectionSettings): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      let imported = 0;
      for (const row of rows) {
        if (await this.tryCreate(row, settings, manager)) imported += 1;
      }
      return imported;
    });
  }

  private async tryCreate(
    row: ImportedRedirect,
    settings: RedirectionSettings,
    manager: EntityManager,
  ): Promise<boolean> {
    try {
      await this.redirects.createOne(row, settings, manager);
      return true;
    } catch {
      return false;
    }
  }

  /** JSON import (`Red_Json_File::load`): every group recreated, redirects moved to the new ids. */
  private async importJson(text: string, settings: RedirectionSettings): Promise<number> {
    let parsed: { groups?: unknown; redirects?: unknown };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      throw RedirectionErrors.importInvalidFile();
    }
    const groups = Array.isArray(parsed.groups) ? (parsed.groups as Array<Record<string, unknown>>) : [];
    const redirects = Array.isArray(parsed.redirects)
      ? (parsed.redirects as Array<Record<string, unknown>>)
      : [];
    return this.dataSource.transaction(async (manager) => {
      const idMap = new Map<number, number>();
      const newGroup = async (name: string, moduleId: number, enabled: boolean) => {
        const group = new RedirectGroupEntity();
        Object.assign(group, {
          name: name.slice(0, 50) || 'Group',
          moduleId: moduleId >= 1 && moduleId <= 3 ? moduleId : 1,
          status: enabled ? 'enabled' : 'disabled',
          tracking: 1,
          position: 0,
        });
        return (await manager.save(RedirectGroupEntity, group)).id;
      };
      for (const group of groups) {
        const id = await newGroup(String(group.name ?? ''), phpInt(group.module_id), group.enabled !== false);
        idMap.set(phpInt(group.id), id);
      }
      let fallback: number | null = null;
      let imported = 0;
      for (const redirect of redirects) {
        let groupId = idMap.get(phpInt(redirect.group_id));
        if (groupId === undefined) {
          fallback ??= await newGroup('Group', 1, true);
          groupId = fallback;
        }
        const actionData =
          typeof redirect.action_data === 'string' ? { url: redirect.action_data } : redirect.action_data;
        const row: ImportedRedirect = { ...redirect, action_data: actionData, group_id: groupId };
        delete row.id;
        if (await this.tryCreate(row, settings, manager)) imported += 1;
      }
      return imported;
    });
  }
}
