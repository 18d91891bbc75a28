import { IsArray, IsBoolean, IsDefined, IsInt, IsObject, IsOptional, IsString } from 'class-validator';
import { slugify } from '../../../../platform/common/slug';
import {
  Arg,
  CommonArgs,
  Context,
  KeywordOrder,
  RestError,
  sanitizeTextField,
} from '../../../../platform/rest';
import { SITE_THEME } from '../../themes/site-theme';
import { ListTagsArgs } from '../../terms/dto/term-args.dto';

/** Menus are listed with the arguments of a flat taxonomy's terms. */
export class ListMenusArgs extends ListTagsArgs {}

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

export class WriteMenuArgs {
  @IsOptional()
  @IsString()
  @Arg({ description: 'HTML description of the term.' })
  description?: string;

  @IsOptional()
  @IsString()
  @Arg({
    description: 'An alphanumeric identifier for the term unique to its type.',
    sanitize: (value) => slugify(String(value)),
  })
  slug?: string;

  @IsOptional()
  @IsObject()
  @Arg({ description: 'Meta fields.' })
  meta?: Record<string, unknown>;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @Arg({ description: 'The locations assigned to the menu.', validate: validLocations })
  locations?: string[];

  @IsOptional()
  @IsBoolean()
  @Arg({ description: 'Whether to automatically add top level pages to this menu.' })
  auto_add?: boolean;
}

export class CreateMenuArgs extends WriteMenuArgs {
  @IsDefined()
  @IsString()
  @Arg({ description: 'HTML title for the term.', sanitize: (value) => sanitizeTextField(String(value)) })
  name: string;
}

export class UpdateMenuArgs extends WriteMenuArgs {
  @IsOptional()
  @IsInt()
  @Arg({ description: 'Unique identifier for the term.' })
  id: number;

  @IsOptional()
  @IsString()
  @Arg({ description: 'HTML title for the term.', sanitize: (value) => sanitizeTextField(String(value)) })
  name?: string;
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
