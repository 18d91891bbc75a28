/** The plugin's options (`red_get_default_options`), as they are read back. */
export interface RedirectionSettings {
  support: boolean;
  token: string;
  monitor_post: number;
  monitor_types: string[];
  associated_redirect: string;
  auto_target: string;
  expire_redirect: number;
  expire_404: number;
  log_external: boolean;
  log_header: boolean;
  track_hits: boolean;
  modules: Record<string, { location?: string }> | unknown[];
  newsletter: boolean;
  redirect_cache: number;
  ip_logging: number;
  ip_headers: string[];
  ip_proxy: string[];
  last_group_id: number;
  rest_api: number;
  https: boolean;
  headers: SiteHeader[];
  database: string;
  relocate: string;
  preferred_domain: string;
  aliases: string[];
  permalinks: string[];
  cache_key: number;
  plugin_update: string;
  update_notice: number | string;
  flag_query: FlagQuery;
  flag_case: boolean;
  flag_trailing: boolean;
  flag_regex: boolean;
}

export type FlagQuery = 'exact' | 'ignore' | 'pass' | 'exactorder';
export const FLAG_QUERY_VALUES: readonly FlagQuery[] = ['exact', 'ignore', 'pass', 'exactorder'];

/** A custom HTTP header added to redirects (`location: redirect`) or to every site page (`site`). */
export interface SiteHeader {
  type: string;
  headerName: string;
  headerValue: string;
  location: string;
  headerSettings: unknown;
}

export const IP_HEADERS = [
  'HTTP_CF_CONNECTING_IP',
  'HTTP_CLIENT_IP',
  'HTTP_X_FORWARDED_FOR',
  'HTTP_X_FORWARDED',
  'HTTP_X_CLUSTER_CLIENT_IP',
  'HTTP_FORWARDED_FOR',
  'HTTP_FORWARDED',
  'HTTP_VIA',
  'REMOTE_ADDR',
] as const;

export const DATABASE_VERSION = '4.2';
export const PLUGIN_VERSION = '5.4.2';

export const MODULE_NAMES: Record<number, string> = { 1: 'WordPress', 2: 'Apache', 3: 'Nginx' };

/** Post types the monitor can watch, with their labels (`post_types` of the settings bundle). */
export const MONITOR_POST_TYPES: Record<string, string> = { post: 'Posts', page: 'Pages', trash: 'Trash' };

export function defaultSettings(token: string): RedirectionSettings {
  return {
    support: false,
    token,
    monitor_post: 0,
    monitor_types: [],
    associated_redirect: '',
    auto_target: '',
    expire_redirect: 7,
    expire_404: 7,
    log_external: false,
    log_header: false,
    track_hits: true,
    modules: [],
    newsletter: false,
    redirect_cache: 1,
    ip_logging: 0,
    ip_headers: [],
    ip_proxy: [],
    last_group_id: 0,
    rest_api: 0,
    https: false,
    headers: [],
    database: DATABASE_VERSION,
    relocate: '',
    preferred_domain: '',
    aliases: [],
    permalinks: [],
    cache_key: 0,
    plugin_update: 'prompt',
    update_notice: 0,
    flag_query: 'exact',
    // A fresh install turns these two on (the defaults of an upgraded site are off).
    flag_case: true,
    flag_trailing: true,
    flag_regex: false,
  };
}
