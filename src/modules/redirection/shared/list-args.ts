import { applyDecorators } from '@nestjs/common';
import { IsArray, IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { Arg } from '../../../platform/rest';
import { RedirectionErrors } from '../redirection.errors';

/**
 * The arguments Redirection's list and bulk routes share (Redirection_Api_Filter_Route::get_filter_args), as
 * composite decorators: class-validator states type, range and enum, `@Arg` the description, the default and
 * the plugin's own filter check. `@RedirectionArgs.direction()`.
 */
export const RedirectionArgs = {
  /** `filterBy`: an object whose keys are the route's filters (validate_filter); no type, as the plugin. */
  filterBy: (allowed: readonly string[]) =>
    applyDecorators(
      IsOptional(),
      Arg({
        description: 'Field to filter by',
        validate: (value) => {
          if (typeof value !== 'object' || value === null || Array.isArray(value))
            return RedirectionErrors.filterNotArray();
          for (const key of Object.keys(value)) {
            if (!allowed.includes(key)) return RedirectionErrors.filterNotSupported(key);
          }
          return true;
        },
        sanitize: (value) => {
          const filters: Record<string, string> = {};
          for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
            if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean')
              filters[key] = String(raw);
          }
          return filters;
        },
      }),
    ),
  /** `orderby`: the route's sortable fields, or `''` (the plugin's default order). */
  orderby: (values: readonly string[]) =>
    applyDecorators(
      IsOptional(),
      IsString(),
      IsIn([...values, '']),
      Arg({ description: 'Field to order results by' }),
    ),
  direction: () =>
    applyDecorators(
      IsOptional(),
      IsString(),
      IsIn(['asc', 'desc']),
      // the plugin's keyword order
      Arg(
        { description: 'Direction of ordered results', default: 'desc' },
        { order: ['description', 'type', 'default', 'enum'] },
      ),
    ),
  perPage: () =>
    applyDecorators(
      IsOptional(),
      IsInt(),
      Min(5),
      Max(200),
      Arg({ description: 'Number of results per page', default: 25 }),
    ),
  /** `page` counts from 0 in Redirection. */
  page: () =>
    applyDecorators(
      IsOptional(),
      IsInt(),
      Min(0),
      // the plugin's keyword order
      Arg(
        { description: 'Page offset', default: 0 },
        { order: ['description', 'type', 'minimum', 'default'] },
      ),
    ),
  /** The bulk routes' `items`: IDs as strings or numbers (a WordPress multi-type, stated by `@Arg`). */
  items: (description = 'Comma separated list of item IDs to perform action on') =>
    applyDecorators(
      IsOptional(),
      IsArray(),
      Arg({ description, items: { description: 'Item ID', type: ['string', 'number'] } }),
    ),
};

/** The list set shared by every list and bulk route; subclasses redeclare `filterBy` and `orderby` (same place). */
export abstract class ListSetArgs {
  @RedirectionArgs.filterBy([])
  filterBy?: Record<string, string>;

  @RedirectionArgs.orderby([])
  orderby?: string;

  @RedirectionArgs.direction()
  direction: 'asc' | 'desc';

  @RedirectionArgs.perPage()
  per_page: number;

  @RedirectionArgs.page()
  page: number;
}

/** The list query a service receives. */
export interface ListQuery {
  filters: Record<string, string>;
  orderby: string;
  direction: 'asc' | 'desc';
  perPage: number;
  page: number;
}

export function listQueryOf(args: ListSetArgs): ListQuery {
  return {
    filters: args.filterBy ?? {},
    orderby: args.orderby ?? '',
    direction: args.direction,
    perPage: args.per_page,
    page: args.page,
  };
}

export interface ListResult<T> {
  items: T[];
  total: number;
}
