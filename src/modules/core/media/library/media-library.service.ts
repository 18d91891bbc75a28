import { Inject, Injectable, Logger } from '@nestjs/common';
import { canDeleteObject, canEditObject, POST_CAPS, UsersService } from '../../../../platform/auth';
import { pickUniqueSlug, slugify } from '../../../../platform/common/slug';
import { AppConfig } from '../../../../platform/config';
import { nowPair, resolveDatePair } from '../..';
import { PostIds, Transactions } from '../../../../platform/database';
import { currentLanguage, RestError, RestUser } from '../../../../platform/rest';
import { AttachmentParent, AttachmentParents } from '../attachment-parents';
import { EMPTY_IMAGE_META, IMAGE_SIZES, imageInfo, resizeFor, resizeImage } from '../files/image-sizes';
import { MediaStorage, sanitizeFileName, UPLOADS_URL_PATH } from '../files/media-storage';
import { checkUpload, DISPLAYABLE_IMAGE_TYPES } from '../files/upload-types';
import { MediaEntity } from '../media.entity';
import { MediaListQuery, MediaLibraryRepository } from './media-library.repository';
import { detailsOf, folderOf, missingImageSizes, StoredDetails, StoredSize } from './media-response';
import { MediaErrors, UPLOAD_EMPTY, UPLOAD_NOT_ALLOWED } from './media.errors';

/** An uploaded file as the request carried it. */
export interface MediaUpload {
  /** The client's file name (from Content-Disposition or the multipart part). */
  fileName: string;
  data: Buffer;
  /** A multipart upload (WordPress's wp_handle_upload) rather than a raw body (wp_handle_sideload). */
  multipart: boolean;
}

/** The attachment fields a create or update may set (undefined: not sent). */
export interface MediaFields {
  title?: string;
  caption?: string;
  description?: string;
  altText?: string;
  post?: number;
  author?: number;
  slug?: string;
  status?: string;
  date?: string | null;
  dateGmt?: string | null;
  commentStatus?: string;
  pingStatus?: string;
}

/** Post types an attachment may not be attached to (WordPress's "Invalid parent type."). */
const UNATTACHABLE_TYPES = new Set(['revision', 'attachment']);

/**
 * The media library's rules, as WordPress's attachments controller: uploads checked by their bytes and stored
 * with their image sizes, per-role permissions (uploading needs upload_files; editing and deleting someone
 * else's attachment the "others" capabilities), attachments inheriting their post's visibility, deletion that
 * removes the files once the row is gone.
 */
@Injectable()
export class MediaLibraryService {
  private readonly logger = new Logger(MediaLibraryService.name);

