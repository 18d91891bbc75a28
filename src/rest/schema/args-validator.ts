import { RestError, RestErrors } from '../errors';
import type { RestCall } from '../server/rest-call';
import type { ArgSpec } from './json-schema';
import { sanitizeValue, validateValue } from './schema-validator';

/**
 * WordPress's has_valid_params + sanitize_params: missing required args first, then every invalid arg reported
 * together (400 `rest_invalid_param`), then the coerced values with defaults. `raw` reads a sent value.
 */
export async function validateArgs(
  specs: Map<string, ArgSpec>,
  raw: (name: string) => unknown,
  call: RestCall<any>,
): Promise<Record<string, unknown>> {
  const missing = [...specs].filter(
    ([name, spec]) => spec.required && (raw(name) === undefined || raw(name) === null),
  );
  if (missing.length > 0) throw RestErrors.missingParams(missing.map(([name]) => name));

  const values = new Map<string, unknown>();
  const params: Record<string, string> = {};
  const details: Record<string, unknown> = {};
  for (const [name, spec] of specs) {
    const sent = raw(name);
    const value = sent !== undefined ? sent : spec.default;
    if (value === undefined) continue;
    if (value === null && spec.nullable) {
      values.set(name, null);
      continue;
    }
    const problem = spec.validateSchema === false ? null : validateValue(value, spec, name);
    if (problem) {
      params[name] = problem.message;
      details[name] = problem;
      continue;
    }
    if (spec.validate) {
      const custom = await spec.validate(value, call, name);
      if (custom === false) {
        params[name] = 'Invalid parameter.';
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
