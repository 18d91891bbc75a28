import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Recorded answers of the real systems, beside the repository (`../shared/reference/golden/`), or beside the
 * folder of a worktree holding it (`../../shared/...`).
 */
export const GOLDEN_DIR =
  [join(__dirname, '..', '..', '..'), join(__dirname, '..', '..', '..', '..')]
    .map((root) => join(root, 'shared', 'reference', 'golden'))
    .find((dir) => existsSync(dir)) ?? join(__dirname, '..', '..', '..', 'shared', 'reference', 'golden');

export interface GoldenAnswer {
  request: { method: string; path: string; body: unknown; auth: string | null };
  status: number;
  headers: Record<string, string>;
  body: any;
}

/**
 * One recorded answer with the recording site's names replaced by ours: its host by `http://example.test`,
 * the vendors' namespaces by the neutral ones (`wp/v2` → `core/v2`, `tribe/events/v1` → `cal/events/v1`, ...).
 */
export function golden(file: string): GoldenAnswer {
  const text = readFileSync(join(GOLDEN_DIR, file), 'utf8')
    .replaceAll('http://127.0.0.1:8081', 'http://example.test')
    .replaceAll('wp/v2', 'core/v2')
    .replaceAll('wp-site-health/v1', 'core-site-health/v1')
    .replaceAll('wp-block-editor/v1', 'core-block-editor/v1')
    .replaceAll('tribe/events/v1', 'cal/events/v1')
    .replaceAll('akismet/v1', 'spamfilter/v1')
    .replaceAll('wordfence/v1', 'security/v1');
  return JSON.parse(text) as GoldenAnswer;
}
