/**
 * Results of a pure function of a string, kept while they fit: at most `maxEntries` results and `maxChars`
 * characters of keys and values together, least recently used first out. For work that is the same for the
 * same input wherever it runs (rendering stored text, time zone rules), so one memo may serve every
 * application in the process.
 */
export class BoundedMemo<V extends string | object> {
  private readonly entries = new Map<string, { value: V; chars: number }>();
  private chars = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxChars: number,
    private readonly sizeOf: (value: V) => number = (value) =>
      typeof value === 'string' ? value.length : 64,
  ) {}

  get(key: string, compute: (key: string) => V): V {
    const found = this.entries.get(key);
    if (found) {
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.value;
    }
    const value = compute(key);
    const chars = key.length + this.sizeOf(value);
    if (chars > this.maxChars / 16) return value;
    this.entries.set(key, { value, chars });
    this.chars += chars;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= entry.chars;
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
