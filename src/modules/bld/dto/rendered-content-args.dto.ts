import { IsInt, IsOptional, IsString } from 'class-validator';
import { Arg } from '../../../platform/rest';

/** `bld/rendered_content`: the content itself, or the post or page to take it from. */
export class RenderContentArgs {
  @IsOptional()
  @IsString()
  @Arg({ description: 'Builder or block content to render.' })
  content?: string;

  @IsOptional()
  @IsInt()
  @Arg({ description: 'ID of a post or page whose content to render (when no content is given).' })
  id?: number;
}
