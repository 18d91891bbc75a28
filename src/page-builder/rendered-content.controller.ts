import { PAGE_TYPE, POST_TYPE, PostsService } from '../content';
import { renderContent } from '../content';
import { Arg, CREATABLE, Permissions, RestCall, RestController, RestRoute } from '../rest';
import { PageBuilderErrors } from './page-builder.errors';

class RenderContentArgs {
  @Arg({ description: 'Builder or block content to render.', type: 'string' })
  content?: string;

  @Arg({
    description: 'ID of a post or page whose content to render (when no content is given).',
    type: 'integer',
  })
  id?: number;
}

/** `bld/rendered_content`: content rendered to HTML through the site's pipeline, for the builder's preview. */
@RestController('bld')
export class RenderedContentController {
  constructor(private readonly posts: PostsService) {}

  @RestRoute('/rendered_content', {
    methods: CREATABLE,
    args: RenderContentArgs,
    permission: Permissions.capability('edit_posts'),
  })
  async render(call: RestCall<RenderContentArgs>) {
    if (call.args.content !== undefined) return { rendered: renderContent(call.args.content) };
    if (call.args.id === undefined) throw PageBuilderErrors.nothingToRender();
    for (const type of [POST_TYPE, PAGE_TYPE]) {
      const post = await this.posts.find(type, call.args.id, call.language);
      if (post && this.posts.canRead(call.user, type, post))
        return { rendered: renderContent(post.content ?? '') };
    }
    throw PageBuilderErrors.postInvalidId();
  }
}
