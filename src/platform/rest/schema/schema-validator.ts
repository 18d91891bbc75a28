import type { JsonSchema, SchemaType } from './json-schema';

/** An inner validation error, as WordPress nests it in `data.details[name]`. */
export interface SchemaIssue {
  code: string;
  message: string;
  data: unknown;
}

const issue = (code: string, message: string, data: unknown = null): SchemaIssue => ({ code, message, data });

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}(?::\d{2})?)?$/;
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX_COLOR = /^#([A-Fa-f0-9]{3}){1,2}$/;
const INTEGER_STRING = /^\s*[+-]?\d+\s*$/;
const NUMERIC_STRING = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/** WordPress's wp_parse_list: split on commas and whitespace, drop empty pieces. */
export function parseList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === null || value === undefined || value === '') return [];
  if (typeof value === 'object') return Object.values(value as object);
  return String(value)
    .split(/[\s,]+/)
    .filter((piece) => piece !== '');
}

export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && NUMERIC_STRING.test(value);
}

/**
 * WordPress's rest_is_integer, limited to integers JavaScript (and the database) hold exactly: `1e20` or a
 * 20-digit page number is "not of type integer" (400) instead of an overflowing SQL OFFSET (500).
 */
export function isIntegerLike(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value);
  if (typeof value !== 'string') return false;
  if (!INTEGER_STRING.test(value) && !isNumeric(value)) return false;
  return Number.isSafeInteger(Number(value));
}

export function isBooleanLike(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value === 'number') return value === 0 || value === 1;
  return typeof value === 'string' && ['true', 'false', '1', '0'].includes(value.toLowerCase());
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isObjectLike(value: unknown): boolean {
  return isPlainObject(value) || value === '';
}

function isArrayLike(value: unknown): boolean {
  if (Array.isArray(value)) return true;
  if (typeof value === 'string' || typeof value === 'number') return true;
  return isPlainObject(value) && Object.keys(value).every((key) => /^\d+$/.test(key));
}

const TYPE_CHECKS: Record<SchemaType, (value: unknown) => boolean> = {
  null: (value) => value === null,
  boolean: isBooleanLike,
  integer: isIntegerLike,
  number: isNumeric,
  string: (value) => typeof value === 'string',
  array: isArrayLike,
  object: isObjectLike,
};

/** Picks the type of a multi-type schema the way WordPress does (first listed type that accepts the value). */
function resolveType(value: unknown, types: SchemaType[]): SchemaType | undefined {
  if (types.includes('string') && value === '') return 'string';
  return types.find((type) => TYPE_CHECKS[type](value));
}

function oxfordList(values: readonly unknown[]): string {
  const words = values.map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)));
  if (words.length <= 1) return words.join('');
  if (words.length === 2) return `${words[0]} and ${words[1]}`;
  return `${words.slice(0, -1).join(', ')}, and ${words[words.length - 1]}`;
}

function looselyEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isNumeric(a) && isNumeric(b) && typeof a !== 'boolean' && typeof b !== 'boolean')
    return Number(a) === Number(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

function validateEnum(value: unknown, schema: JsonSchema, name: string): SchemaIssue | null {
  if (!schema.enum) return null;
  const sanitized = sanitizeValue(value, { ...schema, enum: undefined });
  if (schema.enum.some((allowed) => looselyEqual(allowed, sanitized))) return null;
  if (schema.enum.length === 1)
    return issue('rest_not_in_enum', `${name} is not ${oxfordList(schema.enum)}.`);
  return issue('rest_not_in_enum', `${name} is not one of ${oxfordList(schema.enum)}.`);
}

function validateNumberRange(value: number, schema: JsonSchema, name: string): SchemaIssue | null {
  const { minimum, maximum } = schema;
  if (schema.multipleOf && value % schema.multipleOf !== 0) {
    return issue('rest_invalid_multiple', `${name} must be a multiple of ${schema.multipleOf}.`);
  }
  const belowMin = minimum !== undefined && (schema.exclusiveMinimum ? value <= minimum : value < minimum);
  const aboveMax = maximum !== undefined && (schema.exclusiveMaximum ? value >= maximum : value > maximum);
  if (!belowMin && !aboveMax) return null;
  const fmt = (n: number) => String(Math.trunc(n));
  if (minimum !== undefined && maximum !== undefined) {
    const lo = schema.exclusiveMinimum ? 'exclusive' : 'inclusive';
    const hi = schema.exclusiveMaximum ? 'exclusive' : 'inclusive';
    return issue(
      'rest_out_of_bounds',
      `${name} must be between ${fmt(minimum)} (${lo}) and ${fmt(maximum)} (${hi})`,
    );
  }
  if (minimum !== undefined) {
    const rel = schema.exclusiveMinimum ? 'greater than' : 'greater than or equal to';
    return issue('rest_out_of_bounds', `${name} must be ${rel} ${fmt(minimum)}`);
  }
  const rel = schema.exclusiveMaximum ? 'less than' : 'less than or equal to';
  return issue('rest_out_of_bounds', `${name} must be ${rel} ${fmt(maximum as number)}`);
}

function validateString(value: string, schema: JsonSchema, name: string): SchemaIssue | null {
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) {
    return issue(
      'rest_too_short',
      `${name} must be at least ${schema.minLength} character${schema.minLength === 1 ? '' : 's'} long.`,
    );
  }
  if (schema.maxLength !== undefined && length > schema.maxLength) {
    return issue(
      'rest_too_long',
      `${name} must be at most ${schema.maxLength} character${schema.maxLength === 1 ? '' : 's'} long.`,
    );
  }
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) {
    return issue('rest_invalid_pattern', `${name} does not match pattern ${schema.pattern}.`);
  }
  switch (schema.format) {
    case 'date-time':
      if (!DATE_TIME.test(value) || Number.isNaN(Date.parse(value.replace(' ', 'T')))) {
        return issue('rest_invalid_date', 'Invalid date.');
      }
      break;
    case 'email':
      if (!EMAIL.test(value)) return issue('rest_invalid_email', 'Invalid email address.');
      break;
    case 'uuid':
      if (!UUID.test(value)) return issue('rest_invalid_uuid', `${name} is not a valid UUID.`);
      break;
    case 'hex-color':
      if (!HEX_COLOR.test(value)) return issue('rest_invalid_hex_color', 'Invalid hex color.');
      break;
    case 'ip':
      if (!/^(\d{1,3}\.){3}\d{1,3}$/.test(value) && !/^[0-9a-f:]+$/i.test(value)) {
        return issue('rest_invalid_ip', `${name} is not a valid IP address.`);
      }
      break;
    default:
      break;
  }
  return null;
}

function validateArray(value: unknown, schema: JsonSchema, name: string): SchemaIssue | null {
  const list = parseList(value);
  if (schema.items) {
    for (let index = 0; index < list.length; index++) {
      const problem = validateValue(list[index], schema.items, `${name}[${index}]`);
      if (problem) return problem;
    }
  }
  if (schema.minItems !== undefined && list.length < schema.minItems) {
    return issue(
      'rest_too_few_items',
      `${name} must contain at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}.`,
    );
  }
  if (schema.maxItems !== undefined && list.length > schema.maxItems) {
    return issue(
      'rest_too_many_items',
      `${name} must contain at most ${schema.maxItems} item${schema.maxItems === 1 ? '' : 's'}.`,
    );
  }
  if (schema.uniqueItems) {
    const seen = list.map((item) => JSON.stringify(schema.items ? sanitizeValue(item, schema.items) : item));
    if (new Set(seen).size !== seen.length)
      return issue('rest_duplicate_items', `${name} has duplicate items.`);
  }
  return null;
}

