import { IsOptional, IsString } from 'class-validator';
import { Arg } from '../../../platform/rest';

/** `bld/social/(?P<id>\d+)/children`: the album capture, kept a string as the social API's ids are. */
export class MediaChildrenArgs {
  @IsOptional()
  @IsString()
  @Arg({ description: 'ID of the album whose media items to list.' })
  id: string;
}
