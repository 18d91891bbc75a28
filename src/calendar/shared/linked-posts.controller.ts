import { RestCall, RestResponse } from '../../rest';
import { tecArchive, TecArchiveOptions } from './archive';
import type { LinkedPostEntity } from './linked-post.entity';
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
    },
  ) {}

  protected async listArchive(call: RestCall<LinkedPostListArgs>): Promise<RestResponse> {
    const { items, total } = await this.service.list(call);
    const { args } = call;
    const query: Record<string, unknown> = {};
    if (args.event !== undefined) query.event = args.event;
    if (call.has('has_events')) query.has_events = args.has_events;
    query.status = this.service.echoedStatus(call);
    return tecArchive(
      call,
      { items: await this.service.present(items, call), total, page: args.page, perPage: args.per_page },
      {
        key: this.archive.key,
        route: `${this.collectionRoute()}/`,
        query,
        pageNotFound: this.archive.pageNotFound,
      },
    );
  }

  protected async createOne(call: RestCall<unknown>): Promise<RestResponse> {
    const { entity } = await this.service.create(this.service.inputFromArgs(call), call);
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
    return this.presentOne(await this.service.trash(await this.service.getOrFail(call.args.id), call), call);
  }

  protected async trashBySlug(call: RestCall<{ slug: string }>): Promise<Item> {
    const entity = await this.service.getBySlugOrFail(call.args.slug, call.language);
    return this.presentOne(await this.service.trash(entity, call), call);
  }

  private collectionRoute(): string {
    return `/cal/events/v1/${this.archive.key}`;
  }

  private async readOne(entity: E, call: RestCall<any>): Promise<Item> {
    this.service.assertReadable(entity, call);
    return this.presentOne(entity, call, true);
  }

  private async applyUpdate(entity: E, call: RestCall<any>): Promise<Item> {
    return this.presentOne(await this.service.update(entity, this.service.inputFromArgs(call), call), call);
  }

  private async presentOne(entity: E, call: RestCall<any>, single = false): Promise<Item> {
    return (await this.service.present([entity], call, single))[0];
  }
}