function validateObject(value: unknown, schema: JsonSchema, name: string): SchemaIssue | null {
  const object = isPlainObject(value) ? value : {};
  const properties = schema.properties ?? {};
  for (const [property, propertySchema] of Object.entries(properties)) {
    if (propertySchema.required && object[property] === undefined) {
      return issue('rest_property_required', `${property} is a required property of ${name}.`);
    }
  }
  for (const [key, propertyValue] of Object.entries(object)) {
    const propertySchema = properties[key];
    if (propertySchema) {
      const problem = validateValue(propertyValue, propertySchema, `${name}[${key}]`);
      if (problem) return problem;
    } else if (schema.additionalProperties === false) {
      return issue('rest_additional_properties_forbidden', `${key} is not a valid property of Object.`);
    } else if (typeof schema.additionalProperties === 'object') {
      const problem = validateValue(propertyValue, schema.additionalProperties, `${name}[${key}]`);
      if (problem) return problem;
    }
  }
  const count = Object.keys(object).length;
  if (schema.minProperties !== undefined && count < schema.minProperties) {
    return issue(
      'rest_too_few_properties',
      `${name} must contain at least ${schema.minProperties} ${schema.minProperties === 1 ? 'property' : 'properties'}.`,
    );
  }
  if (schema.maxProperties !== undefined && count > schema.maxProperties) {
    return issue(
      'rest_too_many_properties',
      `${name} must contain at most ${schema.maxProperties} ${schema.maxProperties === 1 ? 'property' : 'properties'}.`,
    );
  }
  return null;
}

function formatCombinationError(
  name: string,
  failure: { schema: JsonSchema; problem: SchemaIssue; index: number },
): SchemaIssue {
  const label = failure.schema.title
    ? `${name} is not a valid ${failure.schema.title}.`
    : `${name} does not match the expected format.`;
  return issue('rest_no_matching_schema', `${label} Reason: ${failure.problem.message}`, {
    position: failure.index,
  });
}

/** WordPress's rest_find_{any,one}_matching_schema + rest_get_combining_operation_error. */
function validateCombination(
  value: unknown,
  schemas: JsonSchema[],
  name: string,
  oneOf: boolean,
): SchemaIssue | null {
  const failures: Array<{ schema: JsonSchema; problem: SchemaIssue; index: number }> = [];
  const matches: number[] = [];
  schemas.forEach((candidate, index) => {
    const problem = validateValue(value, candidate, name);
    if (problem) failures.push({ schema: candidate, problem, index });
    else matches.push(index);
  });
  if (matches.length === 1 || (!oneOf && matches.length > 0)) return null;
  if (matches.length > 1) {
    const titles = matches.map((i) => schemas[i].title).filter(Boolean);
    const message =
      titles.length === matches.length
        ? `${name} matches ${oxfordList(titles)}, but should match only one.`
        : `${name} matches more than one of the expected formats.`;
    return issue('rest_one_of_multiple_matches', message, { positions: matches });
  }
  if (failures.length === 1) return formatCombinationError(name, failures[0]);
  // Drop type mismatches of the value itself (not of a nested item), as WordPress does.
  const relevant = failures.filter(
    (f) =>
      f.problem.code !== 'rest_invalid_type' || (f.problem.data as { param?: string } | null)?.param !== name,
  );
  if (relevant.length === 1) return formatCombinationError(name, relevant[0]);
  if (relevant.length > 1 && relevant[0].schema.type === 'object' && isPlainObject(value)) {
    // Only object errors: the branch sharing the most property names with the value explains best.
    let best: (typeof relevant)[number] | null = null;
    let most = 0;
    for (const failure of relevant) {
      if (!failure.schema.properties) continue;
      const shared = Object.keys(failure.schema.properties).filter((key) => key in value).length;
      if (shared > most) {
        best = failure;
        most = shared;
      }
    }
    if (best) return formatCombinationError(name, best);
  }
  const titles = failures.map((f) => f.schema.title).filter(Boolean);
  if (titles.length === failures.length) {
    return issue('rest_no_matching_schema', `${name} is not a valid ${oxfordList(titles)}.`);
  }
  return issue('rest_no_matching_schema', `${name} does not match any of the expected formats.`);
}

