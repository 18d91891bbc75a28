import { Injectable } from '@nestjs/common';
import { RestError } from '../../../platform/rest';
import { AteAmsClient } from './ate-ams.client';
import { TranslationUsersRepository } from './translation-users.repository';

/** Headers a client may not set on the forwarded request (they describe this hop, not the remote one). */
const HOP_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
]);
const PROXY_PARAMS = ['url', 'method', 'headers', 'query', 'body', 'content_type'];

/** What the proxy answers: a refusal (WPML: a 400 status line, no body) or the remote answer. */
export type ProxyOutcome =
  | { refused: true; code: string; message: string }
  | { refused: false; status: number; body: string; contentType: string };

const proxyRefusal = (code: string, message: string): ProxyOutcome => ({ refused: true, code, message });

/** The AMS routes of `ml/tm/v1` and the ATE/AMS proxy of `ml/ate/v1`. */
@Injectable()
export class TranslationServicesService {
  constructor(
    private readonly client: AteAmsClient,
    private readonly users: TranslationUsersRepository,
  ) {}

  /** Registers the site with AMS, the calling user as its manager: `{enabled: true}` or `{enabled: false, error}`. */
  async registerManager(userId: number): Promise<{ enabled: boolean; error?: string }> {
    const manager = await this.users.byId(userId);
    if (!manager) return { enabled: false, error: 'Unknown user.' };
    try {
      await this.client.registerManager(manager, await this.users.translators(), await this.users.managers());
      return { enabled: true };
    } catch (error) {
      if (error instanceof RestError && error.code === 'ams_error')
        return { enabled: false, error: error.message };
      throw error;
    }
  }

  /** `{result}`: AMS's answer, null when there is nobody to synchronise (as WPML sends nothing then). */
  async synchronizeTranslators(): Promise<{ result: unknown }> {
    const translators = await this.users.translators();
    return { result: translators.length ? await this.client.synchronizeTranslators(translators) : null };
  }

  async synchronizeManagers(): Promise<{ result: unknown }> {
    const managers = await this.users.managers();
    return { result: managers.length ? await this.client.synchronizeManagers(managers) : null };
  }

  status(): Promise<unknown> {
    return this.client.status();
  }

  async console(userId: number): Promise<string> {
    const user = await this.users.byId(userId);
    return this.client.consoleUrl(user?.email ?? '');
  }

  engines(): Promise<unknown> {
    return this.client.engines();
  }

  updateEngines(engines: unknown): Promise<unknown> {
    return this.client.updateEngines(engines);
  }

  /**
   * WPML's ATE proxy: forwards `method` to `url` (which must lie under the ATE or AMS base URL) with the given
   * `headers` (`"Name: value"` strings), `query` and `body`, and answers the remote body as is, with
   * `content_type` (default `application/json`) and the remote status.
   */
  async proxy(requestMethod: string, params: Record<string, unknown>): Promise<ProxyOutcome> {
    if (!PROXY_PARAMS.some((name) => params[name] !== undefined)) {
      return proxyRefusal('endpoint_without_parameters', 'Endpoint without parameters.');
    }
    const { url, method, headers } = params;
    if (typeof url !== 'string' || typeof method !== 'string' || headers === undefined || headers === null) {
      return proxyRefusal('missing_required_parameters', 'Required parameters missing.');
    }
    if (method.toUpperCase() !== requestMethod.toUpperCase()) {
      return proxyRefusal('invalid_method', 'Invalid method.');
    }
    if (!this.client.isServiceUrl(url)) return proxyRefusal('invalid_url', 'Invalid URL.');

    const contentType =
      typeof params.content_type === 'string' && params.content_type
        ? params.content_type
        : 'application/json';
    const outgoing: Record<string, string> = {};
    for (const line of Array.isArray(headers)
      ? headers
      : Object.entries(headers as object).map(([k, v]) => `${k}: ${String(v)}`)) {
      if (typeof line !== 'string') continue;
      const at = line.indexOf(':');
      const name = at > 0 ? line.slice(0, at).trim().toLowerCase() : '';
      if (!/^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(name) || HOP_HEADERS.has(name)) continue;
      outgoing[name] = line.slice(at + 1).trim();
    }
    outgoing['content-type'] ??= contentType;

    const target = new URL(url);
    const { query } = params;
    if (typeof query === 'string' && query !== '') {
      for (const [name, value] of new URLSearchParams(query)) target.searchParams.append(name, value);
    } else if (query && typeof query === 'object') {
      for (const [name, value] of Object.entries(query)) {
        target.searchParams.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
      }
    }
    const { body } = params;
    const payload =
      body === undefined || body === null
        ? undefined
        : typeof body === 'string'
          ? body
          : JSON.stringify(body);

    const answer = await this.client.send(method.toUpperCase(), target.toString(), {
      headers: outgoing,
      body: payload,
    });
    return { refused: false, status: answer.status, body: answer.body, contentType };
  }
}
