import { Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { DataSource, EntityManager, In } from 'typeorm';
import { AppConfig } from '../../../platform/config';
import { formatWpDate } from '../../../platform/common/dates';
import { PostIds } from '../../../platform/database';
import { slugify } from '../../../platform/common/slug';
import { currentLanguage } from '../../../platform/rest';
import { AttachmentParents, AttachmentParentSource } from './attachment-parents';
import { MediaEntity } from './media.entity';
import { fileExtension } from './media.mapper';

/** MIME types accepted as images (WordPress's default allowed image types). */
export const IMAGE_MIME_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
};

/** An absolute http(s) URL whose file extension is an allowed image type. */
export function isImageUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s/]+\/\S*$/i.test(value)) return false;
  return fileExtension(value) in IMAGE_MIME_TYPES;
}

/** The media library: lookups for featured images and side-loading of images given by URL. */
@Injectable()
export class MediaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    postIds: PostIds,
    private readonly parents: AttachmentParents,
  ) {
    postIds.register('media', 'attachment');
  }

  /** Lets a module owning posts tell the media library about the posts attachments are attached to. */
  registerParents(source: AttachmentParentSource): void {
    this.parents.register(source);
  }

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(MediaEntity);
  }

  findById(id: number, manager?: EntityManager): Promise<MediaEntity | null> {
    return id > 0 ? this.repo(manager).findOneBy({ id }) : Promise.resolve(null);
  }

  /** Batch load (one query); missing ids are simply absent. */
  async findByIds(ids: readonly number[], manager?: EntityManager): Promise<MediaEntity[]> {
    const unique = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
    return unique.length === 0 ? [] : this.repo(manager).findBy({ id: In(unique) });
  }

  /** `findByIds` as a map keyed by id. */
  async mapByIds(ids: readonly number[], manager?: EntityManager): Promise<Map<number, MediaEntity>> {
    return new Map((await this.findByIds(ids, manager)).map((media) => [media.id, media]));
  }

  /** Whether `id` is an attachment that is an image. */
  async isImage(id: number): Promise<boolean> {
    const media = await this.findById(id);
    return media !== null && media.mimeType.startsWith('image/');
  }

  /**
   * The attachment for an image URL: an existing attachment with that URL is reused (as TEC matches
   * side-loaded URLs to existing attachments), otherwise one is recorded. The file itself is not fetched.
   */
  async createFromUrl(url: string, authorId: number, manager?: EntityManager): Promise<MediaEntity> {
    const repo = this.repo(manager);
    const existing = await repo.findOneBy({ url });
    if (existing) return existing;
    const instant = DateTime.utc();
    const now = formatWpDate(instant);
    const local = formatWpDate(instant.setZone(this.config.siteTimezone));
    const file = safeDecode(url.split(/[?#]/, 1)[0].split('/').pop() ?? '');
    const title = file.replace(/\.[^.]+$/, '');
    const media = repo.create({
      authorId,
      url,
      title,
      slug: slugify(title),
      modified: local,
      modifiedGmt: now,
      alt: '',
      mimeType: IMAGE_MIME_TYPES[fileExtension(url)] ?? '',
      width: null,
      height: null,
      date: local,
      dateGmt: now,
      language: currentLanguage(),
    });
    return repo.save(media);
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
