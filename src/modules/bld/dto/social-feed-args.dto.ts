import { IsOptional, IsString } from 'class-validator';
import { Arg } from '../../../platform/rest';

/** `bld/social/(?P<id>\d+)/children`: the album capture, kept a string as the social API's ids are. */
export class MediaChildrenArgs {
  @IsOptional()
  @IsString()
  @Arg({
    description: 'ID of the album whose media items to list.',
    // The route captures digits, but a query or body `id` overrides the capture: only digits reach the
    // remote path that carries the site's token.
    validate: (value) => /^\d{1,30}$/.test(String(value)),
  })
  id: string;
}
