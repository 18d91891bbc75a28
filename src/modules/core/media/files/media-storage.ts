import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { isAbsolute, join, normalize, resolve, sep } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../../../platform/config';
import { removeAccents } from '../../../../platform/common/slug';

/** The public path the uploads folder is served at (WordPress's `wp-content/uploads`). */
export const UPLOADS_URL_PATH = '/wp-content/uploads';

/** At most this many `name-N` candidates are tried before giving up. */
const MAX_NAME_TRIES = 1000;

/**
 * WordPress's sanitize_file_name: no characters that mean something to a shell, a URL or a file system, spaces
 * become dashes, and inner parts that look like extensions get an underscore (`a.php.jpg` → `a.php_.jpg`) so no
 * server treats the file as a script.
 */
export function sanitizeFileName(name: string, ext: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const clean = removeAccents(stem)
    .replace(/[^A-Za-z0-9._\- ]+/g, '')
    .replace(/[\s-]+/g, '-')
    .split('.')
    .map((part) => part.replace(/^[-_]+|[-_]+$/g, ''))
    .filter((part) => part !== '')
    .map((part, index) => (index > 0 && /^[a-z]{2,5}\d?$/i.test(part) ? `${part}_` : part))
    .join('.')
    .slice(0, 180);
  return `${clean || 'unnamed-file'}.${ext}`;
}

/**
 * The uploads folder: files go to `YYYY/MM/` under UPLOADS_DIR with a name no other file has (`name-1.png`, as
 * wp_unique_filename), claimed by an exclusive create so instances sharing the folder never overwrite each other.
 */
@Injectable()
export class MediaStorage {
  private readonly logger = new Logger(MediaStorage.name);
  readonly root: string;

  constructor(@Inject(AppConfig) config: AppConfig) {
    this.root = resolve(config.uploadsDir);
  }

  /** The absolute path of a file below the uploads folder; null when the path would leave it. */
  pathOf(relative: string): string | null {
    if (relative === '' || isAbsolute(relative)) return null;
    const full = resolve(this.root, normalize(relative));
    return full.startsWith(this.root + sep) ? full : null;
  }

  /** `YYYY/MM` of a GMT date `Y-m-d H:i:s` (WordPress's upload folder of the upload time). */
  folderFor(dateGmt: string): string {
    return `${dateGmt.slice(0, 4)}/${dateGmt.slice(5, 7)}`;
  }

  /**
   * Writes the original under a free name in `folder`: `base.ext`, else `base-1.ext`, `base-2.ext`... A name is
   * free when neither it nor any of its size variants (`suffixes`, e.g. `-150x150`) exists.
   */
  async writeOriginal(
    folder: string,
    fileName: string,
    data: Buffer,
    suffixes: readonly string[],
  ): Promise<{ base: string; ext: string; name: string }> {
    const dir = join(this.root, folder);
    await mkdir(dir, { recursive: true });
    const dot = fileName.lastIndexOf('.');
    const stem = fileName.slice(0, dot);
    const ext = fileName.slice(dot + 1);
    for (let n = 0; n < MAX_NAME_TRIES; n += 1) {
      const base = n === 0 ? stem : `${stem}-${n}`;
      const name = `${base}.${ext}`;
      if (
        await this.anyExists(
          dir,
          suffixes.map((suffix) => `${base}${suffix}.${ext}`),
        )
      )
        continue;
      const handle = await open(join(dir, name), 'wx').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') return null;
        throw error;
      });
      if (!handle) continue;
      try {
        await handle.writeFile(data);
      } finally {
        await handle.close();
      }
      return { base, ext, name };
    }
    throw new Error(`No free file name for ${fileName} in ${folder}`);
  }

  /** Writes a generated size next to its original (the name was checked free with the original's). */
  async writeVariant(folder: string, name: string, data: Buffer): Promise<void> {
    const handle = await open(join(this.root, folder, name), 'w');
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
  }

  read(relative: string): Promise<Buffer> {
    const path = this.pathOf(relative);
    if (!path) return Promise.reject(new Error(`Outside the uploads folder: ${relative}`));
    return readFile(path);
  }

  /** Removes files of a folder; missing files are fine, other failures are logged (the rows are gone already). */
  async remove(folder: string, names: readonly string[]): Promise<void> {
    for (const name of names) {
      const path = this.pathOf(`${folder}/${name}`);
      if (!path) continue;
      try {
        await rm(path, { force: true });
      } catch (error) {
        this.logger.warn(`Could not remove ${path}: ${(error as Error).message}`);
      }
    }
  }

  private async anyExists(dir: string, names: readonly string[]): Promise<boolean> {
    for (const name of names) {
      const handle = await open(join(dir, name), 'r').catch(() => null);
      if (handle) {
        await handle.close();
        return true;
      }
    }
    return false;
  }
}
