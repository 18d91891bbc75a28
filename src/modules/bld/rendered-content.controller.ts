import { PAGE_TYPE, POST_TYPE, PostsService } from '../core';
import { renderContent } from '../core';
import { CREATABLE, Permissions, RestCall, RestController, RestRoute } from '../../platform/rest';
import { RenderContentArgs } from './dto/rendered-content-args.dto';
import { PageBuilderErrors } from './page-builder.errors';

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
