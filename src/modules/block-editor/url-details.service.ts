import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SafeHttpClient } from '../../platform/common/http';
import { Transients } from '../../platform/database';
import { BlockEditorErrors } from './block-editor.errors';
import { parseUrlDetails, UrlDetails } from './url-details.parser';

/** WordPress keeps a URL's details for an hour. */
export const URL_DETAILS_TTL_SECONDS = 60 * 60;
const MAX_BYTES = 150 * 1024;

/** `core-block-editor/v1/url-details`: the title, icon, description and image of a page, fetched safely and cached. */
@Injectable()
export class UrlDetailsService {
  constructor(
    private readonly http: SafeHttpClient,
    private readonly cache: Transients,
  ) {}

  /** Whether the URL may be fetched at all (WordPress's wp_http_validate_url on the argument). */
  isFetchable(url: string): Promise<boolean> {
    return this.http.isAllowed(url);
  }

  async details(url: string): Promise<UrlDetails> {
    const key = `g_url_details_response_${createHash('md5').update(url).digest('hex')}`.slice(0, 64);
    const cached = await this.cache.get(key);
    if (cached) return cached as unknown as UrlDetails;
    const response = await this.http.get(url, MAX_BYTES);
    if (!response || response.status !== 200) throw BlockEditorErrors.noResponse();
    if (response.body.trim() === '') throw BlockEditorErrors.noContent();
    const details = parseUrlDetails(response.body, response.url);
    await this.cache.put(key, url, details, URL_DETAILS_TTL_SECONDS);
    return details;
  }
}
