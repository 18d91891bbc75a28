import { EDITABLE, READABLE, RestCall, RestController, RestRoute } from '../../../platform/rest';
import { SECURITY_NAMESPACE } from '../console/console-auth.controller';
import { consoleToken } from '../console/console-token.permission';
import { CLIENT_IP_HEADER, CLIENT_IP_SOURCE_HEADER } from '../firewall/firewall.middleware';
import { normalizeIp } from '../firewall/ip-matching';
import { SecurityConfigService } from './security-config.service';

/** `fields` as WordPress hands it over: an array, or one name (a comma list is split). */
function fieldList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string' && value !== '') return value.split(',').map((v) => v.trim());
  return [];
}

/** Wordfence's wfRESTConfigController config routes. */
@RestController(SECURITY_NAMESPACE)
export class SecurityConfigController {
  constructor(private readonly config: SecurityConfigService) {}

  @RestRoute('/config', { methods: READABLE, permission: consoleToken() })
  get(call: RestCall) {
    const detected: Record<string, string> = {};
    for (const [header, name] of [
      ['x-forwarded-for', 'HTTP_X_FORWARDED_FOR'],
      ['x-real-ip', 'HTTP_X_REAL_IP'],
    ] as const) {
      const value = call.headers[header];
      if (value) detected[name] = value.split(',').map(normalizeIp).filter(Boolean).join(', ');
    }
    return this.config.read(fieldList(call.param('fields')), {
      ip: call.headers[CLIENT_IP_HEADER] ?? '',
      source: call.headers[CLIENT_IP_SOURCE_HEADER] ?? 'REMOTE_ADDR',
      detected,
    });
  }

  @RestRoute('/config', { methods: EDITABLE, permission: consoleToken() })
  async set(call: RestCall) {
    await this.config.save(call.param('fields'));
    return { success: true };
  }
}
