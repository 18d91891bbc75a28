import { Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { FrontDoorRequest, FrontDoorStep } from '../../../platform/common/http';
import { FirewallDecision, FirewallRules, FirewallService, RequestFacts } from './firewall.service';
import { clientIp } from './ip-matching';

/** Set on every request for the routes behind the firewall: the client address it decided on. */
export const CLIENT_IP_HEADER = 'x-security-client-ip';
export const CLIENT_IP_SOURCE_HEADER = 'x-security-client-ip-source';

const BLOCKED_MESSAGE = 'Your access to this site has been limited by the site owner.';

/**
 * The firewall in front of every route and page (installed in app.setup.ts before the REST adapter): works
 * out the client address (trusted proxies only), answers blocked requests with a WordPress-shaped 403, and
 * watches the answers for 404s and failed logins.
 */
@Injectable()
export class FirewallMiddleware {
  private readonly loginPath: RegExp;
  private readonly consolePath = /\/security\/v1\/|[?&]rest_route=(?:\/|%2F)security(?:\/|%2F)v1/i;

  constructor(private readonly firewall: FirewallService) {
    this.loginPath =
      /\/security\/v1\/authenticate(?:-premium)?\/?(?:\?|$)|[?&]rest_route=%2Fsecurity%2Fv1%2Fauthenticate|[?&]rest_route=\/security\/v1\/authenticate/;
  }

  handler(): FrontDoorStep {
    return (req, res, next) => {
      delete req.headers[CLIENT_IP_HEADER];
      delete req.headers[CLIENT_IP_SOURCE_HEADER];
      try {
        // The usual request needs no reload of the rules and passes: decided without a promise.
        const refreshing = this.firewall.refreshIfDue();
        if (refreshing) refreshing.then(() => this.handle(req, res, next)).catch(next);
        else this.handle(req, res, next)?.catch(next);
      } catch (error) {
        next(error);
      }
    };
  }

  /**
   * HTTP Basic anywhere, bearer tokens only on the console's routes (elsewhere nothing reads them, so they
   * must not buy a client the higher limit of credentialed traffic).
   */
  private carriesCredentials(req: FrontDoorRequest): boolean {
    const header = req.headers.authorization || req.headers['x-authorization'];
    if (!header) return false;
    const value = Array.isArray(header) ? header.join(',') : header;
    return /^basic\s/i.test(value) || this.consolePath.test(req.originalUrl ?? '');
  }

  /** Decides on the request with the current rules; a promise only when the decision has to be awaited. */
  private handle(
    req: FrontDoorRequest,
    res: ServerResponse,
    next: (error?: unknown) => void,
  ): Promise<void> | undefined {
    const rules = this.firewall.currentRules();
    if (!rules) {
      next();
      return undefined;
    }
    const { ip, source } = clientIp(req.socket.remoteAddress, req.headers, this.firewall.ipSettings(rules));
    req.headers[CLIENT_IP_HEADER] = ip;
    req.headers[CLIENT_IP_SOURCE_HEADER] = source;
    if (this.firewall.mode(rules.options) === 'disabled') {
      next();
      return undefined;
    }
    const authenticated = this.carriesCredentials(req);
    const facts: RequestFacts = {
      ip,
      method: req.method ?? 'GET',
      url: req.originalUrl ?? '',
      authenticated,
      loginAttempt: authenticated || (req.method === 'POST' && this.loginPath.test(req.originalUrl ?? '')),
    };
    const decision = this.firewall.inspect(facts, rules);
    if (decision instanceof Promise)
      return decision.then((decided) => this.apply(decided, facts, rules, req, res, next));
    this.apply(decision, facts, rules, req, res, next);
    return undefined;
  }

  /** Blocks the request with a 403, or lets it through watching its answer. */
  private apply(
    decision: FirewallDecision,
    facts: RequestFacts,
    rules: FirewallRules,
    req: FrontDoorRequest,
    res: ServerResponse,
    next: (error?: unknown) => void,
  ): void {
    if (decision.block) {
      res.statusCode = 403;
      res.setHeader('Content-Type', 'application/json; charset=UTF-8');
      res.setHeader('Cache-Control', 'no-cache, must-revalidate, max-age=0, no-store, private');
      res.end(
        JSON.stringify({
          code: 'security_blocked',
          message: BLOCKED_MESSAGE,
          data: { status: 403, reason: decision.reason },
        }),
      );
      return;
    }
    // Observed when the status is written, before the answer leaves: the next request already sees a block.
    const writeHead = res.writeHead;
    res.writeHead = ((...args: Parameters<ServerResponse['writeHead']>) => {
      res.writeHead = writeHead;
      const status = typeof args[0] === 'number' ? args[0] : res.statusCode;
      if (status === 404 || status === 401 || status === 429) {
        this.firewall.observe(facts, status, facts.loginAttempt, rules);
      }
      return writeHead.apply(res, args);
    }) as ServerResponse['writeHead'];
    next();
  }
}
