import { JsonSchema, READABLE, RestCall, RestController, RestRoute } from '../../platform/rest';
import { BlockEditorErrors } from './block-editor.errors';
import { UrlDetailsArgs } from './dto/url-details-args.dto';
import { UrlDetailsService } from './url-details.service';

const VIEW_EDIT_EMBED = ['view', 'edit', 'embed'] as const;

function urlDetailsSchema(): JsonSchema {
  const field = (description: string): JsonSchema => ({
    description,
    type: 'string',
    context: VIEW_EDIT_EMBED,
    readonly: true,
  });
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'url-details',
    type: 'object',
    properties: {
      title: field('The contents of the <title> element from the URL.'),
      icon: {
        ...field('The favicon image link of the <link rel="icon"> element from the URL.'),
        format: 'uri',
      },
      description: field('The content of the <meta name="description"> element from the URL.'),
      image: {
        ...field(
          'The Open Graph image link of the <meta property="og:image"> or <meta property="og:image:url"> element from the URL.',
        ),
        format: 'uri',
      },
    },
  };
}

/** `core-block-editor/v1`: what the block editor asks the site for. */
@RestController('core-block-editor/v1')
export class UrlDetailsController {
  constructor(private readonly urlDetails: UrlDetailsService) {}

  @RestRoute('/url-details', {
    methods: READABLE,
    args: UrlDetailsArgs,
    schema: urlDetailsSchema,
    permission: (call) =>
      call.user?.can('edit_posts') ? true : BlockEditorErrors.cannotViewUrlDetails(call.user !== null),
  })
  details(call: RestCall<UrlDetailsArgs>) {
    return this.urlDetails.details(call.args.url);
  }
}
