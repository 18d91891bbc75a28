import { Injectable } from '@nestjs/common';
import { Transactions } from '../../../platform/database';
import type { RestUser } from '../../../platform/rest';
import { ContentErrors } from '../content.errors';
import { parseSearchTerms } from '../../../platform/search';
import { PostsRepository } from '../posts/posts.repository';
import type { PostTypeConfig } from '../posts/post-types';
import type { PostEntity } from '../posts/post.entity';
import { PostsService } from '../posts/posts.service';
import type { ListRevisionsArgs } from './dto/revision-args.dto';

/** Revisions of posts and pages: WordPress's revisions controller rules. */
@Injectable()
export class RevisionsService {
  constructor(
    private readonly posts: PostsService,
    private readonly repository: PostsRepository,
    private readonly transactions: Transactions,
  ) {}

  /** The parent post (404 `rest_post_invalid_parent` when missing or of another type). */
  parentOrFail(parent: PostEntity | null): PostEntity {
    if (!parent) throw ContentErrors.invalidRevisionParent();
    return parent;
  }

  /** get_items_permissions_check: edit_post on the parent (`parent`: the post the route names, if found). */
  checkRead(
    user: RestUser | null,
    type: PostTypeConfig,
    parent: PostEntity | null,
    what: 'revisions' | 'autosaves' = 'revisions',
  ): true {
    if (!this.posts.canEdit(user, type, this.parentOrFail(parent)))
      throw ContentErrors.cannotReadRevisions(user !== null, what);
    return true;
  }

  /** delete_item_permissions_check: delete_post on the parent, then on the revision (never granted). */
  async checkDelete(
    user: RestUser | null,
    type: PostTypeConfig,
    parent: PostEntity | null,
    id: number,
  ): Promise<true> {
    const loggedIn = user !== null;
    if (!this.posts.canDelete(user, type, this.parentOrFail(parent)))
      throw ContentErrors.cannotDeleteRevisions(loggedIn);
    await this.revisionOrFail(id);
    this.checkRead(user, type, parent);
    // map_meta_cap answers do_not_allow for delete_post on a revision.
    throw ContentErrors.cannotDeleteRevision(loggedIn);
  }

  async revisionOrFail(id: number): Promise<PostEntity> {
    const revision = id > 0 ? await this.repository.findById(id) : null;
    if (!revision || revision.type !== 'revision') throw ContentErrors.invalidRevisionId();
    return revision;
  }

  async get(parent: PostEntity, id: number): Promise<PostEntity> {
    const revision = await this.revisionOrFail(id);
    if (revision.parentId !== parent.id) throw ContentErrors.revisionParentMismatch(parent.id);
    return revision;
  }

  /**
   * get_items: every revision when per_page is absent (offset ignored); otherwise paged, with the
   * offset and page-number errors of WordPress.
   */
  async list(
    parent: PostEntity,
    args: ListRevisionsArgs,
  ): Promise<{ items: PostEntity[]; total: number; perPage?: number }> {
    if (args.orderby === 'relevance' && !args.search) throw ContentErrors.noSearchTerm();
    if (args.orderby === 'include' && args.include.length === 0) throw ContentErrors.includeMissing();
    let items = await this.repository.revisionsOf(parent.id);
    if (args.include.length) items = items.filter((r) => args.include.includes(r.id));
    if (args.exclude.length) items = items.filter((r) => !args.exclude.includes(r.id));
    if (args.search) {
      const terms = parseSearchTerms(args.search).map((t) => t.toLowerCase());
      items = items.filter((r) => {
        const text = `${r.title}\n${r.excerpt}\n${r.content}`.toLowerCase();
        return terms.every((term) =>
          term.startsWith('-') ? !text.includes(term.slice(1)) : text.includes(term),
        );
      });
    }
    items = this.sort(items, args);
    const total = items.length;
    if (args.per_page === undefined) return { items, total };
    const perPage = args.per_page;
    if (args.offset !== undefined) {
      if (total > 0 && args.offset >= total) throw ContentErrors.revisionInvalidOffset();
      return { items: items.slice(args.offset, args.offset + perPage), total, perPage };
    }
    const pages = Math.ceil(total / perPage);
    if (total > 0 && args.page > pages) throw ContentErrors.revisionInvalidPage();
    const start = (args.page - 1) * perPage;
    return { items: items.slice(start, start + perPage), total, perPage };
  }

  private sort(items: PostEntity[], args: ListRevisionsArgs): PostEntity[] {
    const sign = args.order === 'asc' ? 1 : -1;
    const byDate = (a: PostEntity, b: PostEntity) => a.date.localeCompare(b.date) || a.id - b.id;
    const compare: Record<string, (a: PostEntity, b: PostEntity) => number> = {
      date: byDate,
      id: (a, b) => a.id - b.id,
      slug: (a, b) => (a.slug ?? '').localeCompare(b.slug ?? '') || a.id - b.id,
      include_slugs: (a, b) => (a.slug ?? '').localeCompare(b.slug ?? '') || a.id - b.id,
      title: (a, b) => a.title.localeCompare(b.title) || a.id - b.id,
      relevance: byDate,
    };
    if (args.orderby === 'include') {
      return [...items].sort((a, b) => args.include.indexOf(a.id) - args.include.indexOf(b.id));
    }
    return [...items].sort((a, b) => sign * (compare[args.orderby] ?? byDate)(a, b));
  }

  async delete(revision: PostEntity): Promise<void> {
    await this.transactions.run((manager) => this.repository.deleteOne(revision.id, manager));
  }
}
