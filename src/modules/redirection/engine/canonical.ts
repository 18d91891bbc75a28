import type { RedirectionSettings } from '../settings/settings.types';
import type { RequestFacts } from './request-facts';

const PROTECTED = [/^\/wp-admin/, /^\/wp-login\.php/];

function bareHost(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}

/**
 * `Redirection_Canonical`: the 301 target demanded by the site settings, or null. `relocate` moves every
 * path to another site; otherwise `https`, `preferred_domain` (www / no www) and `aliases` (other domains
 * served by this site) send the visitor to the canonical site URL with the same request URI.
 */
export function canonicalTarget(
  facts: RequestFacts,
  settings: RedirectionSettings,
  siteUrl: string,
): string | null {
  const path = facts.requestUri;
  if (settings.relocate) {
    if (PROTECTED.some((pattern) => pattern.test(path))) return null;
    return `${settings.relocate.replace(/\/$/, '')}${path}`;
  }
  const site = new URL(siteUrl);
  const host = facts.host.toLowerCase();
  let targetHost = host;
  let scheme: string = facts.scheme;
  if (settings.https && facts.scheme !== 'https') scheme = 'https';
  if (settings.preferred_domain === 'www' && !host.startsWith('www.')) targetHost = `www.${host}`;
  if (settings.preferred_domain === 'nowww' && host.startsWith('www.')) targetHost = host.slice(4);
  if (settings.aliases.map((alias) => alias.toLowerCase()).includes(host)) targetHost = site.hostname;
  if (targetHost === host && scheme === facts.scheme) return null;
  // The Host header is the client's: only the configured site (with or without `www.`) may be the target, or
  // `Host: evil.invalid` would be sent on to `http://www.evil.invalid/…`.
  if (bareHost(targetHost) !== bareHost(site.hostname.toLowerCase())) return null;
  const port = targetHost === site.hostname && site.port ? `:${site.port}` : '';
  return `${scheme}://${targetHost}${port}${path}`;
}
