import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { DataSource, EntityManager } from 'typeorm';
import {
  canEditObject,
  canReadObject,
  isRole,
  ownedObject,
  ROLE_CAPABILITIES,
  UsersService,
} from '../../../platform/auth';
import { formatWpDate } from '../../../platform/common/dates';
import { AppConfig } from '../../../platform/config';
import {
  nowPair,
  ownedOf,
  PostAccess,
  PostEntity,
  PostLifecycleListener,
  postLink,
  POST_TYPES,
  resolveDatePair,
  sanitizeTitleHtml,
} from '..';
import { RestError, RestUser, sanitizeTextField, SchemaContext } from '../../../platform/rest';
import { CommentEntity } from './comment.entity';
import { CommentSettingsEntity } from './comment-settings.entity';
import { isDisallowed, passesModeration } from './comment-rules';
import { CommentSpamFilterRegistry, SpamCheckCandidate, SpamVerdict } from './comment-spam.hooks';
import { CommentView } from './comment.mapper';
import { CommentErrors } from './comments.errors';
import { CommentListQuery, CommentsRepository } from './comments.repository';

export interface ListCommentsInput {
  page: number;
  perPage: number;
  offset?: number;
  search?: string;
  after?: string;
  before?: string;
  author: number[];
  authorExclude: number[];
  authorEmail?: string | null;
  include: number[];
  exclude: number[];
  order: 'asc' | 'desc';
  orderby: CommentListQuery['orderby'];
  parent: number[];
  parentExclude: number[];
  post: number[];
  status: string;
  type: string;
  password?: string;
}

/** What a request may write to a comment (prepare_item_for_database); undefined: not sent. */
export interface CommentWriteInput {
  post?: number;
  parent?: number;
  author?: number;
  authorName?: string;
  authorEmail?: string;
  authorUrl?: string;
  authorIp?: string;
  authorUserAgent?: string;
  content?: string;
  date?: string;
  dateGmt?: string;
  status?: string;
  type?: string;
  password?: string;
}

/** Where the request came from: the client's address and User-Agent header. */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
  referrer: string;
}

/** Options of a read check (check_read_post_permission looks at them). */
export interface ReadOptions {
  context: SchemaContext;
  password?: string;
}

/** wp_check_comment_data_max_lengths. */
const MAX_LENGTHS: Array<[keyof CommentEntity, number, string]> = [
  ['authorName', 245, 'comment_author_column_length'],
  ['authorEmail', 100, 'comment_author_email_column_length'],
  ['authorUrl', 200, 'comment_author_url_column_length'],
  ['content', 65525, 'comment_content_column_length'],
];

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** rest_is_ip_address: a dotted IPv4 or an IPv6 address. */
export function isIpAddress(value: string): boolean {
  return IPV4.test(value) || (/^[0-9a-f:.]+$/i.test(value) && value.includes(':'));
}

/** WP_Comment_Query's `status` values as stored statuses (empty: any). */
function storedStatuses(status: string): string[] {
  switch (status) {
    case 'hold':
      return ['0'];
    case 'approve':
      return ['1'];
    case 'all':
      return ['0', '1'];
    case 'any':
      return [];
    default:
      return [status];
  }
}

/** WP_Comment_Query's `type` values as stored types (empty: any). */
function storedTypes(type: string): string[] {
  if (type === 'all' || type === '') return [];
  // Stored types are never empty here (WordPress's '' is written as 'comment'), so one value keeps the index.
  if (type === 'comment' || type === 'comments') return ['comment'];
  if (type === 'pings') return ['pingback', 'trackback'];
  return [type];
}

/**
 * WordPress's comments: the comments controller's permission rules, wp_allow_comment (duplicates, flood,
 * moderation settings, disallowed words), status transitions (wp_set_comment_status, spam, trash) and the
 * posts' stored comment counts. The spam filter is consulted through {@link CommentSpamFilterRegistry}.
 */
