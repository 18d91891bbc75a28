import { NS, READABLE, RestCall, RestController, RestRoute } from '../../../../platform/rest';
import {
  blockPatternCategorySchema,
  blockPatternSchema,
  toBlockPatternCategoryResponse,
  toBlockPatternResponse,
} from './block-pattern.mapper';
import { BlockPatternsService } from './block-patterns.service';

/** `core/v2/block-patterns/patterns` and `/categories`: what the block editor offers to insert. */
@RestController(NS.core)
export class BlockPatternsController {
  constructor(readonly blockPatterns: BlockPatternsService) {}

  @RestRoute('/block-patterns/patterns', {
    methods: READABLE,
    permission: (call: RestCall, self: BlockPatternsController) =>
      self.blockPatterns.canList(call.user, 'patterns'),
    schema: blockPatternSchema,
    list: true,
  })
  patterns() {
    return this.blockPatterns.patterns().map(toBlockPatternResponse);
  }

  @RestRoute('/block-patterns/categories', {
    methods: READABLE,
    permission: (call: RestCall, self: BlockPatternsController) =>
      self.blockPatterns.canList(call.user, 'pattern categories'),
    schema: blockPatternCategorySchema,
    list: true,
  })
  categories() {
    return this.blockPatterns.categories().map(toBlockPatternCategoryResponse);
  }
}
