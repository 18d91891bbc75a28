import type { ArgSpec } from '../../../../platform/rest';
import { RestError } from '../../../../platform/rest';
import { existsIn, invalidParam } from '../../shared';
import { parseEventDateInput, resolveTimezone } from '../../dates';

/** Argument rules shared by the event DTOs (schema-free checks; database-backed ones run in the service). */

// TEC's validators only say false: `Invalid parameter.` in `data.params`, `data.details: []` (the
// message documents the rule here only).
const invalid = (_name: string, _message = 'Invalid parameter.'): false => false;

/** A `strtotime`-style date, see the grammar in `src/calendar/dates/event-date-parser.ts`. */
export function validEventDate(value: unknown, _call: unknown, name: string): boolean | RestError {
  if (typeof value === 'number' && Number.isFinite(value)) return true;
  if (typeof value !== 'string' || parseEventDateInput(value, 'UTC') === null) {
    return invalid(name, `${name} is not a valid date.`);
  }
  return true;
}

/** Empty (site timezone), an IANA name or `UTC±H[:MM]`. */
export function validTimezone(value: unknown, _call: unknown, name: string): boolean | RestError {
  if (typeof value !== 'string') return invalid(name);
  if (value.trim() === '' || resolveTimezone(value, 'UTC') !== null) return true;
  return invalid(name, `${name} is not a valid timezone.`);
}

/** Empty or an http(s) URL. */
export function validWebsite(value: unknown, _call: unknown, name: string): boolean | RestError {
  if (value === null || value === '') return true;
  if (typeof value === 'string' && /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value.trim())) return true;
  return invalid(name, `${name} is not a valid URL.`);
}

/** A list of term IDs and/or names: CSV string, array, or empty. */
export function validTermList(value: unknown, _call: unknown, name: string): boolean | RestError {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'string' || typeof value === 'number'
      ? [value]
      : null;
  if (list === null || list.some((item) => typeof item !== 'string' && typeof item !== 'number')) {
    return invalid(name, `${name} must be a list of term IDs or names.`);
  }
  return true;
}

/** `cost`: a string, a number, or a list of them. */
export function validCost(value: unknown, _call: unknown, name: string): boolean | RestError {
  const ok = (item: unknown) =>
    typeof item === 'string' || (typeof item === 'number' && Number.isFinite(item));
  if (value === null || ok(value) || (Array.isArray(value) && value.every(ok))) return true;
  return invalid(name, `${name} must be a string or a list of strings.`);
}

/** A venue: ID, `{id}`, inline venue object, or empty. */
export function validVenueInput(value: unknown, _call: unknown, name: string): boolean | RestError {
  // Empty as PHP's empty(): null, "", 0, "0", [].
  if (
    value === null ||
    value === '' ||
    value === 0 ||
    value === '0' ||
    (Array.isArray(value) && value.length === 0)
  )
    return true;
  if (isIdLike(value)) return true;
  if (isPlainObject(value)) {
    if (value.id !== undefined)
      return isIdLike(value.id) ? true : invalid(name, 'The venue ID is not valid.');
    if (typeof value.venue === 'string' && value.venue.trim() !== '') return true;
    return invalid(name, 'A new venue needs a "venue" name.');
  }
  return invalid(name, 'The venue must be an ID, an object with an "id" or the data of a new venue.');
}

/** Organizers: ID, CSV of IDs, or a list of IDs, `{id}` and inline organizer objects; empty removes all. */
export function validOrganizerInput(value: unknown, _call: unknown, name: string): boolean | RestError {
  if (value === null || value === '') return true;
  const list = organizerEntries(value);
  for (const entry of list) {
    if (isIdLike(entry)) continue;
    if (isPlainObject(entry)) {
      if (entry.id !== undefined) {
        if (isIdLike(entry.id)) continue;
        return invalid(name, 'An organizer ID is not valid.');
      }
      if (typeof entry.organizer === 'string' && entry.organizer.trim() !== '') continue;
      return invalid(name, 'A new organizer needs an "organizer" name.');
    }
    return invalid(
      name,
      'Each organizer must be an ID, an object with an "id" or the data of a new organizer.',
    );
  }
  return true;
}

/** Organizer input as a list of entries (a single object counts as one entry). */
export function organizerEntries(value: unknown): unknown[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value;
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) return Object.values(value);
    return [value];
  }
  if (typeof value === 'string') return value.split(/[\s,]+/).filter((piece) => piece !== '');
  return [value];
}

export function isIdLike(value: unknown): boolean {
  return (
    (typeof value === 'number' && Number.isInteger(value) && value > 0) ||
    (typeof value === 'string' && /^\d+$/.test(value) && Number(value) > 0)
  );
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A list of positive integers (`include`). */
export function validPositiveIntList(value: unknown, _call: unknown, name: string): boolean | RestError {
  const list = Array.isArray(value) ? value : String(value).split(',');
  if (list.length === 0 || !list.every((item) => /^\s*\d+\s*$/.test(String(item)) && Number(item) > 0)) {
    return invalid(name, `${name} must be a list of positive integers.`);
  }
  return true;
}

export function toStringList(value: unknown): string[] {
  const list = Array.isArray(value)
    ? value
    : value === null || value === undefined
      ? []
      : String(value).split(',');
  return list.map((item) => String(item).trim()).filter((item) => item !== '');
}

/** `strict_dates`: any non-empty string (or boolean), read with `isTruthyFlag`. */
export function validFlagString(value: unknown, _call: unknown, name: string): boolean | RestError {
  if (typeof value === 'boolean' || (typeof value === 'string' && value.trim() !== '')) return true;
  return invalid(name);
}

/** Every item of a list filter must pass the registered lookup (`venue`, `organizer`, `categories`, `tags`). */
export function eachExistsIn(lookup: string, _message: string): NonNullable<ArgSpec['validate']> {
  const check = existsIn(lookup);
  return async (value, call, name) => {
    const items = toStringList(value);
    if (items.length === 0) return invalidParam();
    for (const item of items) {
      const result = await check(item, call, name);
      if (result !== true) return result;
    }
    return true;
  };
}
