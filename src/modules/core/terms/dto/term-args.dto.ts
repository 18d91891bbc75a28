import { TRANSLATION_OF_ARG } from '../../../ml';
import { IsArray, IsBoolean, IsDefined, IsIn, IsInt, IsObject, IsOptional, IsString } from 'class-validator';
import { slugify } from '../../../../platform/common/slug';
import {
  Arg,
  CommonArgs,
  Context,
  KeywordOrder,
  parseList,
  sanitizeTextField,
} from '../../../../platform/rest';

/** An optional integer (a route capture, or an ID filter). */
function OptionalInt(description: string): PropertyDecorator {
  return (target, property) => {
    IsOptional()(target, property);
    IsInt()(target, property);
    Arg({ description })(target, property);
  };
}

export class ListTermsArgs {
  @CommonArgs.context()
  context: Context;

  @CommonArgs.page()
  page: number;

  @CommonArgs.perPage()
  per_page: number;

  @CommonArgs.search()
  search?: string;

  @CommonArgs.exclude()
  exclude: number[];

  @CommonArgs.include()
  include: number[];

  @CommonArgs.order('asc')
  order: 'asc' | 'desc';

  @IsOptional()
  @IsString()
  @IsIn(['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'])
  @Arg(
    { description: 'Sort collection by term attribute.', default: 'name' },
    { order: KeywordOrder.defaultBeforeEnum },
  )
  orderby: string;

  @IsOptional()
  @IsBoolean()
  @Arg({ description: 'Whether to hide terms not assigned to any posts.', default: false })
  hide_empty: boolean;

  @OptionalInt('Limit result set to terms assigned to a specific post.')
  post?: number;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @Arg({
    description: 'Limit result set to terms with one or more specific slugs.',
    sanitize: (v) => parseList(v).map((s) => slugify(String(s))),
  })
  slug?: string[];
}

export class ListCategoriesArgs extends ListTermsArgs {
  @OptionalInt('Limit result set to terms assigned to a specific parent.')
  parent?: number;
}

export class ListTagsArgs extends ListTermsArgs {
  @CommonArgs.offset()
  offset?: number;
}

export class GetTermArgs {
  @OptionalInt('Unique identifier for the term.')
  id: number;

  @CommonArgs.context()
  context: Context;
}

export class WriteTermArgs {
  @IsOptional()
  @IsString()
  @Arg({ description: 'HTML description of the term.' })
  description?: string;

  @IsOptional()
  @IsString()
  @Arg({
    description: 'An alphanumeric identifier for the term unique to its type.',
    sanitize: (v) => slugify(String(v)),
  })
  slug?: string;

  @OptionalInt('The parent term ID.')
  parent?: number;

  @IsOptional()
  @IsObject()
  @Arg({ description: 'Meta fields.' })
  meta?: Record<string, unknown>;
}

export class CreateTermArgs extends WriteTermArgs {
  @IsDefined()
  @IsString()
  @Arg({ description: 'HTML title for the term.', sanitize: (v) => sanitizeTextField(String(v)) })
  name?: string;

  @Arg(TRANSLATION_OF_ARG)
  translation_of?: number;
}

export class UpdateTermArgs extends WriteTermArgs {
  @IsOptional()
  @IsString()
  @Arg({ description: 'HTML title for the term.', sanitize: (v) => sanitizeTextField(String(v)) })
  name?: string;

  @OptionalInt('Unique identifier for the term.')
  id: number;
}

export class DeleteTermArgs {
  @OptionalInt('Unique identifier for the term.')
  id: number;

  @IsOptional()
  @IsBoolean()
  @Arg({ description: 'Required to be true, as terms do not support trashing.', default: false })
  force: boolean;
}
