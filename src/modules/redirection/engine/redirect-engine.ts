import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { SafeHttpClient } from '../../../platform/common/http';
import { AppConfig } from '../../../platform/config';
import { formatDateTime } from '../../../platform/database';
import {
  NO_CACHE_HEADERS,
  REST_AUTHENTICATOR,
  RestAuthenticator,
  RestUser,
  sendSitePage,
} from '../../../platform/rest';
import { RedirectionLogWriter } from '../logs/log-writer';
import type { RedirectionSettings } from '../settings/settings.types';
import { SitePosts } from '../shared/site-posts';
import { CompiledRedirect, chooseTarget, regexTarget, sourceMatches } from './compiled-redirect';
import { CustomMatchers } from './custom-matchers';
import { canonicalTarget } from './canonical';
import { conditionHolds } from './conditions';
import { candidatesFor, RedirectIndex, RedirectSnapshot } from './redirect-index';
import { clientIp, loggedIp, RequestFacts, socketAddress } from './request-facts';
import { expandShortcodes } from './target';
import { readWithStructure } from './permalinks';
import { passQueryToTarget, pathOf, rawUrlDecode } from './url';

/** What the engine leaves on a request it passed on, for the 404 handling at the end of the chain. */
export interface EnginePass {
  facts: RequestFacts;
  snapshot: RedirectSnapshot;
  /** `page` (404-only) redirects whose source matched, in order. */
  pageCandidates: CompiledRedirect[];
  /** A `nothing` action ran: no 404 log. */
  suppress404: boolean;
}

const ENGINE_PASS = Symbol('redirection:engine-pass');

export function enginePassOf(req: Request): EnginePass | undefined {
  return (req as unknown as Record<symbol, EnginePass | undefined>)[ENGINE_PASS];
}

/** A request's user, resolved at most once and only when a redirect asks for it. */
type UserOf = () => Promise<RestUser | null>;

/**
 * The redirect engine: every request outside the REST prefix passes through it before the site answers
 * (installed right after the REST adapter in app.setup.ts). It applies the canonical settings, finds the
 * redirects for the URL in the in-memory index, evaluates their source flags and match conditions and runs
 * the first one that fires; hits and logs are queued to the log writer. What it does not redirect goes on to
 * the site; if that ends in a 404, the 404 is logged (and `page` redirects get their turn, see NotFoundRedirects).
 */
@Injectable()
export class RedirectEngine {
  private readonly logger = new Logger('RedirectEngine');

  constructor(
    private readonly index: RedirectIndex,
    private readonly writer: RedirectionLogWriter,
    private readonly customs: CustomMatchers,
    private readonly posts: SitePosts,
    private readonly http: SafeHttpClient,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Optional() @Inject(REST_AUTHENTICATOR) private readonly authenticator?: RestAuthenticator,
  ) {}

  middleware(): RequestHandler {
    return (req, res, next) => {
      this.handle(req, res, next).catch((error: unknown) => {
        // The site must answer even when the redirect tables cannot be read.
        this.logger.error({ err: error }, 'Redirect engine failed; request passed on');
        next();
      });
    };
  }

  factsOf(req: Request): RequestFacts {
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    const uri = req.originalUrl || '/';
    return {
      method: req.method.toUpperCase(),
      requestUri: uri,
      decodedUri: rawUrlDecode(uri),
      host: (req.hostname || new URL(this.config.siteUrl).hostname).replace(/:\d+$/, ''),
      scheme: req.protocol === 'https' ? 'https' : 'http',
      headers,
      remoteAddress: socketAddress(req.socket?.remoteAddress),
    };
  }

  private userResolver(facts: RequestFacts): UserOf {
    let pending: Promise<RestUser | null> | null = null;
    return () => {
      pending ??=
        facts.headers.authorization && this.authenticator
          ? this.authenticator.authenticate(facts.headers, facts.remoteAddress).catch(() => null)
          : Promise.resolve(null);
      return pending;
    };
  }

