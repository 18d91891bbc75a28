import { applyDecorators } from '@nestjs/common';
import { IsArray, IsBoolean, IsIn, IsInt, IsISO8601, IsObject, IsOptional, IsString } from 'class-validator';
import { Arg, type ArgOptions } from './arg.decorator';
import type { ArgSpec } from './json-schema';

/**
 * Shorthands for the common shapes of an optional argument: the class-validator rules of the type plus `@Arg`
 * with the description and whatever else `spec` states (default, callbacks): `@OptionalArg.int('Parent ID.')`.
 */
export const OptionalArg = {
  int: (description: string, spec: ArgSpec = {}, options?: ArgOptions) =>
    applyDecorators(IsOptional(), IsInt(), Arg({ description, ...spec }, options)),
  string: (description: string, spec: ArgSpec = {}, options?: ArgOptions) =>
    applyDecorators(IsOptional(), IsString(), Arg({ description, ...spec }, options)),
  boolean: (description: string, spec: ArgSpec = {}, options?: ArgOptions) =>
    applyDecorators(IsOptional(), IsBoolean(), Arg({ description, ...spec }, options)),
  /** A string out of a list of values. */
  oneOf: (values: readonly string[], description: string, spec: ArgSpec = {}, options?: ArgOptions) =>
    applyDecorators(IsOptional(), IsString(), IsIn([...values]), Arg({ description, ...spec }, options)),
  /** A list of IDs (`"1,2"` or `[1, 2]`), none by default. */
  ids: (description: string) =>
    applyDecorators(IsOptional(), IsArray(), IsInt({ each: true }), Arg({ description, default: [] })),
  /** An ISO 8601 date-time filter (`after`, `before`, ...). */
  dateTime: (description: string) => applyDecorators(IsOptional(), IsISO8601(), Arg({ description })),
  /** A date to write: WordPress's multi-type (a date-time string, or null to reset it). */
  nullableDateTime: (description: string) =>
    applyDecorators(IsOptional(), IsISO8601(), Arg({ description, type: ['string', 'null'] })),
  /**
   * A rendered text field as input (`title`, `content`...): shown as the item schema's object, but not checked
   * against it (WordPress's `arg_options` have no validate_callback), so a string or `{raw}` is taken.
   */
  renderedText: (schema: ArgSpec) => {
    const { context: _context, type: _type, ...shown } = schema;
    return applyDecorators(IsOptional(), IsObject(), Arg({ ...shown, validateSchema: false } as ArgSpec));
  },
};

/** A rendered text field's input: a string, or `{raw}`. */
export type RenderedInput = string | { raw?: string };
