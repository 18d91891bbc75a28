import { DataSource, EntityManager, EntityTarget, QueryFailedError } from 'typeorm';
import { loadTranslationFields, markTranslationOf, TranslationFields } from '../../ml';
import type { TypeCapabilities } from '../../../platform/auth';
import {
  AuthoredContentRegistry,
  canDeleteObject,
  canEditObject,
  canReadObject,
  ownedObject,
  UsersService,
} from '../../../platform/auth';
import { pickUniqueSlug, slugify, slugSearchPrefix } from '../../../platform/common/slug';
import { AppConfig } from '../../../platform/config';
import {
  claimUniqueSlug,
  isDatabaseUnavailable,
  isRetryableTransactionError,
  lockRowById,
  Transactions,
  violatesUnique,
} from '../../../platform/database';
import { isImageUrl, MediaEntity, MediaService } from '../../core/media';
import type { Language, RestUrls, RestUser } from '../../../platform/rest';
import { RestError } from '../../../platform/rest';
import { isTruthyFlag } from '../dates';
import { eventExists } from './event-tables';
import { LOOKUPS } from './linked-post-args';
import type { LinkedPostEntity } from './linked-post.entity';
import type { DuplicateCondition, LinkedPostsRepository } from './linked-posts.repository';
import { canSeeProtected } from './password';
import {
  FLOATING_STATUSES,
  nowPostDates,
  resolvePostDates,
  settleFloatingDates,
  trashedSlug,
} from './post-dates';
import {
  archiveStatuses,
  echoedArchiveStatus,
  parseStatusList,
  PUBLIC_STATUS,
  scaleBackStatus,
  TRASH_STATUS,
} from './post-status';
import { tecError } from './tec-messages';
import { registerLookup } from './validation-lookups';

/** A database ID: a positive safe integer (not `Infinity`, `1e400` or `1e20`, which a driver writes as text). */
function isPositiveId(value: unknown): boolean {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0;
}

/** A type-specific column as written through the API (`show_map` → `showMap`). */
export interface LinkedFieldSpec {
  wire: string;
  prop: string;
  type: 'string' | 'boolean' | 'number';
  /** Duplicate detection on create compares this field when sent non-empty. */
  duplicate?: DuplicateCondition['mode'];
  /** Value of a field not sent on create (default: "", false or null by type). */
  createDefault?: string | boolean | null;
}

/** What a create or update asks for; absent keys are left unchanged on update. */
export interface LinkedPostInput {
  title?: string;
  authorId?: number;
  date?: string;
  dateUtc?: string;
  description?: string;
  status?: string;
  /** Attachment id, image URL, or null to remove. */
  image?: number | string | null;
  fields: Record<string, unknown>;
  /** Create as a translation of this object (joins its translation group; no duplicate reuse). */
  translationOf?: number;
}

export interface LinkedPostKind {
  /** Wire name of the title (`venue` / `organizer`) and TEC's message prefix. */
  name: 'venue' | 'organizer';
  caps: TypeCapabilities;
  fields: LinkedFieldSpec[];
  lookups: { id: string; slug: string };
  /** Table name (its unique slug index is `uq_<table>_slug`). */
  table: string;
}

export interface PresentContext {
  urls: RestUrls;
  image: MediaEntity | null;
  /** Single-object context (adds `json_ld`). */
  single: boolean;
}

/** A venue or organizer as a caller sees it: its image, and whether its protected fields show. */
export interface LinkedPostView<E extends LinkedPostEntity> {
  entity: E;
  image: MediaEntity | null;
  /** False: the object has a password the caller neither gave nor may bypass (fields are blanked). */
  showProtected: boolean;
  translations?: TranslationFields;
}

const MESSAGE_KEYS = {
  venue: {
    notAccessible: 'venueNotAccessible',
    isInTrash: 'venueIsInTrash',
    couldNotCreate: 'couldNotCreateVenue',
    couldNotUpdate: 'couldNotUpdateVenue',
    couldNotDelete: 'couldNotDeleteVenue',
  },
  organizer: {
    notAccessible: 'organizerNotAccessible',
    isInTrash: 'organizerIsInTrash',
    couldNotCreate: 'couldNotCreateOrganizer',
    couldNotUpdate: 'couldNotUpdateOrganizer',
    couldNotDelete: 'couldNotDeleteOrganizer',
  },
} as const;

export interface LinkedPostListArgs {
  page: number;
  per_page: number;
  search?: string;
  event?: number;
  has_events?: unknown;
  only_with_upcoming?: unknown;
  status?: string[];
}

