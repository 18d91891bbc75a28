import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { MediaEntity } from '../../../src/modules/core/media';
import { golden } from '../../helpers/golden';
import { API, image, mediaFixture, MediaFixture, pdf } from './media-fixture';

const NOT_ALLOWED = {
  code: 'rest_upload_sideload_error',
  message: 'Sorry, you are not allowed to upload this file type.',
  data: { status: 400 },
};

/** Every file below a folder, relative to it. */
async function filesIn(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, prefix: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(join(dir, entry.name), `${prefix}${entry.name}/`);
      else found.push(`${prefix}${entry.name}`);
    }
  };
  if (existsSync(root)) await walk(root, '');
  return found.sort();
}

describe('core/v2/media: uploads', () => {
  let f: MediaFixture;
  let png: Buffer;
  let folder: string;
  beforeAll(async () => {
    f = await mediaFixture({ MEDIA_MAX_UPLOAD_BYTES: String(200 * 1024) });
    png = await image('png', 200, 160);
    // the site's month (Europe/Oslo), whatever the process zone: `YYYY-MM` → `YYYY/MM`
    folder = new Date()
      .toLocaleDateString('en-CA', { timeZone: 'Europe/Oslo' })
      .slice(0, 7)
      .replace('-', '/');
  });
  afterAll(() => f.close());

  const row = (id: number) => f.t.app.get(DataSource).getRepository(MediaEntity).findOneByOrFail({ id });

  it('a raw PNG as admin: 201, Location, the recorded shape, the thumbnail made, files and row stored', async () => {
    const recorded = golden('media-create-raw.json');
    const res = await f.upload(png, 'peer-image.png', 'image/png');
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    expect(res.headers.location).toBe(`http://example.test/wp-json/core/v2/media/${id}`);
    const { _links, ...body } = res.body;
    const { _links: recordedLinks, ...expected } = recorded.body;
    expect(Object.keys(body)).toEqual(Object.keys(expected));
    const url = `http://example.test/wp-content/uploads/${folder}/peer-image.png`;
    expect(body).toMatchObject({
      guid: { rendered: url, raw: url },
      slug: 'peer-image',
      status: 'inherit',
      type: 'attachment',
      link: 'http://example.test/peer-image/',
      title: { raw: 'peer-image', rendered: 'peer-image' },
      author: f.users.admin.id,
      comment_status: 'open',
      ping_status: 'closed',
      template: '',
      meta: [],
      permalink_template: `http://example.test/?attachment_id=${id}`,
      generated_slug: 'peer-image',
      description: {
        raw: '',
        rendered: expected.description.rendered.replaceAll('2026/11', folder),
      },
      caption: { raw: '', rendered: '' },
      alt_text: '',
      media_type: 'image',
      mime_type: 'image/png',
      post: null,
      source_url: url,
      missing_image_sizes: [],
    });
    expect(Object.keys(body.media_details)).toEqual([
      'width',
      'height',
      'file',
      'filesize',
      'sizes',
      'image_meta',
    ]);
    expect(body.media_details).toMatchObject({
      width: 200,
      height: 160,
      file: `${folder}/peer-image.png`,
      filesize: png.length,
      image_meta: expected.media_details.image_meta,
    });
    expect(Object.keys(body.media_details.sizes)).toEqual(['thumbnail', 'full']);
    expect(body.media_details.sizes.thumbnail).toMatchObject({
      file: 'peer-image-150x150.png',
      width: 150,
      height: 150,
      mime_type: 'image/png',
      source_url: `http://example.test/wp-content/uploads/${folder}/peer-image-150x150.png`,
    });
    expect(body.media_details.sizes.full).toEqual({
      file: 'peer-image.png',
      width: 200,
      height: 160,
      mime_type: 'image/png',
      source_url: url,
    });
    expect(Object.keys(_links)).toEqual(Object.keys(recordedLinks));

    // on disk: the original byte for byte, the thumbnail a real 150x150 PNG
    const original = await readFile(join(f.uploads, folder, 'peer-image.png'));
    expect(original.equals(png)).toBe(true);
    const thumbnail = await sharp(join(f.uploads, folder, 'peer-image-150x150.png')).metadata();
    expect(thumbnail).toMatchObject({ format: 'png', width: 150, height: 150 });
    expect((await stat(join(f.uploads, folder, 'peer-image-150x150.png'))).size).toBe(
      body.media_details.sizes.thumbnail.filesize,
    );
    // in the database
    expect(await row(id)).toMatchObject({
      authorId: f.users.admin.id,
      file: `${folder}/peer-image.png`,
      mimeType: 'image/png',
      width: 200,
      height: 160,
      filesize: png.length,
      status: 'inherit',
      parentId: 0,
      slug: 'peer-image',
    });

    // served at source_url, with a sandboxing policy
    const served = await f.t.http().get(`/wp-content/uploads/${folder}/peer-image.png`).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(served.body as Buffer).equals(png)).toBe(true);
  });

  it('the same name again gets a free one (peer-image-1.png) and its own slug', async () => {
    const res = await f.upload(png, 'peer-image.png', 'image/png');
    expect(res.status).toBe(201);
    expect(res.body.source_url).toBe(`http://example.test/wp-content/uploads/${folder}/peer-image-1.png`);
    expect(res.body.media_details.sizes.thumbnail.file).toBe('peer-image-1-150x150.png');
    expect(res.body.title.raw).toBe('peer-image-1');
    expect(res.body.slug).toBe('peer-image-1');
  });

  it('multipart with file, title, alt_text and caption as author: 201, as recorded', async () => {
    const recorded = golden('media-create-multipart.json');
    const res = await f.t
      .http()
      .post(`${API}/media`)
      .set('Authorization', f.users.author.auth)
      .field('title', 'Uploaded with a form')
      .field('alt_text', 'A red circle on white')
      .field('caption', 'Form caption')
      .attach('file', png, { filename: 'peer-form.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      slug: recorded.body.slug,
      link: 'http://example.test/uploaded-with-a-form/',
      title: recorded.body.title,
      author: f.users.author.id,
      caption: recorded.body.caption,
      alt_text: recorded.body.alt_text,
      media_type: 'image',
      mime_type: 'image/png',
    });
    expect(res.body.description.rendered).toContain('alt="A red circle on white"');
    expect(res.body.source_url).toBe(`http://example.test/wp-content/uploads/${folder}/peer-form.png`);
    expect(Object.keys(res.body._links)).toEqual(['self', 'collection', 'about', 'author', 'replies']);
  });

  it('JPEG, WebP and PDF: types from the bytes, WordPress sizes, PDF a file without sizes', async () => {
    const jpeg = await image('jpeg', 1200, 800);
    const jpg = await f.upload(jpeg, 'Photo Of Site.jpg', 'image/jpeg', f.users.editor);
    expect(jpg.status).toBe(201);
    expect(jpg.body).toMatchObject({ media_type: 'image', mime_type: 'image/jpeg', slug: 'photo-of-site' });
    expect(jpg.body.source_url).toMatch(/\/Photo-Of-Site\.jpg$/);
    const sizes = jpg.body.media_details.sizes;
    expect(Object.keys(sizes)).toEqual(['thumbnail', 'medium', 'medium_large', 'large', 'full']);
    expect(sizes.thumbnail).toMatchObject({ width: 150, height: 150, file: 'Photo-Of-Site-150x150.jpg' });
    expect(sizes.medium).toMatchObject({ width: 300, height: 200, file: 'Photo-Of-Site-300x200.jpg' });
    expect(sizes.medium_large).toMatchObject({ width: 768, height: 512 });
    expect(sizes.large).toMatchObject({ width: 1024, height: 683 });
    for (const name of ['thumbnail', 'medium', 'medium_large', 'large']) {
      const meta = await sharp(join(f.uploads, folder, sizes[name].file)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', sizes[name].width, sizes[name].height]);
    }
    expect(jpg.body.description.rendered).toContain('class="attachment-medium size-medium"');
    expect(jpg.body.description.rendered).toContain('srcset="');

    const webp = await f.upload(await image('webp', 400, 400), 'square.webp', 'image/webp');
    expect(webp.status).toBe(201);
    expect(webp.body.mime_type).toBe('image/webp');
    expect(Object.keys(webp.body.media_details.sizes)).toEqual(['thumbnail', 'medium', 'full']);

    const doc = pdf();
    const res = await f.upload(doc, 'Price list.pdf', 'application/pdf');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      media_type: 'file',
      mime_type: 'application/pdf',
      media_details: { filesize: doc.length, sizes: {} },
      title: { raw: 'Price-list' },
    });
    expect(res.body.description.rendered).toBe(
      `<p class="attachment"><a href='${res.body.source_url}'>Price-list</a></p>\n`,
    );
    expect((await readFile(join(f.uploads, folder, 'Price-list.pdf'))).equals(doc)).toBe(true);
  });

  it('a real image under another image extension is renamed to its type (as WordPress)', async () => {
    const res = await f.upload(await image('jpeg', 100, 100), 'really-a-jpeg.png', 'image/png');
    expect(res.status).toBe(201);
    expect(res.body.mime_type).toBe('image/jpeg');
    expect(res.body.source_url).toMatch(/\/really-a-jpeg\.jpg$/);
    // smaller than every size: no sizes, as WordPress
    expect(res.body.media_details.sizes).toEqual({});
  });

  it.each([
    [
      'a text file named .png (recorded)',
      'peer-note.png',
      'image/png',
      Buffer.from('This is plain text, not an image.\n'),
    ],
    ['PHP (recorded)', 'peer-script.php', 'application/x-php', Buffer.from('<?php echo "hello";\n')],
    ['a PHP script named .jpg', 'shell.jpg', 'image/jpeg', Buffer.from('<?php system($_GET["c"]); ?>')],
    ['a PHP script named .txt', 'notes.txt', 'text/plain', Buffer.from('hello <?php system("id"); ?>')],
    ['HTML', 'page.html', 'text/html', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['HTML named .txt', 'page.txt', 'text/plain', Buffer.from('<html><script>alert(1)</script></html>')],
    [
      'SVG with a script',
      'logo.svg',
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['SVG named .png', 'logo.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    [
      'a Windows executable named .pdf',
      'invoice.pdf',
      'application/pdf',
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0')]),
    ],
    [
      'an ELF executable',
      'tool.zip',
      'application/zip',
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...Array(56).fill(0)]),
    ],
    ['a shell script named .csv', 'data.csv', 'text/csv', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ['JavaScript', 'app.js', 'application/javascript', Buffer.from('alert(1)')],
    [
      'a broken PNG',
      'broken.png',
      'image/png',
      Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(20)]),
    ],
  ])('%s is refused: 400 rest_upload_sideload_error, nothing stored', async (_name, fileName, type, data) => {
    const before = await filesIn(f.uploads);
    const res = await f.upload(data, fileName, type);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: NOT_ALLOWED });
    expect(await filesIn(f.uploads)).toEqual(before);
  });

  it('the recorded refusals answer as recorded, with 400 where WordPress sends 500', async () => {
    for (const file of ['media-create-disguised.json', 'media-create-php.json']) {
      const recorded = golden(file) as ReturnType<typeof golden> & {
        request: { body_base64: string; headers: string[] };
      };
      const header = (name: string) =>
        recorded.request.headers
          .find((h) => h.toLowerCase().startsWith(`${name}:`))!
          .replace(/^[^:]+:\s*/, '');
      const res = await f.t
        .http()
        .post(`${API}/media`)
        .set('Authorization', f.users.admin.auth)
        .set('Content-Type', header('content-type'))
        .set('Content-Disposition', header('content-disposition'))
        .send(Buffer.from(recorded.request.body_base64, 'base64'));
      expect(recorded.status).toBe(500);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ ...recorded.body, data: { ...recorded.body.data, status: 400 } });
    }
  });

  it('a multipart file that is refused: 400 rest_upload_unknown_error', async () => {
    const res = await f.t
      .http()
      .post(`${API}/media`)
      .set('Authorization', f.users.admin.auth)
      .attach('file', Buffer.from('<?php echo 1;'), { filename: 'x.png', contentType: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'rest_upload_unknown_error',
      message: 'Sorry, you are not allowed to upload this file type.',
      data: { status: 400 },
    });
  });

  it('a file over MEDIA_MAX_UPLOAD_BYTES: 400 rest_upload_file_too_big (raw and multipart), nothing stored', async () => {
    const before = await filesIn(f.uploads);
    const big = Buffer.concat([png, Buffer.alloc(200 * 1024)]);
    const raw = await f.upload(big, 'big.png', 'image/png');
    expect(raw.status).toBe(400);
    expect(raw.body).toEqual({
      code: 'rest_upload_file_too_big',
      message: 'This file is too big. Files must be less than 200 KB in size.',
      data: { status: 400 },
    });
    const form = await f.t
      .http()
      .post(`${API}/media`)
      .set('Authorization', f.users.admin.auth)
      .attach('file', big, { filename: 'big.png', contentType: 'image/png' });
    expect(form.status).toBe(400);
    expect(form.body.code).toBe('rest_upload_file_too_big');
    // far beyond the limit the body is not even read
    const huge = await f.upload(Buffer.alloc(2 * 1024 * 1024), 'huge.png', 'image/png');
    expect(huge.status).toBe(413);
    expect(await filesIn(f.uploads)).toEqual(before);
  });

  it('missing pieces: no body, no Content-Type, no or a bad Content-Disposition, multipart without file', async () => {
    const admin = f.users.admin.auth;
    const noData = await f.t.http().post(`${API}/media`).set('Authorization', admin);
    expect(noData.status).toBe(400);
    expect(noData.body).toEqual(golden('media-create-no-data.json').body);

    const noDisposition = await f.t
      .http()
      .post(`${API}/media`)
      .set('Authorization', admin)
      .set('Content-Type', 'image/png')
      .send(png);
    expect(noDisposition.status).toBe(400);
    expect(noDisposition.body).toEqual(golden('media-create-no-disposition.json').body);

    const badDisposition = await f.t
      .http()
      .post(`${API}/media`)
      .set('Authorization', admin)
      .set('Content-Type', 'image/png')
      .set('Content-Disposition', 'attachment')
      .send(png);
    expect(badDisposition.status).toBe(400);
    expect(badDisposition.body.code).toBe('rest_upload_invalid_disposition');

    const noFile = await f.t
      .http()
      .post(`${API}/media`)
      .set('Authorization', admin)
      .field('title', 'No file');
    expect(noFile.status).toBe(400);
    expect(noFile.body).toEqual(golden('media-create-multipart-no-file.json').body);

    const otherField = await f.t
      .http()
      .post(`${API}/media`)
      .set('Authorization', admin)
      .attach('upload', png, { filename: 'a.png', contentType: 'image/png' });
    expect(otherField.status).toBe(400);
    expect(otherField.body.code).toBe('rest_upload_no_data');

    const badHash = await f.upload(png, 'a.png', 'image/png', f.users.admin).set('Content-MD5', 'abc');
    expect(badHash.status).toBe(412);
    expect(badHash.body.code).toBe('rest_upload_hash_mismatch');
  });

  it('who may upload: contributor, subscriber and anonymous are refused as recorded', async () => {
    for (const [file, user] of [
      ['media-create-contributor.json', f.users.contributor],
      ['media-create-subscriber.json', f.users.subscriber],
      ['media-create-noauth.json', null],
    ] as const) {
      const recorded = golden(file);
      const res = await f.upload(png, 'peer-image.png', 'image/png', user);
      expect(res.status).toBe(recorded.status);
      expect(res.body).toEqual(recorded.body);
    }
    const editor = await f.upload(png, 'by-editor.png', 'image/png', f.users.editor);
    expect(editor.status).toBe(201);
  });

  it('author and post on create: others need edit_others_posts; the post must be editable and not an attachment', async () => {
    const asOther = await f.upload(png, 'x.png', 'image/png', f.users.author, { author: f.users.editor.id });
    expect(asOther.status).toBe(403);
    expect(asOther.body.code).toBe('rest_cannot_edit_others');

    const byAdmin = await f.upload(png, 'for-author.png', 'image/png', f.users.admin, {
      author: f.users.author.id,
    });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.author).toBe(f.users.author.id);

    const badAuthor = await f.upload(png, 'x.png', 'image/png', f.users.admin, { author: 999999 });
    expect(badAuthor.status).toBe(400);
    expect(badAuthor.body.code).toBe('rest_invalid_author');

    const post = await f.t
      .http()
      .post(`${API}/posts`)
      .set('Authorization', f.users.editor.auth)
      .send({ title: 'Editor post', status: 'publish' });
    expect(post.status).toBe(201);
    const notHis = await f.upload(png, 'x.png', 'image/png', f.users.author, { post: post.body.id });
    expect(notHis.status).toBe(403);
    expect(notHis.body).toEqual({
      code: 'rest_cannot_edit',
      message: 'Sorry, you are not allowed to upload media to this post.',
      data: { status: 403 },
    });
    const missingPost = await f.upload(png, 'x.png', 'image/png', f.users.admin, { post: 999999 });
    expect(missingPost.status).toBe(403);

    const attached = await f.upload(png, 'attached.png', 'image/png', f.users.editor, { post: post.body.id });
    expect(attached.status).toBe(201);
    expect(attached.body.post).toBe(post.body.id);
    expect(attached.body.link).toBe(`${post.body.link}attached/`);

    const toAttachment = await f.upload(png, 'x.png', 'image/png', f.users.admin, { post: attached.body.id });
    expect(toAttachment.status).toBe(400);
    expect(toAttachment.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parent type.',
      data: { status: 400 },
    });
  });

  it('an upload whose database write fails leaves no file behind', async () => {
    const before = await filesIn(f.uploads);
    const res = await f.upload(png, 'never-stored.png', 'image/png', f.users.admin, {
      title: 'x'.repeat(300),
    });
    expect(res.status).toBe(400);
    expect(await filesIn(f.uploads)).toEqual(before);
    expect(before.some((file) => file.includes('never-stored'))).toBe(false);
  });

  it('the uploads folder serves files only: missing, dot-files and paths outside it are 404', async () => {
    for (const path of [
      `/wp-content/uploads/${folder}/missing.png`,
      '/wp-content/uploads/../package.json',
      '/wp-content/uploads/%2e%2e/%2e%2e/package.json',
      `/wp-content/uploads/${folder}`,
      '/wp-content/uploads/.hidden',
    ]) {
      const res = await f.t.http().get(path);
      // the firewall answers 403 to a `..` path before it gets here
      expect([path, res.status === 403 && /\.\.|%2e%2e/i.test(path) ? 404 : res.status]).toEqual([path, 404]);
    }
  });
});
