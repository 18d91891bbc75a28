import { createHash } from 'node:crypto';
import { Transactions } from '../../../platform/database';
import { Injectable } from '@nestjs/common';
import type { RestUser } from '../../../platform/rest';
import { sanitizePostHtml, sanitizeTitleHtml } from '../rendering';
import { ContentErrors } from '../content.errors';
import { rawOf } from '../posts/dto/post-args.dto';
import { nowPair } from '../posts/post-dates';
import type { PostTypeConfig } from '../posts/post-types';
import type { PostEntity } from '../posts/post.entity';
import { PostsRepository } from '../posts/posts.repository';
import { PostsService, PostWrite } from '../posts/posts.service';

function normalise(text: string): string {
  return text
    .replace(/\r\n|\r/g, '\n')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface AutosaveResult {
  item: PostEntity;
  /** The draft itself was updated (no autosave revision). */
  inPlace: boolean;
}

/** WordPress's autosaves controller: one autosave per user and post, or the author's draft updated in place. */
@Injectable()
export class AutosavesService {
  constructor(
    private readonly posts: PostsService,
    private readonly repository: PostsRepository,
    private readonly transactions: Transactions,
  ) {}

  /** Latest autosave per user, newest first. */
  list(parentId: number): Promise<PostEntity[]> {
    return this.repository.autosavesOf(parentId);
  }

  async latest(parentId: number): Promise<PostEntity> {
    const [latest] = await this.repository.autosavesOf(parentId);
    if (!latest) throw ContentErrors.noAutosave();
    return latest;
  }

  /** An autosave of `parent` by `user` (the update's permission check has passed). */
  async save(
    user: RestUser | null,
    type: PostTypeConfig,
    parent: PostEntity,
    write: PostWrite,
  ): Promise<AutosaveResult> {
    const args = write.args;
    const userId = user?.id ?? 0;
    const isDraft = parent.status === 'draft' || parent.status === 'auto-draft';
    if (isDraft && parent.authorId === userId) {
      // The author's own draft: the post itself is updated, and no revision is written (DOING_AUTOSAVE).
      const updated = await this.posts.update(user, type, parent, write, { autosave: true });
      return { item: updated, inPlace: true };
    }
    const filtered = !user?.can('unfiltered_html');
    const clean = (value: string | undefined, sanitize: (html: string) => string) =>
      value === undefined ? undefined : filtered ? sanitize(value) : value;
    // Only what the request sends (prepare_item_for_database): unsent fields keep the previous autosave's
    // values, or are empty in a first autosave (_wp_put_post_revision of the sent fields).
    const sent: Partial<Record<'title' | 'content' | 'excerpt' | 'footnotes', string>> = {};
    const title = clean(rawOf(args.title), sanitizeTitleHtml);
    const content = clean(rawOf(args.content), sanitizePostHtml);
    const excerpt = clean(rawOf(args.excerpt), sanitizeTitleHtml);
    if (title !== undefined) sent.title = title;
    if (content !== undefined) sent.content = content;
    if (excerpt !== undefined) sent.excerpt = excerpt;
    if (args.meta?.footnotes !== undefined) sent.footnotes = args.meta.footnotes;
    return this.transactions.run(async (manager) => {
      const existing = await this.repository.userAutosave(parent.id, userId, manager);
      const unchanged = (Object.keys(sent) as Array<keyof typeof sent>).every(
        (field) => normalise(sent[field] ?? '') === normalise(parent[field] ?? ''),
      );
      if (existing && unchanged) return { item: existing, inPlace: false };
      const now = nowPair(this.posts.timeZone);
      const autosave =
        existing ??
        Object.assign(
          this.posts.revisionOf(
            { ...parent, modified: now.local, modifiedGmt: now.gmt } as PostEntity,
            userId,
            `${parent.id}-autosave-v1`,
          ),
          { title: '', content: '', excerpt: '', footnotes: '' },
        );
      Object.assign(autosave, {
        ...sent,
        authorId: userId,
        date: now.local,
        dateGmt: now.gmt,
        modified: now.local,
        modifiedGmt: now.gmt,
      });
      return { item: await this.repository.save(autosave, manager), inPlace: false };
    });
  }

  /** The preview URL (`preview_id` + nonce for an autosave, `preview=true` for the post itself). */
  async previewLink(parent: PostEntity, inPlace: boolean, userId: number, link?: string): Promise<string> {
    link ??= await this.posts.link(parent);
    const separator = link.includes('?') ? '&' : '?';
    if (inPlace) return `${link}${separator}preview=true`;
    const nonce = createHash('sha256')
      .update(`post_preview_${parent.id}:${userId}`)
      .digest('hex')
      .slice(0, 10);
    return `${link}${separator}preview_id=${parent.id}&preview_nonce=${nonce}&preview=true`;
  }
}
