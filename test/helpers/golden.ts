import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The shared material (the spec, the recorded answers) beside the repository (`../shared/`), or beside the
 * folder of a worktree holding it (`../../shared/`).
 */
export const SHARED_DIR =
  [join(__dirname, '..', '..', '..'), join(__dirname, '..', '..', '..', '..')]
    .map((root) => join(root, 'shared'))
    .find((dir) => existsSync(join(dir, 'reference', 'golden'))) ??
  join(__dirname, '..', '..', '..', 'shared');

/** Recorded answers of the real systems (`../shared/reference/golden/`). */
export const GOLDEN_DIR = join(SHARED_DIR, 'reference', 'golden');

/** The Redirection answers the suites use, copied into the repository from the shared set. */
export const REDIRECTION_GOLDEN_DIR = join(__dirname, '..', 'fixtures', 'redirection-golden');

export interface GoldenAnswer {
  request: { method: string; path: string; body: unknown; auth: string | null };
  status: number;
  headers: Record<string, string>;
  body: any;
}

/**
 * The one reader of recorded answers for every suite. A missing or unreadable fixture throws with its path:
 * a comparison is never skipped because its reference is absent.
 */
export function readGolden<T = GoldenAnswer>(
  path: string,
  rewrite: (text: string) => string = (text) => text,
): T {
  const text = readFixtureText(path);
  try {
    return JSON.parse(rewrite(text)) as T;
  } catch (error) {
    throw new Error(`golden fixture ${path} is not JSON`, { cause: error });
  }
}

/** A fixture's text (a recorded answer, the spec); a missing or unreadable file throws with its path. */
export function readFixtureText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new Error(`fixture ${path} ${missing ? 'is missing' : 'cannot be read'}`, { cause: error });
  }
}

/** The recording site's names as ours: its host and the vendors' namespaces. */
function neutralNames(text: string): string {
  return text
    .replaceAll('http://127.0.0.1:8081', 'http://example.test')
    .replaceAll('wp/v2', 'core/v2')
    .replaceAll('wp-site-health/v1', 'core-site-health/v1')
    .replaceAll('wp-block-editor/v1', 'core-block-editor/v1')
    .replaceAll('tribe/events/v1', 'cal/events/v1')
    .replaceAll('akismet/v1', 'spamfilter/v1')
    .replaceAll('wordfence/v1', 'security/v1');
}

/**
 * One recorded answer of the shared set (`file` relative to it, e.g. `wordfence/namespace.json`) with the
 * recording site's names replaced by ours: its host by `http://example.test`, the vendors' namespaces by the
 * neutral ones (`wp/v2` → `core/v2`, `tribe/events/v1` → `cal/events/v1`, ...).
 */
export function golden(file: string): GoldenAnswer {
  return readGolden(join(GOLDEN_DIR, file), neutralNames);
}
