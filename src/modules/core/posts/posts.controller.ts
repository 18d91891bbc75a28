import { Inject, Type } from '@nestjs/common';
import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  NS,
  paginated,
  phpEmpty,
  READABLE,
  RestCall,
  RestController,
  RestResponse,
  RestRoute,
} from '../../../platform/rest';
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
import { PostRequests } from './post-requests';
import { PAGE_TYPE, POST_TYPE, PostTypeConfig } from './post-types';
import { postSchema, visitorPostResponse } from './post.mapper';
import { PostsPolicy } from './posts.policy';
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
    constructor(
      @Inject(PostsService) readonly service: PostsService,
      @Inject(PostsPolicy) readonly policy: PostsPolicy,
      @Inject(PostRequests) readonly requests: PostRequests,
    ) {}

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
      const { items, total } = await this.service.list(call.user, type, call.args, call.language);
      // WordPress's can_access_password_content reads `password` from any request, a list's too (undeclared).
      const password = call.param('password');
      const ctx = this.requests.mapContext(type, call, call.args.context, {
        passwordGiven: typeof password === 'string' && !phpEmpty(password) ? password : undefined,
      });
      return paginated(
        call,
        items.map((view) => visitorPostResponse(view, ctx)),
        { total, page: call.args.page, perPage: call.args.per_page },
      );
    }

    @RestRoute(base, {
      methods: CREATABLE,
      args: argTypes.create,
      schema,
      allowBatch: true,
      answerContext: 'edit',
      permission: (call: RestCall<WriteArgs>, self: PostTypeController) =>
        self.policy.checkCreate(call.user, type, call.args, call.param('id')),
    })
    async create(call: RestCall<WriteArgs>): Promise<RestResponse> {
      const post = await this.service.create(call.user, type, this.requests.writeOf(call), call.language);
      return RestResponse.created(
        await this.requests.respond(type, post, call),
        call.urls.route(`/core/v2${base}/${post.id}`),
      );
    }

    @RestRoute(item, {
      methods: READABLE,
      args: GetPostArgs,
      schema,
      allowBatch: true,
      permission: async (call: RestCall<GetPostArgs>, self: PostTypeController) => {
        const post = await self.requests.getOrFail(call, type, call.args.id);
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
      const post = await this.requests.getOrFail(call, type, call.args.id);
      const [view] = await this.service.views([post]);
      const data = visitorPostResponse(
        view,
        this.requests.mapContext(type, call, call.args.context, {
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
      answerContext: 'edit',
      permission: async (call: RestCall<WriteArgs & { id: number }>, self: PostTypeController) =>
        self.policy.checkUpdate(
          call.user,
          type,
          await self.requests.getOrFail(call, type, Number(call.args.id)),
          call.args,
        ),
    })
    async update(call: RestCall<WriteArgs & { id: number }>): Promise<Record<string, unknown>> {
      const post = await this.requests.getOrFail(call, type, Number(call.args.id));
      const saved = await this.service.update(call.user, type, post, this.requests.writeOf(call));
      return this.requests.respond(type, saved, call);
    }

    @RestRoute(item, {
      methods: DELETABLE,
      args: DeletePostArgs,
      schema,
      allowBatch: true,
      answerContext: 'edit',
      permission: async (call: RestCall<DeletePostArgs>, self: PostTypeController) => {
        const post = await self.requests.getOrFail(call, type, call.args.id);
        return self.service.canDelete(call.user, type, post)
          ? true
          : ContentErrors.cannotDelete(call.user !== null);
      },
    })
    async delete(call: RestCall<DeletePostArgs>): Promise<Record<string, unknown>> {
      const post = await this.requests.getOrFail(call, type, call.args.id);
      if (call.args.force) {
        // As WordPress's $previous->get_data(): the object without its links.
        const { _links: _omitted, ...previous } = await this.requests.respond(type, post, call);
        await this.service.forceDelete(post);
        this.requests.forget(call, type, post.id);
        return { deleted: true, previous };
      }
      const trashed = await this.service.trash(call.user, type, post);
      return this.requests.respond(type, trashed, call);
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
