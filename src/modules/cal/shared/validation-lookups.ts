import type { ArgSpec, Language, RestCall } from '../../../platform/rest';
import { DataSource } from 'typeorm';

/** An existence check run while arguments are validated (before permissions, as WordPress's validate_callback). */
export type ExistenceLookup = (value: unknown, language: Language) => Promise<boolean>;

/** Per application (keyed by its DataSource), so several apps in one process never see each other's data. */
const lookupsByDatabase = new WeakMap<DataSource, Map<string, ExistenceLookup>>();

/**
 * Argument validators are declared statically on DTOs, without dependency injection; services register
 * the database checks they need here when they are constructed, and validators find them through the call.
 */
export function registerLookup(dataSource: DataSource, name: string, lookup: ExistenceLookup): void {
  let lookups = lookupsByDatabase.get(dataSource);
  if (!lookups) {
    lookups = new Map();
    lookupsByDatabase.set(dataSource, lookups);
  }
  lookups.set(name, lookup);
}

/** The content language of the call (the platform resolves `ml_language` before validation). */
export function validationLanguage(call: RestCall<any>): Language {
  return call.language;
}

/** WordPress's message for a validate_callback returning false. */
export const INVALID_PARAMETER = 'Invalid parameter.';

/**
 * A failed argument check, as TEC's validators report it (they only say false): `Invalid parameter.` in
 * `data.params` and no `data.details` entry.
 */
export function invalidParam(): false {
  return false;
}

/** A `validate` callback failing with `rest_invalid_param` when the registered lookup says no. */
export function existsIn(name: string): NonNullable<ArgSpec['validate']> {
  return async (value, call) => {
    const lookup = lookupsByDatabase.get(call.resolve(DataSource))?.get(name);
    if (!lookup) throw new Error(`No lookup registered for "${name}"`);
    return (await lookup(value, validationLanguage(call))) ? true : invalidParam();
  };
}
