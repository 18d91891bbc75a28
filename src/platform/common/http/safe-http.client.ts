import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config';

export interface HttpResult {
  status: number;
  body: string;
  url: string;
  /** The response's Content-Type ('' when none). */
  contentType?: string;
}

/** A request to a fixed set of hosts (a configured remote service), for {@link SafeHttpClient.request}. */
export interface HttpRequestOptions {
  method: string;
  headers?: Record<string, string>;
  body?: string;
  /** `host:port` pairs the request and each redirect hop may reach; any other host is refused. */
  onlyHosts: ReadonlySet<string>;
  maxBytes: number;
  timeoutMs?: number;
}

const MAX_REDIRECTS = 5;
const SAFE_PORTS = new Set(['', '80', '443', '8080']);

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Outgoing GETs to URLs that users give (oEmbed proxy, URL details), as WordPress's wp_safe_remote_get: http(s)
 * only, ports 80/443/8080, no private or loopback addresses (checked on every redirect hop), a timeout and a
 * response size cap. The site's own origin and the `HTTP_ALLOWED_HOSTS` are always allowed, as WordPress
 * allows requests to its own host.
 */
@Injectable()
export class SafeHttpClient {
  private readonly logger = new Logger('SafeHttpClient');
  private readonly allowedHosts: ReadonlySet<string>;

  /** Lifts the address and port rules (tests run providers on 127.0.0.1; intranet providers). */
  allowPrivateNetwork = false;
  timeoutMs = 5000;

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {
    const own = new URL(config.siteUrl);
    this.allowedHosts = new Set([hostAndPort(own), ...config.httpAllowedHosts]);
  }

  /** The response (body truncated at `maxBytes`), or null when the URL is refused or the request fails. */
  async get(url: string, maxBytes: number): Promise<HttpResult | null> {
    let current = url;
    try {
      for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        if (!(await this.isAllowed(current))) return null;
        const response = await fetch(current, {
          redirect: 'manual',
          signal: AbortSignal.timeout(this.timeoutMs),
          headers: { 'user-agent': `${this.config.siteName}; ${this.config.siteUrl}` },
        });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          await response.body?.cancel();
          current = new URL(location, current).toString();
          continue;
        }
        return { status: response.status, body: await readLimited(response, maxBytes), url: current };
      }
    } catch (error) {
      this.logger.debug({ err: error, url }, 'outgoing request failed');
    }
    return null;
  }

  /**
   * A request of any method to a configured service: only `onlyHosts` are reached (on every redirect hop, which
   * keeps GET for 301/302/303 as WordPress's Requests does), whatever address they resolve to since an
   * administrator named them. Null when refused or failed (time limit, network).
   */
  async request(url: string, options: HttpRequestOptions): Promise<HttpResult | null> {
    let current = url;
    let method = options.method.toUpperCase();
    let body = options.body;
    try {
      for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        const parsed = new URL(current);
        if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
        if (parsed.username || parsed.password || !options.onlyHosts.has(hostAndPort(parsed))) return null;
        const response = await fetch(current, {
          method,
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs),
          headers: { 'user-agent': `${this.config.siteName}; ${this.config.siteUrl}`, ...options.headers },
          ...(body !== undefined && method !== 'GET' && method !== 'HEAD' ? { body } : {}),
        });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          await response.body?.cancel();
          current = new URL(location, current).toString();
          if (response.status !== 307 && response.status !== 308) {
            method = 'GET';
            body = undefined;
          }
          continue;
        }
        return {
          status: response.status,
          body: await readLimited(response, options.maxBytes),
          url: current,
          contentType: response.headers.get('content-type') ?? '',
        };
      }
    } catch (error) {
      this.logger.debug({ err: error, url }, 'outgoing request failed');
    }
    return null;
  }

  /**
   * A POST to a URL that a user gave (a webhook target): the same address and port rules as {@link get}, and no
   * redirect is followed (a 3xx is the answer), so a target cannot bounce the request to a private address.
   * Null when the URL is refused; a failed request (time limit, network) carries its reason in `error`.
   */
  async post(
    url: string,
    options: { headers: Record<string, string>; body: string; maxBytes: number; timeoutMs: number },
  ): Promise<HttpResult | { error: string } | null> {
    if (!(await this.isAllowed(url))) return null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: { 'user-agent': `${this.config.siteName}; ${this.config.siteUrl}`, ...options.headers },
        body: options.body,
      });
      return {
        status: response.status,
        body: await readLimited(response, options.maxBytes),
        url,
        contentType: response.headers.get('content-type') ?? '',
      };
    } catch (error) {
      // AbortSignal.timeout rejects with a DOMException named TimeoutError (not an Error subclass everywhere).
      const cause = (error as { name?: unknown }).name === 'TimeoutError' ? 'timeout' : String(error);
      return { error: cause };
    }
  }

  /** WordPress's wp_http_validate_url: whether a request to `url` may be made (resolves the host name). */
  async isAllowed(url: string): Promise<boolean> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
    if (parsed.username || parsed.password) return false;
    if (this.allowPrivateNetwork || this.allowedHosts.has(hostAndPort(parsed))) return true;
    if (!SAFE_PORTS.has(parsed.port)) return false;
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    try {
      const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
      return addresses.length > 0 && !addresses.some(isPrivateAddress);
    } catch {
      return false;
    }
  }
}

/** `host:port` with the scheme's default port filled in. */
export function hostAndPort(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

async function readLimited(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < maxBytes) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}
