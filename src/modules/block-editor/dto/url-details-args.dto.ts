import { IsDefined, IsUrl } from 'class-validator';
import { Arg, RestError } from '../../../platform/rest';
import { UrlDetailsService } from '../url-details.service';

export class UrlDetailsArgs {
  @IsDefined()
  @IsUrl()
  @Arg({
    description: 'The URL to process.',
    // WordPress's wp_http_validate_url: an address the site may not fetch is an invalid parameter.
    validate: async (value, call) =>
      (await call.resolve(UrlDetailsService).isFetchable(String(value)))
        ? true
        : new RestError('rest_invalid_param', 'Invalid parameter.', 400),
  })
  url: string;
}
