import { BlockList, isIP } from 'node:net';
import { isIpOrRange } from '../options/option-definitions';

/** `::ffff:1.2.3.4` → `1.2.3.4`; lower-case IPv6; '' for anything that is not an address. */
export function normalizeIp(address: string | undefined | null): string {
  if (!address) return '';
  let ip = address.trim();
  if (ip.startsWith('[') && ip.includes(']')) ip = ip.slice(1, ip.indexOf(']'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) ip = mapped[1];
  else if (isIP(ip) === 0 && /^\d+\.\d+\.\d+\.\d+:\d+$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(':'));
  const family = isIP(ip);
  if (family === 0) return '';
  return family === 6 ? ip.toLowerCase() : ip;
}

/** Addresses whose answer an {@link IpSet} keeps (all are forgotten at once when full). */
const MAX_ANSWERS = 4096;

/** A set of addresses and CIDR ranges (IPv4 and IPv6) built from option lists. */
export class IpSet {
  private readonly list = new BlockList();
  private readonly answers = new Map<string, boolean>();
  readonly size: number;

  constructor(entries: Iterable<string>) {
    let size = 0;
    for (const entry of entries) {
      if (!isIpOrRange(entry)) continue;
      const slash = entry.indexOf('/');
      const address = normalizeIp(slash < 0 ? entry : entry.slice(0, slash));
      const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
      if (slash < 0) this.list.addAddress(address, type);
      else this.list.addSubnet(address, Number(entry.slice(slash + 1)), type);
      size++;
    }
    this.size = size;
  }

  has(ip: string): boolean {
    if (this.size === 0 || !ip) return false;
    // The set never changes: the answers for recent addresses are kept (BlockList builds a SocketAddress per check).
    let found = this.answers.get(ip);
    if (found === undefined) {
      found = this.list.check(ip, isIP(ip) === 4 ? 'ipv4' : 'ipv6');
      if (this.answers.size >= MAX_ANSWERS) this.answers.clear();
      this.answers.set(ip, found);
    }
    return found;
  }
}

export interface ClientIpSettings {
  /** '', REMOTE_ADDR, HTTP_X_FORWARDED_FOR or HTTP_X_REAL_IP. */
  source: string;
  trustedProxies: IpSet;
}

/**
 * The client address: the connection's peer, unless the peer is a trusted proxy and the chosen header
 * names the client. X-Forwarded-For is read right to left, skipping trusted proxies, so a client cannot
 * smuggle an address in front of the chain.
 */
export function clientIp(
  peer: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  settings: ClientIpSettings,
): { ip: string; source: string } {
  const remote = normalizeIp(peer);
  if (settings.source === 'REMOTE_ADDR' || !settings.trustedProxies.has(remote)) {
    return { ip: remote, source: 'REMOTE_ADDR' };
  }
  const headerOf = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(',') : (value ?? '');
  };
  if (settings.source === 'HTTP_X_REAL_IP') {
    const real = normalizeIp(headerOf('x-real-ip'));
    return real ? { ip: real, source: 'HTTP_X_REAL_IP' } : { ip: remote, source: 'REMOTE_ADDR' };
  }
  const chain = headerOf('x-forwarded-for')
    .split(',')
    .map((part) => normalizeIp(part))
    .filter((part) => part !== '');
  for (let i = chain.length - 1; i >= 0; i--) {
    if (!settings.trustedProxies.has(chain[i]) || i === 0)
      return { ip: chain[i], source: 'HTTP_X_FORWARDED_FOR' };
  }
  return { ip: remote, source: 'REMOTE_ADDR' };
}