  private async handle(req: Request, res: Response, next: NextFunction): Promise<void> {
    // Monitors must reach the health check itself, whatever the redirects or `relocate` say.
    if (req.path === '/health') return next();
    const facts = this.factsOf(req);
    const snapshot = await this.index.current();
    const settings = snapshot.settings;
    // The site's headers go on every answer of the site, the engine's redirects included.
    for (const header of settings.headers) {
      if (header.location === 'site') res.setHeader(header.headerName, header.headerValue);
    }

    const canonical = canonicalTarget(facts, settings, this.config.siteUrl);
    if (canonical) {
      res.status(301).setHeader('Location', canonical);
      res.setHeader('Content-Type', 'text/html; charset=UTF-8');
      res.end();
      return;
    }

    const userOf = this.userResolver(facts);
    const pass: EnginePass = { facts, snapshot, pageCandidates: [], suppress404: false };
    for (const redirect of candidatesFor(snapshot, facts.decodedUri)) {
      if (!sourceMatches(redirect, facts.decodedUri)) continue;
      if (redirect.matchType === 'page') {
        pass.pageCandidates.push(redirect);
        continue;
      }
      const condition = await conditionHolds(redirect, facts, settings, userOf, this.customs);
      const target = chooseTarget(redirect, condition);
      if (target === null) continue;
      const done = await this.fire(redirect, target, facts, settings, userOf, req, res, next, pass);
      if (done) return;
      break;
    }

    (req as unknown as Record<symbol, EnginePass>)[ENGINE_PASS] = pass;
    res.once('finish', () => {
      if (res.statusCode === 404 && !pass.suppress404) this.log404(pass, settings);
    });
    next();
  }

