import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  EmbedAnswer,
  embeddedId,
  embedDefaults,
  EmbedLink,
  EmbedScope,
  filterByContext,
  paginated,
  READABLE,
  RestCall,
  RestController,
  RestError,
  RestResponse,
  RestRoute,
  SchemaContext,
  phpIntval,
} from '../../../platform/rest';
import { once } from '../../../platform/common/memo';
import {
  CreateCommentArgs,
  DeleteCommentArgs,
  GetCommentArgs,
  ListCommentsArgs,
  UpdateCommentArgs,
} from './dto/comment-args.dto';
import { commentSchema, CommentView, toCommentResponse } from './comment.mapper';
import { CommentsService, CommentWriteInput, ListCommentsInput, RequestOrigin } from './comments.service';

const ID_ROUTE = '/comments/(?P<id>[\\d]+)';

/** The list's arguments as validation leaves them when only `context=embed` is sent. */
const EMBED_DEFAULTS = embedDefaults(ListCommentsArgs);
/** The schema embedded comments are filtered by, built once: shaping plans its filter once per schema object. */
const embedSchema = once(commentSchema);

function listInput(args: ListCommentsArgs): ListCommentsInput {
  return {
    page: args.page,
    perPage: args.per_page,
    offset: args.offset,
    search: args.search,
    after: args.after,
    before: args.before,
    author: args.author ?? [],
    authorExclude: args.author_exclude ?? [],
    authorEmail: args.author_email,
    include: args.include,
    exclude: args.exclude,
    order: args.order,
    orderby: args.orderby,
    parent: args.parent,
    parentExclude: args.parent_exclude,
    post: args.post,
    status: args.status,
    type: args.type,
    password: args.password,
  };
}

/** The wire's write fields as the service reads them; only what the client sent. */
function writeInput(
  call: RestCall<CreateCommentArgs | UpdateCommentArgs>,
  withDefaults: boolean,
): CommentWriteInput {
  const { args } = call;
  const sent = (name: string) => withDefaults || call.has(name);
  const content = args.content;
  // The permission checks read `author`, `author_ip`, `status` as WordPress's isset() and `post` as its (int)
  // cast: the Allow header runs them on a list's arguments too (defaults included, `post` a list of IDs).
  const isset = (name: keyof typeof args) => args[name] !== undefined;
  return {
    post: sent('post') ? phpIntval(args.post) : undefined,
    parent: sent('parent') ? args.parent : undefined,
    author: isset('author') ? args.author : undefined,
    authorName: call.has('author_name') ? args.author_name : undefined,
    authorEmail: call.has('author_email') ? args.author_email : undefined,
    authorUrl: call.has('author_url') ? args.author_url : undefined,
    authorIp: isset('author_ip') ? args.author_ip : undefined,
    authorUserAgent: call.has('author_user_agent') ? args.author_user_agent : undefined,
    content:
      typeof content === 'string'
        ? content
        : content && typeof content === 'object' && typeof content.raw === 'string'
          ? content.raw
          : call.has('content')
            ? ''
            : undefined,
    date: args.date,
    dateGmt: args.date_gmt,
    status: isset('status') ? args.status : undefined,
    password: args.password,
  };
}

function origin(call: RestCall<unknown>): RequestOrigin {
  return {
    ip: call.clientIp ?? '',
    userAgent: call.headers['user-agent'] ?? '',
    referrer: call.headers.referer ?? '',
  };
}

function service(call: RestCall<unknown>): CommentsService {
  return call.resolve(CommentsService);
}

