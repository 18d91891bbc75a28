import { applyDecorators } from '@nestjs/common';
import { IsArray, IsBoolean, IsDefined, IsIn, IsInt, IsObject, IsOptional, IsString } from 'class-validator';
import { slugify } from '../../../../platform/common/slug';
import {
  Arg,
  CommonArgs,
  Context,
  KeywordOrder,
  parseList,
  RestError,
  sanitizeTextField,
} from '../../../../platform/rest';
import { SITE_THEME } from '../../themes/site-theme';

/** Menus are listed with the arguments of a flat taxonomy's terms, in WordPress's order. */
export class ListMenusArgs {
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

  @CommonArgs.offset()
  offset?: number;

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

  @IsOptional()
  @IsInt()
  @Arg({ description: 'Limit result set to terms assigned to a specific post.' })
  post?: number;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @Arg({
    description: 'Limit result set to terms with one or more specific slugs.',
    sanitize: (value) => parseList(value).map((slug) => slugify(String(slug))),
  })
  slug?: string[];
}

export class GetMenuArgs {
  @IsOptional()
  @IsInt()
  @Arg({ description: 'Unique identifier for the term.' })
  id: number;

  @CommonArgs.context()
  context: Context;
}

function validLocations(value: unknown): true | RestError {
  for (const location of Array.isArray(value) ? value : []) {
    if (typeof location === 'string' && !(location in SITE_THEME.menuLocations)) {
      return new RestError('rest_invalid_menu_location', 'Invalid menu location.', 400, { location });
    }
  }
  return true;
}

const Description = () =>
  applyDecorators(IsOptional(), IsString(), Arg({ description: 'HTML description of the term.' }));
const Name = (required: boolean) =>
  applyDecorators(
    required ? IsDefined() : IsOptional(),
    IsString(),
    Arg({ description: 'HTML title for the term.', sanitize: (value) => sanitizeTextField(String(value)) }),
  );
const Slug = () =>
  applyDecorators(
    IsOptional(),
    IsString(),
    Arg({
      description: 'An alphanumeric identifier for the term unique to its type.',
      sanitize: (value) => slugify(String(value)),
    }),
  );
const Meta = () => applyDecorators(IsOptional(), IsObject(), Arg({ description: 'Meta fields.' }));
const Locations = () =>
  applyDecorators(
    IsOptional(),
    IsArray(),
    IsString({ each: true }),
    Arg({ description: 'The locations assigned to the menu.', validate: validLocations }),
  );
const AutoAdd = () =>
  applyDecorators(
    IsOptional(),
    IsBoolean(),
    Arg({ description: 'Whether to automatically add top level pages to this menu.' }),
  );

/** What a write may send (WordPress's order: the item schema's). */
export interface WriteMenuArgs {
  description?: string;
  name?: string;
  slug?: string;
  meta?: Record<string, unknown>;
  locations?: string[];
  auto_add?: boolean;
}

export class CreateMenuArgs implements WriteMenuArgs {
  @Description()
  description?: string;

  @Name(true)
  name: string;

  @Slug()
  slug?: string;

  @Meta()
  meta?: Record<string, unknown>;

  @Locations()
  locations?: string[];

  @AutoAdd()
  auto_add?: boolean;
}

export class UpdateMenuArgs implements WriteMenuArgs {
  @IsOptional()
  @IsInt()
  @Arg({ description: 'Unique identifier for the term.' })
  id: number;

  @Description()
  description?: string;

  @Name(false)
  name?: string;

  @Slug()
  slug?: string;

  @Meta()
  meta?: Record<string, unknown>;

  @Locations()
  locations?: string[];

  @AutoAdd()
  auto_add?: boolean;
}

export class DeleteMenuArgs {
  @IsOptional()
  @IsInt()
  @Arg({ description: 'Unique identifier for the term.' })
  id: number;

  @IsOptional()
  @IsBoolean()
  @Arg(
    { description: 'Required to be true, as terms do not support trashing.', default: false },
    { order: KeywordOrder.typeFirst },
  )
  force: boolean;
}

export class ListMenuLocationsArgs {
  @CommonArgs.context()
  context: Context;
}

export class GetMenuLocationArgs {
  @IsOptional()
  @IsString()
  @Arg({ description: 'An alphanumeric identifier for the menu location.' })
  location: string;

  @CommonArgs.context()
  context: Context;
}