/**
 * Venues and organizers: TEC's linked post types, which behave alike except for their own fields
 * (`Single_Venue`/`Single_Organizer`, `Archive_Venue`/`Archive_Organizer`, `Linked_Post_Base`).
 */
export abstract class LinkedPostsService<E extends LinkedPostEntity> {
  protected constructor(
    protected readonly repository: LinkedPostsRepository<E>,
    protected readonly kind: LinkedPostKind,
    protected readonly dataSource: DataSource,
    protected readonly media: MediaService,
    protected readonly users: UsersService,
    protected readonly config: AppConfig,
    authored: AuthoredContentRegistry,
    protected readonly transactions: Transactions,
  ) {
    registerLookup(dataSource, kind.lookups.id, async (value) => repository.exists(Number(value)));
    registerLookup(
      dataSource,
      kind.lookups.slug,
      async (value, language) => (await repository.findBySlug(String(value), language)) !== null,
    );
    registerLookup(
      dataSource,
      LOOKUPS.user,
      async (value) => isPositiveId(value) && (await users.findById(Number(value))) !== null,
    );
    registerLookup(
      dataSource,
      LOOKUPS.image,
      async (value) => isPositiveId(value) && media.isImage(Number(value)),
    );
    registerLookup(dataSource, LOOKUPS.event, async (value) => eventExists(dataSource, value));
    authored.register({
      publishedAuthorIds: (userIds) => repository.publishedAuthorIds(userIds),
      reassignAuthor: (userId, reassignTo, manager) => repository.reassignAuthor(userId, reassignTo, manager),
    });
  }

  protected abstract newEntity(): E;

  /** Type-specific derived values (venues derive `stateprovince`). */
  protected beforeSave(_entity: E, _input: LinkedPostInput): void {}

  // ---- reads ----

  findById(id: number, manager?: EntityManager): Promise<E | null> {
    return this.repository.findById(id, manager);
  }

  /** Batch load for the event mapper (one query). */
  findByIds(ids: readonly number[], manager?: EntityManager): Promise<E[]> {
    return this.repository.findByIds(ids, manager);
  }

  findBySlug(slug: string, language: Language): Promise<E | null> {
    return this.repository.findBySlug(slug, language);
  }

  async getOrFail(id: number): Promise<E> {
    const entity = await this.repository.findById(id);
    if (!entity)
      throw new RestError('rest_invalid_param', 'Invalid parameter(s): id', 400, {
        params: { id: 'Invalid parameter.' },
      });
    return entity;
  }

  async getBySlugOrFail(slug: string, language: Language): Promise<E> {
    const entity = await this.repository.findBySlug(slug, language);
    if (!entity)
      throw new RestError('rest_invalid_param', 'Invalid parameter(s): slug', 400, {
        params: { slug: 'Invalid parameter.' },
      });
    return entity;
  }

  canRead(entity: E, user: RestUser | null): boolean {
    return canReadObject(user, ownerOf(entity), this.kind.caps);
  }

  canEdit(entity: E, user: RestUser | null): boolean {
    return canEditObject(user, ownerOf(entity), this.kind.caps);
  }

  /** Single GET: 403 `<type>-not-accessible` when the caller may not read a non-public object. */
  assertReadable(entity: E, user: RestUser | null): void {
    if (entity.status !== PUBLIC_STATUS && !this.canRead(entity, user))
      throw tecError(MESSAGE_KEYS[this.kind.name].notAccessible);
  }

  /** The `status` the archive's `rest_url` echoes. */
  echoedStatus(user: RestUser | null, status: LinkedPostListArgs['status']): string {
    return echoedArchiveStatus(status ? parseStatusList(status) : undefined, user, this.kind.caps);
  }

  /** The archive page; `has_events` filters only when present (sent). */
  async list(
    user: RestUser | null,
    args: LinkedPostListArgs,
    language: Language,
  ): Promise<{ items: E[]; total: number }> {
    const statuses = archiveStatuses(
      args.status ? parseStatusList(args.status) : undefined,
      user,
      this.kind.caps,
    );
    return this.repository.list({
      language,
      statuses,
      // As the single GET (403 for others' drafts and private objects): without `edit_others_*`, only one's own.
      restrictNonPublicTo:
        user && !user.can(this.kind.caps.editOthers) && statuses.some((status) => status !== PUBLIC_STATUS)
          ? user.id
          : undefined,
      search: args.search,
      eventId: args.event,
      hasEvents: args.has_events !== undefined ? isTruthyFlag(args.has_events) : undefined,
      onlyWithUpcoming: isTruthyFlag(args.only_with_upcoming),
      now: nowPostDates('UTC').dateGmt,
      page: args.page,
      perPage: args.per_page,
    });
  }

