import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { insertIgnore, isMysql, LastChanged } from '../../../platform/database';
import { REDIRECTION_CHANGES } from '../shared/changes';
import type { RestUser } from '../../../platform/rest';
import { RedirectGroupEntity } from '../groups/group.entity';
import { applySettings, normaliseStored } from './settings-rules';
import { RedirectionOptionsEntity } from './options.entity';
import {
  defaultSettings,
  MODULE_NAMES,
  MONITOR_POST_TYPES,
  PLUGIN_VERSION,
  RedirectionSettings,
} from './settings.types';

const OPTION_NAME = 'redirection_options';

function parseStored(value: string): RedirectionSettings {
  let stored: Record<string, unknown>;
  try {
    stored = JSON.parse(value) as Record<string, unknown>;
  } catch {
    stored = {};
  }
  return normaliseStored(stored, defaultSettings(''));
}

export function newToken(): string {
  return randomBytes(16).toString('hex');
}

/** The settings bundle of `GET/POST /setting`. */
export interface SettingsBundle {
  settings: RedirectionSettings;
  groups: Array<{ label: string; value: Array<{ label: string; value: number }> }>;
}

/** The plugin's options (`red_get_options` / `red_set_options`), one JSON row shared by every instance. */
@Injectable()
export class RedirectionSettingsService {
  constructor(
    @InjectRepository(RedirectionOptionsEntity)
    private readonly options: Repository<RedirectionOptionsEntity>,
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly lastChanged: LastChanged,
  ) {}

  /** The options with defaults filled in; the first read stores the fresh-install defaults. */
  async get(): Promise<RedirectionSettings> {
    let row = await this.options.findOneBy({ name: OPTION_NAME });
    if (!row) {
      const first = await this.dataSource
        .getRepository(RedirectGroupEntity)
        .find({ order: { id: 'ASC' }, take: 1 });
      const initial = { ...defaultSettings(newToken()), last_group_id: first[0]?.id ?? 0 };
      await this.dataSource.query(
        `${insertIgnore(this.dataSource)} redirection_options (name, value) VALUES (?, ?)`,
        [OPTION_NAME, JSON.stringify(initial)],
      );
      row = await this.options.findOneByOrFail({ name: OPTION_NAME });
    }
    return parseStored(row.value);
  }

  /**
   * Read-modify-write of the options row, locked until commit (`FOR UPDATE` on MySQL/MariaDB; SQLite's write
   * transactions run one at a time): two parallel changes of different settings both stay.
   */
  async modify(change: (current: RedirectionSettings) => RedirectionSettings): Promise<RedirectionSettings> {
    await this.get();
    return this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(
        `SELECT value FROM redirection_options WHERE name = ?${isMysql(this.dataSource) ? ' FOR UPDATE' : ''}`,
        [OPTION_NAME],
      )) as Array<{ value: string }>;
      const next = change(parseStored(row?.value ?? '{}'));
      await manager
        .getRepository(RedirectionOptionsEntity)
        .save({ name: OPTION_NAME, value: JSON.stringify(next) });
      return next;
    });
  }

  /** `POST /setting`: partial update with the plugin's coercions. */
  async update(_user: RestUser | null, input: Record<string, unknown>): Promise<RedirectionSettings> {
    const groups = await this.dataSource.getRepository(RedirectGroupEntity).find({ order: { id: 'ASC' } });
    return this.modify((current) =>
      applySettings(current, input, {
        groupIds: groups.map((group) => group.id),
        firstGroupId: groups[0]?.id ?? 0,
        postTypes: Object.keys(MONITOR_POST_TYPES),
        newToken,
        currentVersion: PLUGIN_VERSION.split('.').slice(0, 2).join('.'),
      }),
    );
  }

  /** The `groups` part of the bundle: groups by module, for the UI's selects. */
  async groupOptions(): Promise<SettingsBundle['groups']> {
    const groups = await this.dataSource.getRepository(RedirectGroupEntity).find({ order: { id: 'ASC' } });
    const result: SettingsBundle['groups'] = [];
    for (const moduleId of [1, 2, 3]) {
      const inModule = groups.filter((group) => group.moduleId === moduleId);
      if (inModule.length === 0) continue;
      result.push({
        label: MODULE_NAMES[moduleId],
        value: inModule.map((group) => ({ label: group.name, value: group.id })),
      });
    }
    return result;
  }

  /** Renews the engine's stamp after writes that bypassed TypeORM (uninstall, bulk loads). */
  async renew(): Promise<void> {
    await this.lastChanged.renew(REDIRECTION_CHANGES);
  }
}
