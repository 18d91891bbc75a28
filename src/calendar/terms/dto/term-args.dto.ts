import { TRANSLATION_OF_ARG } from '../../../translation';
import { Arg, ArgSpec } from '../../../rest';
import { PAGE_ARG, PER_PAGE_ARG } from '../../shared/archive';
import { EVENT_FILTER_ARG, nonEmptyString } from '../../shared/linked-post-args';
import { existsIn } from '../../shared/validation-lookups';
import { TERM_LOOKUPS } from '../terms.service';

const termIds = (lookup: string, description: string): ArgSpec => ({
  description,
  type: 'array',
  items: { type: 'integer' },
  validate: existsIn(lookup),
});

/** `parent`: 0 (top level) or an existing category. */
const PARENT_ARG = (description: string): ArgSpec => ({
  description,
  type: 'integer',
  minimum: 0,
  validate: (value, call, name) =>
    Number(value) === 0 ? true : existsIn(TERM_LOOKUPS.category)(Number(value), call, name),
});

/** `GET /categories` and `GET /tags` (TEC `Term_Archive_Base` args). */
class ListTermsArgs {
  @Arg(PAGE_ARG) page: number;
  @Arg(PER_PAGE_ARG) per_page: number;
  @Arg(nonEmptyString('Limit results to those matching a string.')) search?: string;
  @Arg({
    description: 'Order sort attribute ascending or descending.',
    type: 'string',
    default: 'asc',
    enum: ['asc', 'desc'],
  })
  order: 'asc' | 'desc';
  @Arg({
    description: 'Sort collection by term attribute.',
    type: 'string',
    default: 'name',
    enum: ['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'],
  })
  orderby: string;
  @Arg({ description: 'Whether to hide terms not assigned to any posts.', type: 'boolean', default: true })
  hide_empty: boolean;
  @Arg({ ...EVENT_FILTER_ARG, description: 'Limit result set to terms assigned to a specific post.' })
  post?: number;
  @Arg({
    ...EVENT_FILTER_ARG,
    description: 'Limit result set to terms assigned to a specific event (an alias of the "post" parameter).',
  })
  event?: number;
  @Arg(nonEmptyString('Limit result set to terms with a specific slug.')) slug?: string;
}

export class ListTagsArgs extends ListTermsArgs {
  @Arg(termIds(TERM_LOOKUPS.tag, 'Ensure result set excludes specific IDs.')) exclude?: number[];
  @Arg(termIds(TERM_LOOKUPS.tag, 'Limit result set to specific IDs.')) include?: number[];
}

export class ListCategoriesArgs extends ListTermsArgs {
  @Arg(termIds(TERM_LOOKUPS.category, 'Ensure result set excludes specific IDs.')) exclude?: number[];
  @Arg(termIds(TERM_LOOKUPS.category, 'Limit result set to specific IDs.')) include?: number[];
  @Arg(PARENT_ARG('Limit result set to terms assigned to a specific parent.')) parent?: number;
}

export class TagIdArgs {
  @Arg({ description: 'The term ID.', type: 'integer', required: true, validate: existsIn(TERM_LOOKUPS.tag) })
  id: number;
}

export class CategoryIdArgs {
  @Arg({
    description: 'The term ID.',
    type: 'integer',
    required: true,
    validate: existsIn(TERM_LOOKUPS.category),
  })
  id: number;
}

export class CreateTagArgs {
  @Arg(nonEmptyString('The event tag name.', true)) name: string;
  @Arg(nonEmptyString('The event tag description.')) description?: string;
  @Arg(nonEmptyString('The event tag slug.')) slug?: string;
  @Arg(TRANSLATION_OF_ARG) translation_of?: number;
}

export class CreateCategoryArgs {
  @Arg(nonEmptyString('The event category name.', true)) name: string;
  @Arg(nonEmptyString('The event category description.')) description?: string;
  @Arg(nonEmptyString('The event category slug.')) slug?: string;
  @Arg(PARENT_ARG('The event category parent term ID.')) parent?: number;
  @Arg(TRANSLATION_OF_ARG) translation_of?: number;
}

export class UpdateTagArgs extends TagIdArgs {
  @Arg(nonEmptyString('The event tag name.')) name?: string;
  @Arg(nonEmptyString('The event tag description.')) description?: string;
  @Arg(nonEmptyString('The event tag slug.')) slug?: string;
}

export class UpdateCategoryArgs extends CategoryIdArgs {
  @Arg(nonEmptyString('The event category name.')) name?: string;
  @Arg(nonEmptyString('The event category description.')) description?: string;
  @Arg(nonEmptyString('The event category slug.')) slug?: string;
  @Arg(PARENT_ARG('The event category parent term ID.')) parent?: number;
}
