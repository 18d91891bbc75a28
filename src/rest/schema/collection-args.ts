import type { ArgSpec } from './json-schema';
import { sanitizeTextField } from './schema-validator';

export const CONTEXTS = ['view', 'embed', 'edit'] as const;
export type Context = (typeof CONTEXTS)[number];

/**
 * The arguments WordPress's controllers share (WP_REST_Controller::get_collection_params and friends),
 * declared once so every route shows the same schema and messages.
 */
export const CommonArgs = {
  context: (defaultValue: Context = 'view'): ArgSpec => ({
    description: 'Scope under which the request is made; determines fields present in response.',
    type: 'string',
    enum: [...CONTEXTS],
    default: defaultValue,
  }),
  page: {
    description: 'Current page of the collection.',
    type: 'integer',
    default: 1,
    minimum: 1,
  } as ArgSpec,
  /** `per_page` 1–maximum; WordPress's revisions declare no default (`null`). */
  perPage: (defaultValue: number | null = 10, maximum = 100): ArgSpec => ({
    description: 'Maximum number of items to be returned in result set.',
    type: 'integer',
    ...(defaultValue === null ? {} : { default: defaultValue }),
    minimum: 1,
    maximum,
  }),
  search: {
    description: 'Limit results to those matching a string.',
    type: 'string',
    sanitize: (value) => sanitizeTextField(String(value)),
  } as ArgSpec,
  exclude: {
    description: 'Ensure result set excludes specific IDs.',
    type: 'array',
    items: { type: 'integer' },
    default: [],
  } as ArgSpec,
  include: {
    description: 'Limit result set to specific IDs.',
    type: 'array',
    items: { type: 'integer' },
    default: [],
  } as ArgSpec,
  offset: {
    description: 'Offset the result set by a specific number of items.',
    type: 'integer',
    minimum: 0,
  } as ArgSpec,
  order: (defaultValue: 'asc' | 'desc'): ArgSpec => ({
    description: 'Order sort attribute ascending or descending.',
    type: 'string',
    default: defaultValue,
    enum: ['asc', 'desc'],
  }),
};
