/**
 * Values by key within a budget: at most `maxEntries` values and `maxChars` characters (as the caller counts
 * each entry), least recently used out first. A value larger than a sixteenth of the budget is not kept.
 */
export class LruMap<V> {
  private readonly entries = new Map<string, { value: V; chars: number }>();
  private chars = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxChars: number,
  ) {}

  /** The value under `key`, now the most recently used; undefined when none is kept. */
  get(key: string): V | undefined {
    const found = this.entries.get(key);
    if (!found) return undefined;
    this.entries.delete(key);
    this.entries.set(key, found);
    return found.value;
  }

  /** Keeps `value` under `key` in place of any earlier one, then drops the least recently used past the budget. */
  set(key: string, value: V, chars: number): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.chars -= previous.chars;
    }
    if (chars > this.maxChars / 16) return;
    this.entries.set(key, { value, chars });
    this.chars += chars;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= entry.chars;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
