import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../../platform/config';
import { LastChanged, SiteOptions } from '../../../platform/database';
import { SiteIndex } from '../../../platform/rest';
import { SETTINGS } from './site-settings';

const GROUP = 'settings';
/** How often an instance looks for settings changed by another instance. */
const REFRESH_MS = 1000;

/**
 * `core/v2/settings`: the site's WordPress options, stored in `site_options`. Stored values overlay the
 * configuration the service runs with (title, tagline, time zone, front page, admin e-mail), so a change takes
 * effect in the API at once here and within a second on every other instance (they watch the `settings` stamp).
 */
@Injectable()
export class SiteSettingsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('SiteSettingsService');
  private stamp: string | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly options: SiteOptions,
    private readonly lastChanged: LastChanged,
    siteIndex: SiteIndex,
  ) {
    this.lastChanged.track(GROUP, ['site_options']);
    // The settings overlay the site's title, tagline, time zone and front page, which the index shows.
    siteIndex.dependsOn(GROUP);
    // An answer built for the response cache must not use settings older than its stamp.
    this.lastChanged.onCatchUp(() => this.refresh());
  }

  async onModuleInit(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Every setting's current value, keyed by its REST name. */
  async all(): Promise<Record<string, unknown>> {
    const stored = await this.options.getMany(Object.values(SETTINGS).map((setting) => setting.option));
    return Object.fromEntries(
      Object.entries(SETTINGS).map(([name, setting]) => [
        name,
        stored.has(setting.option) ? stored.get(setting.option) : setting.initial(this.config),
      ]),
    );
  }

  /** Stores the given settings (null clears one, as WordPress deletes the option) and applies them here. */
  async update(changes: Record<string, unknown>): Promise<Record<string, unknown>> {
    const values = new Map<string, unknown>();
    for (const [name, value] of Object.entries(changes)) {
      const setting = SETTINGS[name];
      if (setting && name !== 'url') values.set(setting.option, value);
    }
    await this.options.setMany(values);
    await this.refresh(true);
    return this.all();
  }

  /** Re-reads the stored settings when another write happened (or when forced) and overlays them. */
  private async refresh(force = false): Promise<void> {
    try {
      const stamp = await this.lastChanged.version(GROUP);
      if (!force && stamp === this.stamp) return;
      this.stamp = stamp;
      const stored = await this.options.getMany(Object.values(SETTINGS).map((setting) => setting.option));
      for (const setting of Object.values(SETTINGS)) {
        if (setting.apply && stored.has(setting.option))
          setting.apply(this.config, stored.get(setting.option));
      }
    } catch (error) {
      // Before migrations ran (the CLI's own start) there is nothing to read yet.
      this.logger.debug({ err: error }, 'settings not refreshed');
    }
  }
}
