#!/usr/bin/env node
// Completes package-lock.json with the platform-specific optional packages (native binaries such as
// @swc/core-darwin-arm64) that the registry this project installs from does not serve. Without them `npm ci`
// refuses the lock file ("Missing: ... from lock file"). The entries carry the platform (os/cpu/libc) read
// from the package name, so npm skips them on every other platform and fetches them where they apply.
// Usage: node scripts/complete-lock.mjs [path/to/package-lock.json]   (idempotent; --check only reports)
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'package-lock.json';
const checkOnly = process.argv.includes('--check');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = [
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'android',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

/** os/cpu/libc of a platform package from its name (`core-linux-arm64-musl`, `binding-win32-x64-msvc`). */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part));
  if (!os || !cpu) return null;
  const platform = { os: [os], cpu: [cpu] };
  if (os === 'linux') {
    if (parts.some((part) => part.startsWith('musl'))) platform.libc = ['musl'];
    else if (parts.some((part) => part.startsWith('gnu') || part === 'glibc')) platform.libc = ['glibc'];
  }
  return platform;
}

const missing = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === '' ? 'node_modules' : `${path}/node_modules`;
    if (packages[`${base}/${name}`] || packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(spec)) continue;
    missing.push(name);
    // npm's own key order: version first, then alphabetical
    const fields = { ...platform, ...(entry.dev ? { dev: true } : {}), optional: true };
    packages[`node_modules/${name}`] = {
      version: spec,
      ...Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b))),
    };
  }
}
if (checkOnly) {
  if (missing.length > 0) {
    console.error(
      `package-lock.json lacks ${missing.length} platform packages; run: node scripts/complete-lock.mjs`,
    );
    process.exitCode = 1;
  }
} else if (missing.length > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`added ${missing.length} platform packages to ${file}`);
}
