import { createHash } from 'node:crypto';
import { resolveDatePair } from '../..';
import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  EmbedAnswer,
  embeddedCapture,
  EmbedLink,
  EmbedScope,
  filterByContext,
  NS,
  paginated,
  parseList,
  READABLE,
  RestCall,
  RestController,
  RestError,
  RestResponse,
  RestRoute,
  SchemaContext,
} from '../../../../platform/rest';
import { ALLOWED_UPLOAD_TYPES } from '../files/upload-types';
import type { MediaEntity } from '../media.entity';
import {
  CreateMediaArgs,
  DeleteMediaArgs,
  GetMediaArgs,
  ListMediaArgs,
  PostProcessMediaArgs,
  rawOf,
  UpdateMediaArgs,
} from './dto/media-args.dto';
import { MediaFields, MediaLibraryService, MediaUpload } from './media-library.service';
import { mediaSchema, toMediaResponse } from './media-response';
import { MediaErrors } from './media.errors';

const ITEM = '/media/(?P<id>\\d+)';
const ALLOWED_MIME_TYPES = new Set(Object.values(ALLOWED_UPLOAD_TYPES).map((type) => type.mime));

/** The writable fields of a create or update request. */
function fieldsOf(args: CreateMediaArgs): MediaFields {
  return {
    title: rawOf(args.title),
    caption: rawOf(args.caption),
    description: rawOf(args.description),
    altText: args.alt_text,
    post: args.post,
    author: args.author,
    slug: args.slug,
    status: args.status,
    date: args.date,
    dateGmt: args.date_gmt,
    commentStatus: args.comment_status,
    pingStatus: args.ping_status,
  };
}

/** WordPress's get_filename_from_disposition: `attachment; filename="a.png"` or `filename*=UTF-8''a.png`. */
export function fileNameFromDisposition(header: string): string | null {
  for (const part of header.split(';').slice(1)) {
    const [rawName, ...rest] = part.split('=');
    const name = rawName.trim().toLowerCase();
    let value = rest.join('=').trim();
    if (name !== 'filename' && name !== 'filename*') continue;
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (name === 'filename*') {
      const quote = value.indexOf("''");
      if (quote >= 0) value = value.slice(quote + 2);
      try {
        value = decodeURIComponent(value);
      } catch {
        return null;
      }
    }
    value = value.trim();
    if (value !== '') return value;
  }
  return null;
}

/** The uploaded file of a request: the multipart `file` part, else the raw body with its headers. */
function uploadOf(call: RestCall<CreateMediaArgs>): MediaUpload {
  const files = Object.values(call.files);
  const md5 = call.headers['content-md5'];
  const checkHash = (data: Buffer) => {
    if (md5 && createHash('md5').update(data).digest('hex') !== md5.trim().toLowerCase()) {
      throw MediaErrors.hashMismatch();
    }
  };
  if (files.length > 0) {
    const file = call.files.file;
    if (!file) throw MediaErrors.noData();
    checkHash(file.data);
    return { fileName: file.name, data: file.data, multipart: true };
  }
  const contentType = call.headers['content-type'] ?? '';
  const body = /^multipart\//i.test(contentType) ? undefined : call.body;
  if (!body || body.length === 0) throw MediaErrors.noData();
  if (contentType.trim() === '') throw MediaErrors.noContentType();
  const disposition = call.headers['content-disposition'];
  if (!disposition) throw MediaErrors.noContentDisposition();
  const fileName = fileNameFromDisposition(disposition);
  if (!fileName) throw MediaErrors.invalidDisposition();
  checkHash(body);
  return { fileName, data: body, multipart: false };
}

function localDate(value: string | undefined, timeZone: string): string | undefined {
  return value ? (resolveDatePair(value, undefined, timeZone)?.local ?? undefined) : undefined;
}

/** `core/v2/media`: WordPress's attachments controller. */
@RestController(NS.core)
export class MediaController {
  constructor(readonly media: MediaLibraryService) {}

