import { applyDecorators } from '@nestjs/common';
import { IsArray, IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { Arg } from './arg.decorator';
import { sanitizeTextField } from './schema-validator';

/**
 * Keyword orders WordPress's controllers show other than the usual one (description, type, ..., default), as their
 * PHP arrays list them: `@Arg(spec, { order: KeywordOrder.defaultFirst })`.
 */
export const KeywordOrder = {
  /** Collection `order`/`orderby` and the like: description, type, default, enum. */
  defaultBeforeEnum: ['description', 'type', 'default', 'enum'],
  /** A default merged in front of the schema: default, description, type, enum, items. */
  defaultFirst: ['default', 'description', 'type', 'enum', 'items'],
  /** `force`, `reassign`: type, default, description. */
  typeFirst: ['type', 'default', 'description'],
} as const;

export const CONTEXTS = ['view', 'embed', 'edit'] as const;
export type Context = (typeof CONTEXTS)[number];

/**
 * The arguments WordPress's controllers share (WP_REST_Controller::get_collection_params and friends), as
 * composite decorators (class-validator rules + description and default), declared once so every route shows
 * the same schema and messages: `@CommonArgs.page()`.
 */
export const CommonArgs = {
  context: (defaultValue: Context = 'view') =>
    applyDecorators(
      IsOptional(),
      IsString(),
      IsIn([...CONTEXTS]),
      Arg({
        description: 'Scope under which the request is made; determines fields present in response.',
        default: defaultValue,
      }),
    ),
  page: () =>
    applyDecorators(
      IsOptional(),
      IsInt(),
      Min(1),
      Arg({ description: 'Current page of the collection.', default: 1 }),
    ),
  /** `per_page` 1–maximum; WordPress's revisions declare no default (`null`). */
  perPage: (defaultValue: number | null = 10, maximum = 100) =>
    applyDecorators(
      IsOptional(),
      IsInt(),
      Min(1),
      Max(maximum),
      Arg({
        description: 'Maximum number of items to be returned in result set.',
        ...(defaultValue === null ? {} : { default: defaultValue }),
      }),
    ),
  search: () =>
    applyDecorators(
      IsOptional(),
      IsString(),
      Arg({
        description: 'Limit results to those matching a string.',
        sanitize: (value) => sanitizeTextField(String(value)),
      }),
    ),
  exclude: () =>
    applyDecorators(
      IsOptional(),
      IsArray(),
      IsInt({ each: true }),
      Arg({ description: 'Ensure result set excludes specific IDs.', default: [] }),
    ),
  include: () =>
    applyDecorators(
      IsOptional(),
      IsArray(),
      IsInt({ each: true }),
      Arg({ description: 'Limit result set to specific IDs.', default: [] }),
    ),
  // No minimum, as WordPress declares it: the queries take a negative offset as its absolute value (absint).
  offset: () =>
    applyDecorators(
      IsOptional(),
      IsInt(),
      Arg({
        description: 'Offset the result set by a specific number of items.',
        sanitize: (value) => Math.abs(Math.trunc(Number(value))),
      }),
    ),
  order: (defaultValue: 'asc' | 'desc', order: readonly string[] = KeywordOrder.defaultBeforeEnum) =>
    applyDecorators(
      IsOptional(),
      IsString(),
      IsIn(['asc', 'desc']),
      Arg({ description: 'Order sort attribute ascending or descending.', default: defaultValue }, { order }),
    ),
};