/** `core/v2/comments`: WordPress's comments controller. */
@RestController('core/v2')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  private respond(call: RestCall<unknown>, view: CommentView, context: SchemaContext) {
    return toCommentResponse(view, call.urls, this.comments.siteUrl, context);
  }

  @RestRoute('/comments', {
    methods: READABLE,
    args: ListCommentsArgs,
    schema: commentSchema,
    permission: (call: RestCall<ListCommentsArgs>) =>
      service(call).listPermission(call.user, listInput(call.args), call.args.context),
    embed: (links, scope, self: CommentsController) => self.embedReplies(links, scope),
  })
  async list(call: RestCall<ListCommentsArgs>): Promise<RestResponse> {
    const input = listInput(call.args);
    const { items, total } = await this.comments.list(call.user, input, call.args.context);
    return paginated(
      call,
      items.map((view) => this.respond(call, view, call.args.context)),
      { total, page: call.args.page, perPage: call.args.per_page },
    );
  }

  /**
   * The `replies` links of `_embed` (`?post=N`, the embed context) for many posts at once: the posts' permission
   * and comments as the list answers them, with one read of the posts and one count for all, without a
   * sub-request per link. Other queries are left to a sub-request.
   */
  async embedReplies(links: EmbedLink[], scope: EmbedScope): Promise<EmbedAnswer[]> {
    const postIds = links.map((link) => embeddedId(link, 'post'));
    const asked = [...new Set(postIds.filter((id): id is number => id !== undefined))];
    const { post: _post, ...input } = listInput(EMBED_DEFAULTS);
    const lists = await this.comments.listOfPosts(scope.user, asked, input, 'embed');
    const itemSchema = embedSchema();
    const answers = new Map<number, EmbedAnswer>();
    asked.forEach((id, index) => {
      const list = lists[index];
      answers.set(
        id,
        list instanceof RestError
          ? list
          : list.map((view) =>
              filterByContext(
                toCommentResponse(view, scope.urls, this.comments.siteUrl, 'embed'),
                itemSchema.items ?? itemSchema,
                'embed',
              ),
            ),
      );
    });
    return postIds.map((id) => (id === undefined ? undefined : answers.get(id)));
  }

  @RestRoute('/comments', {
    methods: CREATABLE,
    args: CreateCommentArgs,
    schema: commentSchema,
    answerContext: (call) => (call.user?.can('moderate_comments') ? 'edit' : 'view'),
    permission: (call: RestCall<CreateCommentArgs>) =>
      service(call).createPermission(call.user, writeInput(call, true), origin(call), 'view'),
  })
  async create(call: RestCall<CreateCommentArgs>): Promise<RestResponse> {
    const view = await this.comments.create(call.user, writeInput(call, true), origin(call));
    const context = call.user?.can('moderate_comments') ? 'edit' : 'view';
    return RestResponse.created(
      this.respond(call, view, context),
      call.urls.route(`/core/v2/comments/${view.comment.id}`),
    );
  }

  @RestRoute(ID_ROUTE, {
    methods: READABLE,
    args: GetCommentArgs,
    schema: commentSchema,
    permission: (call: RestCall<GetCommentArgs>) =>
      service(call).readPermission(call.user, call.args.id, {
        context: call.args.context,
        password: call.args.password,
      }),
  })
  async get(call: RestCall<GetCommentArgs>): Promise<Record<string, unknown>> {
    return this.respond(call, await this.comments.view(call.args.id), call.args.context);
  }

  @RestRoute(ID_ROUTE, {
    methods: EDITABLE,
    args: UpdateCommentArgs,
    schema: commentSchema,
    answerContext: 'edit',
    permission: (call: RestCall<UpdateCommentArgs>) =>
      service(call).editPermission(call.user, call.args.id, false),
  })
  async update(call: RestCall<UpdateCommentArgs>): Promise<Record<string, unknown>> {
    const view = await this.comments.update(call.user, call.args.id, writeInput(call, false), origin(call));
    return this.respond(call, view, 'edit');
  }

  @RestRoute(ID_ROUTE, {
    methods: DELETABLE,
    args: DeleteCommentArgs,
    answerContext: 'edit',
    permission: (call: RestCall<DeleteCommentArgs>) =>
      service(call).editPermission(call.user, call.args.id, true),
  })
  async delete(call: RestCall<DeleteCommentArgs>): Promise<Record<string, unknown>> {
    const { view, deleted } = await this.comments.delete(call.user, call.args.id, call.args.force);
    const data = this.respond(call, view, 'edit');
    if (!deleted) return data;
    delete data._links;
    return { deleted: true, previous: data };
  }
}
