import { applyDecorators } from '@nestjs/common';
import { IsArray, IsBoolean, IsDefined, IsIn, IsInt, IsOptional, IsString, Min } from 'class-validator';
import { TRANSLATION_OF_ARG } from '../../../ml';
import { Arg, ArgsKeywordOrder } from '../../../../platform/rest';
import { ArchivePage, ArchivePerPage } from '../../shared/archive';
import { EventFilter, NonEmptyString } from '../../shared/linked-post-args';
import { existsIn } from '../../shared/validation-lookups';
import { TERM_LOOKUPS } from '../terms.service';
import { TEC_KEYWORD_ORDER } from '../../shared';

/** A list of existing term IDs of one taxonomy. */
function TermIds(lookup: string, description: string): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    IsArray(),
    IsInt({ each: true }),
    Arg({ description, validate: existsIn(lookup) }),
  );
}

/** `parent`: 0 (top level) or an existing category. */
function ParentCategory(description: string): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    IsInt(),
    Min(0),
    Arg({
      description,
      validate: (value, call, name) =>
        Number(value) === 0 ? true : existsIn(TERM_LOOKUPS.category)(Number(value), call, name),
    }),
  );
}

/** The term ID of a by-ID route: an existing term of the taxonomy. */
function TermIdCapture(lookup: string): PropertyDecorator {
  return applyDecorators(
    IsDefined(),
    IsInt(),
    Arg({ description: 'The term ID.', validate: existsIn(lookup) }),
  );
}

/** `GET /categories` and `GET /tags` (TEC `Term_Archive_Base` args). */
class ListTermsArgs {
  @ArchivePage() page: number;
  @ArchivePerPage() per_page: number;
  @NonEmptyString('Limit results to those matching a string.') search?: string;

  // WordPress's collection params show the default before the enum.
  @IsOptional()
  @IsString()
  @IsIn(['asc', 'desc'])
  @Arg(
    { description: 'Order sort attribute ascending or descending.', default: 'asc' },
    { order: ['description', 'type', 'default', 'enum'] },
  )
  order: 'asc' | 'desc';

  @IsOptional()
  @IsString()
  @IsIn(['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'])
  @Arg(
    { description: 'Sort collection by term attribute.', default: 'name' },
    { order: ['description', 'type', 'default', 'enum'] },
  )
  orderby: string;

  @IsOptional()
  @IsBoolean()
  @Arg({ description: 'Whether to hide terms not assigned to any posts.', default: true })
  hide_empty: boolean;

  @EventFilter('Limit result set to terms assigned to a specific post.') post?: number;
  @EventFilter('Limit result set to terms assigned to a specific event (an alias of the "post" parameter).')
  event?: number;

  @NonEmptyString('Limit result set to terms with a specific slug.') slug?: string;
}

export class ListTagsArgs extends ListTermsArgs {
  @TermIds(TERM_LOOKUPS.tag, 'Ensure result set excludes specific IDs.') exclude?: number[];
  @TermIds(TERM_LOOKUPS.tag, 'Limit result set to specific IDs.') include?: number[];
}

export class ListCategoriesArgs extends ListTermsArgs {
  @TermIds(TERM_LOOKUPS.category, 'Ensure result set excludes specific IDs.') exclude?: number[];
  @TermIds(TERM_LOOKUPS.category, 'Limit result set to specific IDs.') include?: number[];
  @ParentCategory('Limit result set to terms assigned to a specific parent.') parent?: number;
}

@ArgsKeywordOrder(TEC_KEYWORD_ORDER)
export class TagIdArgs {
  @TermIdCapture(TERM_LOOKUPS.tag) id: number;
}

@ArgsKeywordOrder(TEC_KEYWORD_ORDER)
export class CategoryIdArgs {
  @TermIdCapture(TERM_LOOKUPS.category) id: number;
}

@ArgsKeywordOrder(TEC_KEYWORD_ORDER)
export class CreateTagArgs {
  @NonEmptyString('The event tag name.', true) name: string;
  @NonEmptyString('The event tag description.') description?: string;
  @NonEmptyString('The event tag slug.') slug?: string;
  @Arg(TRANSLATION_OF_ARG) translation_of?: number;
}

@ArgsKeywordOrder(TEC_KEYWORD_ORDER)
export class CreateCategoryArgs {
  @NonEmptyString('The event category name.', true) name: string;
  @NonEmptyString('The event category description.') description?: string;
  @NonEmptyString('The event category slug.') slug?: string;
  @ParentCategory('The event category parent term ID.') parent?: number;
  @Arg(TRANSLATION_OF_ARG) translation_of?: number;
}

export class UpdateTagArgs extends TagIdArgs {
  @NonEmptyString('The event tag name.') name?: string;
  @NonEmptyString('The event tag description.') description?: string;
  @NonEmptyString('The event tag slug.') slug?: string;
}

export class UpdateCategoryArgs extends CategoryIdArgs {
  @NonEmptyString('The event category name.') name?: string;
  @NonEmptyString('The event category description.') description?: string;
  @NonEmptyString('The event category slug.') slug?: string;
  @ParentCategory('The event category parent term ID.') parent?: number;
}