  private async respond(
    call: RestCall<any>,
    items: MediaEntity[],
    context: SchemaContext,
  ): Promise<Array<Record<string, unknown>>> {
    const parents = await this.media.parentsOf(items, call.user);
    return items
      .filter((item) => this.media.canRead(call.user, item, parents.get(item.parentId)))
      .map((item) =>
        toMediaResponse(item, {
          urls: call.urls,
          user: call.user,
          context,
          siteUrl: this.media.siteUrl,
          timeZone: this.media.timeZone,
          parent: parents.get(item.parentId),
          canEdit: this.media.canEdit(call.user, item),
          canDelete: this.media.canDelete(call.user, item),
        }),
      );
  }

  private async one(call: RestCall<any>, item: MediaEntity, context: SchemaContext) {
    const parents = await this.media.parentsOf([item], call.user);
    return toMediaResponse(item, {
      urls: call.urls,
      user: call.user,
      context,
      siteUrl: this.media.siteUrl,
      timeZone: this.media.timeZone,
      parent: parents.get(item.parentId),
      canEdit: this.media.canEdit(call.user, item),
      canDelete: this.media.canDelete(call.user, item),
    });
  }

  @RestRoute('/media', {
    methods: READABLE,
    args: ListMediaArgs,
    schema: mediaSchema,
    allowBatch: false,
    permission: (call: RestCall<ListMediaArgs>) =>
      call.args.context === 'edit' && !call.user?.can('edit_posts')
        ? MediaErrors.forbiddenContext(
            'Sorry, you are not allowed to edit posts in this post type.',
            call.user !== null,
          )
        : true,
  })
  async list(call: RestCall<ListMediaArgs>): Promise<RestResponse> {
    const { args } = call;
    const timeZone = this.media.timeZone;
    const mimeType = args.mime_type && ALLOWED_MIME_TYPES.has(args.mime_type) ? args.mime_type : undefined;
    const { items, total } = await this.media.list({
      language: call.language,
      statuses: parseList(args.status).map(String),
      page: args.page,
      perPage: args.per_page,
      offset: args.offset,
      search: args.search,
      after: localDate(args.after, timeZone),
      before: localDate(args.before, timeZone),
      modifiedAfter: localDate(args.modified_after, timeZone),
      modifiedBefore: localDate(args.modified_before, timeZone),
      authors: args.author ?? [],
      authorsExcluded: args.author_exclude ?? [],
      include: args.include ?? [],
      exclude: args.exclude ?? [],
      parents: args.parent ?? [],
      parentsExcluded: args.parent_exclude ?? [],
      slugs: args.slug ?? [],
      mimePrefix: args.media_type ? `${args.media_type}/` : undefined,
      mimeType,
      order: args.order,
      orderby: args.orderby,
    });
    return paginated(call, await this.respond(call, items, args.context), {
      total,
      page: args.page,
      perPage: args.per_page,
    });
  }

  @RestRoute('/media', {
    methods: CREATABLE,
    args: CreateMediaArgs,
    schema: mediaSchema,
    allowBatch: false,
    answerContext: 'edit',
    permission: (call: RestCall<CreateMediaArgs>, self: MediaController) =>
      self.media.checkCreate(call.user, fieldsOf(call.args)),
  })
  async create(call: RestCall<CreateMediaArgs>): Promise<RestResponse> {
    const upload = uploadOf(call);
    const created = await this.media.create(call.user!, upload, fieldsOf(call.args));
    return RestResponse.created(
      await this.one(call, created, 'edit'),
      call.urls.route(`/core/v2/media/${created.id}`),
    );
  }

  @RestRoute(ITEM, {
    methods: READABLE,
    args: GetMediaArgs,
    schema: mediaSchema,
    allowBatch: false,
    permission: async (call: RestCall<GetMediaArgs>, self: MediaController) => {
      const item = await self.media.getOrFail(call.args.id);
      const loggedIn = call.user !== null;
      if (call.args.context === 'edit' && !self.media.canEdit(call.user, item)) {
        return MediaErrors.forbiddenContext('Sorry, you are not allowed to edit this post.', loggedIn);
      }
      const parent = (await self.media.parentsOf([item], call.user)).get(item.parentId);
      return self.media.canRead(call.user, item, parent) ? true : MediaErrors.cannotRead(loggedIn);
    },
    embed: (links, scope, self: MediaController) => self.embedMedia(links, scope),
  })
  async get(call: RestCall<GetMediaArgs>): Promise<RestResponse> {
    const item = await this.media.getOrFail(call.args.id);
    const data = await this.one(call, item, call.args.context);
    return new RestResponse(data, 200, { Link: `<${data.link as string}>; rel="alternate"; type=text/html` });
  }

