import { Arg, ArgSpec } from '../../rest';
import { RedirectionErrors } from '../redirection.errors';

/** `filterBy`: an object whose keys are the route's filters (Redirection_Api_Filter_Route::validate_filter). */
export function filterByArg(allowed: readonly string[]): ArgSpec {
  return {
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
  };
}

export const DIRECTION_ARG: ArgSpec = {
  description: 'Direction of ordered results',
  type: 'string',
  default: 'desc',
  enum: ['asc', 'desc'],
};

export const PER_PAGE_ARG: ArgSpec = {
  description: 'Number of results per page',
  type: 'integer',
  default: 25,
  minimum: 5,
  maximum: 200,
};

export const PAGE_ARG: ArgSpec = { description: 'Page offset', type: 'integer', minimum: 0, default: 0 };

export function orderbyArg(values: readonly string[]): ArgSpec {
  return { description: 'Field to order results by', type: 'string', enum: [...values, ''] };
}

export const ITEMS_ARG: ArgSpec = {
  description: 'Comma separated list of item IDs to perform action on',
  type: 'array',
  items: { description: 'Item ID', type: ['string', 'number'] },
};

/** The list set shared by every list and bulk route; subclasses redeclare `filterBy` and `orderby` (same place). */
export abstract class ListSetArgs {
  @Arg(filterByArg([]))
  filterBy?: Record<string, string>;
  @Arg(orderbyArg([]))
  orderby?: string;
  @Arg(DIRECTION_ARG)
  direction: 'asc' | 'desc';
  @Arg(PER_PAGE_ARG)
  per_page: number;
  @Arg(PAGE_ARG)
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
