import { applyDecorators } from '@nestjs/common';
import { IsInt, IsOptional, Min } from 'class-validator';
import type { RestCall } from '../../../platform/rest';
import { Arg, paginated, RestResponse, totalPages, KeywordOrder } from '../../../platform/rest';
import { tecError } from './tec-messages';

/** TEC's maximum `per_page` for every archive (`tribe_rest_*_max_per_page`). */
export const TEC_MAX_PER_PAGE = 50;

/** The Events Calendar declares its arguments type (or items) first, then the description. */
export const TEC_KEYWORD_ORDER = ['type', 'items', 'description'];
/** WordPress's `posts_per_page` default, TEC's default `per_page`. */
export const TEC_DEFAULT_PER_PAGE = 10;

/** `page`: a positive integer, 1 by default. */
export function ArchivePage(): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    IsInt(),
    Min(1),
    Arg({ description: 'The archive page to return.', default: 1 }, { order: KeywordOrder.defaultFirst }),
  );
}

/**
 * `per_page`: a positive integer; values above the maximum are clamped, not rejected
 * (`Archive_Base::sanitize_per_page`).
 */
export function ArchivePerPage(
  description = 'The number of items to return on each page.',
  maximum = TEC_MAX_PER_PAGE,
): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    IsInt(),
    Min(1),
    Arg(
      {
        description,
        default: TEC_DEFAULT_PER_PAGE,
        sanitize: (value) => Math.min(maximum, Math.trunc(Number(value))),
      },
      { order: KeywordOrder.defaultFirst },
    ),
  );
}

export type TecArchiveKey = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';

export interface TecArchivePage<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
}

export interface TecArchiveOptions {
  key: TecArchiveKey;
  /** Collection route with trailing slash, e.g. `/cal/events/v1/venues/`. */
  route: string;
  /** Effective query echoed in `rest_url` (without `page`); term archives echo nothing. */
  query?: Record<string, unknown>;
  /** Posts archives (events, venues, organizers) answer 404 with this message for a page past the end. */
  pageNotFound?: 'eventArchivePageNotFound' | 'venueArchivePageNotFound' | 'organizerArchivePageNotFound';
}

/**
 * TEC's archive envelope `{<key>, rest_url, next_rest_url?, previous_rest_url?, total, total_pages}` with
 * `X-TEC-Total`/`X-TEC-TotalPages`. Posts archives put the list first; term archives emit `rest_url`,
 * `total`, `total_pages`, the list, then next/previous (`Term_Archive_Base::get`).
 */
export function tecArchive<T>(
  call: RestCall<any>,
  page: TecArchivePage<T>,
  options: TecArchiveOptions,
): RestResponse {
  const pages = totalPages({ total: page.total, perPage: page.perPage });
  const isTerms = options.pageNotFound === undefined;
  if (!isTerms && page.page > 1 && page.items.length === 0) throw tecError(options.pageNotFound!);

  // Posts archives echo page, per_page and the effective filters; term archives only ever carry `page`.
  // Values go in as they are, not percent-encoded, as TEC's add_query_arg leaves them
  // (`start_date=2024-01-01 00:00:00`).
  const url = (query: Record<string, unknown>) => {
    const base = call.urls.route(options.route);
    const pairs = Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => `${key}=${String(value)}`);
    return pairs.length ? `${base}${base.includes('?') ? '&' : '?'}${pairs.join('&')}` : base;
  };
  const at = (pageNumber: number) => {
    const withPage = pageNumber > 1 ? { page: pageNumber } : {};
    return url(isTerms ? withPage : { ...withPage, per_page: page.perPage, ...(options.query ?? {}) });
  };
  const restUrl = isTerms
    ? url({})
    : url({ page: page.page, per_page: page.perPage, ...(options.query ?? {}) });
  const next = page.page < pages ? at(page.page + 1) : undefined;
  const previous = page.page > 1 ? at(page.page - 1) : undefined;

  let envelope: Record<string, unknown>;
  if (isTerms) {
    envelope = { rest_url: restUrl, total: page.total, total_pages: pages, [options.key]: page.items };
    if (next) envelope.next_rest_url = next;
    if (previous) envelope.previous_rest_url = previous;
  } else {
    envelope = { [options.key]: page.items, rest_url: restUrl };
    if (next) envelope.next_rest_url = next;
    if (previous) envelope.previous_rest_url = previous;
    envelope.total = page.total;
    envelope.total_pages = pages;
  }
  return paginated(call, envelope, { total: page.total, page: page.page, perPage: page.perPage }, 'tec');
}
