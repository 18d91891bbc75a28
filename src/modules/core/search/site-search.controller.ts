import { AppConfig } from '../../../platform/config';
import {
  paginated,
  parseList,
  Permissions,
  READABLE,
  RestCall,
  RestController,
  RestResponse,
  RestRoute,
} from '../../../platform/rest';
import { SearchArgs } from './dto/search-args.dto';
import { searchResultSchema, toSearchResultResponse } from './search-result.mapper';
import { SiteSearchService } from './site-search.service';

/** `core/v2/search`: one search over posts, pages, events and terms. */
@RestController('core/v2')
export class SiteSearchController {
  constructor(
    private readonly siteSearch: SiteSearchService,
    private readonly config: AppConfig,
  ) {}

  @RestRoute('/search', {
    methods: READABLE,
    args: SearchArgs,
    permission: Permissions.public,
    schema: searchResultSchema,
  })
  async search(call: RestCall<SearchArgs>): Promise<RestResponse> {
    const { args } = call;
    const { items, total } = await this.siteSearch.search(call.user, {
      type: args.type,
      subtypes: parseList(args.subtype).map(String),
      search: args.search,
      page: args.page,
      perPage: args.per_page,
      include: args.include,
      exclude: args.exclude,
      language: call.language,
    });
    return paginated(
      call,
      items.map((item) => toSearchResultResponse(item, this.config.siteUrl, call.urls)),
      { total, page: args.page, perPage: args.per_page },
    );
  }
}
