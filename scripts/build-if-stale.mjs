#!/usr/bin/env node
// Builds dist/ (`npm run build`) only when there is no build yet or a source changed since the last one, so that
// `npm start` does not rebuild (and rewrite dist/ under a running server) on every start.
// Usage: node scripts/build-if-stale.mjs [--if-missing]
//   --if-missing  (the CLI) build only when there is no build at all; an older build is run with a warning
// The last build's time is that of dist/build-manifest.json, which `npm run build` writes last.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', 'build-manifest.json');
// what tsconfig.build.json and nest-cli.json compile and copy (spec files are not built)
const SOURCES = ['src', 'bench', 'ormconfig.ts', 'tsconfig.json', 'tsconfig.build.json', 'nest-cli.json'];

const mtimeOf = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
};

/** The newest source file or folder (a folder's time changes when a file in it is added, removed or renamed). */
function newestSource() {
  let newest = { path: null, mtime: 0 };
  const visit = (path) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat || path.endsWith('.spec.ts')) return;
    if (stat.mtimeMs > newest.mtime) newest = { path, mtime: stat.mtimeMs };
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  for (const source of SOURCES) visit(join(root, source));
  return newest;
}

const built = mtimeOf(stamp);
const ifMissing = process.argv.includes('--if-missing');
let reason = null;
if (built === null) {
  reason = 'there is no build yet (dist/)';
} else {
  const newest = newestSource();
  if (newest.mtime > built) {
    const changed = relative(root, newest.path);
    if (ifMissing) {
      process.stderr.write(
        `Note: ${changed} changed after the last build; running that build (\`npm run build\` updates it).\n`,
      );
    } else {
      reason = `${changed} changed after the last build`;
    }
  }
}
if (reason) {
  process.stderr.write(`Building once: ${reason} (npm run build)...\n`);
  // its output on stderr: the CLI's stdout may be read by a script
  const run = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (run.status !== 0) {
    process.stderr.write('The build failed; see the errors above (`npm run build` shows them again).\n');
    process.exit(run.status ?? 1);
  }
}
