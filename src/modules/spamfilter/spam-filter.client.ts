import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../platform/config';

/** One answer of the service: the body and lower-cased headers, or the reason the call failed. */
export type ServiceAnswer =
  { ok: true; status: number; body: string; headers: Record<string, string> } | { ok: false; error: string };

/**
 * The spam-filter service over the Akismet protocol: form-encoded POSTs to `SPAMFILTER_URL` + the method name,
 * each bounded by `SPAMFILTER_TIMEOUT_MS`. Transport failures, timeouts and non-2xx answers come back as
 * `{ ok: false }`, never as exceptions.
 */
@Injectable()
export class SpamFilterClient {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  private url(method: string): string {
    const base = this.config.spamFilterUrl.endsWith('/')
      ? this.config.spamFilterUrl
      : `${this.config.spamFilterUrl}/`;
    return `${base}${method}`;
  }

  async call(method: string, params: Record<string, string>): Promise<ServiceAnswer> {
    try {
      const response = await fetch(this.url(method), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
          'User-Agent': 'MachineControlSite/0.1 | SpamFilter/1.0',
        },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(this.config.spamFilterTimeoutMs),
        redirect: 'error',
      });
      const body = await response.text();
      if (!response.ok) return { ok: false, error: `HTTP ${response.status}` };
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      return { ok: true, status: response.status, body: body.trim(), headers };
    } catch (error) {
      const name = (error as Error).name;
      return {
        ok: false,
        error: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable',
      };
    }
  }
}
