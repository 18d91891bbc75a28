import type { RestCall } from '../server/rest-call';
import { RestResponse } from './rest-response';

export interface PageInfo {
  total: number;
  perPage: number;
  page: number;
}

export function totalPages({ total, perPage }: Pick<PageInfo, 'total' | 'perPage'>): number {
  return perPage > 0 ? Math.ceil(total / perPage) : 0;
}

/** URLs of the previous and next pages: the collection URL with the request's query and `page` replaced. */
export function pageUrls(call: RestCall<any>, info: PageInfo): { prev?: string; next?: string } {
  const pages = totalPages(info);
  const at = (page: number) => call.urls.route(call.path, { ...call.query, page });
  const urls: { prev?: string; next?: string } = {};
  if (info.page > 1) urls.prev = at(Math.min(info.page - 1, Math.max(pages, 1)));
  if (pages > info.page) urls.next = at(info.page + 1);
  return urls;
}

export type TotalsHeaderStyle = 'wp' | 'tec';

/**
 * A collection response with WordPress's paging headers: `X-WP-Total`, `X-WP-TotalPages` and a `Link` header
 * with `prev`/`next` that keep the request's query (or the calendar's `X-TEC-*` names, without `Link`).
 */
export function paginated(
  call: RestCall<any>,
  body: unknown,
  info: PageInfo,
  style: TotalsHeaderStyle = 'wp',
): RestResponse {
  const prefix = style === 'tec' ? 'X-TEC' : 'X-WP';
  const response = new RestResponse(body, 200, {
    [`${prefix}-Total`]: String(info.total),
    [`${prefix}-TotalPages`]: String(totalPages(info)),
  });
  const { prev, next } = pageUrls(call, info);
  const links = [prev && `<${prev}>; rel="prev"`, next && `<${next}>; rel="next"`].filter(Boolean);
  // TEC's archives send no prev/next Link header (their envelope has `previous_rest_url`/`next_rest_url`).
  if (style === 'wp' && links.length > 0) response.setHeader('Link', links.join(', '));
  return response;
}