  /** The objects as `user` sees them (with `password` if one was given): images and translations batch-loaded. */
  async views(entities: E[], user: RestUser | null, password?: string): Promise<LinkedPostView<E>[]> {
    const elementType = `post_cal_${this.kind.name}`;
    const [images, translations] = await Promise.all([
      this.media.mapByIds(entities.map((entity) => entity.imageId ?? 0)),
      loadTranslationFields(
        this.dataSource,
        this.config,
        entities.map((entity) => ({ elementType, id: entity.id, language: entity.language })),
      ),
    ]);
    return entities.map((entity) => ({
      entity,
      image: images.get(entity.imageId ?? 0) ?? null,
      showProtected: canSeeProtected(entity.password, this.canEdit(entity, user), password),
      translations: translations.get(`${elementType}:${entity.id}`),
    }));
  }

  /** `views` keyed by id, for events (`venue` / `organizer` fields). */
  async viewsByIds(ids: readonly number[], user: RestUser | null): Promise<Map<number, LinkedPostView<E>>> {
    const views = await this.views(await this.findByIds(ids), user);
    return new Map(views.map((view) => [view.entity.id, view]));
  }

  // ---- writes ----

  /** Create (POST): reuses an identical existing object (TEC's duplicate avoidance). One transaction. */
  create(
    user: RestUser | null,
    input: LinkedPostInput,
    language: Language,
  ): Promise<{ entity: E; created: boolean }> {
    return this.transactions.run((manager) => this.createWith(user, input, language, manager));
  }

  /** `create` inside the caller's transaction (inline creation while saving an event). */
  async createWith(
    user: RestUser | null,
    input: LinkedPostInput,
    language: Language,
    manager: EntityManager,
  ): Promise<{ entity: E; created: boolean }> {
    const title = input.title?.trim() ?? '';
    if (title === '') throw tecError(MESSAGE_KEYS[this.kind.name].couldNotCreate);
    const duplicate = input.translationOf
      ? null
      : await this.repository.findDuplicate(this.duplicateConditions({ ...input, title }), language, manager);
    if (duplicate) return { entity: duplicate, created: false };

    const entity = this.newEntity();
    entity.title = title;
    entity.authorId = input.authorId ?? user?.id ?? 0;
    entity.description = input.description ?? '';
    entity.password = '';
    entity.language = language;
    markTranslationOf(entity, input.translationOf);
    entity.trashedStatus = null;
    const dates = resolvePostDates(input, this.config.siteTimezone);
    entity.date = dates.date;
    entity.dateGmt = dates.dateGmt;
    const modified = nowPostDates(this.config.siteTimezone);
    entity.modified = modified.date;
    entity.modifiedGmt = modified.dateGmt;
    entity.status = this.statusFor(scaleBackStatus(input.status, user), entity.dateGmt);
    settleFloatingDates(entity, {
      creating: true,
      dateSent: Boolean(input.date || input.dateUtc),
      siteZone: this.config.siteTimezone,
    });
    entity.imageId = await this.resolveImage(input.image ?? null, user, manager);
    this.applyFields(entity, input, true);
    this.beforeSave(entity, input);
    try {
      // Whatever the status: TEC's Venue::create / Organizer::create pass the title's slug as post_name.
      const saved = await this.claimSlug(entity, manager);
      return { entity: saved, created: true };
    } catch (error) {
      if (isWriteRefused(error)) throw tecError(MESSAGE_KEYS[this.kind.name].couldNotCreate);
      throw error;
    }
  }

