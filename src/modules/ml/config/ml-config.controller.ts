import {
  CREATABLE,
  NS,
  Permissions,
  READABLE,
  RestController,
  RestError,
  RestRoute,
  type RestCall,
} from '../../../platform/rest';
import { MlConfigService } from './ml-config.service';
import type { LibxmlError } from './ml-config.xml';

/** The custom XML config needs `manage_options` (WPML's `WPML_REST_Base` routes of `wpml/v1`). */
const canManage = Permissions.capability('manage_options');

/** `content` as sent: the spec declares no parameters, so the text is read from the request as a whole. */
function contentOf(call: RestCall): string {
  const content = call.param('content');
  if (content === undefined || content === null) return '';
  if (typeof content !== 'string') {
    throw new RestError('rest_invalid_param', 'Invalid parameter(s): content', 400, {
      params: { content: 'content is not of type string.' },
      details: [],
    });
  }
  return content;
}

/** `ml/v1/custom-xml-config`: the site's own ml-config.xml. */
@RestController(NS.ml)
export class MlConfigController {
  constructor(private readonly mlConfig: MlConfigService) {}

  @RestRoute('/custom-xml-config', { methods: READABLE, permission: canManage })
  get(): Promise<string> {
    return this.mlConfig.content();
  }

  @RestRoute('/custom-xml-config', { methods: CREATABLE, permission: canManage })
  save(call: RestCall): Promise<string> {
    return this.mlConfig.save(contentOf(call));
  }

  @RestRoute('/custom-xml-config/validate', { methods: ['POST'], permission: canManage })
  validate(call: RestCall): Promise<LibxmlError[]> {
    return this.mlConfig.validate(contentOf(call));
  }
}
