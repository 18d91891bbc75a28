import type { ArgSpec, Language, RestCall } from '../../rest';
import { LANGUAGES, RestError } from '../../rest';

/** An existence check run while arguments are validated (before permissions, as WordPress's validate_callback). */
export type ExistenceLookup = (value: unknown, language: Language) => Promise<boolean>;

const lookups = new Map<string, ExistenceLookup>();

/**
 * Argument validators are declared statically on DTOs, without dependency injection; services register
 * the database checks they need here when they are constructed.
 */
export function registerLookup(name: string, lookup: ExistenceLookup): void {
  lookups.set(name, lookup);
}

/**
 * The content language while arguments are still being validated: the platform applies `ml_language`
 * to `call.language` only after validation, so the raw parameter is read here.
 */
export function validationLanguage(call: RestCall<any>): Language {
  const raw =
    (call as { rawParam?: (name: string) => unknown }).rawParam?.('ml_language') ?? call.query?.ml_language;
  return (LANGUAGES as readonly unknown[]).includes(raw) ? (raw as Language) : call.language;
}

/** WordPress's message for a validate_callback returning false. */
export const INVALID_PARAMETER = 'Invalid parameter.';

export function invalidParam(message = INVALID_PARAMETER): RestError {
  return new RestError('rest_invalid_param', message, 400);
}

/** A `validate` callback failing with `rest_invalid_param` when the registered lookup says no. */
export function existsIn(name: string, message = INVALID_PARAMETER): NonNullable<ArgSpec['validate']> {
  return async (value, call) => {
    const lookup = lookups.get(name);
    if (!lookup) throw new Error(`No lookup registered for "${name}"`);
    return (await lookup(value, validationLanguage(call))) ? true : invalidParam(message);
  };
}
