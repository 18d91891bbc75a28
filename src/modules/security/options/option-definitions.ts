import { BlockList, isIP } from 'node:net';

/** How an option's value is typed, checked and coerced (form bodies send strings). */
export type OptionKind = 'bool' | 'int' | 'string' | 'enum' | 'ipList' | 'intList';

export interface OptionDefinition {
  kind: OptionKind;
  default: unknown;
  min?: number;
  max?: number;
  values?: readonly string[];
  description: string;
}

export const FIREWALL_MODES = ['enabled', 'learning-mode', 'disabled'] as const;
export type FirewallMode = (typeof FIREWALL_MODES)[number];
export const IP_SOURCES = ['', 'REMOTE_ADDR', 'HTTP_X_FORWARDED_FOR', 'HTTP_X_REAL_IP'] as const;

const bool = (value: boolean, description: string) => ({
  kind: 'bool' as const,
  default: value,
  description,
});
const int = (value: number, min: number, max: number, description: string) => ({
  kind: 'int' as const,
  default: value,
  min,
  max,
  description,
});

/**
 * Every writable option, with Wordfence's names where Wordfence has the option. Values are stored as JSON in
 * `security_options`; an option never written has its default.
 */
export const OPTION_DEFINITIONS = {
  scansEnabled_posts: bool(true, 'Scan posts, pages, events, venues and organizers for malware and spam.'),
  scansEnabled_comments: bool(true, 'Scan comments for malware and spam.'),
  scansEnabled_passwds: bool(true, 'Report administrators with a common password.'),
  scansEnabled_appPasswords: bool(true, 'Report application passwords unused for more than 90 days.'),
  scansEnabled_suspiciousAdminUsers: bool(true, 'Report administrators created since the last scan.'),
  scansEnabled_suspiciousOptions: bool(
    true,
    'Check the site configuration (https, rate limits, debug logging).',
  ),
  scansEnabled_fileContents: bool(
    true,
    "Compare the service's built files with the build's checksum manifest.",
  ),
  scansEnabled_scanImages: bool(true, 'Report uploaded media that are executables or scripts.'),
  scan_maxDuration: int(0, 0, 86400, 'Stop a scan after this many seconds (0: no limit).'),
  firewallEnabled: bool(true, 'Rate limits and automatic blocks (404s, request rates).'),
  loginSecurityEnabled: bool(true, 'Block addresses after repeated failed logins.'),
  loginSec_maxFailures: int(20, 1, 1000, 'Failed logins from one address before it is blocked.'),
  loginSec_countFailMins: int(5, 1, 1440, 'Minutes over which failed logins are counted.'),
  loginSec_lockoutMins: int(60, 1, 86400, 'Minutes an address stays blocked after too many failed logins.'),
  max404Humans: int(
    0,
    0,
    100000,
    '404 answers per minute from one address before it is blocked (0: no limit).',
  ),
  maxGlobalRequests: int(
    0,
    0,
    1000000,
    'Anonymous requests per minute from one address before it is blocked (0: no limit).',
  ),
  maxRequestsAuthenticated: int(
    0,
    0,
    1000000,
    'Requests with credentials per minute from one address before it is blocked (0: no limit).',
  ),
  blockedTime: int(300, 60, 2592000, 'Seconds an address stays blocked after a rate limit or 404 limit.'),
  whitelisted: {
    kind: 'ipList',
    default: '',
    description: 'Addresses and ranges the firewall never blocks.',
  },
  blockedIPs: {
    kind: 'ipList',
    default: '',
    description: 'Addresses and ranges always blocked (IPv4/IPv6, CIDR).',
  },
  howGetIPs: {
    kind: 'enum',
    default: '',
    values: IP_SOURCES,
    description:
      "Where the client address comes from ('' picks X-Forwarded-For when trusted proxies are set).",
  },
  howGetIPs_trusted_proxies: {
    kind: 'ipList',
    default: '',
    description: 'Proxies whose X-Forwarded-For / X-Real-IP is believed.',
  },
  'waf.firewallMode': {
    kind: 'enum',
    default: 'enabled',
    values: FIREWALL_MODES,
    description: "Firewall mode: 'enabled' blocks, 'learning-mode' only logs, 'disabled'.",
  },
  'waf.learningModeGracePeriodEnabled': bool(
    false,
    'Leave learning mode automatically at learningModeGracePeriod.',
  ),
  'waf.learningModeGracePeriod': int(0, 0, 2147483647, 'Unix time at which learning mode ends.'),
  'waf.disableWAFBlacklistBlocking': bool(false, "Do not block the signature file's address blocklist."),
  'waf.disabledRules': {
    kind: 'intList',
    default: [],
    description: 'WAF request rules turned off (rule ids).',
  },
} satisfies Record<string, OptionDefinition>;

