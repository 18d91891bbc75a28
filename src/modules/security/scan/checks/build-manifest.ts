import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** dist/build-manifest.json: the SHA-256 of every built file under `root` (relative to the manifest). */
export interface BuildManifest {
  version: 1;
  generated: string;
  root: string;
  files: Record<string, string>;
}

export function sha256File(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Every file below `root`, as `/`-separated paths relative to it, sorted. */
export function listFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) found.push(relative(root, path).split(sep).join('/'));
    }
  };
  if (existsSync(root)) walk(root);
  return found.sort();
}

/** Writes the manifest of `root` to `manifestPath`; returns the number of files. */
export function writeBuildManifest(manifestPath: string, root: string): number {
  const files: Record<string, string> = {};
  for (const file of listFiles(root)) files[file] = sha256File(join(root, file));
  const manifest: BuildManifest = {
    version: 1,
    generated: new Date().toISOString(),
    root: relative(dirname(manifestPath), root).split(sep).join('/'),
    files,
  };
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  return Object.keys(files).length;
}

/** The manifest `npm run build` writes: dist/build-manifest.json for dist/src (this file is dist/src/modules/security/scan/checks). */
export function defaultManifestPath(): string {
  return resolve(__dirname, '..', '..', '..', '..', '..', 'build-manifest.json');
}

// `npm run build` runs this file after tsc.
if (require.main === module) {
  const manifest = defaultManifestPath();
  const count = writeBuildManifest(manifest, join(dirname(manifest), 'src'));
  console.log(`${manifest}: ${count} files`);
}
