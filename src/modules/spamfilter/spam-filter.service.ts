import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { AppConfig } from '../../platform/config';
import { nowUtc } from '../../platform/database';
import { formatWpDate } from '../../platform/common/dates';
import { ServiceAnswer, SpamFilterClient } from './spam-filter.client';
import { SpamFilterErrors } from './spam-filter.errors';
import { SpamFilterRepository } from './spam-filter.repository';

export const STATS_INTERVALS = ['60-days', '6-months', 'all'] as const;
export type StatsInterval = (typeof STATS_INTERVALS)[number];

export interface SpamFilterSettings {
  strictness: boolean;
  showUserCommentsApproved: boolean;
}

export interface SpamFilterAlert {
  code: string | false;
  message: string | false;
}

/** Local figures of one interval, kept from the filter's own events. */
export interface LocalStats {
  spam: number;
  ham: number;
  missed_spam: number;
  false_positives: number;
  discarded: number;
  unchecked: number;
}

/**
 * The spam filter's key, settings, alert and stats (Akismet's REST API and its option handling). The key fixed
 * by `SPAMFILTER_KEY` wins over the stored one and cannot be changed through the API.
 */
@Injectable()
export class SpamFilterService {
  constructor(
    private readonly repository: SpamFilterRepository,
    private readonly client: SpamFilterClient,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** The key in use: configuration first, then the stored one; null when none. */
  async apiKey(): Promise<string | null> {
    if (this.config.spamFilterKey) return this.config.spamFilterKey;
    return (await this.repository.state()).apiKey || null;
  }

  /** POST /key: verified with the service before it is stored (400 invalid_key otherwise). */
  async setKey(key: string): Promise<string> {
    if (this.config.spamFilterKey) throw SpamFilterErrors.hardcodedKey('changed');
    const answer = await this.client.call('verify-key', { key, api_key: key, blog: this.config.siteUrl });
    if (answer.ok) await this.updateAlert(answer.headers);
    if (!answer.ok || answer.body !== 'valid') throw SpamFilterErrors.invalidKey();
    await this.repository.updateState({ apiKey: key });
    return key;
  }

  async deleteKey(): Promise<true> {
    if (this.config.spamFilterKey) throw SpamFilterErrors.hardcodedKey('deleted');
    await this.repository.updateState({ apiKey: null });
    return true;
  }

  async settings(): Promise<SpamFilterSettings> {
    const state = await this.repository.state();
    return { strictness: !!state.strictness, showUserCommentsApproved: !!state.showUserCommentsApproved };
  }

  async updateSettings(changes: Partial<SpamFilterSettings>): Promise<SpamFilterSettings> {
    const update: Partial<SpamFilterSettings> = {};
    if (changes.strictness !== undefined) update.strictness = changes.strictness;
    if (changes.showUserCommentsApproved !== undefined)
      update.showUserCommentsApproved = changes.showUserCommentsApproved;
    if (Object.keys(update).length > 0) await this.repository.updateState(update);
    return this.settings();
  }

  /** The remote-call permission: a stored key equal to `key`, compared case-insensitively. */
  async isRemoteCaller(key: unknown): Promise<boolean> {
    const local = await this.apiKey();
    return !!local && typeof key === 'string' && key.toLowerCase() === local.toLowerCase();
  }

  async alert(): Promise<SpamFilterAlert> {
    const state = await this.repository.state();
    return { code: state.alertCode ?? false, message: state.alertMessage ?? false };
  }

  async deleteAlert(): Promise<SpamFilterAlert> {
    await this.repository.updateState({ alertCode: null, alertMessage: null });
    return this.alert();
  }

  /** POST /alert: the alert is dropped and the key verified again, which stores any alert the service sends. */
  async refreshAlert(): Promise<SpamFilterAlert> {
    await this.deleteAlert();
    const key = await this.apiKey();
    if (key && key.length === 12) {
      const answer = await this.client.call('verify-key', { key, api_key: key, blog: this.config.siteUrl });
      if (answer.ok) await this.updateAlert(answer.headers);
    }
    return this.alert();
  }

  /** Akismet::update_alert: every answer of the service sets or clears the stored alert. */
  async updateAlert(headers: Record<string, string>): Promise<void> {
    const code = headers['x-akismet-alert-code'] ?? null;
    const message = headers['x-akismet-alert-msg'] ?? null;
    const state = await this.repository.state();
    if (state.alertCode !== code || state.alertMessage !== message) {
      await this.repository.updateState({ alertCode: code, alertMessage: message });
    }
  }

  /** GET /stats: the service's figures for the interval, or `[]` when it does not answer. */
  async remoteStats(interval: string): Promise<Record<string, unknown> | []> {
    const key = await this.apiKey();
    if (!key) return [];
    const answer: ServiceAnswer = await this.client.call('get-stats', {
      blog: this.config.siteUrl,
      key,
      api_key: key,
      from: interval,
    });
    if (!answer.ok || answer.body === '') return [];
    await this.updateAlert(answer.headers);
    try {
      return { [interval]: JSON.parse(answer.body) as unknown };
    } catch {
      return [];
    }
  }

  /** The filter's own figures for an interval (an extension: they are there when the service is not). */
  async localStats(interval: StatsInterval): Promise<Record<string, LocalStats>> {
    const since =
      interval === 'all'
        ? null
        : formatWpDate(
            DateTime.fromSQL(nowUtc(), { zone: 'utc' }).minus(
              interval === '60-days' ? { days: 60 } : { months: 6 },
            ),
          );
    const counts = await this.repository.countEvents(since);
    const count = (...names: string[]) => names.reduce((sum, name) => sum + (counts.get(name) ?? 0), 0);
    return {
      [interval]: {
        spam: count('check-spam', 'recheck-spam', 'discarded'),
        ham: count('check-ham', 'recheck-ham'),
        missed_spam: count('missed-spam'),
        false_positives: count('false-positive'),
        discarded: count('discarded'),
        unchecked: count('check-error'),
      },
    };
  }
}
