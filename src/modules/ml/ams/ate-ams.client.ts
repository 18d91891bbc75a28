import { createHash, createHmac } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { hostAndPort, SafeHttpClient } from '../../../platform/common/http';
import { AppConfig } from '../../../platform/config';
import { SiteOptions } from '../../../platform/database';
import { RestError } from '../../../platform/rest';
import { TranslationServiceErrors } from './translation-services.errors';

/** Where AMS's registration answer (`secret_key`, `shared_key`) is kept (WPML's option `WPML_TM_AMS`). */
export const AMS_REGISTRATION_OPTION = 'ml-tm-ams';
/** Largest remote answer read (the proxy echoes it). */
const MAX_BYTES = 5 * 1024 * 1024;

export type RemoteService = 'ate' | 'ams';

/** Paths of the remote services (WPML's `WPML_TM_ATE_AMS_Endpoints`), relative to `ML_AMS_URL`/`ML_ATE_URL`. */
export const AMS_PATHS = {
  websites: '/api/wpml/websites',
  managers: '/api/wpml/websites/translation_managers',
  translators: '/api/wpml/websites/translators',
  status: '/api/wpml/access_keys/{SHARED_KEY}/status',
  engines: '/api/wpml/engines',
  autoLogin: '/panel/autologin',
} as const;

export interface AmsRegistration {
  secret?: string;
  shared?: string;
  user_id?: number;
  status?: string;
}

export interface RemoteAnswer {
  status: number;
  body: string;
  contentType: string;
  /** The body as JSON, undefined when it is not JSON. */
  json: unknown;
}

export interface AmsUser {
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
}

/**
 * Client of the remote Advanced Translation Editor (ATE) and translation management service (AMS), against the
 * configured base URLs. Requests reach only those hosts (through {@link SafeHttpClient.request}), each within
 * `ML_REMOTE_TIMEOUT_MS`. Signed requests carry the site's shared key, its website UUID and an HMAC-SHA256
 * signature made with the secret key (from `ML_AMS_SHARED_KEY`/`ML_AMS_SECRET_KEY`, or what AMS answered to the
 * manager's registration, kept in the database for every instance).
 */
@Injectable()
export class AteAmsClient {
  private readonly logger = new Logger('AteAmsClient');

  constructor(
    private readonly http: SafeHttpClient,
    private readonly options: SiteOptions,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  get ateEnabled(): boolean {
    return Boolean(this.config.mlAteUrl);
  }

  get amsEnabled(): boolean {
    return Boolean(this.config.mlAmsUrl);
  }

  /** The configured base URL of a service (no trailing slash), undefined when off. */
  baseUrl(service: RemoteService): string | undefined {
    const url = service === 'ate' ? this.config.mlAteUrl : this.config.mlAmsUrl;
    return url?.replace(/\/+$/, '');
  }

  /** Whether `url` lies under the configured ATE or AMS base URL (same origin, path below the base path). */
  isServiceUrl(url: string): boolean {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return false;
    }
    return (['ate', 'ams'] as const).some((service) => {
      const base = this.baseUrl(service);
      if (!base) return false;
      const parsed = new URL(base);
      const basePath = parsed.pathname.replace(/\/+$/, '');
      return (
        target.protocol === parsed.protocol &&
        hostAndPort(target) === hostAndPort(parsed) &&
        !target.username &&
        !target.password &&
        (basePath === '' || target.pathname === basePath || target.pathname.startsWith(`${basePath}/`))
      );
    });
  }

