import type { RestUser } from '../../../platform/rest';
import type { RedirectionSettings } from '../settings/settings.types';
import type { CompiledRedirect } from './compiled-redirect';
import type { CustomMatchers } from './custom-matchers';
import { clientIp, RequestFacts } from './request-facts';

function valueMatches(actual: string | undefined, expected: unknown, redirect: CompiledRedirect): boolean {
  const value = actual ?? '';
  if (redirect.actionData.regex === true) return redirect.conditionRegex?.test(value) ?? false;
  return value === String(expected ?? '');
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

/** Compares two addresses by their binary form (IPv4, IPv6, IPv4-mapped). */
function sameIp(a: string, b: string): boolean {
  const norm = (ip: string) =>
    ip
      .trim()
      .toLowerCase()
      .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
  const expand = (ip: string) => {
    if (!ip.includes(':')) return ip;
    const [head, tail] = ip.split('::');
    const left = head ? head.split(':') : [];
    const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
    const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
    return groups.map((group) => parseInt(group || '0', 16).toString(16)).join(':');
  };
  return expand(norm(a)) === expand(norm(b));
}

/**
 * The match type's condition (`matches/*.php is_match`): login status, role, referrer, agent, cookie,
 * header, server, IP, language, or a code-registered custom matcher; `url` is always true.
 */
export async function conditionHolds(
  redirect: CompiledRedirect,
  facts: RequestFacts,
  settings: RedirectionSettings,
  userOf: () => Promise<RestUser | null>,
  customs: CustomMatchers,
): Promise<boolean> {
  const data = redirect.actionData;
  switch (redirect.matchType) {
    case 'url':
    case 'page':
      return true;
    case 'login':
      return (await userOf()) !== null;
    case 'role': {
      const user = await userOf();
      const role = String(data.role ?? '');
      return user !== null && (user.roles.includes(role) || user.can(role));
    }
    case 'referrer':
      return valueMatches(facts.headers.referer, data.referrer, redirect);
    case 'agent':
      return valueMatches(facts.headers['user-agent'], data.agent, redirect);
    case 'cookie':
      return valueMatches(cookieValue(facts.headers.cookie, String(data.name ?? '')), data.value, redirect);
    case 'header':
      return valueMatches(facts.headers[String(data.name ?? '').toLowerCase()], data.value, redirect);
    case 'custom':
      return customs.evaluate(String(data.filter ?? ''), facts);
    case 'server': {
      try {
        return new URL(String(data.server ?? '')).hostname.toLowerCase() === facts.host.toLowerCase();
      } catch {
        return false;
      }
    }
    case 'ip': {
      const ip = clientIp(facts, settings.ip_headers, settings.ip_proxy);
      const list = Array.isArray(data.ip) ? data.ip.map(String) : [];
      return list.some((candidate) => sameIp(candidate, ip));
    }
    case 'language': {
      const wanted = String(data.language ?? '')
        .split(',')
        .map((code) => code.trim().toLowerCase())
        .filter(Boolean);
      const accepted = (facts.headers['accept-language'] ?? '')
        .split(',')
        .map((part) => part.split(';')[0].trim().toLowerCase())
        .filter(Boolean);
      return wanted.some((code) => accepted.includes(code));
    }
  }
  return false;
}
