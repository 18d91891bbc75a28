import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

export const API = '/wp-json/core/v2';

export interface MediaFixture {
  t: TestApp;
  uploads: string;
  users: Record<'admin' | 'editor' | 'author' | 'author2' | 'contributor' | 'subscriber', TestUser>;
  /** Raw-body upload (Content-Type + Content-Disposition). */
  upload: (
    data: Buffer,
    fileName: string,
    contentType: string,
    user?: TestUser | null,
    query?: Record<string, string | number>,
  ) => ReturnType<ReturnType<TestApp['http']>['post']>;
  close: () => Promise<void>;
}

/** A fresh app with its own uploads folder and one user per role. */
export async function mediaFixture(env: Record<string, string> = {}): Promise<MediaFixture> {
  const uploads = await mkdtemp(join(tmpdir(), 'media-e2e-'));
  const t = await createTestApp({ UPLOADS_DIR: uploads, ...env });
  const users = {
    admin: await t.user('administrator'),
    editor: await t.user('editor'),
    author: await t.user('author'),
    author2: await t.user('author'),
    contributor: await t.user('contributor'),
    subscriber: await t.user('subscriber'),
  };
  return {
    t,
    uploads,
    users,
    upload: (data, fileName, contentType, user = users.admin, query = {}) => {
      let req = t
        .http()
        .post(`${API}/media`)
        .query(query)
        .set('Content-Type', contentType)
        .set('Content-Disposition', `attachment; filename="${fileName}"`);
      if (user) req = req.set('Authorization', user.auth);
      return req.send(data);
    },
    close: async () => {
      await t.close();
      await rm(uploads, { recursive: true, force: true });
    },
  };
}

/** A real image made with sharp: a red circle on a blue background. */
export function image(
  format: 'png' | 'jpeg' | 'webp' | 'gif',
  width: number,
  height: number,
): Promise<Buffer> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="100%" height="100%" fill="#2060a0"/>` +
      `<circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#c82828"/></svg>`,
  );
  return sharp(svg)[format]().toBuffer();
}

/** A minimal valid PDF (one empty page). */
export function pdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
