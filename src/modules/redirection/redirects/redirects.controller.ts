import { EDITABLE, Permissions, READABLE, RestCall, RestController, RestRoute } from '../../../platform/rest';
import { RedirectionSettingsService } from '../settings/settings.service';
import { bulkIds, MANAGE_OPTIONS, trailingId } from '../shared/bulk';
import { listQueryOf } from '../shared/list-args';
import { SitePosts } from '../shared/site-posts';
import { BulkRedirectsArgs, ListRedirectsArgs, SearchPostsArgs } from './dto/redirect-args.dto';
import { siteFlags } from './redirect-sanitizer';
import { toRedirectJson } from './redirect.mapper';
import { RedirectBulkAction, RedirectsService } from './redirects.service';

const ADMIN = Permissions.capability(MANAGE_OPTIONS);

/** `redirection/v1/redirect` and its bulk route (api/api-redirect.php). */
@RestController('redirection/v1')
export class RedirectsController {
  constructor(
    private readonly redirects: RedirectsService,
    private readonly settings: RedirectionSettingsService,
    private readonly posts: SitePosts,
  ) {}

  private async listResponse(call: RestCall<ListRedirectsArgs>) {
    const [{ items, total }, settings] = await Promise.all([
      this.redirects.list(call.user, listQueryOf(call.args)),
      this.settings.get(),
    ]);
    const defaults = siteFlags(settings);
    return { items: items.map((item) => toRedirectJson(item, defaults)), total };
  }

  @RestRoute('/redirect', { methods: READABLE, args: ListRedirectsArgs, permission: ADMIN })
  list(call: RestCall<ListRedirectsArgs>) {
    return this.listResponse(call);
  }

  @RestRoute('/redirect', { methods: EDITABLE, args: ListRedirectsArgs, permission: ADMIN })
  async create(call: RestCall<ListRedirectsArgs>) {
    await this.redirects.create(call.user, call.params());
    return this.listResponse(call);
  }

  @RestRoute('/redirect/(?P<id>\\d+)', { methods: EDITABLE, permission: ADMIN })
  async update(call: RestCall) {
    const redirect = await this.redirects.update(call.user, trailingId(call.path), call.params());
    return { item: toRedirectJson(redirect, siteFlags(await this.settings.get())) };
  }

  @RestRoute('/redirect/post', { methods: READABLE, args: SearchPostsArgs, permission: ADMIN })
  async searchPosts(call: RestCall<SearchPostsArgs>) {
    const text = call.args.text;
    const posts = await this.posts.search(text);
    return posts.map((post) => ({
      // The plugin shows the slug unless the title holds the text past its first character (a strpos quirk).
      title: post.title.indexOf(text) > 0 ? post.title : post.slug,
      value: this.posts.link(post),
    }));
  }

  @RestRoute('/bulk/redirect/(?P<bulk>delete|enable|disable|reset)', {
    methods: EDITABLE,
    args: BulkRedirectsArgs,
    permission: ADMIN,
  })
  async bulk(call: RestCall<BulkRedirectsArgs>) {
    const action = call.path.split('/').pop() as RedirectBulkAction;
    await this.redirects.bulk(call.user, action, {
      ids: bulkIds(call.args.items),
      global: call.args.global,
      filters: call.args.filterBy ?? {},
    });
    return this.listResponse(call);
  }
}
