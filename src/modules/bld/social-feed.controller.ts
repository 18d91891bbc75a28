import { Permissions, READABLE, RestCall, RestController, RestRoute } from '../../platform/rest';
import { MediaChildrenArgs } from './dto/social-feed-args.dto';
import { SocialFeedService } from './social-feed.service';

/** `bld/social`: the social media feed the site's pages show (public, as the pages that embed it). */
@RestController('bld/social')
export class SocialFeedController {
  constructor(private readonly feed: SocialFeedService) {}

  @RestRoute('/media', { methods: READABLE, permission: Permissions.public })
  media() {
    return this.feed.media();
  }

  @RestRoute('/(?P<id>\\d+)/children', {
    methods: READABLE,
    args: MediaChildrenArgs,
    permission: Permissions.public,
  })
  children(call: RestCall<MediaChildrenArgs>) {
    return this.feed.children(call.args.id);
  }
}