  constructor(
    private readonly repository: MediaLibraryRepository,
    private readonly storage: MediaStorage,
    private readonly parents: AttachmentParents,
    private readonly postIds: PostIds,
    private readonly users: UsersService,
    private readonly transactions: Transactions,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  get siteUrl(): string {
    return this.config.siteUrl;
  }

  get timeZone(): string {
    return this.config.siteTimezone;
  }

  // ---------------------------------------------------------------- reading

  /** The attachment in the current language, or the 404 WordPress gives for any other ID. */
  async getOrFail(id: number): Promise<MediaEntity> {
    const media = await this.repository.findById(id);
    if (!media || media.language !== currentLanguage()) throw MediaErrors.invalidId();
    return media;
  }

  parentsOf(items: readonly MediaEntity[], user: RestUser | null): Promise<Map<number, AttachmentParent>> {
    return this.parents.describe(
      items.map((media) => media.parentId),
      user,
    );
  }

  /**
   * check_read_permission: editors of the attachment and its author read it; otherwise an `inherit` attachment
   * is as visible as its post (public when unattached or when the post is gone), a private one needs
   * read_private_posts.
   */
  canRead(user: RestUser | null, media: MediaEntity, parent: AttachmentParent | undefined): boolean {
    if (user && (media.authorId === user.id || this.canEdit(user, media))) return true;
    if (media.status === 'inherit') return media.parentId <= 0 || !parent || parent.readable;
    if (media.status === 'private') return user?.can('read_private_posts') ?? false;
    return false;
  }

  canEdit(user: RestUser | null, media: MediaEntity): boolean {
    return canEditObject(user, { authorId: media.authorId, status: media.status }, POST_CAPS);
  }

  canDelete(user: RestUser | null, media: MediaEntity): boolean {
    return canDeleteObject(user, { authorId: media.authorId, status: media.status }, POST_CAPS);
  }

  async list(query: MediaListQuery): Promise<{ items: MediaEntity[]; total: number }> {
    if (query.orderby === 'relevance' && !query.search) throw MediaErrors.noSearchTerm();
    if (query.orderby === 'include' && query.include.length === 0) throw MediaErrors.includeMissing();
    const result = await this.repository.list(query);
    const pages = Math.ceil(result.total / query.perPage);
    if (query.page > pages && result.total > 0) throw MediaErrors.invalidPageNumber();
    return result;
  }

  // ---------------------------------------------------------------- permissions of writes

  /** create_item_permissions_check: upload_files, the author, the post to attach to, the status. */
  async checkCreate(user: RestUser | null, fields: MediaFields): Promise<true | RestError> {
    const loggedIn = user !== null;
    if (!user?.can('upload_files')) return MediaErrors.cannotCreate(loggedIn);
    if (fields.author !== undefined && fields.author !== user.id && !user.can('edit_others_posts')) {
      return MediaErrors.cannotEditOthers(true, loggedIn);
    }
    const statusError = this.checkStatus(user, fields.status);
    if (statusError) return statusError;
    if (fields.post) {
      const parent = (await this.parents.describe([fields.post], user)).get(fields.post);
      // An attachment or a revision as the post: refused by the upload itself ("Invalid parent type.").
      const unattachable =
        !parent && UNATTACHABLE_TYPES.has((await this.postIds.typesOf([fields.post])).get(fields.post) ?? '');
      if (!parent?.editable && !unattachable) return MediaErrors.cannotUploadToPost(loggedIn);
    }
    return true;
  }

  /** update_item_permissions_check: edit_post on the attachment, edit_others_posts to change its author. */
  checkUpdate(user: RestUser | null, media: MediaEntity, fields: MediaFields): true | RestError {
    const loggedIn = user !== null;
    if (!this.canEdit(user, media)) return MediaErrors.cannotEdit(loggedIn);
    if (fields.author !== undefined && fields.author !== media.authorId && !user?.can('edit_others_posts')) {
      return MediaErrors.cannotEditOthers(false, loggedIn);
    }
    return this.checkStatus(user, fields.status) ?? true;
  }

  private checkStatus(user: RestUser | null, status: string | undefined): RestError | null {
    if (
      (status === 'publish' || status === 'private' || status === 'future') &&
      !user?.can('publish_posts')
    ) {
      return MediaErrors.cannotPublish(status === 'private', user !== null);
    }
    return null;
  }

  // ---------------------------------------------------------------- writes

  /**
   * Stores an upload and records its attachment: size limit, type judged by the bytes, a free file name in
   * `YYYY/MM/`, the image sizes; the files are removed again when the row cannot be written.
   */
  async create(user: RestUser, upload: MediaUpload, fields: MediaFields): Promise<MediaEntity> {
    await this.checkParentType(fields.post);
    const refuse = (message: string) =>
      upload.multipart ? MediaErrors.upload(message) : MediaErrors.sideload(message);
    if (upload.data.length > this.config.mediaMaxUploadBytes) {
      throw MediaErrors.fileTooBig(Math.floor(this.config.mediaMaxUploadBytes / 1024));
    }
    if (upload.data.length === 0) throw refuse(UPLOAD_EMPTY);
    const checked = await checkUpload(upload.fileName, upload.data);
    if (!checked) throw refuse(UPLOAD_NOT_ALLOWED);
    const displayable = DISPLAYABLE_IMAGE_TYPES.has(checked.mime);
    const info = displayable ? await imageInfo(upload.data) : null;
    if (displayable && !info) throw refuse(UPLOAD_NOT_ALLOWED);
    const author = await this.resolveAuthor(fields.author, user.id);
    const dates = this.datesOf(fields);

    const now = nowPair(this.timeZone);
    const folder = this.storage.folderFor(now.local);
    const resizes = info
      ? IMAGE_SIZES.map((size) => ({ size, resize: resizeFor(info.width, info.height, size) })).filter(
          (entry) => entry.resize !== null,
        )
      : [];
    const suffixes = [...new Set(resizes.map(({ resize }) => `-${resize!.width}x${resize!.height}`))];
    const stored = await this.storage.writeOriginal(
      folder,
      sanitizeFileName(upload.fileName, checked.ext),
      upload.data,
      suffixes,
    );
    const written = [stored.name];
    try {
      const details: StoredDetails = {};
      if (info) {
        details.width = info.width;
        details.height = info.height;
        details.file = `${folder}/${stored.name}`;
        details.filesize = upload.data.length;
        details.sizes = await this.makeSizes(upload.data, checked.mime, folder, stored, resizes, written);
        details.image_meta = { ...EMPTY_IMAGE_META };
      } else {
        details.filesize = upload.data.length;
      }
      const title = fields.title !== undefined && fields.title !== '' ? fields.title : stored.base;
      const media = new MediaEntity();
      Object.assign(media, {
        authorId: author,
        url: `${UPLOADS_URL_PATH}/${folder}/${stored.name}`,
        title,
        alt: fields.altText ?? '',
        mimeType: checked.mime,
        width: info?.width ?? null,
        height: info?.height ?? null,
        date: dates?.local ?? now.local,
        dateGmt: dates?.gmt ?? now.gmt,
        modified: now.local,
        modifiedGmt: now.gmt,
        language: currentLanguage(),
        status: fields.status === 'private' ? 'private' : 'inherit',
        parentId: fields.post ?? 0,
        caption: fields.caption ?? '',
        description: fields.description ?? '',
        file: `${folder}/${stored.name}`,
        filesize: upload.data.length,
        details: JSON.stringify(details),
        commentStatus: fields.commentStatus ?? 'open',
        pingStatus: fields.pingStatus ?? 'closed',
        slug: '',
      });
      return await this.transactions.run(async (manager) => {
        media.slug = await this.uniqueSlug(fields.slug || slugify(title) || stored.base, 0, manager);
        return this.repository.save(media, manager);
      });
    } catch (error) {
      await this.storage.remove(folder, written);
      throw error;
    }
  }

  /** Applies an update (WordPress's update_item for attachments); the files are not touched. */
  async update(user: RestUser, id: number, fields: MediaFields): Promise<MediaEntity> {
    await this.checkParentType(fields.post);
    const author = fields.author !== undefined ? await this.resolveAuthor(fields.author, user.id) : undefined;
    const dates = this.datesOf(fields);
    return this.transactions.run(async (manager) => {
      const media = await this.repository.findById(id, manager);
      if (!media || media.language !== currentLanguage()) throw MediaErrors.invalidId();
      if (fields.title !== undefined) media.title = fields.title;
      if (fields.caption !== undefined) media.caption = fields.caption;
      if (fields.description !== undefined) media.description = fields.description;
      if (fields.altText !== undefined) media.alt = fields.altText;
      if (fields.post !== undefined) media.parentId = Math.max(0, fields.post);
      if (author !== undefined) media.authorId = author;
      if (fields.status !== undefined) media.status = fields.status === 'private' ? 'private' : 'inherit';
      if (fields.commentStatus !== undefined) media.commentStatus = fields.commentStatus;
      if (fields.pingStatus !== undefined) media.pingStatus = fields.pingStatus;
      if (dates) {
        media.date = dates.local;
        media.dateGmt = dates.gmt;
      }
      if (fields.slug !== undefined && fields.slug !== media.slug) {
        media.slug = await this.uniqueSlug(
          fields.slug || slugify(media.title) || String(media.id),
          media.id,
          manager,
        );
      }
      const now = nowPair(this.timeZone);
      media.modified = now.local;
      media.modifiedGmt = now.gmt;
      return this.repository.save(media, manager);
    });
  }

  /** Deletes the attachment; its files go once the deletion is committed. */
  async delete(media: MediaEntity): Promise<void> {
    await this.transactions.run((manager) => this.repository.delete(media.id, manager));
    await this.storage.remove(folderOf(media), this.fileNamesOf(media));
  }

  /** `post-process` `create-image-subsizes`: makes the sizes still missing (wp_update_image_subsizes). */
  async createMissingSizes(media: MediaEntity): Promise<MediaEntity> {
    const details = detailsOf(media);
    const missing = missingImageSizes(media, details);
    if (!details || missing.length === 0 || !media.file) return media;
    let data: Buffer;
    try {
      data = await this.storage.read(media.file);
    } catch {
      throw new RestError('rest_unknown_attachment', 'Unable to get meta information for file.', 404);
    }
    const info = await imageInfo(data);
    if (!info) return media;
    const folder = folderOf(media);
    const name = media.file.slice(media.file.lastIndexOf('/') + 1);
    const dot = name.lastIndexOf('.');
    const stored = { base: name.slice(0, dot), ext: name.slice(dot + 1), name };
    const resizes = IMAGE_SIZES.filter((size) => missing.includes(size.name))
      .map((size) => ({ size, resize: resizeFor(info.width, info.height, size) }))
      .filter((entry) => entry.resize !== null);
    const written: string[] = [];
    const made = await this.makeSizes(data, media.mimeType, folder, stored, resizes, written);
    return this.transactions.run(async (manager) => {
      const fresh = await this.repository.findById(media.id, manager);
      if (!fresh) throw MediaErrors.invalidId();
      const current = detailsOf(fresh) ?? details;
      current.sizes = { ...(current.sizes ?? {}), ...made };
      fresh.details = JSON.stringify(sortSizes(current));
      return this.repository.save(fresh, manager);
    });
  }

  // ---------------------------------------------------------------- helpers

  private async makeSizes(
    data: Buffer,
    mime: string,
    folder: string,
    stored: { base: string; ext: string },
    resizes: Array<{ size: { name: string }; resize: ReturnType<typeof resizeFor> }>,
    written: string[],
  ): Promise<Record<string, StoredSize>> {
    const sizes: Record<string, StoredSize> = {};
    const made = new Map<string, StoredSize>();
    for (const { size, resize } of resizes) {
      if (!resize) continue;
      const name = `${stored.base}-${resize.width}x${resize.height}.${stored.ext}`;
      let entry = made.get(`${name}:${resize.crop}`);
      if (!entry) {
        try {
          const bytes = await resizeImage(data, mime, resize);
          await this.storage.writeVariant(folder, name, bytes);
          written.push(name);
          entry = {
            file: name,
            width: resize.width,
            height: resize.height,
            filesize: bytes.length,
            mime_type: mime,
          };
          made.set(`${name}:${resize.crop}`, entry);
        } catch (error) {
          this.logger.warn(
            `Could not make the ${size.name} size of ${folder}/${stored.base}: ${String(error)}`,
          );
          continue;
        }
      }
      sizes[size.name] = { ...entry };
    }
    return sizes;
  }

  /** The original and every generated size of an attachment (the files its deletion removes). */
  private fileNamesOf(media: MediaEntity): string[] {
    if (!media.file) return [];
    const names = new Set([media.file.slice(media.file.lastIndexOf('/') + 1)]);
    for (const size of Object.values(detailsOf(media)?.sizes ?? {})) names.add(size.file);
    return [...names];
  }

  private async checkParentType(post: number | undefined): Promise<void> {
    if (!post) return;
    const type = (await this.postIds.typesOf([post])).get(post);
    if (type && UNATTACHABLE_TYPES.has(type)) throw MediaErrors.invalidParentType();
  }

  private async resolveAuthor(author: number | undefined, fallback: number): Promise<number> {
    if (author === undefined || author === fallback) return fallback;
    const [found] = await this.users.findByIds([author]);
    if (!found) throw MediaErrors.invalidAuthor();
    return author;
  }

  private datesOf(fields: MediaFields): { local: string; gmt: string } | null {
    if (fields.date === undefined && fields.dateGmt === undefined) return null;
    if (fields.date === null || fields.dateGmt === null) return null;
    const pair = resolveDatePair(fields.date, fields.dateGmt, this.timeZone);
    if (!pair) throw MediaErrors.invalidDate();
    return pair;
  }

  private async uniqueSlug(
    desired: string,
    exceptId: number,
    manager: Parameters<MediaLibraryRepository['slugsLike']>[2],
  ) {
    const taken = new Set(await this.repository.slugsLike(desired, exceptId, manager));
    return pickUniqueSlug(desired, taken);
  }
}

/** Sizes in WordPress's registration order. */
function sortSizes(details: StoredDetails): StoredDetails {
  const sizes = details.sizes ?? {};
  const order = IMAGE_SIZES.map((size) => size.name);
  const sorted: Record<string, StoredSize> = {};
  for (const name of [...Object.keys(sizes)].sort((a, b) => order.indexOf(a) - order.indexOf(b))) {
    sorted[name] = sizes[name];
  }
  return { ...details, sizes: sorted };
}
