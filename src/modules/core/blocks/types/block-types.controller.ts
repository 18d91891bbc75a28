import { NS, READABLE, RestCall, RestController, RestRoute } from '../../../../platform/rest';
import { blockTypeSchema, toBlockTypeResponse } from './block-type.mapper';
import { BlockTypesService } from './block-types.service';
import { GetBlockTypeArgs, ListBlockTypesArgs } from './dto/block-type-args.dto';

const NAME = '[a-zA-Z0-9_-]+';

/** `core/v2/block-types`: the blocks this site renders, as the block editor reads them. */
@RestController(NS.core)
export class BlockTypesController {
  constructor(readonly blockTypes: BlockTypesService) {}

  @RestRoute('/block-types', {
    methods: READABLE,
    args: ListBlockTypesArgs,
    permission: (call: RestCall<ListBlockTypesArgs>, self: BlockTypesController) =>
      self.blockTypes.canList(call.user),
    schema: blockTypeSchema,
    list: true,
  })
  list(call: RestCall<ListBlockTypesArgs>) {
    return this.blockTypes.list(call.args.namespace).map((block) => toBlockTypeResponse(block, call.urls));
  }

  @RestRoute(`/block-types/(?P<namespace>${NAME})`, {
    methods: READABLE,
    args: ListBlockTypesArgs,
    permission: (call: RestCall<ListBlockTypesArgs>, self: BlockTypesController) =>
      self.blockTypes.canList(call.user),
    schema: blockTypeSchema,
    list: true,
  })
  listNamespace(call: RestCall<ListBlockTypesArgs>) {
    return this.list(call);
  }

  @RestRoute(`/block-types/(?P<namespace>${NAME})/(?P<name>${NAME})`, {
    methods: READABLE,
    args: GetBlockTypeArgs,
    permission: (call: RestCall<GetBlockTypeArgs>, self: BlockTypesController) =>
      self.blockTypes.canRead(call.user, `${call.args.namespace}/${call.args.name}`),
    schema: blockTypeSchema,
  })
  get(call: RestCall<GetBlockTypeArgs>) {
    return toBlockTypeResponse(this.blockTypes.get(`${call.args.namespace}/${call.args.name}`), call.urls);
  }
}
