import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../platform/config';
import { SiteOptions } from '../../platform/database';

/** The installer refreshes subscriptions at most every two hours, however often it is pushed. */
export const SUBSCRIPTION_REFRESH_SECONDS = 2 * 60 * 60;
const LAST_REFRESH = 'installer_last_subscriptions_update';
export const SUBSCRIPTION_OPTION = 'installer_subscription';
const FETCH_TIMEOUT_MS = 10_000;

/** `installer/v1/push/fetch-subscription`: the subscription service's push to refresh its data. */
@Injectable()
export class InstallerService {
  private readonly logger = new Logger('InstallerService');

  constructor(
    private readonly config: AppConfig,
    private readonly options: SiteOptions,
  ) {}

  /** True when this push refreshed the data; false inside the two-hour gate (across all instances). */
  async pushFetchSubscription(): Promise<boolean> {
    if (!(await this.options.claimEvery(LAST_REFRESH, SUBSCRIPTION_REFRESH_SECONDS))) return false;
    const url = this.config.installerSubscriptionUrl;
    if (url) {
      try {
        const response = await fetch(url, {
          headers: { accept: 'application/json', 'x-site-url': this.config.siteUrl },
          signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        await this.options.set(SUBSCRIPTION_OPTION, await response.json());
      } catch (error) {
        // The push is acknowledged either way, as the installer does; the next push after the gate retries.
        this.logger.warn({ err: error, url }, 'subscription refresh failed');
      }
    }
    return true;
  }
}
