import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { MediaEntity } from '../../../src/modules/core/media';
import { golden } from '../../helpers/golden';
import { TestUser } from '../../helpers/test-app';
import { API, image, mediaFixture, MediaFixture, pdf } from './media-fixture';

function inDays(days: number, hour = 10): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.toISOString().slice(0, 10)} ${String(hour).padStart(2, '0')}:00:00`;
}

describe('core/v2/media: list, read, update, delete, post-process', () => {
  let f: MediaFixture;
  let png: Buffer;
  /** The admin's PNG, the author's JPEG, the editor's PDF. */
  let adminPng: any;
  let authorJpeg: any;
  let editorPdf: any;
  let draftPost: any;

  const get = (path: string, user?: TestUser | null) => {
    const req = f.t.http().get(`${API}${path}`);
    return user ? req.set('Authorization', user.auth) : req;
  };
  const post = (path: string, body: object, user?: TestUser | null) => {
    const req = f.t.http().post(`${API}${path}`);
    return (user ? req.set('Authorization', user.auth) : req).send(body);
  };
  const del = (path: string, user?: TestUser | null) => {
    const req = f.t.http().delete(`${API}${path}`);
    return user ? req.set('Authorization', user.auth) : req;
  };

  beforeAll(async () => {
    f = await mediaFixture();
    png = await image('png', 200, 160);
    adminPng = (await f.upload(png, 'peer-image.png', 'image/png')).body;
    authorJpeg = (
      await f.upload(await image('jpeg', 640, 480), 'author-photo.jpg', 'image/jpeg', f.users.author, {
        title: 'Author photo',
      })
    ).body;
    editorPdf = (await f.upload(pdf(), 'brochure.pdf', 'application/pdf', f.users.editor)).body;
    draftPost = (await post('/posts', { title: 'Secret draft', status: 'draft' }, f.users.editor)).body;
  });
  afterAll(() => f.close());

  describe('list', () => {
    it('anonymous: newest first, view context, X-WP-Total, recorded keys', async () => {
      const recorded = golden('media-list.json');
      const res = await get('/media');
      expect(res.status).toBe(200);
      expect(res.headers['x-wp-total']).toBe('3');
      expect(res.headers['x-wp-totalpages']).toBe('1');
      expect(res.body.map((item: any) => item.id)).toEqual([editorPdf.id, authorJpeg.id, adminPng.id]);
      const mine = res.body.find((item: any) => item.id === adminPng.id);
      expect(Object.keys(mine)).toEqual(Object.keys(recorded.body[1]));
      expect(mine.title).toEqual({ rendered: 'peer-image' });
      expect(mine.guid).toEqual({ rendered: adminPng.source_url });
      expect(Object.keys(mine._links)).toEqual(Object.keys(recorded.body[1]._links));
    });

    it('filters: media_type, mime_type, author, parent, search, include/exclude, slug, pagination', async () => {
      const ids = async (query: string) =>
        ((await get(`/media?${query}`)).body as any[]).map((item) => item.id);
      expect(await ids('media_type=image')).toEqual([authorJpeg.id, adminPng.id]);
      expect(await ids('media_type=application')).toEqual([editorPdf.id]);
      expect(await ids('media_type=image&mime_type=image/png')).toEqual([adminPng.id]);
      expect(await ids('mime_type=image/jpeg')).toEqual([authorJpeg.id]);
      // an unknown MIME type is ignored, as WordPress does
      expect(await ids('mime_type=foo/bar')).toHaveLength(3);
      expect(await ids(`author=${f.users.author.id}`)).toEqual([authorJpeg.id]);
      expect(await ids(`author_exclude=${f.users.author.id}`)).toEqual([editorPdf.id, adminPng.id]);
      expect(await ids('search=photo')).toEqual([authorJpeg.id]);
      expect(await ids(`include=${adminPng.id},${editorPdf.id}&orderby=include`)).toEqual([
        adminPng.id,
        editorPdf.id,
      ]);
      expect(await ids(`exclude=${adminPng.id}`)).toEqual([editorPdf.id, authorJpeg.id]);
      expect(await ids('slug=brochure')).toEqual([editorPdf.id]);
      expect(await ids('orderby=title&order=asc')).toEqual([authorJpeg.id, editorPdf.id, adminPng.id]);
      expect(await ids('parent=0')).toHaveLength(3);

      const page = await get('/media?per_page=1&page=2');
      expect(page.headers['x-wp-total']).toBe('3');
      expect(page.headers['x-wp-totalpages']).toBe('3');
      expect(page.headers.link).toContain('rel="prev"');
      expect(page.headers.link).toContain('rel="next"');
      expect(page.body.map((item: any) => item.id)).toEqual([authorJpeg.id]);
      const beyond = await get('/media?page=9');
      expect(beyond.status).toBe(400);
      expect(beyond.body.code).toBe('rest_post_invalid_page_number');
    });

    it('validation: a bad media_type as recorded, per_page over 100, relevance without search', async () => {
      const bad = await get('/media?media_type=bogus');
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual(golden('media-list-bad-media-type.json').body);
      expect((await get('/media?per_page=101')).status).toBe(400);
      const relevance = await get('/media?orderby=relevance');
      expect(relevance.status).toBe(400);
      expect(relevance.body.code).toBe('rest_no_search_term_defined');
      const include = await get('/media?orderby=include');
      expect(include.body.code).toBe('rest_orderby_include_missing_include');
    });

    it('context=edit needs edit_posts; status other than inherit too', async () => {
      expect((await get('/media?context=edit')).status).toBe(401);
      expect((await get('/media?context=edit', f.users.subscriber)).status).toBe(403);
      const contributor = await get('/media?context=edit', f.users.contributor);
      expect(contributor.status).toBe(200);
      const edit = await get('/media?context=edit', f.users.admin);
      expect(edit.body[0].title).toHaveProperty('raw');
      expect(edit.body[0]).toHaveProperty('missing_image_sizes');
      const status = await get('/media?status=private');
      // WordPress's sanitize_post_statuses error, wrapped as an invalid parameter
      expect(status.status).toBe(400);
      expect(status.body.data.details.status.code).toBe('rest_forbidden_status');
      expect((await get('/media?status=private', f.users.editor)).status).toBe(200);
    });
  });

  describe('read one', () => {
    it('anonymous: 200 with the alternate Link; edit context for editors of it only', async () => {
      const res = await get(`/media/${adminPng.id}`);
      expect(res.status).toBe(200);
      expect(res.headers.link).toContain(
        '<http://example.test/peer-image/>; rel="alternate"; type=text/html',
      );
      expect(res.body.title).toEqual({ rendered: 'peer-image' });
      expect(res.body).not.toHaveProperty('missing_image_sizes');

      const edit = await get(`/media/${adminPng.id}?context=edit`, f.users.admin);
      expect(Object.keys(edit.body)).toEqual(Object.keys(golden('media-single-context-edit.json').body));
      expect((await get(`/media/${adminPng.id}?context=edit`, f.users.author)).status).toBe(403);
      expect((await get(`/media/${authorJpeg.id}?context=edit`, f.users.author)).status).toBe(200);
      expect((await get(`/media/${adminPng.id}?context=edit`)).status).toBe(401);
      const embed = await get(`/media/${adminPng.id}?context=embed`);
      expect(Object.keys(embed.body).sort()).toEqual(
        [
          'id',
          'date',
          'slug',
          'type',
          'link',
          'title',
          'author',
          'caption',
          'alt_text',
          'media_type',
          'mime_type',
          'media_details',
          'source_url',
          '_links',
        ].sort(),
      );
    });

    it('not found: unknown ID and a post ID, as recorded', async () => {
      const missing = await get('/media/999999');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(golden('media-single-404.json').body);
      const postId = await get(`/media/${draftPost.id}`, f.users.admin);
      expect(postId.status).toBe(404);
      expect(postId.body).toEqual(golden('media-single-post-id.json').body);
      expect((await post('/media/999999', { alt_text: 'x' }, f.users.admin)).status).toBe(404);
      expect((await del('/media/999999?force=true', f.users.admin)).status).toBe(404);
      expect(
        (await post('/media/999999/post-process', { action: 'create-image-subsizes' }, f.users.admin)).status,
      ).toBe(404);
    });

    it('an attachment of a draft is as hidden as the draft', async () => {
      const attached = (
        await f.upload(png, 'draft-picture.png', 'image/png', f.users.editor, { post: draftPost.id })
      ).body;
      expect(attached.post).toBe(draftPost.id);
      expect(attached.link).toBe(`http://example.test/?attachment_id=${attached.id}`);
      expect((await get(`/media/${attached.id}`)).status).toBe(401);
      expect((await get(`/media/${attached.id}`, f.users.subscriber)).status).toBe(403);
      expect((await get(`/media/${attached.id}`, f.users.editor)).status).toBe(200);
      const listed = ((await get(`/media?parent=${draftPost.id}`)).body as any[]).map((item) => item.id);
      expect(listed).toEqual([]);
      expect(
        ((await get(`/media?parent=${draftPost.id}`, f.users.editor)).body as any[]).map((i) => i.id),
      ).toEqual([attached.id]);
      expect((await del(`/media/${attached.id}?force=true`, f.users.editor)).status).toBe(200);
    });
  });

  describe('update', () => {
    it('alt_text, caption, description, title as admin: 200 as recorded, stored', async () => {
      const recorded = golden('media-update.json');
      const res = await post(`/media/${adminPng.id}`, recorded.request.body as object, f.users.admin);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        title: recorded.body.title,
        caption: recorded.body.caption,
        alt_text: recorded.body.alt_text,
        slug: 'peer-image',
      });
      expect(res.body.description.raw).toBe('A longer description.');
      expect(res.body.description.rendered).toContain('<p>A longer description.</p>\n');
      expect(res.body.description.rendered).toContain('alt="Blue frame, red circle"');
      const row = await f.t.app
        .get(DataSource)
        .getRepository(MediaEntity)
        .findOneByOrFail({ id: adminPng.id });
      expect(row).toMatchObject({
        title: 'Peer image',
        alt: 'Blue frame, red circle',
        caption: 'A caption',
        description: 'A longer description.',
      });
    });

    it('attach to a post: the link follows the post; a missing post is stored as is (as recorded)', async () => {
      const published = (await post('/posts', { title: 'Peer post 04', status: 'publish' }, f.users.admin))
        .body;
      const attached = await post(`/media/${adminPng.id}`, { post: published.id }, f.users.admin);
      expect(attached.status).toBe(200);
      expect(attached.body.post).toBe(published.id);
      expect(attached.body.link).toBe(`${published.link}peer-image/`);
      expect(attached.body.permalink_template).toBe(`${published.link}%postname%/`);
      const listed = await get(`/media?parent=${published.id}&_fields=id,post`);
      expect(listed.body).toEqual([{ id: adminPng.id, post: published.id }]);

      const bad = await post(`/media/${adminPng.id}`, { post: 999999 }, f.users.admin);
      expect(bad.status).toBe(200);
      expect(bad.body.post).toBe(999999);
      expect(bad.body.link).toBe(`http://example.test/?attachment_id=${adminPng.id}`);
      // an attachment whose post is gone is public
      expect((await get(`/media/${adminPng.id}`)).status).toBe(200);
      expect((await post(`/media/${adminPng.id}`, { post: 0 }, f.users.admin)).body.post).toBeNull();
    });

    it('who may edit: others need edit_others_posts (recorded), own is fine, anonymous 401', async () => {
      for (const [file, user] of [
        ['media-update-contributor.json', f.users.contributor],
        ['media-update-author-other.json', f.users.author],
      ] as const) {
        const res = await post(`/media/${adminPng.id}`, { alt_text: 'x' }, user);
        expect(res.status).toBe(403);
        expect(res.body).toEqual(golden(file).body);
      }
      expect((await post(`/media/${adminPng.id}`, { alt_text: 'x' }, f.users.subscriber)).status).toBe(403);
      expect((await post(`/media/${adminPng.id}`, { alt_text: 'x' })).status).toBe(401);
      const own = await post(`/media/${authorJpeg.id}`, { alt_text: 'Mine' }, f.users.author);
      expect(own.status).toBe(200);
      expect(own.body.alt_text).toBe('Mine');
      const byEditor = await post(`/media/${authorJpeg.id}`, { caption: 'Edited' }, f.users.editor);
      expect(byEditor.status).toBe(200);
      const reassign = await post(`/media/${authorJpeg.id}`, { author: f.users.author2.id }, f.users.author);
      expect(reassign.status).toBe(403);
      expect(reassign.body.code).toBe('rest_cannot_edit_others');
      const put = await f.t
        .http()
        .put(`${API}/media/${authorJpeg.id}`)
        .set('Authorization', f.users.admin.auth)
        .send({ slug: 'brochure' });
      expect(put.status).toBe(200);
      expect(put.body.slug).toBe('brochure-2');
      const patch = await f.t
        .http()
        .patch(`${API}/media/${authorJpeg.id}`)
        .set('Authorization', f.users.admin.auth)
        .send({ date: '2020-05-01T12:00:00' });
      expect(patch.body.date).toBe('2020-05-01T12:00:00');
      expect(patch.body.date_gmt).toBe('2020-05-01T10:00:00');
      const invalid = await post(`/media/${authorJpeg.id}`, { comment_status: 'maybe' }, f.users.admin);
      expect(invalid.status).toBe(400);
      expect(invalid.body.code).toBe('rest_invalid_param');
    });
  });

  describe('post-process', () => {
    it('create-image-subsizes remakes a missing size and answers the attachment', async () => {
      const dataSource = f.t.app.get(DataSource);
      const row = await dataSource.getRepository(MediaEntity).findOneByOrFail({ id: authorJpeg.id });
      const details = JSON.parse(row.details!);
      const thumbnail = details.sizes.thumbnail.file;
      delete details.sizes.thumbnail;
      await dataSource
        .getRepository(MediaEntity)
        .update({ id: row.id }, { details: JSON.stringify(details) });
      const before = await get(`/media/${row.id}?context=edit`, f.users.admin);
      expect(before.body.missing_image_sizes).toEqual(['thumbnail']);

      const res = await post(
        `/media/${row.id}/post-process`,
        { action: 'create-image-subsizes' },
        f.users.admin,
      );
      expect(res.status).toBe(200);
      expect(res.body.missing_image_sizes).toEqual([]);
      expect(Object.keys(res.body.media_details.sizes)).toEqual(['thumbnail', 'medium', 'full']);
      expect(res.body.media_details.sizes.thumbnail.file).toBe(thumbnail);

      const badAction = await post(`/media/${row.id}/post-process`, { action: 'other' }, f.users.admin);
      expect(badAction.status).toBe(400);
      expect((await post(`/media/${row.id}/post-process`, {}, f.users.admin)).body.code).toBe(
        'rest_missing_callback_param',
      );
      expect(
        (
          await post(
            `/media/${adminPng.id}/post-process`,
            { action: 'create-image-subsizes' },
            f.users.author,
          )
        ).status,
      ).toBe(403);
    });
  });

  describe('OPTIONS', () => {
    it('lists the recorded arguments of both endpoints and the attachment schema', async () => {
      const recorded = golden('media-options.json');
      const res = await f.t.http().options(`${API}/media`);
      expect(res.status).toBe(200);
      expect(res.body.endpoints.map((e: any) => e.methods)).toEqual([['GET'], ['POST']]);
      const names = (args: object) => Object.keys(args).filter((name) => name !== 'ml_language');
      expect(names(res.body.endpoints[0].args)).toEqual(names(recorded.body.endpoints[0].args));
      expect(res.body.endpoints[0].args.media_type).toEqual(recorded.body.endpoints[0].args.media_type);
      expect(names(res.body.endpoints[1].args)).toEqual(names(recorded.body.endpoints[1].args));
      expect(Object.keys(res.body.schema.properties)).toEqual(Object.keys(recorded.body.schema.properties));
    });
  });

  describe('delete', () => {
    it('without force: 501 rest_trash_not_supported (recorded); others: 403 (recorded)', async () => {
      const noForce = await del(`/media/${adminPng.id}`, f.users.admin);
      expect(noForce.status).toBe(501);
      expect(noForce.body).toEqual(golden('media-delete-noforce.json').body);
      const other = await del(`/media/${adminPng.id}?force=true`, f.users.author);
      expect(other.status).toBe(403);
      expect(other.body).toEqual(golden('media-delete-author-other.json').body);
      expect((await del(`/media/${adminPng.id}?force=true`, f.users.contributor)).status).toBe(403);
      expect((await del(`/media/${adminPng.id}?force=true`)).status).toBe(401);
    });

    it('force as admin: {deleted, previous}, the row and every file gone, then 404', async () => {
      const folder = adminPng.media_details.file.replace(/\/[^/]+$/, '');
      const files = ['peer-image.png', 'peer-image-150x150.png'].map((name) => join(f.uploads, folder, name));
      expect(files.every((file) => existsSync(file))).toBe(true);
      const res = await del(`/media/${adminPng.id}?force=true`, f.users.admin);
      expect(res.status).toBe(200);
      expect(res.body.deleted).toBe(true);
      expect(Object.keys(res.body.previous)).toEqual(
        Object.keys(golden('media-delete-force.json').body.previous),
      );
      expect(res.body.previous.id).toBe(adminPng.id);
      expect(files.some((file) => existsSync(file))).toBe(false);
      const gone = await get(`/media/${adminPng.id}`, f.users.admin);
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual(golden('media-delete-force-gone.json').body);
      expect(
        await f.t.app.get(DataSource).getRepository(MediaEntity).findOneBy({ id: adminPng.id }),
      ).toBeNull();
      expect((await f.t.http().get(`/wp-content/uploads/${folder}/peer-image.png`)).status).toBe(404);
    });

    it('an author force-deletes their own upload (recorded); the editor the PDF', async () => {
      const own = await del(`/media/${authorJpeg.id}?force=true`, f.users.author);
      expect(own.status).toBe(200);
      expect(own.body.deleted).toBe(true);
      expect((await del(`/media/${editorPdf.id}?force=true`, f.users.editor)).status).toBe(200);
      expect((await get('/media')).headers['x-wp-total']).toBe('0');
    });
  });

  describe('featured images and the calendar', () => {
    it('an uploaded image is a post’s featured_media, embeddable; an event’s image with its sizes', async () => {
      const uploaded = (await f.upload(await image('jpeg', 800, 600), 'featured.jpg', 'image/jpeg')).body;
      const created = await post(
        '/posts',
        { title: 'With picture', status: 'publish', featured_media: uploaded.id },
        f.users.admin,
      );
      expect(created.status).toBe(201);
      expect(created.body.featured_media).toBe(uploaded.id);
      expect(created.body._links['wp:featuredmedia'][0].href).toBe(
        `http://example.test/wp-json/core/v2/media/${uploaded.id}`,
      );
      const embedded = await get(`/posts/${created.body.id}?_embed=wp:featuredmedia`);
      expect(embedded.body._embedded['wp:featuredmedia'][0]).toMatchObject({
        id: uploaded.id,
        source_url: uploaded.source_url,
        media_type: 'image',
      });
      const page = await post('/pages', { title: 'Page', featured_media: uploaded.id }, f.users.admin);
      expect(page.body.featured_media).toBe(uploaded.id);
      expect((await post('/posts', { title: 'Bad', featured_media: 999999 }, f.users.admin)).status).toBe(
        400,
      );

      const event = await f.t
        .http()
        .post('/wp-json/cal/events/v1/events')
        .set('Authorization', f.users.admin.auth)
        .send({
          title: 'Pictured event',
          start_date: inDays(3),
          end_date: inDays(3, 12),
          image: uploaded.id,
        });
      expect(event.status).toBe(201);
      expect(event.body.image).toMatchObject({
        url: uploaded.source_url,
        id: uploaded.id,
        extension: 'jpg',
        width: 800,
        height: 600,
      });
      expect(event.body.image.sizes.thumbnail).toEqual({
        width: 150,
        height: 150,
        'mime-type': 'image/jpeg',
        filesize: uploaded.media_details.sizes.thumbnail.filesize,
        url: uploaded.media_details.sizes.thumbnail.source_url,
      });
      const served = await f.t.http().get(new URL(event.body.image.sizes.medium.url).pathname);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
    });

    it('the Norwegian site has its own media list, with the same file URLs', async () => {
      const res = await f.t
        .http()
        .post('/no/wp-json/core/v2/media')
        .set('Authorization', f.users.admin.auth)
        .set('Content-Type', 'image/png')
        .set('Content-Disposition', 'attachment; filename="norsk.png"')
        .send(png);
      expect(res.status).toBe(201);
      expect(res.body.source_url).toMatch(
        /^http:\/\/example\.test\/wp-content\/uploads\/\d{4}\/\d{2}\/norsk\.png$/,
      );
      const no = await f.t.http().get('/no/wp-json/core/v2/media');
      expect(no.body.map((item: any) => item.id)).toEqual([res.body.id]);
      const en = ((await get('/media')).body as any[]).map((item) => item.id);
      expect(en).not.toContain(res.body.id);
      expect((await get(`/media/${res.body.id}`)).status).toBe(404);
    });
  });
});
