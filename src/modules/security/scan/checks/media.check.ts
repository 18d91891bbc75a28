import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MediaEntity } from '../../../core/media';
import { escapeHtml, FoundIssue, ScanCheck, ScanContext } from './scan-check';

const EXECUTABLE_EXTENSIONS = new Set([
  'php',
  'php3',
  'php4',
  'php5',
  'php7',
  'phtml',
  'phar',
  'pht',
  'js',
  'mjs',
  'cjs',
  'sh',
  'bash',
  'zsh',
  'py',
  'pl',
  'rb',
  'cgi',
  'asp',
  'aspx',
  'jsp',
  'exe',
  'dll',
  'so',
  'bat',
  'cmd',
  'com',
  'msi',
  'scr',
  'ps1',
  'vbs',
  'jar',
  'html',
  'htm',
  'shtml',
  'svgz',
  'hta',
  'htaccess',
]);
const EXECUTABLE_TYPES =
  /^(?:application\/(?:x-)?(?:php|httpd-php|javascript|ecmascript|x-sh|x-shellscript|x-msdownload|x-dosexec|x-executable|x-msi|java-archive|x-python|x-perl)|text\/(?:javascript|ecmascript|x-php|x-shellscript|x-python|html))\b/i;

/** Every extension of a file name (`a.php.jpg` → php, jpg): a script hidden behind a second extension counts. */
function extensionsOf(url: string): string[] {
  const path = url.split(/[?#]/)[0];
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  return name.split('.').slice(1);
}

/** Uploaded media that are executables or scripts (by any extension of the name or by MIME type). */
@Injectable()
export class MediaCheck implements ScanCheck {
  readonly stage = 'media';
  readonly option = 'scansEnabled_scanImages' as const;

  constructor(private readonly dataSource: DataSource) {}

  async run(context: ScanContext): Promise<void> {
    const repository = this.dataSource.getRepository(MediaEntity);
    const total = (await repository.count()) || 1;
    let lastId = 0;
    let done = 0;
    for (;;) {
      const rows = await repository
        .createQueryBuilder('media')
        .select(['media.id', 'media.url', 'media.mimeType', 'media.title'])
        .where('media.id > :lastId', { lastId })
        .orderBy('media.id', 'ASC')
        .limit(1000)
        .getMany();
      if (rows.length === 0) break;
      lastId = rows[rows.length - 1].id;
      const issues = rows
        .filter(
          (row) =>
            extensionsOf(row.url).some((ext) => EXECUTABLE_EXTENSIONS.has(ext)) ||
            EXECUTABLE_TYPES.test(row.mimeType),
        )
        .map((row): FoundIssue => ({
          type: 'mediaExecutable',
          severity: 75,
          key: `media:${row.id}`,
          fingerprint: `${row.url}|${row.mimeType}`,
          shortMsg: `The uploaded file ${row.url.slice(row.url.lastIndexOf('/') + 1)} is an executable or script.`,
          longMsg: `<p>The media item #${row.id} (<code>${escapeHtml(row.url)}</code>, ${escapeHtml(row.mimeType || 'no type')}) is a program or script. Uploads should be images and documents; a script in the uploads is a common backdoor. Delete it unless you put it there on purpose.</p>`,
          data: { mediaId: row.id, url: row.url, mimeType: row.mimeType },
        }));
      if (issues.length > 0) await context.report(issues);
      done += rows.length;
      await context.checkpoint(done / total);
    }
  }
}