@Injectable()
export class CommentsService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly users: UsersService,
    private readonly spam: CommentSpamFilterRegistry,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  get siteUrl(): string {
    return this.config.siteUrl;
  }

  // ---------------------------------------------------------------- settings

  settings(): Promise<CommentSettingsEntity> {
    return this.comments.settings();
  }

  async updateSettings(changes: Partial<Omit<CommentSettingsEntity, 'id'>>): Promise<CommentSettingsEntity> {
    return this.comments.saveSettings({ ...(await this.comments.settings()), ...changes });
  }

  // ---------------------------------------------------------------- permissions

  /** check_read_post_permission: a password-protected post needs edit rights or, when asked for, its password. */
  canReadPost(actor: RestUser | null, post: PostAccess, requested: boolean, options: ReadOptions): boolean {
    const caps = POST_TYPES[post.type as 'post' | 'page']?.caps;
    if (!caps) return false;
    const owned = ownedObject(post.authorId, post.status, post.trashMetaStatus);
    const passwordAccepted =
      requested &&
      post.password !== '' &&
      ((options.context === 'edit' && canEditObject(actor, owned, caps)) ||
        (!!options.password && options.password === post.password));
    if (post.password !== '' && !passwordAccepted) return canEditObject(actor, owned, caps);
    return canReadObject(actor, owned, caps);
  }

  /** The edit_comment meta capability: edit rights on the comment's post (edit_posts without one). */
  canEditComment(actor: RestUser | null, post: PostEntity | null): boolean {
    if (!actor) return false;
    if (actor.can('moderate_comments')) return true;
    if (!post) return actor.can('edit_posts');
    const caps = POST_TYPES[post.type as 'post' | 'page']?.caps;
    return !!caps && canEditObject(actor, ownedOf(post), caps);
  }

  /** check_read_permission of one comment. */
  canReadComment(
    actor: RestUser | null,
    comment: CommentEntity,
    post: PostEntity | null,
    requested: boolean,
    options: ReadOptions,
  ): boolean {
    if (post && comment.status === '1' && this.canReadPost(actor, post, requested, options)) return true;
    if (!actor) return false;
    if (!comment.postId && !actor.can('moderate_comments')) return false;
    if (comment.userId && comment.userId === actor.id) return true;
    return this.canEditComment(actor, post);
  }

  /** get_items_permissions_check, in WordPress's order. */
  async listPermission(
    actor: RestUser | null,
    input: ListCommentsInput,
    context: SchemaContext,
  ): Promise<true | RestError> {
    const loggedIn = actor !== null;
    if (input.post.length > 0) {
      const posts = await this.comments.postsByIds(input.post);
      const requested = input.post.length === 1;
      for (const id of input.post) {
        const post = posts.get(id);
        if (id && post && !this.canReadPost(actor, post, requested, { context, password: input.password })) {
          return CommentErrors.cannotReadPost(loggedIn);
        }
        if (id === 0 && !actor?.can('moderate_comments'))
          return CommentErrors.cannotReadWithoutPost(loggedIn);
      }
    }
    return this.listFiltersPermission(actor, input, context);
  }

  /** The part of listPermission that does not depend on the posts asked for. */
  private listFiltersPermission(
    actor: RestUser | null,
    input: ListCommentsInput,
    context: SchemaContext,
  ): true | RestError {
    const loggedIn = actor !== null;
    if (context === 'edit' && !actor?.can('moderate_comments'))
      return CommentErrors.forbiddenContext(loggedIn);
    if (!actor?.can('edit_posts')) {
      const forbidden: string[] = [];
      if (input.author.length > 0) forbidden.push('author');
      if (input.authorExclude.length > 0) forbidden.push('author_exclude');
      if (input.authorEmail) forbidden.push('author_email');
      if (input.type !== 'comment') forbidden.push('type');
      if (input.status !== 'approve') forbidden.push('status');
      if (forbidden.length > 0) return CommentErrors.forbiddenParams(forbidden, loggedIn);
    }
    return true;
  }

  /** get_comment: the comment, 404 when it or its post does not exist. */
  async getOrFail(
    id: number,
    manager?: EntityManager,
  ): Promise<{ comment: CommentEntity; post: PostEntity | null }> {
    const comment = await this.comments.findById(id, manager);
    if (!comment) throw CommentErrors.invalidId();
    let post: PostEntity | null = null;
    if (comment.postId) {
      post = (await this.comments.postsByIds([comment.postId], manager)).get(comment.postId) ?? null;
      if (!post) throw CommentErrors.postInvalidId();
    }
    return { comment, post };
  }

  /** get_item_permissions_check. */
  async readPermission(actor: RestUser | null, id: number, options: ReadOptions): Promise<true | RestError> {
    const loggedIn = actor !== null;
    const found = await this.loadOrError(id);
    if (found instanceof RestError) return found;
    if (options.context === 'edit' && !actor?.can('moderate_comments'))
      return CommentErrors.forbiddenContext(loggedIn);
    if (!this.canReadComment(actor, found.comment, found.post, true, options))
      return CommentErrors.cannotRead(loggedIn);
    if (found.post && !this.canReadPost(actor, found.post, true, options))
      return CommentErrors.cannotReadPost(loggedIn);
    return true;
  }

  /** update_item_permissions_check / delete_item_permissions_check. */
  async editPermission(actor: RestUser | null, id: number, forDelete: boolean): Promise<true | RestError> {
    const found = await this.loadOrError(id);
    if (found instanceof RestError) return found;
    if (!this.canEditComment(actor, found.post)) {
      return forDelete
        ? CommentErrors.cannotDelete(actor !== null)
        : CommentErrors.cannotEdit(actor !== null);
    }
    return true;
  }

  private async loadOrError(
    id: number,
  ): Promise<{ comment: CommentEntity; post: PostEntity | null } | RestError> {
    try {
      return await this.getOrFail(id);
    } catch (error) {
      if (error instanceof RestError) return error;
      throw error;
    }
  }

  /** create_item_permissions_check. */
  async createPermission(
    actor: RestUser | null,
    input: CommentWriteInput,
    origin: RequestOrigin,
    context: SchemaContext,
  ): Promise<true | RestError> {
    const loggedIn = actor !== null;
    if (!actor) {
      const settings = await this.comments.settings();
      if (settings.registrationRequired || !settings.allowAnonymous) return CommentErrors.loginRequired();
    }
    const moderator = actor?.can('moderate_comments') ?? false;
    if (input.author !== undefined && input.author !== (actor?.id ?? 0) && !moderator) {
      return CommentErrors.notAllowedField('rest_comment_invalid_author', 'author', loggedIn);
    }
    if (input.authorIp !== undefined && !moderator && (origin.ip === '' || input.authorIp !== origin.ip)) {
      return CommentErrors.notAllowedField('rest_comment_invalid_author_ip', 'author_ip', loggedIn);
    }
    if (input.status !== undefined && !moderator) {
      return CommentErrors.notAllowedField('rest_comment_invalid_status', 'status', loggedIn);
    }
    if (!input.post) return CommentErrors.createWithoutPost();
    const post = (await this.comments.postsByIds([input.post])).get(input.post);
    if (!post) return CommentErrors.createWithoutPost();
    if (post.status === 'draft') return CommentErrors.draftPost();
    if (post.status === 'trash') return CommentErrors.trashPost();
    if (!this.canReadPost(actor, post, true, { context, password: input.password })) {
      return CommentErrors.cannotReadPost(loggedIn);
    }
    if (post.commentStatus !== 'open') return CommentErrors.closed();
    return true;
  }

  // ---------------------------------------------------------------- reading

  /**
   * For each of `postIds` (positive IDs), what listPermission and then list answer for `input` with `post`
   * set to that one post: the readable comments, or the refusal. The posts are read together and counted in
   * one query, so a page's `replies` links (`_embed`) cost no permission check or count of their own.
   */
  async listOfPosts(
    actor: RestUser | null,
    postIds: number[],
    input: Omit<ListCommentsInput, 'post'>,
    context: SchemaContext,
  ): Promise<Array<CommentView[] | RestError>> {
    const general = this.listFiltersPermission(actor, { ...input, post: [] }, context);
    const posts = await this.comments.postsAccessByIds(postIds);
    const refusals = postIds.map((id) => {
      const post = posts.get(id);
      return post && !this.canReadPost(actor, post, true, { context, password: input.password })
        ? CommentErrors.cannotReadPost(actor !== null)
        : general;
    });
    const permitted = postIds.filter((_, index) => refusals[index] === true);
    const counts = await this.comments.countOfPosts(this.listQuery({ ...input, post: [] }), permitted);
    const lists = new Map<number, Promise<CommentView[]>>();
    permitted.forEach((id, index) => {
      // A post without comments lists none: only the others run the list.
      if (counts[index] > 0 && !lists.has(id)) {
        lists.set(
          id,
          this.list(actor, { ...input, post: [id] }, context).then(({ items }) => items),
        );
      }
    });
    return Promise.all(
      postIds.map((id, index) => {
        const refusal = refusals[index];
        if (refusal !== true) return refusal;
        return lists.get(id) ?? [];
      }),
    );
  }

  /** A page of comments (WP_Comment_Query), unreadable ones left out but counted, as WordPress does. */
  async list(
    actor: RestUser | null,
    input: ListCommentsInput,
    context: SchemaContext,
  ): Promise<{ items: CommentView[]; total: number }> {
    const { items, total } = await this.comments.list(this.listQuery(input));
    const views = await this.views(items);
    const requested = input.post.length === 1;
    const readable = views.filter((view) =>
      this.canReadComment(actor, view.comment, view.post, requested, { context, password: input.password }),
    );
    return { items: readable, total };
  }

  /** The repository's query of a list input. */
  private listQuery(input: ListCommentsInput): CommentListQuery {
    // As WordPress: an offset of 0 counts as none, and then the page decides.
    const offset = input.offset ? input.offset : (input.page - 1) * input.perPage;
    return {
      statuses: storedStatuses(input.status),
      types: storedTypes(input.type),
      posts: input.post,
      parents: input.parent,
      parentExclude: input.parentExclude,
      authors: input.author,
      authorExclude: input.authorExclude,
      authorEmail: input.authorEmail ?? undefined,
      include: input.include,
      exclude: input.exclude,
      search: input.search || undefined,
      after: this.localBound(input.after),
      before: this.localBound(input.before),
      orderby: input.orderby,
      order: input.order,
      limit: input.perPage,
      offset,
    };
  }

  private localBound(value: string | undefined): string | undefined {
    if (!value) return undefined;
    return resolveDatePair(value, null, this.config.siteTimezone)?.local;
  }

  /** Posts and reply flags of many comments (two queries). */
  async views(comments: CommentEntity[], manager?: EntityManager): Promise<CommentView[]> {
    const [posts, parents] = await Promise.all([
      this.comments.postsByIds(
        comments.map((comment) => comment.postId),
        manager,
      ),
      this.comments.withChildren(comments.map((comment) => comment.id)),
    ]);
    return comments.map((comment) => ({
      comment,
      post: posts.get(comment.postId) ?? null,
      hasChildren: parents.has(comment.id),
    }));
  }

  async view(id: number): Promise<CommentView> {
    const { comment } = await this.getOrFail(id);
    return (await this.views([comment]))[0];
  }

  // ---------------------------------------------------------------- writing

  /** create_item: prepare, wp_allow_comment, the spam filter, insert, the status parameter. */
  async create(
    actor: RestUser | null,
    input: CommentWriteInput,
    origin: RequestOrigin,
  ): Promise<CommentView> {
    if (input.type !== undefined && input.type !== '' && input.type !== 'comment')
      throw CommentErrors.invalidType();
    const comment = new CommentEntity();
    comment.postId = 0;
    comment.parentId = 0;
    comment.userId = 0;
    comment.authorName = '';
    comment.authorEmail = '';
    comment.authorUrl = '';
    comment.authorAgent = '';
    comment.type = 'comment';
    comment.previousStatus = null;
    await this.prepare(comment, actor, input, origin);
    if (!comment.content) throw CommentErrors.contentInvalid();
    if (!comment.dateGmt) {
      const now = nowPair(this.config.siteTimezone);
      comment.date = now.local;
      comment.dateGmt = now.gmt;
    }
    const missingAuthor =
      !comment.userId && !comment.authorName && !comment.authorEmail && !comment.authorUrl;
    if (actor && missingAuthor) {
      const user = await this.users.getOrFail(actor.id);
      comment.userId = user.id;
      comment.authorName = user.displayName;
      comment.authorEmail = user.email;
      comment.authorUrl = user.url;
    }
    const settings = await this.comments.settings();
    if (settings.requireNameEmail && (!comment.authorName || !comment.authorEmail)) {
      throw CommentErrors.authorDataRequired();
    }
    this.checkLengths(comment);
    const post = (await this.comments.postsByIds([comment.postId])).get(comment.postId) ?? null;
    comment.status = await this.allowComment(comment, post, actor, settings);
    comment.content = this.filterContent(comment.content, actor);

    const filter = this.spam.current;
    let verdict: SpamVerdict = { kind: 'ham' };
    if (filter) {
      verdict = await filter.check(this.candidate(comment, post, origin, actor));
      if (verdict.kind === 'discard') throw CommentErrors.discarded();
      if (verdict.kind === 'spam') comment.status = 'spam';
      if (verdict.kind === 'hold' && !actor?.can('moderate_comments') && comment.status === '1')
        comment.status = '0';
    }

    const decided = comment.status;
    const saved = await this.dataSource.transaction(async (manager) => {
      const stored = await this.comments.save(comment, manager);
      if (filter) await filter.recordNew(stored, verdict, manager);
      if (input.status !== undefined) await this.applyStatus(stored, input.status, manager);
      await this.comments.recountPosts([stored.postId], manager);
      return stored;
    });
    // A moderator's `status` is a transition like any other (marking spam reports it).
    await this.notifyStatus(saved, decided, actor);
    return (await this.views([saved]))[0];
  }

  /** update_item: prepare, checks, wp_update_comment, then the status parameter. */
  async update(
    actor: RestUser | null,
    id: number,
    input: CommentWriteInput,
    origin: RequestOrigin,
  ): Promise<CommentView> {
    const { comment } = await this.getOrFail(id);
    if (input.type !== undefined && input.type !== comment.type) throw CommentErrors.changeType();
    const before = { ...comment } as CommentEntity;
    await this.prepare(comment, actor, input, origin);
    if (input.post !== undefined && input.post !== 0) {
      const post = (await this.comments.postsByIds([input.post])).get(input.post);
      if (!post) throw CommentErrors.updateInvalidPost();
    }
    if (input.content !== undefined && !comment.content) throw CommentErrors.contentInvalid();
    this.checkLengths(comment);
    if (input.content !== undefined) comment.content = this.filterContent(comment.content, actor);
    const saved = await this.dataSource.transaction(async (manager) => {
      const stored = await this.comments.save(comment, manager);
      if (input.status !== undefined) await this.applyStatus(stored, input.status, manager);
      await this.comments.recountPosts([before.postId, stored.postId], manager);
      return stored;
    });
    await this.notifyStatus(saved, before.status, actor);
    return (await this.views([saved]))[0];
  }

  /** delete_item: trash (410 when already trashed) or, with force, delete for good. */
  async delete(
    actor: RestUser | null,
    id: number,
    force: boolean,
  ): Promise<{ view: CommentView; deleted: boolean }> {
    const { comment } = await this.getOrFail(id);
    const view = (await this.views([comment]))[0];
    if (force) {
      await this.dataSource.transaction(async (manager) => {
        await this.comments.reparentChildren(comment.id, comment.parentId, manager);
        await this.comments.delete(comment.id, manager);
        await this.comments.recountPosts([comment.postId], manager);
      });
      return { view, deleted: true };
    }
    if (comment.status === 'trash') throw CommentErrors.alreadyTrashed();
    const before = comment.status;
    const saved = await this.dataSource.transaction(async (manager) => {
      await this.applyStatus(comment, 'trash', manager);
      await this.comments.recountPosts([comment.postId], manager);
      return comment;
    });
    await this.notifyStatus(saved, before, actor);
    return { view: (await this.views([saved]))[0], deleted: false };
  }

  /**
   * Re-evaluates a held comment after the spam filter answered late (Akismet's cron re-check): spam goes to
   * spam; ham is approved when WordPress's moderation rules allow it. Only comments still held change.
   */
  async applyLateVerdict(id: number, spam: boolean, manager: EntityManager): Promise<CommentEntity | null> {
    const comment = await this.comments.findById(id, manager);
    if (!comment || comment.status !== '0') return comment;
    return this.applyFilterDecision(comment, spam ? 'spam' : 'approve', manager);
  }

  /**
   * A decision of the spam filter on a stored comment: `spam` (wp_spam_comment), `unspam` (back to its status
   * before), `approve` (wp_set_comment_status approve, only when the moderation rules allow it).
   */
  async applyFilterDecision(
    comment: CommentEntity,
    decision: 'spam' | 'unspam' | 'approve',
    manager: EntityManager,
  ): Promise<CommentEntity> {
    if (decision === 'spam') {
      comment.previousStatus = comment.status;
      comment.status = 'spam';
    } else if (decision === 'unspam') {
      comment.status =
        comment.previousStatus && ['0', '1'].includes(comment.previousStatus) ? comment.previousStatus : '0';
      comment.previousStatus = null;
    } else {
      const settings = await this.comments.settings(manager);
      const approved = await passesModeration(comment, settings, () =>
        this.comments.hasApprovedComment({
          userId: comment.userId,
          authorName: comment.authorName,
          authorEmail: comment.authorEmail,
        }),
      );
      if (!approved) return comment;
      comment.status = '1';
    }
    await this.comments.save(comment, manager);
    await this.comments.recountPosts([comment.postId], manager);
    return comment;
  }

  /** Comments follow their post: trashed with it, back with it, deleted with it (counts kept). */
  postListener(): PostLifecycleListener {
    return {
      statusChanged: async (postId, from, to, manager) => {
        if (to === 'trash') await this.comments.trashPostComments(postId, manager);
        else if (from === 'trash') await this.comments.untrashPostComments(postId, manager);
        else return;
        await this.comments.recountPosts([postId], manager);
      },
      deleting: (postId, manager) => this.comments.deletePostComments(postId, manager),
    };
  }

  /** The comments of a deleted user's posts (whichever of the two deletions runs first). */
  deleteCommentsOfAuthorPosts(userId: number, manager: EntityManager): Promise<void> {
    return this.comments.deleteCommentsOfAuthorPosts(userId, manager);
  }

  findById(id: number, manager?: EntityManager): Promise<CommentEntity | null> {
    return this.comments.findById(id, manager);
  }

  /** The comment as Akismet's comment-check describes it (used again by re-checks and reports). */
  async candidateOf(comment: CommentEntity): Promise<SpamCheckCandidate> {
    const post = (await this.comments.postsByIds([comment.postId])).get(comment.postId) ?? null;
    const user = comment.userId ? (await this.users.findByIds([comment.userId]))[0] : undefined;
    return this.candidate(
      comment,
      post,
      { ip: comment.authorIp, userAgent: comment.authorAgent, referrer: '' },
      user ? { id: user.id, roles: [user.role] } : null,
    );
  }

  private candidate(
    comment: CommentEntity,
    post: PostEntity | null,
    origin: RequestOrigin,
    actor: Pick<RestUser, 'id' | 'roles'> | null,
  ): SpamCheckCandidate {
    return {
      postId: comment.postId,
      postLink: post ? postLink(this.siteUrl, post) : this.siteUrl,
      postModifiedGmt: post?.modifiedGmt ?? '',
      parentId: comment.parentId,
      userId: comment.userId,
      userRole: actor && comment.userId === actor.id ? (actor.roles[0] ?? '') : '',
      authorName: comment.authorName,
      authorEmail: comment.authorEmail,
      authorUrl: comment.authorUrl,
      authorIp: comment.authorIp,
      authorAgent: comment.authorAgent,
      referrer: origin.referrer,
      content: comment.content,
      dateGmt: comment.dateGmt,
      type: comment.type,
    };
  }

  /** prepare_item_for_database onto `comment`. */
  private async prepare(
    comment: CommentEntity,
    actor: RestUser | null,
    input: CommentWriteInput,
    origin: RequestOrigin,
  ): Promise<void> {
    if (input.content !== undefined) comment.content = input.content;
    if (input.post !== undefined) comment.postId = input.post;
    if (input.parent !== undefined) comment.parentId = input.parent;
    if (input.author !== undefined) {
      const user = input.author > 0 ? (await this.users.findByIds([input.author]))[0] : undefined;
      if (!user) throw CommentErrors.authorInvalid();
      comment.userId = user.id;
      comment.authorName = user.displayName;
      comment.authorEmail = user.email;
      comment.authorUrl = user.url;
    }
    if (input.authorName !== undefined) comment.authorName = input.authorName;
    if (input.authorEmail !== undefined) comment.authorEmail = input.authorEmail;
    if (input.authorUrl !== undefined) comment.authorUrl = input.authorUrl;
    if (input.authorIp && actor?.can('moderate_comments')) comment.authorIp = input.authorIp;
    else comment.authorIp = isIpAddress(origin.ip) ? origin.ip : '127.0.0.1';
    if (input.authorUserAgent) comment.authorAgent = input.authorUserAgent;
    else if (origin.userAgent) comment.authorAgent = sanitizeTextField(origin.userAgent).slice(0, 254);
    const dates = resolveDatePair(
      input.date || undefined,
      input.dateGmt || undefined,
      this.config.siteTimezone,
    );
    if (dates) {
      comment.date = dates.local;
      comment.dateGmt = dates.gmt;
    }
  }

  private checkLengths(comment: CommentEntity): void {
    for (const [field, max, code] of MAX_LENGTHS) {
      if (String(comment[field] ?? '').length > max) throw CommentErrors.tooLong(code);
    }
  }

  /** pre_comment_content: wp_filter_kses for users without unfiltered_html. */
  private filterContent(content: string, actor: RestUser | null): string {
    return actor?.can('unfiltered_html') ? content : sanitizeTitleHtml(content);
  }

  /** wp_allow_comment: duplicates (409), flood (400), then the approval the settings give. */
  private async allowComment(
    comment: CommentEntity,
    post: PostEntity | null,
    actor: RestUser | null,
    settings: CommentSettingsEntity,
  ): Promise<string> {
    if (await this.comments.findDuplicate(comment)) throw CommentErrors.duplicate();
    if (!actor?.can('manage_options') && !actor?.can('moderate_comments') && settings.floodSeconds > 0) {
      const hourAgo = formatWpDate(DateTime.utc().minus({ hours: 1 }));
      const last = await this.comments.lastCommentDateGmt({
        userId: actor?.id ?? 0,
        ip: comment.authorIp,
        email: comment.authorEmail,
        sinceGmt: hourAgo,
      });
      if (last) {
        const seconds = DateTime.fromSQL(comment.dateGmt, { zone: 'utc' })
          .diff(DateTime.fromSQL(last, { zone: 'utc' }), 'seconds')
          .as('seconds');
        if (seconds < settings.floodSeconds) throw CommentErrors.flood();
      }
    }
    let approved: string;
    const author = comment.userId ? (await this.users.findByIds([comment.userId]))[0] : undefined;
    const authorCanModerate =
      !!author && isRole(author.role) && ROLE_CAPABILITIES[author.role].has('moderate_comments');
    if (author && ((post && comment.userId === post.authorId) || authorCanModerate)) {
      approved = '1';
    } else {
      const ok = await passesModeration(comment, settings, () =>
        this.comments.hasApprovedComment({
          userId: comment.userId,
          authorName: comment.authorName,
          authorEmail: comment.authorEmail,
        }),
      );
      approved = ok ? '1' : '0';
      if (isDisallowed(comment, settings)) approved = 'trash';
    }
    return approved;
  }

  /** handle_status_param: the status transitions WordPress accepts; anything else changes nothing. */
  private async applyStatus(
    comment: CommentEntity,
    requested: string,
    manager: EntityManager,
  ): Promise<void> {
    const current = comment.status;
    let next: string | null = null;
    switch (requested) {
      case 'approved':
      case 'approve':
      case '1':
        next = '1';
        break;
      case 'hold':
      case '0':
        next = '0';
        break;
      case 'spam':
      case 'trash':
        if (current !== requested) {
          comment.previousStatus = current;
          next = requested;
        }
        break;
      case 'unspam':
      case 'untrash':
        if (current === requested.slice(2)) {
          next =
            comment.previousStatus && ['0', '1'].includes(comment.previousStatus)
              ? comment.previousStatus
              : '0';
          comment.previousStatus = null;
        }
        break;
      default:
        break;
    }
    if (next === null || next === current) return;
    comment.status = next;
    await this.comments.save(comment, manager);
  }

  private async notifyStatus(comment: CommentEntity, before: string, actor: RestUser | null): Promise<void> {
    if (comment.status !== before)
      await this.spam.current?.statusChanged(comment, before, comment.status, actor);
  }
}
