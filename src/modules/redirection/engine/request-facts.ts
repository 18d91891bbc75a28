import { isIP } from 'node:net';

/** What the matcher knows about a site request (built once per request). */
export interface RequestFacts {
  method: string;
  /** The request URI as sent (path + query, still encoded). */
  requestUri: string;
  /** The request URI, raw-URL-decoded (what sources are compared with). */
  decodedUri: string;
  /** Host name without port (SERVER_NAME). */
  host: string;
  scheme: 'http' | 'https';
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  /** The client's address as the socket sees it. */
  remoteAddress: string;
}

/** `Redirection_Request::get_ip`: the first valid address of the configured headers, else the socket's. */
export function clientIp(facts: RequestFacts, ipHeaders: string[], trustedProxies: string[]): string {
  const fromProxy = trustedProxies.length === 0 || trustedProxies.includes(facts.remoteAddress);
  if (fromProxy) {
    for (const name of ipHeaders) {
      if (name === 'REMOTE_ADDR') break;
      const header = name
        .replace(/^HTTP_/, '')
        .toLowerCase()
        .replace(/_/g, '-');
      const value = facts.headers[header];
      if (!value) continue;
      for (const candidate of value.split(',')) {
        const ip = candidate.trim();
        if (isIP(ip)) return ip;
      }
    }
  }
  return facts.remoteAddress;
}

/** The plugin's anonymised IP (WordPress's wp_privacy_anonymize_ip): last IPv4 octet, IPv6 beyond /48 zeroed. */
export function anonymiseIp(ip: string): string {
  if (isIP(ip) === 4) return ip.replace(/\.\d+$/, '.0');
  if (isIP(ip) === 6) {
    const mapped = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
    if (mapped) return `${mapped[1]}${anonymiseIp(mapped[2])}`;
    const [head, tail] = ip.split('::');
    const left = head ? head.split(':') : [];
    const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
    const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
    return `${groups.slice(0, 3).join(':')}::`;
  }
  return '';
}

/** The address to store for a log row under `ip_logging` (0 none, 1 full, 2 anonymised). */
export function loggedIp(ip: string, mode: number): string {
  if (mode === 1) return ip;
  if (mode === 2) return anonymiseIp(ip);
  return '';
}

/** The plugin strips the remote address's IPv4-mapped prefix. */
export function socketAddress(address: string | undefined): string {
  return (address ?? '').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
}
