import { Inject } from '@nestjs/common';
import { AppConfig } from '../../../platform/config';
import {
  DELETABLE,
  NS,
  paginated,
  READABLE,
  RestCall,
  RestController,
  RestResponse,
  RestRoute,
} from '../../../platform/rest';
import { ContentErrors } from '../content.errors';
import { PostRequests } from '../posts/post-requests';
import { PAGE_TYPE, POST_TYPE, PostTypeConfig } from '../posts/post-types';
import { DeleteRevisionArgs, GetRevisionArgs, ListRevisionsArgs } from './dto/revision-args.dto';
import { revisionSchema, toRevisionResponse } from './revision.mapper';
import { RevisionsService } from './revisions.service';

/** `core/v2/{posts|pages}/{parent}/revisions`: WordPress's revisions controller. */
function revisionsController(type: PostTypeConfig, className: string) {
  const base = `/${type.restBase}/(?P<parent>\\d+)/revisions`;
  const schema = revisionSchema(type);

  @RestController(NS.core)
  class RevisionsController {
    constructor(
      @Inject(RevisionsService) readonly service: RevisionsService,
      @Inject(AppConfig) readonly config: AppConfig,
      @Inject(PostRequests) readonly requests: PostRequests,
    ) {}

    /** The parent post the route names, loaded once per call. */
    parent(call: RestCall<{ parent: number }>) {
      return this.requests.find(call, type, call.args.parent);
    }

    @RestRoute(base, {
      methods: READABLE,
      args: ListRevisionsArgs,
      schema,
      permission: async (call: RestCall<ListRevisionsArgs>, self: RevisionsController) =>
        self.service.checkRead(call.user, type, await self.parent(call)),
    })
    async list(call: RestCall<ListRevisionsArgs>): Promise<RestResponse> {
      const parent = this.service.parentOrFail(await this.parent(call));
      const { items, total, perPage } = await this.service.list(parent, call.args);
      const body = items.map((revision) =>
        toRevisionResponse(revision, { parentType: type, siteUrl: this.config.siteUrl, urls: call.urls }),
      );
      return paginated(call, body, {
        total,
        page: perPage ? call.args.page : 1,
        perPage: perPage ?? Math.max(total, 1),
      });
    }

    @RestRoute(`${base}/(?P<id>\\d+)`, {
      methods: READABLE,
      args: GetRevisionArgs,
      schema,
      permission: async (call: RestCall<GetRevisionArgs>, self: RevisionsController) =>
        self.service.checkRead(call.user, type, await self.parent(call)),
    })
    async get(call: RestCall<GetRevisionArgs>): Promise<Record<string, unknown>> {
      const parent = this.service.parentOrFail(await this.parent(call));
      const revision = await this.service.get(parent, call.args.id);
      return toRevisionResponse(revision, {
        parentType: type,
        siteUrl: this.config.siteUrl,
        urls: call.urls,
      });
    }

    @RestRoute(`${base}/(?P<id>\\d+)`, {
      methods: DELETABLE,
      args: DeleteRevisionArgs,
      schema,
      permission: async (call: RestCall<DeleteRevisionArgs>, self: RevisionsController) =>
        self.service.checkDelete(call.user, type, await self.parent(call), call.args.id),
    })
    async delete(call: RestCall<DeleteRevisionArgs>): Promise<Record<string, unknown>> {
      const parent = this.service.parentOrFail(await this.parent(call));
      const revision = await this.service.get(parent, call.args.id);
      if (!call.args.force) throw ContentErrors.revisionTrashNotSupported();
      // As WordPress's $previous->get_data(): the object without its links.
      const { _links: _omitted, ...previous } = toRevisionResponse(revision, {
        parentType: type,
        siteUrl: this.config.siteUrl,
        urls: call.urls,
      });
      await this.service.delete(revision);
      return { deleted: true, previous };
    }
  }
  Object.defineProperty(RevisionsController, 'name', { value: className });
  return RevisionsController;
}

export const PostRevisionsController = revisionsController(POST_TYPE, 'PostRevisionsController');
export const PageRevisionsController = revisionsController(PAGE_TYPE, 'PageRevisionsController');
