import { RestCall, RestResponse } from '../../../platform/rest';
import { tecArchive, TecArchiveOptions } from './archive';
import type { LinkedPostEntity } from './linked-post.entity';
import { LinkedPostMapper, presentLinkedPost } from './linked-post.mapper';
import type { LinkedPostListArgs, LinkedPostsService } from './linked-posts.service';

type ArchiveKey = 'venues' | 'organizers';
type Item = Record<string, unknown>;

/**
 * The route handlers venues and organizers share (TEC's Linked_Post endpoints). Subclasses declare the routes
 * with their own paths and args classes and delegate here, so each route keeps one declaration.
 */
export abstract class LinkedPostsController<E extends LinkedPostEntity> {
  protected constructor(
    private readonly service: LinkedPostsService<E>,
    private readonly archive: {
      key: ArchiveKey;
      pageNotFound: NonNullable<TecArchiveOptions['pageNotFound']>;
      toObject: LinkedPostMapper<E>;
    },
  ) {}

  protected async listArchive(call: RestCall<LinkedPostListArgs>): Promise<RestResponse> {
    const { args } = call;
    // `has_events` filters when sent (a null counts as sent and reads as false).
    const listArgs = { ...args, has_events: call.has('has_events') ? (args.has_events ?? null) : undefined };
    const { items, total } = await this.service.list(call.user, listArgs, call.language);
    const query: Record<string, unknown> = {};
    if (args.event !== undefined) query.event = args.event;
    if (call.has('has_events')) query.has_events = args.has_events;
    query.status = this.service.echoedStatus(call.user, args.status);
    return tecArchive(
      call,
      { items: await this.present(items, call), total, page: args.page, perPage: args.per_page },
      {
        key: this.archive.key,
        route: `${this.collectionRoute()}/`,
        query,
        pageNotFound: this.archive.pageNotFound,
      },
    );
  }

  protected async createOne(call: RestCall<unknown>): Promise<RestResponse> {
    const { entity } = await this.service.create(call.user, this.inputOf(call), call.language);
    return RestResponse.created(
      await this.presentOne(entity, call),
      call.urls.route(`${this.collectionRoute()}/${entity.id}`),
    );
  }

  protected async readById(call: RestCall<{ id: number }>): Promise<Item> {
    return this.readOne(await this.service.getOrFail(call.args.id), call);
  }

  protected async readBySlug(call: RestCall<{ slug: string }>): Promise<Item> {
    return this.readOne(await this.service.getBySlugOrFail(call.args.slug, call.language), call);
  }

  protected async updateById(call: RestCall<{ id: number }>): Promise<Item> {
    return this.applyUpdate(await this.service.getOrFail(call.args.id), call);
  }

  protected async updateOneBySlug(call: RestCall<{ slug: string }>): Promise<Item> {
    return this.applyUpdate(await this.service.getBySlugOrFail(call.args.slug, call.language), call);
  }

  protected async trashById(call: RestCall<{ id: number }>): Promise<Item> {
    const entity = await this.service.getOrFail(call.args.id);
    return this.presentOne(await this.service.trash(call.user, entity), call);
  }

  protected async trashBySlug(call: RestCall<{ slug: string }>): Promise<Item> {
    const entity = await this.service.getBySlugOrFail(call.args.slug, call.language);
    return this.presentOne(await this.service.trash(call.user, entity), call);
  }

  private collectionRoute(): string {
    return `/cal/events/v1/${this.archive.key}`;
  }

  /** A create or update's input: only what the client sent. */
  private inputOf(call: RestCall<any>) {
    const args = call.args as Record<string, unknown>;
    const sent = new Set(Object.keys(call.params()).filter((name) => call.has(name)));
    return this.service.inputFromArgs(args, sent);
  }

  private async readOne(entity: E, call: RestCall<any>): Promise<Item> {
    this.service.assertReadable(entity, call.user);
    return this.presentOne(entity, call, true);
  }

  private async applyUpdate(entity: E, call: RestCall<any>): Promise<Item> {
    return this.presentOne(await this.service.update(call.user, entity, this.inputOf(call)), call);
  }

  /** Wire objects with images batch-loaded and password-protected fields blanked for callers without access. */
  private async present(entities: E[], call: RestCall<any>, single = false): Promise<Item[]> {
    const password = (call.args as { password?: unknown })?.password;
    const views = await this.service.views(
      entities,
      call.user,
      typeof password === 'string' ? password : undefined,
    );
    return views.map((view) => presentLinkedPost(view, this.archive.toObject, call.urls, single));
  }

  private async presentOne(entity: E, call: RestCall<any>, single = false): Promise<Item> {
    return (await this.present([entity], call, single))[0];
  }
}
