import { LruMap } from './lru-map';

/**
 * Results of a pure function of a string, kept while they fit: at most `maxEntries` results and `maxChars`
 * characters of keys and values together, least recently used first out. For work that is the same for the
 * same input wherever it runs (rendering stored text, time zone rules), so one memo may serve every
 * application in the process.
 */
export class BoundedMemo<V extends string | object> {
  private readonly results: LruMap<V>;

  constructor(
    maxEntries: number,
    maxChars: number,
    private readonly sizeOf: (value: V) => number = (value) =>
      typeof value === 'string' ? value.length : 64,
  ) {
    this.results = new LruMap(maxEntries, maxChars);
  }

  get(key: string, compute: (key: string) => V): V {
    const found = this.results.get(key);
    if (found !== undefined) return found;
    const value = compute(key);
    this.results.set(key, value, key.length + this.sizeOf(value));
    return value;
  }

  get size(): number {
    return this.results.size;
  }
}
