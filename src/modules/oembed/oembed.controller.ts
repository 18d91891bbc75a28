import {
  NS,
  Permissions,
  READABLE,
  RestCall,
  RestController,
  RestResponse,
  RestRoute,
} from '../../platform/rest';
import { EmbedArgs, ProxyArgs } from './dto/oembed-args.dto';
import { oembedXml } from './oembed-markup';
import { OEmbedErrors } from './oembed.errors';
import { OEmbedProxyService } from './oembed-proxy.service';
import { OEmbedService } from './oembed.service';

const XML_CONTENT_TYPE = 'text/xml; charset=UTF-8';

/** The body as `_oembed_rest_pre_serve_request` writes it for `format=xml`; 501 when no XML can be built. */
function xmlResponse(data: Record<string, unknown>, status: number): RestResponse {
  const xml = oembedXml(data);
  return xml
    ? RestResponse.raw(xml, XML_CONTENT_TYPE, status).uncached()
    : RestResponse.raw('Not Implemented', 'text/plain', 501);
}

/** `oembed/1.0`: WordPress's oEmbed provider and proxy (class-wp-oembed-controller.php). */
@RestController(NS.oembed)
export class OEmbedController {
  constructor(
    private readonly oembed: OEmbedService,
    private readonly proxyService: OEmbedProxyService,
  ) {}

  @RestRoute('/embed', { methods: READABLE, args: EmbedArgs, permission: Permissions.public })
  async embed(call: RestCall<EmbedArgs>): Promise<RestResponse> {
    const data = await this.oembed.responseData(call.args.url, call.args.maxwidth, call.urls);
    if (call.args.format === 'xml') {
      return data ? xmlResponse(data, 200) : xmlResponse(OEmbedErrors.invalidUrl().toBody(), 404);
    }
    if (!data) throw OEmbedErrors.invalidUrl();
    // The markup carries a fresh random secret on every request, as WordPress's does: never from a cache.
    return new RestResponse(data).uncached();
  }

  @RestRoute('/proxy', {
    methods: READABLE,
    args: ProxyArgs,
    permission: (call) =>
      call.user?.can('edit_posts') ? true : OEmbedErrors.proxyForbidden(call.user !== null),
  })
  proxy(call: RestCall<ProxyArgs>): Promise<Record<string, unknown>> {
    return this.proxyService.get(call.args, call.urls);
  }
}
