import { Inject, Type } from '@nestjs/common';
import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  NS,
  paginated,
  READABLE,
  RestCall,
  RestController,
  RestResponse,
  RestRoute,
} from '../../rest';
import { ContentErrors } from '../content.errors';
import {
  DeletePostArgs,
  GetPostArgs,
  ListPagesArgs,
  ListPostsArgs,
  UpdatePageArgs,
  UpdatePostArgs,
  WriteArgs,
  WritePageArgs,
  WritePostArgs,
} from './dto/post-args.dto';
import { PAGE_TYPE, POST_TYPE, PostTypeConfig } from './post-types';
import { postSchema, toPostResponse } from './post.mapper';
import { ListArgs, PostsService } from './posts.service';

/** `core/v2/posts` or `core/v2/pages`: WordPress's posts controller for one post type. */
function postTypeController(
  type: PostTypeConfig,
  argTypes: { list: Type<object>; create: Type<object>; update: Type<object> },
  className: string,
) {
  const base = `/${type.restBase}`;
  const item = `${base}/(?P<id>\\d+)`;
  const schema = postSchema(type);

  @RestController(NS.core)
  class PostTypeController {
    constructor(@Inject(PostsService) readonly service: PostsService) {}

    @RestRoute(base, {
      methods: READABLE,
      args: argTypes.list,
      schema,
      allowBatch: true,
      permission: (call: RestCall<ListArgs>) =>
        call.args.context === 'edit' && !call.user?.can(type.caps.edit)
          ? ContentErrors.forbiddenContext(
              'Sorry, you are not allowed to edit posts in this post type.',
              call.user !== null,
            )
          : true,
    })
    async list(call: RestCall<ListArgs>): Promise<RestResponse> {
      const { items, total } = await this.service.list(type, call.args, call);
      return paginated(call, items, { total, page: call.args.page, perPage: call.args.per_page });
    }

    @RestRoute(base, {
      methods: CREATABLE,
      args: argTypes.create,
      schema,
      allowBatch: true,
      permission: (call: RestCall<WriteArgs>, self: PostTypeController) =>
        self.service.checkCreate(type, call.args, call),
    })
    async create(call: RestCall<WriteArgs>): Promise<RestResponse> {
      const post = await this.service.create(type, call.args, call);
      return RestResponse.created(
        await this.service.respond(type, post, call),
        call.urls.route(`/core/v2${base}/${post.id}`),
      );
    }

    @RestRoute(item, {
      methods: READABLE,
      args: GetPostArgs,
      schema,
      allowBatch: true,
      permission: async (call: RestCall<GetPostArgs>, self: PostTypeController) => {
        const post = await self.service.getOrFail(type, call.args.id, call);
        const loggedIn = call.user !== null;
        if (call.args.context === 'edit' && !self.service.canEdit(call.user, type, post)) {
          return ContentErrors.forbiddenContext('Sorry, you are not allowed to edit this post.', loggedIn);
        }
        if (
          call.args.password !== undefined &&
          post.password !== '' &&
          call.args.password !== post.password
        ) {
          return ContentErrors.incorrectPassword();
        }
        return self.service.canRead(call.user, type, post) ? true : ContentErrors.cannotRead(loggedIn);
      },
    })
    async get(call: RestCall<GetPostArgs>): Promise<RestResponse> {
      const post = await this.service.getOrFail(type, call.args.id, call);
      const [view] = await this.service.views([post]);
      const data = toPostResponse(
        view,
        this.service.mapContext(type, call, call.args.context, {
          excerptLength: call.args.excerpt_length,
          passwordGiven: call.args.password,
        }),
      );
      return new RestResponse(data, 200, {
        Link: `<${data.link as string}>; rel="alternate"; type=text/html`,
      });
    }

    @RestRoute(item, {
      methods: EDITABLE,
      args: argTypes.update,
      schema,
      allowBatch: true,
      permission: (call: RestCall<WriteArgs & { id: number }>, self: PostTypeController) =>
        self.service.checkUpdate(type, Number(call.args.id), call.args, call),
    })
    async update(call: RestCall<WriteArgs & { id: number }>): Promise<Record<string, unknown>> {
      const post = await this.service.update(type, Number(call.args.id), call.args, call);
      return this.service.respond(type, post, call);
    }

    @RestRoute(item, {
      methods: DELETABLE,
      args: DeletePostArgs,
      schema,
      allowBatch: true,
      permission: async (call: RestCall<DeletePostArgs>, self: PostTypeController) => {
        const post = await self.service.getOrFail(type, call.args.id, call);
        return self.service.canDelete(call.user, type, post)
          ? true
          : ContentErrors.cannotDelete(call.user !== null);
      },
    })
    async delete(call: RestCall<DeletePostArgs>): Promise<Record<string, unknown>> {
      const post = await this.service.getOrFail(type, call.args.id, call);
      if (call.args.force) {
        const previous = await this.service.respond(type, post, call);
        await this.service.forceDelete(post);
        return { deleted: true, previous };
      }
      const trashed = await this.service.trash(type, post, call);
      return this.service.respond(type, trashed, call);
    }
  }
  Object.defineProperty(PostTypeController, 'name', { value: className });
  return PostTypeController;
}

export const PostsController = postTypeController(
  POST_TYPE,
  { list: ListPostsArgs, create: WritePostArgs, update: UpdatePostArgs },
  'PostsController',
);
export const PagesController = postTypeController(
  PAGE_TYPE,
  { list: ListPagesArgs, create: WritePageArgs, update: UpdatePageArgs },
  'PagesController',
);
