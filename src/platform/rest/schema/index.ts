export { Arg, ArgsKeywordOrder, argSpecsOf } from './arg.decorator';
export type { ArgOptions } from './arg.decorator';
export { INDEX_SCHEMA_KEYWORDS } from './json-schema';
export type { ArgSpec, JsonSchema, SchemaContext, SchemaType } from './json-schema';
export {
  isBooleanLike,
  isIntegerLike,
  isNumeric,
  parseList,
  sanitizeTextField,
  sanitizeUrl,
  sanitizeValue,
  validateValue,
} from './schema-validator';
export type { SchemaIssue } from './schema-validator';
export { CommonArgs, CONTEXTS, KeywordOrder } from './collection-args';
export { OptionalArg } from './optional-args';
export type { RenderedInput } from './optional-args';
export type { Context } from './collection-args';
export { validateArgs } from './args-validator';
export { phpEmpty, phpIntval } from './php-values';