/** WordPress's rest_validate_value_from_schema: the first problem found, or null. */
export function validateValue(value: unknown, schema: JsonSchema, name: string): SchemaIssue | null {
  if (schema.anyOf) return validateCombination(value, schema.anyOf, name, false);
  if (schema.oneOf) return validateCombination(value, schema.oneOf, name, true);
  if (schema.type === undefined) return validateEnum(value, schema, name);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = resolveType(value, types);
  if (!type) {
    if (types.includes('integer') && !types.includes('number') && isNumeric(value) && types.length === 1) {
      const rangeProblem = validateNumberRange(Number(value), schema, name);
      if (rangeProblem) return rangeProblem;
    }
    return issue('rest_invalid_type', `${name} is not of type ${types.join(',')}.`, { param: name });
  }
  if (type === 'integer' || type === 'number') {
    const rangeProblem = validateNumberRange(Number(value), schema, name);
    if (rangeProblem) return rangeProblem;
  }
  if (type === 'string') {
    const stringProblem = validateString(value as string, schema, name);
    if (stringProblem) return stringProblem;
  }
  if (type === 'array') {
    const arrayProblem = validateArray(value, schema, name);
    if (arrayProblem) return arrayProblem;
  }
  if (type === 'object') {
    const objectProblem = validateObject(value, schema, name);
    if (objectProblem) return objectProblem;
  }
  return validateEnum(value, { ...schema, type }, name);
}

function sanitizeString(value: string, schema: JsonSchema): string {
  switch (schema.format) {
    case 'date-time':
    case 'email':
    case 'ip':
    case 'uuid':
    case 'text-field':
      return sanitizeTextField(value);
    case 'textarea-field':
      return value.replace(/<[^>]*>/g, '').trim();
    case 'uri':
      return sanitizeUrl(value);
    default:
      return value;
  }
}

/** WordPress's sanitize_text_field for the common cases: no tags, no line breaks, single spaces, trimmed. */
export function sanitizeTextField(value: string): string {
  return value
    .replace(/<[^>]*>/g, '')
    .replace(/[\r\n\t ]+/g, ' ')
    .trim();
}

/** WordPress's sanitize_url: empty for schemes other than http(s), mailto and relative URLs. */
export function sanitizeUrl(value: string): string {
  const trimmed = value.trim().replace(/\s/g, '%20');
  if (trimmed === '') return '';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme && !['http', 'https', 'mailto', 'ftp', 'ftps', 'tel'].includes(scheme)) return '';
  return trimmed;
}

/** WordPress's rest_sanitize_value_from_schema, for a value that passed validation. */
export function sanitizeValue(value: unknown, schema: JsonSchema): unknown {
  if (schema.anyOf || schema.oneOf) {
    const candidates = (schema.anyOf ?? schema.oneOf) as JsonSchema[];
    const match = candidates.find((candidate) => validateValue(value, candidate, '') === null);
    return match ? sanitizeValue(value, match) : value;
  }
  if (schema.type === undefined) return value;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = resolveType(value, types) ?? types[0];
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      if (typeof value === 'string') return !['false', '0', ''].includes(value.toLowerCase());
      return Boolean(value);
    case 'integer':
      return Math.trunc(Number(value)) || 0;
    case 'number':
      return Number(value) || 0;
    case 'string':
      return sanitizeString(String(value), schema);
    case 'array': {
      const list = parseList(value);
      return schema.items ? list.map((item) => sanitizeValue(item, schema.items as JsonSchema)) : list;
    }
    case 'object': {
      if (!isPlainObject(value)) return {};
      const properties = schema.properties ?? {};
      const result: Record<string, unknown> = {};
      for (const [key, propertyValue] of Object.entries(value)) {
        if (properties[key]) result[key] = sanitizeValue(propertyValue, properties[key]);
        else if (schema.additionalProperties === false) continue;
        else if (typeof schema.additionalProperties === 'object')
          result[key] = sanitizeValue(propertyValue, schema.additionalProperties);
        else result[key] = propertyValue;
      }
      return result;
    }
    default:
      return value;
  }
}
