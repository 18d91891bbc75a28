import { Arg, RestError } from '../../rest';
import { UrlDetailsService } from '../url-details.service';

export class UrlDetailsArgs {
  @Arg({
    description: 'The URL to process.',
    type: 'string',
    format: 'uri',
    required: true,
    validate: async (value, call) =>
      (await call.resolve(UrlDetailsService).isFetchable(String(value)))
        ? true
        : new RestError('rest_invalid_param', 'Invalid parameter.', 400),
  })
  url: string;
}