  /** Partial update: only sent fields change. Per-object `edit_post` is checked here (403). */
  async update(user: RestUser | null, entity: E, input: LinkedPostInput): Promise<E> {
    if (!this.canEdit(entity, user)) throw this.forbidden(user);
    return this.transactions.run(async (manager) => {
      // The row as it is now, locked until commit: parallel updates of other fields are kept.
      const latest = await lockRowById(manager, entity.constructor as EntityTarget<E>, entity.id);
      if (latest) Object.assign(entity, latest);
      if (input.title !== undefined) entity.title = input.title.trim();
      if (input.authorId !== undefined) entity.authorId = input.authorId;
      if (input.description !== undefined) entity.description = input.description;
      if (input.date !== undefined || input.dateUtc !== undefined) {
        const dates = resolvePostDates(input, this.config.siteTimezone);
        entity.date = dates.date;
        entity.dateGmt = dates.dateGmt;
      }
      if (input.status !== undefined)
        entity.status = this.statusFor(scaleBackStatus(input.status, user), entity.dateGmt);
      settleFloatingDates(entity, { creating: false, dateSent: false, siteZone: this.config.siteTimezone });
      const needsSlug = entity.slug === null && !FLOATING_STATUSES.has(entity.status);
      if (input.image !== undefined) entity.imageId = await this.resolveImage(input.image, user, manager);
      this.applyFields(entity, input, false);
      this.beforeSave(entity, input);
      const modified = nowPostDates(this.config.siteTimezone);
      entity.modified = modified.date;
      entity.modifiedGmt = modified.dateGmt;
      try {
        return await (needsSlug ? this.claimSlug(entity, manager) : this.repository.save(entity, manager));
      } catch (error) {
        if (isWriteRefused(error)) throw tecError(MESSAGE_KEYS[this.kind.name].couldNotUpdate);
        throw error;
      }
    });
  }

  /** DELETE: moves to the trash (410 when already there) and unlinks it from events. */
  async trash(user: RestUser | null, entity: E): Promise<E> {
    if (!canDeleteObject(user, ownerOf(entity), this.kind.caps)) throw this.forbidden(user);
    if (entity.status === TRASH_STATUS) throw tecError(MESSAGE_KEYS[this.kind.name].isInTrash);
    return this.transactions.run(async (manager) => {
      entity.trashedStatus = entity.status;
      entity.status = TRASH_STATUS;
      const trashSlug = trashedSlug(entity.slug);
      const taken = await this.repository.slugsLike(trashSlug, manager, entity.language);
      if (entity.slug !== null) taken.delete(entity.slug);
      entity.slug = pickUniqueSlug(trashSlug, taken, { isReserved: () => false });
      // A draft never dated is dated now (wp_update_post clears its date, wp_insert_post sets it).
      settleFloatingDates(entity, { creating: false, dateSent: false, siteZone: this.config.siteTimezone });
      const modified = nowPostDates(this.config.siteTimezone);
      entity.modified = modified.date;
      entity.modifiedGmt = modified.dateGmt;
      try {
        await this.repository.unlinkFromEvents([entity.id], manager);
        return await this.repository.save(entity, manager);
      } catch (error) {
        if (isWriteRefused(error)) throw tecError(MESSAGE_KEYS[this.kind.name].couldNotDelete);
        throw error;
      }
    });
  }

  /** The input of a create/update from the route's args and the names the client sent: only what was sent. */
  inputFromArgs(args: Record<string, unknown>, names: ReadonlySet<string>): LinkedPostInput {
    const sent = (name: string) => names.has(name) && args[name] !== undefined;
    const input: LinkedPostInput = { fields: {} };
    if (sent(this.kind.name)) input.title = String(args[this.kind.name]);
    if (sent('author')) input.authorId = Number(args.author);
    if (sent('date')) input.date = String(args.date);
    if (sent('date_utc')) input.dateUtc = String(args.date_utc);
    if (sent('description')) input.description = String(args.description ?? '');
    if (sent('status')) input.status = String(args.status);
    if (names.has('image')) input.image = (args.image ?? null) as LinkedPostInput['image'];
    if (sent('translation_of')) input.translationOf = Number(args.translation_of);
    for (const field of this.kind.fields) {
      if (sent(field.wire)) input.fields[field.prop] = args[field.wire];
    }
    return input;
  }

  /**
   * The input from an inline object inside an event (`venue: {venue, address, ...}`); keys are matched
   * case-insensitively (TEC's tests send `stateProvince`). Throws `could-not-create-*` on bad data.
   */
  inputFromObject(data: Record<string, unknown>): LinkedPostInput {
    const lower = new Map(Object.entries(data).map(([key, value]) => [key.toLowerCase(), value]));
    const fail = () => tecError(MESSAGE_KEYS[this.kind.name].couldNotCreate);
    const text = (key: string): string | undefined => {
      const value = lower.get(key);
      if (value === undefined || value === null) return undefined;
      if (typeof value === 'object') throw fail();
      return String(value);
    };
    const title = text(this.kind.name);
    if (!title || title.trim() === '') throw fail();
    const input: LinkedPostInput = { title, fields: {} };
    const author = lower.get('author');
    if (author !== undefined && author !== null && author !== '') {
      if (!Number.isInteger(Number(author)) || Number(author) <= 0) throw fail();
      input.authorId = Number(author);
    }
    input.description = text('description');
    input.date = text('date');
    input.dateUtc = text('date_utc');
    input.status = text('status');
    const image = lower.get('image');
    if (image !== undefined)
      input.image = image === '' || image === 0 || image === null ? null : (image as number | string);
    for (const field of this.kind.fields) {
      const value = lower.get(field.wire);
      if (value === undefined || value === null) continue;
      if (field.type === 'boolean') input.fields[field.prop] = isTruthyFlag(value);
      else if (field.type === 'number') {
        if (!Number.isFinite(Number(value))) throw fail();
        input.fields[field.prop] = Number(value);
      } else {
        if (typeof value === 'object') throw fail();
        input.fields[field.prop] = String(value);
      }
    }
    for (const key of ['description', 'date', 'date_utc', 'status'] as const) {
      const prop = key === 'date_utc' ? 'dateUtc' : key;
      if (input[prop] === undefined) delete input[prop];
    }
    if (input.status && !['publish', 'future', 'draft', 'pending', 'private'].includes(input.status))
      throw fail();
    return input;
  }

