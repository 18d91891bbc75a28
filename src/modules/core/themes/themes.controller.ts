import { NS, READABLE, RestCall, RestController, RestResponse, RestRoute } from '../../../platform/rest';
import { GetThemeArgs, ListThemesArgs } from './dto/theme-args.dto';
import { themeSchema, toThemeResponse } from './theme.mapper';
import { ThemesService } from './themes.service';

/** `core/v2/themes`: the installed themes (this site has one, its own pages), read-only. */
@RestController(NS.core)
export class ThemesController {
  constructor(readonly themes: ThemesService) {}

  @RestRoute('/themes', {
    methods: READABLE,
    args: ListThemesArgs,
    permission: (call: RestCall<ListThemesArgs>, self: ThemesController) =>
      self.themes.canList(call.user, call.args.status),
    schema: themeSchema,
    list: true,
  })
  list(call: RestCall<ListThemesArgs>) {
    const themes = this.themes.list(call.args.status);
    return new RestResponse(
      themes.map((theme) => toThemeResponse(theme, this.themes.statusOf(theme), call.urls)),
      200,
      { 'X-WP-Total': String(themes.length), 'X-WP-TotalPages': '1' },
    );
  }

  @RestRoute('/themes/(?P<stylesheet>[^\\/:<>\\*\\?"\\|]+(?:\\/[^\\/:<>\\*\\?"\\|]+)?)', {
    methods: READABLE,
    args: GetThemeArgs,
    permission: (call: RestCall<GetThemeArgs>, self: ThemesController) =>
      self.themes.canRead(call.user, call.args.stylesheet),
    schema: themeSchema,
  })
  get(call: RestCall<GetThemeArgs>) {
    const theme = this.themes.get(call.args.stylesheet);
    return toThemeResponse(theme, this.themes.statusOf(theme), call.urls);
  }
}
