import type { RestCall } from '../server/rest-call';
import type { RestError } from '../errors';

export type SchemaType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';
export type SchemaContext = 'view' | 'edit' | 'embed';

/** The JSON-schema subset WordPress uses for arguments and resource properties. */
export interface JsonSchema {
  $schema?: string;
  title?: string;
  description?: string;
  type?: SchemaType | SchemaType[];
  format?: 'date-time' | 'uri' | 'email' | 'ip' | 'uuid' | 'hex-color' | 'text-field' | 'textarea-field';
  default?: unknown;
  enum?: readonly unknown[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  /** Inside `properties`: whether the property must be present (WordPress's v3 style). */
  required?: boolean;
  /** Resource properties: the contexts a field is shown in. */
  context?: readonly SchemaContext[];
  readonly?: boolean;
}

/** Keywords kept when an argument is shown in the index, in WordPress's order (`required` is added last). */
export const INDEX_SCHEMA_KEYWORDS = [
  'title',
  'description',
  'default',
  'type',
  'format',
  'enum',
  'items',
  'properties',
  'additionalProperties',
  'patternProperties',
  'minProperties',
  'maxProperties',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'anyOf',
  'oneOf',
] as const;

/** One route argument: its schema plus the optional callbacks WordPress allows. */
export interface ArgSpec extends JsonSchema {
  /**
   * Extra rule run after the schema checks. `false` rejects as a WordPress validate_callback returning false
   * (`Invalid parameter.`, no `details` entry); a RestError rejects with its message and a `details` entry.
   */
  validate?: (
    value: unknown,
    call: RestCall<any>,
    name: string,
  ) => boolean | RestError | Promise<boolean | RestError>;
  /**
   * `false`: the value is neither checked against the schema nor sanitised by it (WordPress's `arg_options`
   * with null callbacks, e.g. a post's `title` that may be a string or `{raw}` while declared an object).
   */
  validateSchema?: false;
  /** A null is passed on as is, unvalidated (WordPress skips the validate callback for null parameters). */
  nullable?: boolean;
  /** Replaces the default schema sanitising. */
  sanitize?: (value: unknown, call: RestCall<any>) => unknown;
  /**
   * A failure of this argument is reported as a WordPress validate_callback answering false reports it
   * (`Invalid parameter.`, no `details` entry), whatever rule failed. Set for the arguments of routes declared
   * with OpaqueArgErrors (TEC's validators only say false); `false` keeps an argument's own messages there.
   */
  opaque?: boolean;
}
