import { isIP } from 'node:net';
import { FLAG_QUERY_VALUES, FlagQuery, IP_HEADERS, RedirectionSettings, SiteHeader } from './settings.types';

/** PHP's truthiness, as the plugin's `(bool)` casts: `"false"` is true, `"0"`, `""`, `0` are false. */
export function phpBool(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return !(
    value === false ||
    value === null ||
    value === undefined ||
    value === 0 ||
    value === '' ||
    value === '0'
  );
}

/** PHP's intval: leading digits of a string, else 0. */
export function phpInt(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const match = /^\s*([+-]?\d+)/.exec(value);
    return match ? Number(match[1]) : 0;
  }
  return 0;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function textField(value: unknown): string {
  return String(value ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/[\r\n\t]+/g, ' ')
    .trim();
}

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item) => typeof item === 'string' || typeof item === 'number').map(String);
}

/** A domain alias: scheme and path dropped, characters outside a host name removed (`bad com` → `badcom`). */
function aliasHost(value: string): string {
  let host = value.trim();
  const parsed = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/i.exec(host);
  if (parsed) host = parsed[1];
  return host.replace(/[^A-Za-z0-9.:\-[\]]/g, '');
}

/** `relocate`: `scheme://host[/path]`, `http://` added when missing; empty when unusable. */
function relocateUrl(value: string): string {
  let url = value.trim();
  if (url === '') return '';
  if (!/^https?:\/\//i.test(url)) url = `http://${url}`;
  try {
    const parsed = new URL(url);
    const path = parsed.pathname.replace(/\/+$/, '');
    return `${parsed.protocol}//${parsed.host}${path}`;
  } catch {
    return '';
  }
}

function siteHeaders(value: unknown): SiteHeader[] {
  if (!Array.isArray(value)) return [];
  const headers: SiteHeader[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const header = item as Record<string, unknown>;
    const name = textField(header.headerName).replace(/[^A-Za-z0-9_-]/g, '');
    const type = textField(header.type);
    if (name === '' || type === '') continue;
    headers.push({
      type: type.charAt(0).toUpperCase() + type.slice(1),
      headerName: name,
      headerValue: textField(header.headerValue),
      location: header.location === 'site' ? 'site' : 'redirect',
      headerSettings: header.headerSettings ?? [],
    });
  }
  return headers;
}

export interface SettingsContext {
  groupIds: number[];
  firstGroupId: number;
  postTypes: string[];
  newToken: () => string;
  currentVersion: string;
}

/**
 * `red_set_options`: applies the posted values over the current options with the plugin's coercions.
 * Unknown keys are ignored; what is not sent keeps its value.
 */
export function applySettings(
  current: RedirectionSettings,
  input: Record<string, unknown>,
  context: SettingsContext,
): RedirectionSettings {
  const next: RedirectionSettings = { ...current };
  const has = (key: string) => Object.prototype.hasOwnProperty.call(input, key);

  for (const key of ['support', 'log_external', 'log_header', 'track_hits', 'newsletter', 'https'] as const) {
    if (has(key)) next[key] = phpBool(input[key]);
  }
  if (has('token')) {
    const token = textField(input.token);
    next.token = token === '' ? context.newToken() : token;
  }
  if (has('auto_target')) next.auto_target = textField(input.auto_target);
  for (const key of ['expire_redirect', 'expire_404'] as const) {
    if (has(key)) next[key] = clamp(phpInt(input[key]), -1, 60);
  }
  if (has('redirect_cache')) {
    const cache = phpInt(input.redirect_cache);
    next.redirect_cache = [-1, 0, 1, 24, 168].includes(cache) ? cache : 1;
  }
  if (has('ip_logging')) next.ip_logging = clamp(phpInt(input.ip_logging), 0, 2);
  if (has('ip_headers')) {
    next.ip_headers = stringList(input.ip_headers).filter((name) =>
      (IP_HEADERS as readonly string[]).includes(name),
    );
  }
  if (has('ip_proxy')) next.ip_proxy = stringList(input.ip_proxy).filter((ip) => isIP(ip.trim()) !== 0);
  if (has('rest_api')) {
    const api = phpInt(input.rest_api);
    next.rest_api = api >= 0 && api <= 4 ? api : 0;
  }
  if (has('headers')) next.headers = siteHeaders(input.headers);
  if (has('preferred_domain')) {
    next.preferred_domain = ['', 'www', 'nowww'].includes(String(input.preferred_domain))
      ? String(input.preferred_domain)
      : '';
  }
  if (has('aliases')) {
    next.aliases = stringList(input.aliases)
      .map(aliasHost)
      .filter((alias) => alias !== '')
      .slice(0, 20);
  }
  if (has('permalinks'))
    next.permalinks = stringList(input.permalinks).map(textField).filter(Boolean).slice(0, 10);
  if (has('cache_key')) {
    const key = input.cache_key;
    next.cache_key =
      key === true ? Math.floor(Date.now() / 1000) : key === false ? 0 : Math.max(0, phpInt(key));
  }
  if (has('plugin_update')) {
    next.plugin_update = ['prompt', 'admin'].includes(String(input.plugin_update))
      ? String(input.plugin_update)
      : 'prompt';
  }
  if (has('update_notice')) next.update_notice = context.currentVersion;
  if (has('database')) next.database = textField(input.database);
  if (has('last_group_id')) {
    const id = phpInt(input.last_group_id);
    next.last_group_id = context.groupIds.includes(id) ? id : context.firstGroupId;
  }
  if (has('location') || has('modules')) {
    const location = has('location') ? textField(input.location) : '';
    const modules = (Array.isArray(next.modules) ? {} : { ...next.modules }) as Record<
      string,
      { location?: string }
    >;
    if (has('location')) {
      modules['2'] = {
        location: location === '' ? '' : `${location.replace(/\/?(\.htaccess)?$/, '')}/.htaccess`,
      };
    }
    next.modules = Object.keys(modules).length ? modules : [];
  }

  // The URL defaults are one form: posting any of them sets all four.
  if (['flag_query', 'flag_case', 'flag_trailing', 'flag_regex'].some(has)) {
    const query = String(input.flag_query ?? next.flag_query);
    next.flag_query = (FLAG_QUERY_VALUES as readonly string[]).includes(query)
      ? (query as FlagQuery)
      : 'exact';
    next.flag_case = phpBool(input.flag_case);
    next.flag_trailing = phpBool(input.flag_trailing);
    next.flag_regex = phpBool(input.flag_regex);
  }

  // Monitoring
  if (has('monitor_types')) {
    next.monitor_types = stringList(input.monitor_types).filter((type) => context.postTypes.includes(type));
  }
  if (has('monitor_post')) {
    const id = phpInt(input.monitor_post);
    next.monitor_post = id <= 0 ? 0 : context.groupIds.includes(id) ? id : context.firstGroupId;
  }
  if (has('associated_redirect')) next.associated_redirect = textField(input.associated_redirect);
  if (next.monitor_types.length === 0) {
    next.monitor_post = 0;
    next.associated_redirect = '';
  }

  if (has('relocate')) next.relocate = relocateUrl(String(input.relocate ?? ''));
  if (next.relocate !== '') {
    next.preferred_domain = '';
    next.aliases = [];
    next.https = false;
  }
  return next;
}

/** Options as read back: defaults for what is missing, unknown keys dropped, `rest_api` coerced to 0/1/3. */
export function normaliseStored(
  stored: Record<string, unknown>,
  defaults: RedirectionSettings,
): RedirectionSettings {
  const result = { ...defaults } as Record<string, unknown>;
  for (const key of Object.keys(defaults)) {
    if (stored[key] !== undefined) result[key] = stored[key];
  }
  const settings = result as unknown as RedirectionSettings;
  if (![0, 1, 3].includes(settings.rest_api)) settings.rest_api = 0;
  return settings;
}