  protected forbidden(user: RestUser | null): RestError {
    return new RestError('rest_forbidden', 'Sorry, you are not allowed to do that.', user ? 403 : 401);
  }

  /** WordPress turns a publish with a future date into `future`, and a `future` in the past into `publish`. */
  private statusFor(status: string, dateGmt: string): string {
    const now = nowPostDates('UTC').dateGmt;
    if (status === 'publish' && dateGmt > now) return 'future';
    if (status === 'future' && dateGmt <= now) return 'publish';
    return status;
  }

  private applyFields(entity: E, input: LinkedPostInput, creating: boolean): void {
    const target = entity as unknown as Record<string, unknown>;
    for (const field of this.kind.fields) {
      const value = input.fields[field.prop];
      if (value === undefined) {
        if (creating && target[field.prop] === undefined)
          target[field.prop] =
            field.createDefault !== undefined
              ? field.createDefault
              : field.type === 'string'
                ? ''
                : field.type === 'boolean'
                  ? false
                  : null;
        continue;
      }
      if (field.type === 'boolean') target[field.prop] = isTruthyFlag(value);
      else if (field.type === 'number')
        target[field.prop] = value === null || value === '' ? null : Number(value);
      else target[field.prop] = String(value).trim();
    }
  }

  private duplicateConditions(input: LinkedPostInput & { title: string }): DuplicateCondition[] {
    const conditions: DuplicateCondition[] = [{ property: 'title', value: input.title, mode: 'ci' }];
    if (input.description) conditions.push({ property: 'description', value: input.description, mode: 'ci' });
    for (const field of this.kind.fields) {
      const value = input.fields[field.prop];
      if (field.duplicate && typeof value === 'string' && value.trim() !== '') {
        conditions.push({ property: field.prop, value: value.trim(), mode: field.duplicate });
      }
    }
    return conditions;
  }

  private async resolveImage(
    value: number | string | null,
    user: RestUser | null,
    manager: EntityManager,
  ): Promise<number | null> {
    if (value === null || value === '' || value === 0 || value === '0') return null;
    const image = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof image === 'number') {
      const media = await this.media.findById(image, manager);
      if (!media || !media.mimeType.startsWith('image/'))
        throw tecError(MESSAGE_KEYS[this.kind.name].couldNotCreate);
      return media.id;
    }
    if (!user?.can('upload_files') || !isImageUrl(image.trim())) {
      throw tecError(MESSAGE_KEYS[this.kind.name].couldNotCreate);
    }
    return (await this.media.createFromUrl(image.trim(), user?.id ?? 0, manager)).id;
  }
  /** Saves the object under the first free slug of its title, claimed by the unique index (no read-then-write race). */
  private claimSlug(entity: E, manager: EntityManager): Promise<E> {
    const base = slugify(entity.title) || this.kind.name;
    return claimUniqueSlug({
      desired: base,
      taken: () => this.repository.slugsLike(slugSearchPrefix(base), manager, entity.language),
      write: (slug) => {
        entity.slug = slug;
        return this.repository.save(entity, manager);
      },
      isCollision: (error) => violatesUnique(error, `uq_${this.kind.table}_slug`, 'slug'),
    });
  }
}

/** A write the database refused for this row (TEC's "could not …"), not a busy or unreachable database. */
function isWriteRefused(error: unknown): boolean {
  return (
    error instanceof QueryFailedError && !isDatabaseUnavailable(error) && !isRetryableTransactionError(error)
  );
}

function ownerOf(entity: { authorId: number; status: string; trashedStatus: string | null }) {
  return ownedObject(entity.authorId, entity.status, entity.trashedStatus);
}