  /** The final URL of a target: regex captures, passed query, shortcodes, a post ID as its permalink. */
  async resolveTarget(
    redirect: CompiledRedirect,
    target: string,
    facts: RequestFacts,
    userOf: UserOf,
  ): Promise<string> {
    let url = regexTarget(redirect, facts.decodedUri, target);
    // The request's query as sent: parsed there, an encoded `+` stays `%2B` (`Red_Url_Query::add_to_target`).
    url = passQueryToTarget(url, facts.requestUri, redirect.flags);
    if (/\[|%user/.test(url)) {
      const user = await userOf();
      url = expandShortcodes(url, user ? { id: user.id, login: user.login } : null, Date.now());
    }
    if (/^\d+$/.test(url)) url = (await this.posts.permalink(Number(url))) ?? url;
    return url;
  }

  /**
   * The plugin's permalink migration on a 404: the first old structure (setting `permalinks`) that reads the
   * path as a post's permalink sends a 301 to that post's permalink now. False when none does.
   */
  async migratePermalink(pass: EnginePass, res: Response): Promise<boolean> {
    const structures = pass.snapshot.settings.permalinks;
    if (structures.length === 0 || res.headersSent) return false;
    let path = pathOf(pass.facts.requestUri);
    let language = 'en';
    const prefixed = /^\/(no)(\/.*)$/.exec(path);
    if (prefixed) {
      language = prefixed[1];
      path = prefixed[2];
    }
    for (const structure of structures) {
      const vars = readWithStructure(structure, path);
      if (!vars) continue;
      const url = await this.posts.migratedPermalink(vars, language);
      if (!url) return false;
      pass.suppress404 = true;
      this.sendRedirect(res, url, 301, pass.snapshot.settings);
      return true;
    }
    return false;
  }

  /** Runs a redirect's action; false when the request goes on to the site (pass-through, nothing). */
  async fire(
    redirect: CompiledRedirect,
    target: string | false,
    facts: RequestFacts,
    settings: RedirectionSettings,
    userOf: UserOf,
    req: Request,
    res: Response,
    next: NextFunction,
    pass: EnginePass,
  ): Promise<boolean> {
    switch (redirect.actionType) {
      case 'url': {
        const url = await this.resolveTarget(redirect, target as string, facts, userOf);
        this.recordHit(redirect, facts, settings, url, redirect.actionCode);
        this.sendRedirect(res, url, redirect.actionCode, settings);
        return true;
      }
      case 'random': {
        const url = (await this.posts.randomPostLink()) ?? `${this.config.siteUrl}/`;
        this.sendRedirect(res, url, redirect.actionCode, settings);
        return true;
      }
      case 'error':
        this.sendError(res, redirect.actionCode, settings);
        return true;
      case 'nothing':
        pass.suppress404 = true;
        return false;
      case 'pass': {
        const url = await this.resolveTarget(redirect, target as string, facts, userOf);
        this.recordHit(redirect, facts, settings, url, 0);
        if (/^https?:\/\//i.test(url)) {
          await this.proxy(res, url);
          return true;
        }
        // An internal rewrite: the site answers the target at the source URL (a redirect matched: no 404 log).
        pass.suppress404 = true;
        const local = url.startsWith('/') ? url : `/${url}`;
        req.url = local;
        req.originalUrl = local;
        return false;
      }
    }
  }

  private redirectHeaders(settings: RedirectionSettings): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const header of settings.headers) {
      if (header.location === 'redirect') headers[header.headerName] = header.headerValue;
    }
    return headers;
  }

  sendRedirect(res: Response, url: string, code: number, settings: RedirectionSettings): void {
    res.status(code);
    res.setHeader('Location', url);
    res.setHeader('X-Redirect-By', 'redirection');
    res.setHeader('Content-Type', 'text/html; charset=UTF-8');
    if (code === 301) {
      if (settings.redirect_cache === -1)
        for (const [k, v] of Object.entries(NO_CACHE_HEADERS)) res.setHeader(k, v);
      else if (settings.redirect_cache > 0) {
        const seconds = settings.redirect_cache * 3600;
        res.setHeader('Expires', new Date(Date.now() + seconds * 1000).toUTCString());
        res.setHeader('Cache-Control', `max-age=${seconds}`);
      }
    } else if (code === 307) {
      for (const [k, v] of Object.entries(NO_CACHE_HEADERS)) res.setHeader(k, v);
    }
    for (const [name, value] of Object.entries(this.redirectHeaders(settings))) res.setHeader(name, value);
    res.end();
  }

  /** The site's error page with the action's status (WordPress renders its 404 template), never cached. */
  sendError(res: Response, code: number, settings: RedirectionSettings): void {
    res.setHeader('X-Redirect-By', 'redirection');
    for (const [name, value] of Object.entries(this.redirectHeaders(settings))) res.setHeader(name, value);
    sendSitePage(res, code, this.config.siteName, { page: 404 });
  }

  /** A pass-through to another site: fetched through the safe client (no private addresses, timeout, 2 MB cap). */
  private async proxy(res: Response, url: string): Promise<void> {
    const upstream = await this.http.get(url, 2 * 1024 * 1024);
    res.status(upstream ? upstream.status : 502);
    res.setHeader('Content-Type', 'text/html; charset=UTF-8');
    res.end(upstream?.body ?? '');
  }

  private baseRow(
    facts: RequestFacts,
    settings: RedirectionSettings,
    httpCode: number,
    created = formatDateTime(new Date()),
  ) {
    let requestData: string | null = null;
    if (settings.log_header) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(facts.headers)) {
        if (name !== 'cookie' && name !== 'host' && name !== 'authorization' && value !== undefined)
          headers[name] = value;
      }
      requestData = JSON.stringify({ headers });
    }
    return {
      created,
      url: facts.requestUri.slice(0, 2000),
      domain: `${facts.scheme}://${facts.host}`.slice(0, 255),
      agent: facts.headers['user-agent'] ?? null,
      referrer: facts.headers.referer ?? null,
      httpCode,
      requestMethod: facts.method.slice(0, 10),
      requestData,
      ip: loggedIp(clientIp(facts, settings.ip_headers, settings.ip_proxy), settings.ip_logging),
    };
  }

  /** `redirection_visit`: the hit counter (setting track_hits) and the redirect log (unless expiry -1 or excluded). */
  recordHit(
    redirect: CompiledRedirect,
    facts: RequestFacts,
    settings: RedirectionSettings,
    target: string,
    code: number,
  ): void {
    const now = formatDateTime(new Date());
    if (settings.track_hits) this.writer.hit(redirect.id, now);
    if (settings.expire_redirect === -1 || redirect.logExclude) return;
    this.writer.logRedirect({
      ...this.baseRow(facts, settings, code, now),
      sentTo: target,
      redirectBy: 'redirection',
      redirectionId: redirect.id,
    });
  }

  log404(pass: EnginePass, settings: RedirectionSettings): void {
    if (settings.expire_404 === -1) return;
    this.writer.logNotFound(this.baseRow(pass.facts, settings, 404));
  }
}