export type OptionName = keyof typeof OPTION_DEFINITIONS;
export type OptionValues = {
  [K in OptionName]: (typeof OPTION_DEFINITIONS)[K]['kind'] extends 'bool'
    ? boolean
    : (typeof OPTION_DEFINITIONS)[K]['kind'] extends 'int'
      ? number
      : (typeof OPTION_DEFINITIONS)[K]['kind'] extends 'intList'
        ? number[]
        : string;
};

/** Names clients may also use (Wordfence's top-level WAF keys, the login-security plugin's IP settings). */
export const OPTION_ALIASES: Record<string, OptionName> = {
  wafStatus: 'waf.firewallMode',
  learningModeGracePeriodEnabled: 'waf.learningModeGracePeriodEnabled',
  learningModeGracePeriod: 'waf.learningModeGracePeriod',
  disableWAFBlacklistBlocking: 'waf.disableWAFBlacklistBlocking',
  'wfls_settings_ip-source': 'howGetIPs',
  'wfls_settings_ip-trusted-proxies': 'howGetIPs_trusted_proxies',
};

/** Computed, read-only entries of GET config. */
export const READ_ONLY_OPTIONS = ['scanTime', 'signatureVersion', 'isPaid'] as const;

export function isOptionName(name: string): name is OptionName {
  return Object.prototype.hasOwnProperty.call(OPTION_DEFINITIONS, name);
}

/** Splits a list option (commas, spaces or new lines). */
export function listItems(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Whether `entry` is an IPv4/IPv6 address or CIDR range. */
export function isIpOrRange(entry: string): boolean {
  const slash = entry.indexOf('/');
  const address = slash < 0 ? entry : entry.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return false;
  if (slash < 0) return true;
  const bits = entry.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128)) return false;
  try {
    new BlockList().addSubnet(address, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
    return true;
  } catch {
    return false;
  }
}

/**
 * Coerces a sent value to the option's type; returns `{ value }` or `{ error }` with the reason
 * (the text after "Invalid value for <name>: ").
 */
export function coerceOption(
  definition: OptionDefinition,
  raw: unknown,
): { value: unknown } | { error: string } {
  switch (definition.kind) {
    case 'bool': {
      if (typeof raw === 'boolean') return { value: raw };
      if (raw === 1 || raw === '1' || raw === 'true') return { value: true };
      if (raw === 0 || raw === '0' || raw === 'false' || raw === '') return { value: false };
      return { error: 'must be a boolean' };
    }
    case 'int': {
      const number = typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : raw;
      if (typeof number !== 'number' || !Number.isInteger(number)) return { error: 'must be an integer' };
      if (number < (definition.min ?? -Infinity) || number > (definition.max ?? Infinity)) {
        return { error: `must be between ${definition.min} and ${definition.max}` };
      }
      return { value: number };
    }
    case 'enum':
      if (typeof raw !== 'string' || !definition.values?.includes(raw)) {
        return { error: `must be one of ${definition.values?.map((v) => `'${v}'`).join(', ')}` };
      }
      return { value: raw };
    case 'string':
      return typeof raw === 'string' ? { value: raw } : { error: 'must be a string' };
    case 'ipList': {
      const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? listItems(raw) : null;
      if (!items || items.some((item) => typeof item !== 'string'))
        return { error: 'must be a list of strings' };
      const bad = (items as string[]).filter((item) => !isIpOrRange(item));
      if (bad.length > 0) {
        return { error: `${bad.map((item) => `'${item}'`).join(', ')} is not an IP address or CIDR range` };
      }
      return { value: (items as string[]).join(',') };
    }
    case 'intList': {
      const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? listItems(raw) : null;
      const numbers = items?.map((item) =>
        typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : item,
      );
      if (
        !numbers ||
        numbers.some((item) => typeof item !== 'number' || !Number.isInteger(item) || item < 0)
      ) {
        return { error: 'must be a list of rule ids' };
      }
      return { value: [...new Set(numbers as number[])].sort((a, b) => a - b) };
    }
  }
}
