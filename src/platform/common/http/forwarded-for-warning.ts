import { BlockList, isIP } from 'node:net';
import type { FrontDoorStep } from './front-door';

/** Loopback, private and link-local ranges: a peer there sending X-Forwarded-For is most likely a proxy. */
const LOCAL_PEERS = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const) {
  LOCAL_PEERS.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  LOCAL_PEERS.addSubnet(network, prefix, 'ipv6');
}

export function isLocalPeer(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  const family = isIP(ip);
  return family !== 0 && LOCAL_PEERS.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Without TRUSTED_PROXIES, X-Forwarded-For is ignored and the proxy's address is every client's: one client's
 * failed logins then lock out everyone's logins. A request with the header from a loopback or private peer
 * says a proxy is there: warned once per process, then this step does nothing.
 */
export function forwardedForWarning(trustedProxies: string, warn: (message: string) => void): FrontDoorStep {
  let warned = trustedProxies.trim() !== '';
  return (req, _res, next) => {
    if (!warned && req.headers['x-forwarded-for'] !== undefined && isLocalPeer(req.socket.remoteAddress)) {
      warned = true;
      warn(
        `X-Forwarded-For from ${req.socket.remoteAddress} is ignored because TRUSTED_PROXIES is not set: every ` +
          'client behind that proxy shares its address for login limits, lock-outs and firewall rules. Set ' +
          `TRUSTED_PROXIES (e.g. "loopback" or ${req.socket.remoteAddress}) to name the proxy.`,
      );
    }
    next();
  };
}
