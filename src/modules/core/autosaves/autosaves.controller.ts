import { Inject, Type } from '@nestjs/common';
import { AppConfig } from '../../../platform/config';
import { CREATABLE, NS, READABLE, RestCall, RestController, RestRoute } from '../../../platform/rest';
import { ContentErrors } from '../content.errors';
import { UpdatePageArgs, UpdatePostArgs, WriteArgs } from '../posts/dto/post-args.dto';
import { PostRequests } from '../posts/post-requests';
import { PAGE_TYPE, POST_TYPE, PostTypeConfig } from '../posts/post-types';
import { PostsPolicy } from '../posts/posts.policy';
import { PostsService } from '../posts/posts.service';
import { GetRevisionArgs, ListAutosavesArgs } from '../revisions/dto/revision-args.dto';
import { revisionSchema, toRevisionResponse } from '../revisions/revision.mapper';
import { RevisionsService } from '../revisions/revisions.service';
import { AutosavesService } from './autosaves.service';

/** `core/v2/{posts|pages}/{id}/autosaves`: WordPress's autosaves controller. */
function autosavesController(type: PostTypeConfig, updateArgs: Type<object>, className: string) {
  const schema = revisionSchema(type, true);

  @RestController(NS.core)
  class AutosavesController {
    constructor(
      @Inject(AutosavesService) readonly autosaves: AutosavesService,
      @Inject(RevisionsService) readonly revisions: RevisionsService,
      @Inject(PostsService) readonly posts: PostsService,
      @Inject(AppConfig) readonly config: AppConfig,
      @Inject(PostsPolicy) readonly policy: PostsPolicy,
      @Inject(PostRequests) readonly requests: PostRequests,
    ) {}

    @RestRoute(`/${type.restBase}/(?P<id>\\d+)/autosaves`, {
      methods: READABLE,
      args: ListAutosavesArgs,
      schema,
      permission: async (call: RestCall<ListAutosavesArgs>, self: AutosavesController) =>
        self.revisions.checkRead(
          call.user,
          type,
          await self.requests.find(call, type, call.args.id),
          'autosaves',
        ),
    })
    async list(call: RestCall<ListAutosavesArgs>): Promise<Record<string, unknown>[]> {
      const parent = this.revisions.parentOrFail(await this.requests.find(call, type, call.args.id));
      const items = await this.autosaves.list(parent.id);
      const link = await this.posts.link(parent);
      const previews = await Promise.all(
        items.map((item) => this.autosaves.previewLink(parent, false, item.authorId, link)),
      );
      return items.map((item, index) =>
        toRevisionResponse(item, {
          parentType: type,
          siteUrl: this.config.siteUrl,
          urls: call.urls,
          previewLink: previews[index],
        }),
      );
    }

    @RestRoute(`/${type.restBase}/(?P<id>\\d+)/autosaves`, {
      methods: CREATABLE,
      args: updateArgs,
      schema,
      permission: async (call: RestCall<WriteArgs & { id?: number }>, self: AutosavesController) => {
        if (!call.args.id) throw ContentErrors.invalidItemId();
        const post = await self.requests.getOrFail(call, type, Number(call.args.id));
        return self.policy.checkUpdate(call.user, type, post, call.args);
      },
    })
    async create(call: RestCall<WriteArgs & { id: number }>): Promise<Record<string, unknown>> {
      const parent = await this.requests.getOrFail(call, type, Number(call.args.id));
      const write = this.requests.writeOf(call);
      const { item, inPlace } = await this.autosaves.save(call.user, type, parent, write);
      return toRevisionResponse(item, {
        parentType: type,
        siteUrl: this.config.siteUrl,
        urls: call.urls,
        previewLink: await this.autosaves.previewLink(inPlace ? item : parent, inPlace, call.userId),
      });
    }

    @RestRoute(`/${type.restBase}/(?P<parent>\\d+)/autosaves/(?P<id>\\d+)`, {
      methods: READABLE,
      args: GetRevisionArgs,
      schema,
      permission: async (call: RestCall<GetRevisionArgs>, self: AutosavesController) =>
        self.revisions.checkRead(call.user, type, await self.requests.find(call, type, call.args.parent)),
    })
    async get(call: RestCall<GetRevisionArgs>): Promise<Record<string, unknown>> {
      const parent = this.revisions.parentOrFail(await this.requests.find(call, type, call.args.parent));
      const item = await this.autosaves.latest(parent.id);
      return toRevisionResponse(item, {
        parentType: type,
        siteUrl: this.config.siteUrl,
        urls: call.urls,
        previewLink: await this.autosaves.previewLink(parent, false, item.authorId),
      });
    }
  }
  Object.defineProperty(AutosavesController, 'name', { value: className });
  return AutosavesController;
}

export const PostAutosavesController = autosavesController(
  POST_TYPE,
  UpdatePostArgs,
  'PostAutosavesController',
);
export const PageAutosavesController = autosavesController(
  PAGE_TYPE,
  UpdatePageArgs,
  'PageAutosavesController',
);
