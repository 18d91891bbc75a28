import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../platform/config';
import { Transients } from '../../platform/database';
import { PageBuilderErrors } from './page-builder.errors';

const TIMEOUT_MS = 8_000;
const MEDIA_FIELDS = 'id,caption,media_type,media_url,permalink,thumbnail_url,timestamp,username';
const CHILD_FIELDS = 'id,media_type,media_url,thumbnail_url,timestamp';

export interface SocialMediaItem {
  id: string;
  [field: string]: unknown;
}

/**
 * `bld/social`: the site's social media feed, proxied from an Instagram-Graph-style API (`/me/media`,
 * `/{id}/children`) with the site's token, cached in the database for every instance. The token never leaves
 * the server: paging links that carry it are dropped.
 */
@Injectable()
export class SocialFeedService {
  private readonly logger = new Logger('SocialFeedService');

  constructor(
    private readonly config: AppConfig,
    private readonly cache: Transients,
  ) {}

  media(): Promise<SocialMediaItem[]> {
    return this.fetchList('/me/media', MEDIA_FIELDS);
  }

  children(id: string): Promise<SocialMediaItem[]> {
    if (!/^\d+$/.test(id)) return Promise.resolve([]);
    return this.fetchList(`/${encodeURIComponent(id)}/children`, CHILD_FIELDS);
  }

  private async fetchList(path: string, fields: string): Promise<SocialMediaItem[]> {
    const base = this.config.socialApiUrl;
    if (!base) throw PageBuilderErrors.socialNotConfigured();
    const key = `bld_social_${createHash('md5').update(`${base}${path}`).digest('hex')}`;
    const cached = await this.cache.get(key);
    if (cached && Array.isArray(cached.data)) return cached.data as SocialMediaItem[];

    const url = new URL(`${base.replace(/\/+$/, '')}${path}`);
    url.searchParams.set('fields', fields);
    if (this.config.socialApiToken) url.searchParams.set('access_token', this.config.socialApiToken);
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(url, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
      body = await response.json().catch(() => null);
    } catch (error) {
      this.logger.warn({ err: error, path }, 'social API unreachable');
      throw PageBuilderErrors.socialUnavailable();
    }
    if (!response.ok) throw this.remoteError(response.status, body);
    const data = (body as { data?: unknown } | null)?.data;
    if (!Array.isArray(data))
      throw PageBuilderErrors.socialApiError(
        'The social media service answered without data.',
        response.status,
      );
    const items = data.filter(
      (item): item is SocialMediaItem => typeof item === 'object' && item !== null && 'id' in item,
    );
    if (this.config.socialCacheSeconds > 0) {
      await this.cache.put(key, `${base}${path}`, { data: items }, this.config.socialCacheSeconds);
    }
    return items;
  }

  private remoteError(status: number, body: unknown) {
    const error = (body as { error?: { message?: unknown; code?: unknown } } | null)?.error;
    // The Graph API answers 400 with code 100 for an object that does not exist.
    if (status === 404 || (status === 400 && error?.code === 100)) return PageBuilderErrors.socialInvalidId();
    const message =
      typeof error?.message === 'string' ? error.message : `The social media service answered ${status}.`;
    return PageBuilderErrors.socialApiError(message, status);
  }
}
