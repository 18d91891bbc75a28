import { RestError, RestErrors } from '../errors';
import type { RestCall } from '../server/rest-call';
import type { ArgSpec } from './json-schema';
import { sanitizeValue, validateValue } from './schema-validator';

/**
 * The outcome of an argument's default, validated and sanitised once per spec: a list request that sends no
 * parameters otherwise checks and coerces some thirty constant defaults on every request. Only for specs whose
 * checks depend on the value alone (no custom `validate` or `sanitize`, which see the call).
 */
/** WordPress's message for a parameter its validate_callback refused with false. */
const INVALID_PARAMETER = 'Invalid parameter.';

type DefaultOutcome = { ok: true; value: unknown } | { ok: false };

const defaultOutcomes = new WeakMap<ArgSpec, DefaultOutcome>();

function defaultOutcome(spec: ArgSpec, name: string): DefaultOutcome {
  let outcome = defaultOutcomes.get(spec);
  if (!outcome) {
    const value = spec.default;
    outcome =
      spec.validate || spec.sanitize || value === undefined || (value === null && spec.nullable)
        ? { ok: false }
        : spec.validateSchema === false
          ? { ok: true, value }
          : validateValue(value, spec, name)
            ? { ok: false }
            : { ok: true, value: sanitizeValue(value, spec) };
    defaultOutcomes.set(spec, outcome);
  }
  return outcome;
}

/** A fresh copy of a cached value: handlers may change the arrays and objects of their arguments. */
function copyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyOf);
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = copyOf(item);
    return copy;
  }
  return value;
}

/**
 * WordPress's has_valid_params + sanitize_params: missing required args first, then every invalid arg reported
 * together (400 `rest_invalid_param`), then the coerced values with defaults. `raw` reads a sent value.
 */
/**
 * Longest `search` on every route: searches become SQL `LIKE` patterns, which SQLite caps at 50,000 bytes (a
 * 60,000-character search was a 500 on 14 routes). 10,000 characters stay below it in any script.
 */
export const MAX_SEARCH_LENGTH = 10_000;
const SEARCH_SCHEMA = { type: 'string', maxLength: MAX_SEARCH_LENGTH } as const;

export async function validateArgs(
  specs: Map<string, ArgSpec>,
  raw: (name: string) => unknown,
  call: RestCall<any>,
): Promise<Record<string, unknown>> {
  const sentValues = new Map<string, unknown>();
  let missing: string[] | undefined;
  for (const [name, spec] of specs) {
    const sent = raw(name);
    if (sent !== undefined) sentValues.set(name, sent);
    if (spec.required && (sent === undefined || sent === null)) (missing ??= []).push(name);
  }
  if (missing) throw RestErrors.missingParams(missing);

  const values = new Map<string, unknown>();
  /** Defaults taken from their precomputed outcome: already sanitised. */
  const ready = new Map<string, unknown>();
  const params: Record<string, string> = {};
  const details: Record<string, unknown> = {};
  for (const [name, spec] of specs) {
    const sent = sentValues.get(name);
    if (sent === undefined && spec.default !== undefined) {
      const outcome = defaultOutcome(spec, name);
      if (outcome.ok) {
        ready.set(name, copyOf(outcome.value));
        values.set(name, undefined);
        continue;
      }
    }
    const value = sent !== undefined ? sent : spec.default;
    if (value === undefined) continue;
    if (value === null && spec.nullable) {
      values.set(name, null);
      continue;
    }
    const problem =
      (spec.validateSchema === false ? null : validateValue(value, spec, name)) ??
      (name === 'search' && typeof value === 'string' && value.length > MAX_SEARCH_LENGTH
        ? validateValue(value, SEARCH_SCHEMA, name)
        : null);
    if (problem) {
      if (spec.opaque) {
        params[name] = INVALID_PARAMETER;
        continue;
      }
      params[name] = problem.message;
      details[name] = problem;
      continue;
    }
    if (spec.validate) {
      const custom = await spec.validate(value, call, name);
      if (custom === false || (custom instanceof RestError && spec.opaque)) {
        params[name] = INVALID_PARAMETER;
        continue;
      }
      if (custom instanceof RestError) {
        params[name] = custom.message;
        details[name] = custom.toBody();
        continue;
      }
    }
    values.set(name, value);
  }
  if (Object.keys(params).length > 0) throw RestErrors.invalidParams(params, details);
  const args: Record<string, unknown> = {};
  for (const [name, value] of values) {
    if (ready.has(name)) {
      args[name] = ready.get(name);
      continue;
    }
    const spec = specs.get(name) as ArgSpec;
    // validateSchema false: WordPress's null validate and sanitize callbacks, the value is taken as sent.
    args[name] =
      value === null && spec.nullable
        ? null
        : spec.sanitize
          ? await spec.sanitize(value, call)
          : spec.validateSchema === false
            ? value
            : sanitizeValue(value, spec);
  }
  return args;
}