  /**
   * The `wp:featuredmedia` links of `_embed` (`media/N`, the embed context) for many items at once: each
   * attachment read once, the parents of all of them described together, each shaped once, with the answers
   * and refusals of get(). Other queries are left to a sub-request.
   */
  async embedMedia(links: EmbedLink[], scope: EmbedScope): Promise<EmbedAnswer[]> {
    const ids = links.map((link) => embeddedCapture(link, 'id'));
    const distinct = [...new Set(ids.filter((id): id is number => id !== undefined))];
    const found = await Promise.all(
      distinct.map((id) => this.media.getOrFail(id).catch((error: unknown) => error)),
    );
    const items = found.filter((item): item is MediaEntity => !(item instanceof Error));
    const parents = await this.media.parentsOf(items, scope.user);
    const schema = mediaSchema(scope.urls);
    const answers = new Map<number, unknown>();
    distinct.forEach((id, index) => {
      const item = found[index];
      if (item instanceof Error) {
        // A refusal is embedded as is; anything else goes through a sub-request, which reports it.
        answers.set(id, item instanceof RestError ? item : undefined);
        return;
      }
      const parent = parents.get((item as MediaEntity).parentId);
      if (!this.media.canRead(scope.user, item as MediaEntity, parent)) {
        answers.set(id, MediaErrors.cannotRead(scope.user !== null));
        return;
      }
      const data = toMediaResponse(item as MediaEntity, {
        urls: scope.urls,
        user: scope.user,
        context: 'embed',
        siteUrl: this.media.siteUrl,
        timeZone: this.media.timeZone,
        parent,
        canEdit: this.media.canEdit(scope.user, item as MediaEntity),
        canDelete: this.media.canDelete(scope.user, item as MediaEntity),
      });
      answers.set(id, filterByContext(data, schema, 'embed'));
    });
    return ids.map((id) => (id === undefined ? undefined : answers.get(id)));
  }

  @RestRoute(ITEM, {
    methods: EDITABLE,
    args: UpdateMediaArgs,
    schema: mediaSchema,
    allowBatch: false,
    answerContext: 'edit',
    permission: async (call: RestCall<UpdateMediaArgs>, self: MediaController) =>
      self.media.checkUpdate(call.user, await self.media.getOrFail(call.args.id), fieldsOf(call.args)),
  })
  async update(call: RestCall<UpdateMediaArgs>): Promise<Record<string, unknown>> {
    const updated = await this.media.update(call.user!, call.args.id, fieldsOf(call.args));
    return this.one(call, updated, 'edit');
  }

  @RestRoute(ITEM, {
    methods: DELETABLE,
    args: DeleteMediaArgs,
    schema: mediaSchema,
    allowBatch: false,
    answerContext: 'edit',
    permission: async (call: RestCall<DeleteMediaArgs>, self: MediaController) => {
      const item = await self.media.getOrFail(call.args.id);
      return self.media.canDelete(call.user, item) ? true : MediaErrors.cannotDelete(call.user !== null);
    },
  })
  async delete(call: RestCall<DeleteMediaArgs>): Promise<Record<string, unknown>> {
    const item = await this.media.getOrFail(call.args.id);
    if (!call.args.force) throw MediaErrors.trashNotSupported();
    const { _links: _omitted, ...previous } = await this.one(call, item, 'edit');
    await this.media.delete(item);
    return { deleted: true, previous };
  }

  @RestRoute(`${ITEM}/post-process`, {
    methods: CREATABLE,
    args: PostProcessMediaArgs,
    schema: mediaSchema,
    allowBatch: false,
    permission: async (call: RestCall<PostProcessMediaArgs>, self: MediaController) =>
      self.media.checkUpdate(call.user, await self.media.getOrFail(call.args.id), {}),
  })
  async postProcess(call: RestCall<PostProcessMediaArgs>): Promise<Record<string, unknown>> {
    const item = await this.media.getOrFail(call.args.id);
    return this.one(call, await this.media.createMissingSizes(item), 'edit');
  }
}
