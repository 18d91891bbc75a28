import { RestCall, RestController, RestResponse, RestRoute } from '../../../platform/rest';
import { CalendarViewsService } from './calendar-views.service';
import { ViewHtmlArgs } from './dto/view-html.dto';
import { resolveViewTarget } from './view-target';

/** `cal/views/v2`: the route the views' script calls to re-render a view without reloading the page. */
@RestController('cal/views/v2')
export class ViewsHtmlController {
  constructor(private readonly views: CalendarViewsService) {}

  @RestRoute('/html', {
    methods: ['GET', 'POST'],
    args: ViewHtmlArgs,
    // TEC's is_valid_request: either nonce verifies (after argument validation); else rest_forbidden 401/403.
    permission: (call: RestCall<ViewHtmlArgs>) =>
      call
        .resolve(CalendarViewsService)
        .verifyNonces(
          [call.args._cal_view_rest_nonce_primary, call.args._cal_view_rest_nonce_secondary],
          call.user,
        ),
  })
  async html(call: RestCall<ViewHtmlArgs>): Promise<RestResponse> {
    const target = resolveViewTarget(this.views.env(call.language).urls, call.args, call.language);
    const markup = await this.views.fragment(target, call.user);
    return RestResponse.raw(markup, 'text/html; charset=UTF-8');
  }
}
