import { RE2JS, RE2Set } from 're2js';

/**
 * Regular expressions written by users (redirect sources and conditions) or shipped in data files (firewall
 * rules, scan signatures) run on RE2 (re2js, pure JavaScript): time linear in the input, whatever the pattern, so
 * one request with a crafted URL cannot hold the event loop (`^/(a+)+$` against `/aaa…a!` took 19.5 s on
 * V8's backtracking engine for 31 characters, doubling with each one more).
 *
 * What RE2 lacks is refused when the pattern is saved, never silently approximated: backreferences, lookahead,
 * atomic groups, possessive quantifiers, recursion and conditionals. Lookbehind without captures is supported.
 */
export interface LinearRegexOptions {
  ignoreCase?: boolean;
  /** `.` matches new lines too (PCRE's `s`). */
  dotAll?: boolean;
}

/**
 * Largest compiled program accepted. Matching costs at most input length × program size steps, so this bounds
 * a 16 KB URL to a few milliseconds; `[a-z]{1000}` repeated 600 times (600,002 instructions) took 6 s.
 */
export const MAX_PROGRAM_SIZE = 5000;

/** Why a pattern cannot run: `construct` names what RE2 lacks, or is null for a plain syntax error. */
export interface RegexRefusal {
  construct: string | null;
  message: string;
}

export class LinearRegexError extends Error {
  constructor(
    readonly pattern: string,
    readonly refusal: RegexRefusal,
  ) {
    super(refusal.message);
  }
}

function flagsOf(options: LinearRegexOptions): number {
  return (
    RE2JS.LOOKBEHINDS |
    (options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) |
    (options.dotAll ? RE2JS.DOTALL : 0)
  );
}

function unsupported(construct: string): RegexRefusal {
  return {
    construct,
    message: `${construct} are not supported (patterns run on a linear-time engine, RE2 syntax)`,
  };
}

/** A parser error in words a site owner can act on. */
function explain(pattern: string, error: unknown): RegexRefusal {
  const detail =
    error instanceof Error && 'error' in error && typeof error.error === 'string'
      ? error.error
      : String((error as Error)?.message ?? error);
  const at = error instanceof Error && 'input' in error && typeof error.input === 'string' ? error.input : '';
  if (/^\(\?[=!]/.test(at)) return unsupported('lookahead assertions');
  if (/^\(\?>/.test(at)) return unsupported('atomic groups');
  if (/^\(\?(?:R|\d|[+-]\d|&|P>|\()/.test(at)) return unsupported('recursion and conditional groups');
  if (/capture in lookbehind/.test(detail)) return unsupported('capturing groups inside lookbehind');
  if (/nested repetition/.test(detail) && /^[*+?}]\+$/.test(at.slice(-2)))
    return unsupported('possessive quantifiers');
  if (/escape sequence/.test(detail) && /^\\(?:[1-9]|g|k)/.test(at)) return unsupported('backreferences');
  if (/\\(?:[1-9]|g\{?-?\d|k[<{'])/.test(pattern) && /escape sequence/.test(detail))
    return unsupported('backreferences');
  return { construct: null, message: `${detail}${at ? `: ${at}` : ''}` };
}

/** A compiled pattern with the few operations the site needs. */
export class LinearRegex {
  private constructor(
    readonly source: string,
    private readonly compiled: RE2JS,
  ) {}

  /** Compiles `pattern`; throws {@link LinearRegexError} saying what is wrong or unsupported. */
  static compile(pattern: string, options: LinearRegexOptions = {}): LinearRegex {
    let compiled: RE2JS;
    try {
      compiled = RE2JS.compile(pattern, flagsOf(options));
    } catch (error) {
      throw new LinearRegexError(pattern, explain(pattern, error));
    }
    if (compiled.programSize() > MAX_PROGRAM_SIZE) {
      throw new LinearRegexError(pattern, {
        construct: null,
        message: `the pattern is too large (${compiled.programSize()} instructions, at most ${MAX_PROGRAM_SIZE}; large repeat counts such as {1000} multiply it)`,
      });
    }
    return new LinearRegex(pattern, compiled);
  }

  /** The compiled pattern, or null when it cannot run (a stored pattern that was never checked). */
  static tryCompile(pattern: string, options: LinearRegexOptions = {}): LinearRegex | null {
    try {
      return LinearRegex.compile(pattern, options);
    } catch {
      return null;
    }
  }

  /** Why `pattern` cannot run; null when it can. */
  static refusal(pattern: string, options: LinearRegexOptions = {}): RegexRefusal | null {
    try {
      LinearRegex.compile(pattern, options);
      return null;
    } catch (error) {
      if (error instanceof LinearRegexError) return error.refusal;
      throw error;
    }
  }

  /** True when the pattern matches anywhere in `text` (as `RegExp.prototype.test`). */
  test(text: string): boolean {
    return this.compiled.test(text);
  }

  /** Every match, with its index (as `String.prototype.matchAll` with a global RegExp). */
  matchAll(text: string): IterableIterator<RegExpExecArray> {
    return this.compiled.matchAll(text) as IterableIterator<RegExpExecArray>;
  }

  /** Every match replaced; `replacement` in JavaScript's syntax (`$1`, `$&`, `$$`). */
  replaceAll(text: string, replacement: string): string {
    return this.compiled.matcher(text).replaceAll(replacement);
  }
}

/** Several patterns tested in one pass over the input (the firewall's rules on every request). */
export class LinearRegexSet {
  private readonly set: RE2Set;
  readonly size: number;

  constructor(patterns: readonly string[], options: LinearRegexOptions = {}) {
    for (const pattern of patterns) LinearRegex.compile(pattern, options);
    this.set = new RE2Set(RE2Set.UNANCHORED, flagsOf(options));
    for (const pattern of patterns) this.set.add(pattern);
    if (patterns.length > 0) this.set.compile();
    this.size = patterns.length;
  }

  /** Index of the first pattern (in the given order) that matches `text`, or -1. */
  firstMatch(text: string): number {
    if (this.size === 0) return -1;
    const found = this.set.match(text);
    return found.length === 0 ? -1 : Math.min(...found);
  }
}
