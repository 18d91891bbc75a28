import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../../../platform/config';
import { BuildManifest, defaultManifestPath, listFiles, sha256File } from './build-manifest';
import { FoundIssue, ScanCheck, ScanContext } from './scan-check';

/** Whether this code runs from the TypeScript sources (tests, ts-node) rather than a build. */
const RUNNING_FROM_SOURCES = __filename.endsWith('.ts');

/**
 * The service's own built files against the checksum manifest written at build time: changed, missing and
 * unknown files. Running from sources without SECURITY_BUILD_MANIFEST there is no build to check.
 */
@Injectable()
export class FilesCheck implements ScanCheck {
  readonly stage = 'files';
  readonly option = 'scansEnabled_fileContents' as const;

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  async run(context: ScanContext): Promise<void> {
    const manifestPath = this.config.securityBuildManifest
      ? resolve(this.config.securityBuildManifest)
      : RUNNING_FROM_SOURCES
        ? null
        : defaultManifestPath();
    if (manifestPath === null) return context.checkpoint(1);
    const manifest = this.read(manifestPath);
    if (!manifest) {
      await context.report([
        {
          type: 'file',
          severity: 75,
          key: 'file:manifest',
          fingerprint: manifestPath,
          shortMsg: 'The checksum manifest of the built files is missing or unreadable.',
          longMsg: `<p>The scan could not read <code>${manifestPath}</code>, so it cannot tell whether the service's files were changed. Rebuild with <code>npm run build</code>.</p>`,
          data: { file: manifestPath, problem: 'manifest' },
        },
      ]);
      return context.checkpoint(1);
    }
    const root = resolve(dirname(manifestPath), manifest.root);
    const present = listFiles(root);
    const expected = new Set(Object.keys(manifest.files));
    const issues: FoundIssue[] = [];
    for (const [index, file] of present.entries()) {
      if (!expected.has(file)) {
        issues.push(this.issue(file, 'unknown', sha256File(join(root, file))));
      } else {
        const hash = sha256File(join(root, file));
        if (hash !== manifest.files[file]) issues.push(this.issue(file, 'changed', hash));
        expected.delete(file);
      }
      if (index % 200 === 199) await context.checkpoint(index / (present.length + expected.size));
    }
    for (const file of expected) issues.push(this.issue(file, 'missing', ''));
    if (issues.length > 0) await context.report(issues);
    await context.checkpoint(1);
  }

  private read(path: string): BuildManifest | null {
    if (!existsSync(path)) return null;
    try {
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as BuildManifest;
      return typeof parsed.files === 'object' && parsed.files !== null && typeof parsed.root === 'string'
        ? parsed
        : null;
    } catch {
      return null;
    }
  }

  private issue(file: string, problem: 'changed' | 'missing' | 'unknown', hash: string): FoundIssue {
    const text = {
      changed: ['was modified after the build', 100],
      missing: ['is missing', 50],
      unknown: ['is not part of the build', 75],
    } as const;
    const [what, severity] = text[problem];
    return {
      type: 'file',
      severity,
      key: `file:${file}`,
      fingerprint: `${problem}:${hash}`,
      shortMsg: `The file ${file} ${what}.`,
      longMsg: `<p>The built file <code>${file}</code> ${what}. Files of the service change only with a new build; compare it with the build and redeploy if you did not change it yourself.</p>`,
      data: { file, problem, sha256: hash || null },
    };
  }
}
