import {
  EDITABLE,
  paginated,
  Permissions,
  READABLE,
  RestCall,
  RestController,
  RestResponse,
  RestRoute,
} from '../../platform/rest';
import { toAbilityCategoryResponse, toAbilityResponse } from './ability.mapper';
import { AbilitiesService } from './abilities.service';
import { AbilityNameArgs, CategorySlugArgs, ListAbilitiesArgs, RunAbilityArgs } from './dto/ability-args.dto';

const NAME = '(?P<name>[a-zA-Z0-9\\-\\/]+?)';
const canRead = Permissions.capability('read');

/** `core-abilities/v1`: WordPress 6.9's Abilities API over the site's abilities. */
@RestController('core-abilities/v1')
export class AbilitiesController {
  constructor(private readonly abilities: AbilitiesService) {}

  @RestRoute('/abilities', { methods: READABLE, args: ListAbilitiesArgs, permission: canRead })
  list(call: RestCall<ListAbilitiesArgs>): RestResponse {
    const all = this.abilities.list(call.args.category);
    const { page, per_page: perPage } = call.args;
    const items = all.slice((page - 1) * perPage, page * perPage).map((a) => toAbilityResponse(a, call.urls));
    return paginated(call, items, { total: all.length, page, perPage });
  }

  @RestRoute(`/abilities/${NAME}/run`, {
    methods: [...READABLE, ...EDITABLE],
    args: RunAbilityArgs,
    permission: Permissions.public,
  })
  run(call: RestCall<RunAbilityArgs>) {
    return this.abilities.run(call.user, {
      name: call.args.name,
      method: call.method === 'GET' ? 'GET' : 'POST',
      input: call.args.input,
      language: call.language,
    });
  }

  @RestRoute(`/abilities/${NAME}`, { methods: READABLE, args: AbilityNameArgs, permission: canRead })
  get(call: RestCall<AbilityNameArgs>) {
    return toAbilityResponse(this.abilities.get(call.args.name), call.urls);
  }

  @RestRoute('/categories', { methods: READABLE, permission: canRead })
  categories(call: RestCall<object>) {
    return this.abilities.categories().map((category) => toAbilityCategoryResponse(category, call.urls));
  }

  @RestRoute('/categories/(?P<slug>[a-z0-9-]+)', {
    methods: READABLE,
    args: CategorySlugArgs,
    permission: canRead,
  })
  category(call: RestCall<CategorySlugArgs>) {
    return toAbilityCategoryResponse(this.abilities.category(call.args.slug), call.urls);
  }
}
