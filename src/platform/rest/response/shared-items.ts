import { LruMap } from '../../common/memo';

/**
 * Wire objects shared between requests. A list answers the same items request after request until one of them
 * is written; an item built for the same inputs is the same object, so what the REST layer derives from it (its
 * context-filtered form, its JSON) is worked out once per object too. Shared objects are frozen, deeply: nothing
 * downstream may change what another request is also sending.
 */

/** Objects handed out by a {@link SharedItems} memo, and objects derived from them the same way. */
const shared = new WeakSet<object>();
/** The JSON text of shared objects, computed the first time one is serialised. */
const jsonOf = new WeakMap<object, string>();

export function isShared(value: unknown): value is object {
  return typeof value === 'object' && value !== null && shared.has(value);
}

/** Freezes `value` and everything under it, and marks it shared (its JSON may then be kept). */
export function share<T extends object>(value: T): T {
  deepFreeze(value);
  shared.add(value);
  return value;
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
}

/**
 * `JSON.stringify(data)`, with the JSON of each shared item computed once and reused, for a list of items or an
 * envelope object holding one (`{events: [...], total, ...}`): the same text JSON.stringify gives for the whole.
 */
export function serialize(data: unknown): string {
  if (isShared(data)) return jsonOfShared(data);
  if (Array.isArray(data)) return holdsShared(data) ? listJson(data) : JSON.stringify(data);
  if (isEnvelope(data)) return envelopeJson(data);
  return JSON.stringify(data) ?? '';
}

function holdsShared(list: readonly unknown[]): boolean {
  return list.some(isShared);
}

function listJson(list: readonly unknown[]): string {
  let json = '[';
  for (let index = 0; index < list.length; index++) {
    const item: unknown = list[index];
    if (index > 0) json += ',';
    // Inside an array JSON.stringify writes `null` for what has no JSON (undefined, functions, symbols).
    json += isShared(item) ? jsonOfShared(item) : (JSON.stringify(item) ?? 'null');
  }
  return `${json}]`;
}

/** A plain object (no toJSON) with a list of shared items among its own values. */
function isEnvelope(data: unknown): data is Record<string, unknown> {
  if (typeof data !== 'object' || data === null) return false;
  const prototype: unknown = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  if (typeof (data as { toJSON?: unknown }).toJSON === 'function') return false;
  for (const key in data) {
    const value = (data as Record<string, unknown>)[key];
    if (Array.isArray(value) && holdsShared(value)) return true;
  }
  return false;
}

function envelopeJson(data: Record<string, unknown>): string {
  let json = '{';
  for (const key of Object.keys(data)) {
    const value = data[key];
    // JSON.stringify leaves out properties without JSON.
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    if (json.length > 1) json += ',';
    json += `${JSON.stringify(key)}:${Array.isArray(value) && holdsShared(value) ? listJson(value) : JSON.stringify(value)}`;
  }
  return `${json}}`;
}

function jsonOfShared(item: object): string {
  let json = jsonOf.get(item);
  if (json === undefined) {
    json = JSON.stringify(item);
    jsonOf.set(item, json);
  }
  return json;
}

/** Forms kept per shared source. */
const MAX_DERIVATIONS = 4;

/**
 * Results derived from a shared object by a pure function of it and a few other values (context filtering by
 * schema and context): computed once per object and those values, shared in turn.
 */
export class SharedDerivations<R extends object> {
  private readonly derived = new WeakMap<object, Array<{ by: readonly unknown[]; result: R }>>();

  get(source: object, by: readonly unknown[], derive: () => R): R {
    let known = this.derived.get(source);
    if (!known) {
      known = [];
      this.derived.set(source, known);
    }
    for (const entry of known) {
      if (sameValues(entry.by, by)) return entry.result;
    }
    const result = share(derive());
    // A few forms per item (a context or two); a caller passing new values each time must not grow the list.
    if (known.length >= MAX_DERIVATIONS) known.shift();
    known.push({ by, result });
    return result;
  }
}

interface Entry<T> {
  inputs: readonly unknown[];
  value: T;
}

/**
 * Wire objects by a short key (`post:12:view`), each kept with every input it was built from: a lookup whose
 * inputs differ in any value builds the object again, so an answer is never older than its data, whatever wrote
 * it. Inputs are compared with `===` (strings by their text). Least recently used out past `maxEntries` objects
 * or `maxChars` characters of string inputs (the stored text dominates an object's size).
 */
export class SharedItems<T extends object> {
  private readonly entries: LruMap<Entry<T>>;

  constructor(maxEntries: number, maxChars: number) {
    this.entries = new LruMap(maxEntries, maxChars);
  }

  get(key: string, inputs: readonly unknown[], build: () => T): T {
    const found = this.entries.get(key);
    if (found && sameValues(found.inputs, inputs)) return found.value;
    const value = share(build());
    this.entries.set(key, { inputs, value }, charsOf(inputs));
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) {
    if (a[index] !== b[index]) return false;
  }
  return true;
}

/** Characters of the string inputs, three times: the stored text, its rendering and the JSON of both. */
function charsOf(inputs: readonly unknown[]): number {
  let chars = 0;
  for (const input of inputs) if (typeof input === 'string') chars += input.length;
  return 3 * chars + 256;
}
