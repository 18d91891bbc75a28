import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RestUser } from '../../../platform/rest';
import { RedirectionLogWriter } from '../logs/log-writer';
import { GroupsRepository } from '../groups/groups.repository';
import { RedirectGroupEntity } from '../groups/group.entity';
import { RedirectsRepository } from '../redirects/redirects.repository';
import { RedirectionSettingsService } from '../settings/settings.service';
import { DATABASE_VERSION, IP_HEADERS } from '../settings/settings.types';

export interface StatusItem {
  id: string;
  name: string;
  message: string;
  status: 'good' | 'problem' | 'error';
}

export const PLUGIN_TABLES = [
  'redirection_items',
  'redirection_groups',
  'redirection_logs',
  'redirection_404',
  'redirection_options',
];

/** Plugin health, "fix it", uninstall and the database status (api-plugin.php, models/fixer.php). */
@Injectable()
export class RedirectionPluginService {
  constructor(
    private readonly groups: GroupsRepository,
    private readonly redirects: RedirectsRepository,
    private readonly settings: RedirectionSettingsService,
    private readonly writer: RedirectionLogWriter,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  private async missingTables(): Promise<string[]> {
    const runner = this.dataSource.createQueryRunner();
    try {
      const missing: string[] = [];
      for (const table of PLUGIN_TABLES) if (!(await runner.hasTable(table))) missing.push(table);
      return missing;
    } finally {
      await runner.release();
    }
  }

  /** `Red_Fixer::get_status`, in the plugin's order. */
  async status(): Promise<StatusItem[]> {
    const missing = await this.missingTables();
    const items: StatusItem[] = [
      missing.length === 0
        ? { id: 'db', name: 'Database tables', status: 'good', message: 'All tables present' }
        : {
            id: 'db',
            name: 'Database tables',
            status: 'error',
            message: `The following tables are missing: ${missing.join(',')}`,
          },
    ];
    const groups = await this.groups.all();
    items.push(
      groups.length > 0
        ? { name: 'Valid groups', id: 'groups', message: 'Valid groups detected', status: 'good' }
        : {
            name: 'Valid groups',
            id: 'groups',
            message: 'No valid groups, so you will only be able to create groups and not redirects',
            status: 'problem',
          },
    );
    const orphans = await this.redirects.orphanCount();
    items.push(
      orphans === 0
        ? {
            name: 'Valid redirect group',
            id: 'redirect_groups',
            message: 'All redirects have a valid group',
            status: 'good',
          }
        : {
            name: 'Valid redirect group',
            id: 'redirect_groups',
            message: `${orphans} redirect(s) have an invalid group`,
            status: 'problem',
          },
    );
    const settings = await this.settings.get();
    const monitorValid =
      settings.monitor_post === 0 || groups.some((group) => group.id === settings.monitor_post);
    items.push(
      monitorValid
        ? {
            name: 'Post monitor group',
            id: 'monitor',
            message: 'Post monitor group is valid',
            status: 'good',
          }
        : {
            name: 'Post monitor group',
            id: 'monitor',
            message: 'Post monitor group is invalid',
            status: 'problem',
          },
    );
    items.push({
      name: 'Site and home protocol',
      id: 'redirect_url',
      message: 'Site and home are consistent',
      status: 'good',
    });
    const regexCount = await this.redirects.regexCount();
    if (regexCount > 200) {
      items.push({
        name: 'Regular expressions',
        id: 'regex',
        message: `${regexCount} regular expressions: a large number slows every request`,
        status: 'problem',
      });
    }
    return items;
  }

  /** The debug block: schema versions and the IP headers of this request (REMOTE_ADDR is not known to a REST call). */
  debug(headers: Record<string, string | undefined>) {
    const ipHeader: Record<string, string | false> = {};
    for (const name of IP_HEADERS) {
      ipHeader[name] =
        name === 'REMOTE_ADDR'
          ? false
          : (headers[
              name
                .replace(/^HTTP_/, '')
                .toLowerCase()
                .replace(/_/g, '-')
            ] ?? false);
    }
    return { database: { current: DATABASE_VERSION, latest: DATABASE_VERSION }, ip_header: ipHeader };
  }

  /**
   * `POST /plugin`: `name: database` forces the stored schema version; otherwise every problem is fixed
   * (a first group, orphaned redirects moved into it, an invalid monitor group turned off).
   */
  async fix(_user: RestUser | null, name?: string, value?: string): Promise<void> {
    if (name === 'database' && value !== undefined) {
      await this.settings.modify((settings) => ({ ...settings, database: value }));
      return;
    }
    let groups = await this.groups.all();
    if (groups.length === 0) {
      const group = new RedirectGroupEntity();
      Object.assign(group, {
        name: 'Redirections',
        moduleId: 1,
        status: 'enabled',
        tracking: 1,
        position: 0,
      });
      groups = [await this.groups.save(group)];
    }
    await this.redirects.rehomeOrphans(groups[0].id);
    await this.settings.modify((settings) =>
      settings.monitor_post !== 0 && !groups.some((group) => group.id === settings.monitor_post)
        ? { ...settings, monitor_post: 0 }
        : settings,
    );
  }

  /**
   * `POST /plugin/delete`: the plugin's uninstall. Its tables belong to this service's migrations, so they are
   * emptied (redirects, groups, logs, options) rather than dropped; the next use starts as a fresh install.
   */
  async uninstall(_user: RestUser | null): Promise<void> {
    await this.writer.flush();
    await this.dataSource.transaction(async (manager) => {
      for (const table of [
        'redirection_items',
        'redirection_groups',
        'redirection_logs',
        'redirection_404',
      ]) {
        await manager.query(`DELETE FROM ${table}`);
      }
      await manager.query(`DELETE FROM redirection_options`);
      await manager.query(
        `INSERT INTO redirection_groups (name, tracking, module_id, status, position) VALUES ('Redirections', 1, 1, 'enabled', 0), ('Modified Posts', 1, 1, 'enabled', 0)`,
      );
    });
    await this.settings.renew();
  }

  /** `POST /plugin/data`: the schema is kept current by migrations, so there is never an upgrade step to run. */
  async databaseStatus(): Promise<Record<string, unknown>> {
    const runner = this.dataSource.createQueryRunner();
    const debug: string[] = [];
    try {
      for (const name of PLUGIN_TABLES) {
        const table = await runner.getTable(name);
        if (!table) continue;
        debug.push(`CREATE TABLE \`${name}\` (`);
        for (const column of table.columns) {
          debug.push(
            `  \`${column.name}\` ${column.type}${column.length ? `(${column.length})` : ''}${column.isNullable ? '' : ' NOT NULL'},`,
          );
        }
        debug.push(')', '');
      }
    } finally {
      await runner.release();
    }
    return {
      status: 'ok',
      inProgress: false,
      current: DATABASE_VERSION,
      next: DATABASE_VERSION,
      time: Date.now() / 1000,
      complete: 0,
      result: 'error',
      reason: `Your database does not need updating to ${DATABASE_VERSION}.`,
      debug,
    };
  }
}
