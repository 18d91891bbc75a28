import { IsArray, IsIn, IsOptional, IsString } from 'class-validator';
import { Arg } from '../../../../platform/rest';
import type { ThemeStatus } from '../themes.service';

/** PHP's `urldecode`: `+` is a space, and a malformed escape stays as written. */
function urlDecode(value: string): string {
  return value.replace(/\+/g, ' ').replace(/(%[0-9a-fA-F]{2})+/g, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      return escapes;
    }
  });
}

export class ListThemesArgs {
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @IsIn(['active', 'inactive'], { each: true })
  @Arg({ description: 'Limit result set to themes assigned one or more statuses.' })
  status?: ThemeStatus[];
}

export class GetThemeArgs {
  @IsOptional()
  @IsString()
  @Arg({
    description: "The theme's stylesheet. This uniquely identifies the theme.",
    sanitize: (value) => (typeof value === 'string' ? urlDecode(value) : value),
  })
  stylesheet: string;
}