  /** The site's UUID for the services, derived from its public URL (the same on every instance). */
  websiteUuid(): string {
    const hex = createHash('sha1').update(`ml-site:${this.config.siteUrl}`).digest('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  async registration(): Promise<AmsRegistration> {
    if (this.config.mlAmsSharedKey && this.config.mlAmsSecretKey) {
      return { shared: this.config.mlAmsSharedKey, secret: this.config.mlAmsSecretKey, status: 'ENABLED' };
    }
    return (await this.options.get<AmsRegistration>(AMS_REGISTRATION_OPTION)) ?? {};
  }

  /**
   * A request to the configured service host; `url` must be one of {@link isServiceUrl}. Throws the
   * `ml_remote_unreachable` error (502) when the service does not answer within the time limit.
   */
  async send(
    method: string,
    url: string,
    init: { headers?: Record<string, string>; body?: string } = {},
  ): Promise<RemoteAnswer> {
    const target = new URL(url);
    const answer = await this.http.request(target.toString(), {
      method,
      headers: init.headers,
      body: init.body,
      onlyHosts: this.serviceHosts(),
      maxBytes: MAX_BYTES,
      timeoutMs: this.config.mlRemoteTimeoutMs,
    });
    if (!answer) throw TranslationServiceErrors.unreachable();
    let json: unknown;
    try {
      json = answer.body === '' ? undefined : (JSON.parse(answer.body) as unknown);
    } catch {
      json = undefined;
    }
    return { status: answer.status, body: answer.body, contentType: answer.contentType ?? '', json };
  }

  /**
   * A JSON call to a service path (`signed`: with the site's keys). Answers of 400 and more become errors as
   * WPML reads them: the first of AMS's `errors` gives the message (`title: detail`) and status.
   */
  async call(
    service: RemoteService,
    method: string,
    path: string,
    payload?: unknown,
    signed = true,
  ): Promise<unknown> {
    const base = this.baseUrl(service);
    if (!base)
      throw service === 'ate' ? TranslationServiceErrors.ateOff() : TranslationServiceErrors.amsOff();
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    let url = `${base}${path}`;
    if (signed) url = await this.signedUrl(method, url, body);
    const answer = await this.send(method, url, {
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body,
    });
    if (answer.status >= 400) throw this.remoteError(answer);
    return answer.json ?? null;
  }

  /** Adds the shared key, website UUID and the signature of method + URL + body to a URL. */
  async signedUrl(method: string, url: string, body?: string): Promise<string> {
    const { shared, secret } = await this.registration();
    if (!shared || !secret) throw TranslationServiceErrors.notRegistered();
    const target = new URL(url);
    target.searchParams.set('token', shared);
    target.searchParams.set('website_uuid', this.websiteUuid());
    target.searchParams.delete('signature');
    const signature = createHmac('sha256', secret)
      .update(`${method.toUpperCase()}\n${target.toString()}\n${body ?? ''}`)
      .digest('hex');
    target.searchParams.set('signature', signature);
    return target.toString();
  }

  /** Registers the site and its manager with AMS and keeps the keys it answers. */
  async registerManager(manager: AmsUser, translators: AmsUser[], managers: AmsUser[]): Promise<true> {
    const answer = await this.call(
      'ams',
      'POST',
      AMS_PATHS.websites,
      {
        ...userData(manager, true),
        website_url: this.config.siteUrl,
        website_uuid: this.websiteUuid(),
        translators: translators.map((user) => userData(user, false)),
        translation_managers: managers.map((user) => userData(user, true)),
      },
      false,
    );
    const keys = (answer ?? {}) as { secret_key?: unknown; shared_key?: unknown };
    if (typeof keys.secret_key !== 'string' || typeof keys.shared_key !== 'string') {
      throw TranslationServiceErrors.badAnswer();
    }
    await this.options.set(AMS_REGISTRATION_OPTION, {
      secret: keys.secret_key,
      shared: keys.shared_key,
      status: 'ENABLED',
    } satisfies AmsRegistration);
    return true;
  }

  synchronizeTranslators(translators: AmsUser[]): Promise<unknown> {
    return this.call('ams', 'PUT', AMS_PATHS.translators, {
      translators: translators.map((user) => userData(user, false)),
    });
  }

  synchronizeManagers(managers: AmsUser[]): Promise<unknown> {
    return this.call('ams', 'PUT', AMS_PATHS.managers, {
      translation_managers: managers.map((user) => userData(user, true)),
    });
  }

  /** AMS's status of this site's keys; null before registration (as WPML answers). */
  async status(): Promise<unknown> {
    const { shared } = await this.registration();
    if (!shared) return null;
    return this.call(
      'ams',
      'GET',
      AMS_PATHS.status.replace('{SHARED_KEY}', encodeURIComponent(shared)),
      undefined,
      false,
    );
  }

  /** The signed auto-login URL of the AMS console for a manager. */
  async consoleUrl(email: string): Promise<string> {
    const base = this.baseUrl('ams');
    if (!base) throw TranslationServiceErrors.amsOff();
    const url = new URL(`${base}${AMS_PATHS.autoLogin}`);
    url.searchParams.set('translation_manager', email);
    return this.signedUrl('GET', url.toString());
  }

  engines(): Promise<unknown> {
    return this.call('ams', 'GET', AMS_PATHS.engines);
  }

  updateEngines(engines: unknown): Promise<unknown> {
    return this.call('ams', 'POST', AMS_PATHS.engines, engines);
  }

  private serviceHosts(): ReadonlySet<string> {
    const hosts = new Set<string>();
    for (const service of ['ate', 'ams'] as const) {
      const base = this.baseUrl(service);
      if (base) hosts.add(hostAndPort(new URL(base)));
    }
    return hosts;
  }

  private remoteError(answer: RemoteAnswer): RestError {
    const body = answer.json as
      { errors?: Array<{ status?: unknown; title?: unknown; detail?: unknown }> } | undefined;
    const first = Array.isArray(body?.errors) ? body.errors[0] : undefined;
    const title = typeof first?.title === 'string' ? `${first.title}: ` : '';
    const detail = typeof first?.detail === 'string' ? first.detail : answer.body;
    const remoteStatus = Number(first?.status ?? answer.status);
    this.logger.debug({ status: answer.status }, 'remote service refused a call');
    return TranslationServiceErrors.remote(`${title}${detail}`, remoteStatus);
  }
}

function userData(user: AmsUser, withNameDetails: boolean): Record<string, string> {
  return withNameDetails
    ? {
        email: user.email,
        display_name: user.displayName,
        first_name: user.firstName,
        last_name: user.lastName,
      }
    : { email: user.email, name: user.displayName };
}
