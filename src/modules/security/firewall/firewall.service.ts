import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../../platform/config';
import { formatDateTime } from '../../../platform/common/dates';
import { LinearRegexSet } from '../../../platform/common/regex';
import { nowUtc } from '../../../platform/database';
import { FirewallMode, listItems, OptionValues } from '../options/option-definitions';
import { SecurityOptionsService } from '../options/security-options.service';
import { SIGNATURES, Signatures } from '../scan/signatures';
import { FirewallRepository, HitKey, hitId, LogEntry } from './firewall.repository';
import { ClientIpSettings, IpSet } from './ip-matching';

/** What the firewall decided about one request. */
export interface FirewallDecision {
  /** Block it (403). */
  block: boolean;
  /** Why (set when blocked or, in learning mode, when it would have been). */
  reason: string | null;
}

export interface RequestFacts {
  ip: string;
  method: string;
  /** Path and query, as sent. */
  url: string;
  /** Carries credentials (Authorization or X-Authorization). */
  authenticated: boolean;
  /** Credentials, or a POST to the console's sign-in: what a login lock-out refuses. */
  loginAttempt: boolean;
}

const ALLOW: FirewallDecision = { block: false, reason: null };
export const LOGIN_LOCKED_REASON = 'Logins from this address are locked after repeated failures';

/** Express's `trust proxy` names (as TRUSTED_PROXIES may use them) as ranges. */
const PROXY_NAMES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function expandProxyNames(entries: string[]): string[] {
  return entries.flatMap((entry) => PROXY_NAMES[entry.toLowerCase()] ?? [entry]);
}
const MINUTE = 60;
const PRUNE_EVERY_MS = 60_000;
const LOG_DAYS = 30;

/** Option-derived lookups, rebuilt when the options snapshot changes. */
export interface FirewallRules {
  options: OptionValues;
  allow: IpSet;
  manual: IpSet;
  blocklist: IpSet;
  proxies: IpSet;
  wafRules: Signatures['waf'];
  /** The enabled rules' patterns, tested in one pass per URL. */
  wafPatterns: LinearRegexSet;
}

/**
 * The firewall's decisions. Every check on the request path is in memory: options, manual and automatic
 * blocks are snapshots re-read from the database every SECURITY_FIREWALL_SYNC_MS, and request counters
 * are summed locally and added to the database's per-minute counters on the same beat (with 0, on every
 * request), so every instance sees the others' blocks and traffic within one beat.
 */
@Injectable()
export class FirewallService implements OnApplicationShutdown {
  private readonly logger = new Logger('Firewall');
  private rules: FirewallRules | null = null;
  private autoBlocks = new Map<string, number | null>();
  /**
   * Addresses locked out after failed logins: only their login attempts are refused, so a lock-out never takes
   * `/health` or the visitors' pages down for everyone behind the same address.
   */
  private loginBlocks = new Map<string, number | null>();
  /** Blocks made here whose row is still being written (a re-read must not drop them). */
  private readonly unsavedBlocks = new Map<string, { until: number; login: boolean }>();
  private blocksLoadedAt = 0;
  private readonly pendingHits = new Map<string, { key: HitKey; count: number }>();
  private sharedHits = new Map<string, number>();
  private pendingLog: LogEntry[] = [];
  private syncing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastPrune = 0;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly repository: FirewallRepository,
    private readonly options: SecurityOptionsService,
    @Inject(SIGNATURES) private readonly signatures: Signatures,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private get syncMs(): number {
    return this.config.securityFirewallSyncMs;
  }

  /** Current rules; null until the first load (the middleware then waits for `refresh`). */
  currentRules(): FirewallRules | null {
    const snapshot = this.options.cached();
    if (!snapshot) return null;
    if (!this.rules || this.rules.options !== snapshot) this.rules = this.compile(snapshot);
    return this.rules;
  }

  /**
   * {@link refresh} when it has anything to do; null when the snapshot is current and the beat runs (the hot
   * path of every request: nothing to wait for).
   */
  refreshIfDue(): Promise<void> | null {
    if (
      this.syncMs !== 0 &&
      this.timer !== null &&
      this.options.cached() &&
      Date.now() - this.blocksLoadedAt < this.syncMs
    ) {
      return null;
    }
    return this.refresh();
  }

  /** Loads options and blocks when stale; with a 0 beat, also writes counters and log now. */
  async refresh(): Promise<void> {
    if (this.syncMs === 0) return this.sync();
    if (!this.options.cached() || Date.now() - this.blocksLoadedAt >= this.syncMs) {
      this.syncing ??= this.sync().finally(() => (this.syncing = null));
      if (!this.options.cached() || this.blocksLoadedAt === 0) await this.syncing;
    }
    this.timer ??= setInterval(() => {
      this.syncing ??= this.sync().finally(() => (this.syncing = null));
    }, this.syncMs).unref();
  }

  ipSettings(rules: FirewallRules): ClientIpSettings {
    return { source: rules.options.howGetIPs, trustedProxies: rules.proxies };
  }

  /** The effective mode: learning mode ends by itself when its grace period is over. */
  mode(options: OptionValues, now = Date.now() / 1000): FirewallMode {
    const mode = options['waf.firewallMode'];
    if (
      mode === 'learning-mode' &&
      options['waf.learningModeGracePeriodEnabled'] &&
      options['waf.learningModeGracePeriod'] > 0 &&
      now >= options['waf.learningModeGracePeriod']
    ) {
      return 'enabled';
    }
    return mode as FirewallMode;
  }

  /**
   * Checks one request before it runs: blocks, blocklists, request rules, rate limits. A request let through
   * is decided synchronously (no promise on the hot path); a block may have to be stored first.
   */
  inspect(request: RequestFacts, rules: FirewallRules): FirewallDecision | Promise<FirewallDecision> {
    const { options } = rules;
    if (!request.ip || rules.allow.has(request.ip)) return ALLOW;
    const now = Math.floor(Date.now() / 1000);
    const reason = this.blockReason(request, rules, now);
    if (reason) return this.decide(request, rules, reason);
    if (options.firewallEnabled) {
      const kind = request.authenticated ? 'auth' : 'anon';
      const limit = request.authenticated ? options.maxRequestsAuthenticated : options.maxGlobalRequests;
      const count = this.count(request.ip, kind, now);
      if (limit > 0 && count > limit) {
        const rate = `Exceeded the maximum of ${limit} ${request.authenticated ? 'authenticated' : 'anonymous'} requests per minute`;
        return this.autoBlock(request, 'rate', rate, options.blockedTime, rules).then(() =>
          this.decide(request, rules, rate),
        );
      }
    }
    return ALLOW;
  }

  /** A request with a reason to be blocked: blocked, or only recorded in learning mode. */
  private async decide(
    request: RequestFacts,
    rules: FirewallRules,
    reason: string,
  ): Promise<FirewallDecision> {
    const { options } = rules;
    const learning = this.mode(options) === 'learning-mode';
    this.record(request, learning ? 'learning' : 'blocked', reason);
    if (this.syncMs === 0) await this.sync();
    return learning ? { block: false, reason } : { block: true, reason };
  }

  /**
   * When the answer's status is known (before it is sent): counts 404s and failed logins and blocks the
   * address at once when over the limit; the database is written in the background.
   */
  observe(request: RequestFacts, status: number, loginAttempt: boolean, rules: FirewallRules): void {
    const { options } = rules;
    if (!request.ip || rules.allow.has(request.ip) || this.mode(options) === 'disabled') return;
    const now = Math.floor(Date.now() / 1000);
    if (status === 404 && options.firewallEnabled && options.max404Humans > 0) {
      if (this.count(request.ip, '404', now) > options.max404Humans) {
        const reason = `Exceeded the maximum of ${options.max404Humans} 404 answers per minute`;
        this.background(this.autoBlock(request, '404', reason, options.blockedTime, rules));
      }
    }
    if (loginAttempt && (status === 401 || status === 429) && options.loginSecurityEnabled) {
      this.count(request.ip, 'login', now);
      const minutes = options.loginSec_countFailMins;
      const failures = this.recentHits(request.ip, 'login', this.windowOf(now) - (minutes - 1) * MINUTE);
      if (failures >= options.loginSec_maxFailures) {
        const reason = `${failures} failed logins in ${minutes} minute(s)`;
        this.background(this.autoBlock(request, 'login', reason, options.loginSec_lockoutMins * 60, rules));
      }
    }
  }

  /** Lifts the automatic blocks of an address (all instances see it at their next beat). */
  async unblock(ip: string): Promise<number> {
    const removed = await this.repository.removeBlocks(ip);
    this.autoBlocks.delete(ip);
    this.loginBlocks.delete(ip);
    this.unsavedBlocks.delete(ip);
    return removed;
  }

  /** Counts for the config `info`: active blocks and decisions of the last 24 hours. */
  async stats(): Promise<{ activeBlocks: number; last24h: Record<string, number>; ruleCount: number }> {
    await this.sync();
    const since = formatDateTime(new Date(Date.now() - 86400_000));
    return {
      activeBlocks: this.autoBlocks.size + this.loginBlocks.size,
      last24h: await this.repository.countDecisions(since),
      ruleCount: this.signatures.waf.length,
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.settled();
    await this.syncing;
    await this.sync().catch((error: unknown) =>
      this.logger.warn({ err: error }, 'Firewall: final sync failed'),
    );
  }

  private blockReason(request: RequestFacts, rules: FirewallRules, now: number): string | null {
    if (rules.manual.has(request.ip)) return 'Blocked address (blockedIPs)';
    if (!rules.options['waf.disableWAFBlacklistBlocking'] && rules.blocklist.has(request.ip)) {
      return 'Address on the blocklist of the signature file';
    }
    const until = this.autoBlocks.get(request.ip);
    if (until !== undefined && (until === null || until > now))
      return 'Temporarily blocked after suspicious activity';
    if (request.loginAttempt) {
      const lockedUntil = this.loginBlocks.get(request.ip);
      if (lockedUntil !== undefined && (lockedUntil === null || lockedUntil > now))
        return LOGIN_LOCKED_REASON;
    }
    if (rules.wafRules.length > 0) {
      let target = request.url;
      try {
        target = decodeURIComponent(request.url.replace(/\+/g, ' '));
      } catch {
        // Malformed escapes: match the raw text.
      }
      let index = rules.wafPatterns.firstMatch(target);
      if (index === -1 && target !== request.url) index = rules.wafPatterns.firstMatch(request.url);
      if (index !== -1) {
        const rule = rules.wafRules[index];
        return `WAF rule ${rule.id}: ${rule.description}`;
      }
    }
    return null;
  }

  private windowOf(now: number): number {
    return now - (now % MINUTE);
  }

  /** Adds one hit and returns this minute's total as far as this instance knows. */
  private count(ip: string, kind: string, now: number): number {
    const key = { ip, kind, windowStart: this.windowOf(now) };
    const id = hitId(key);
    const pending = this.pendingHits.get(id);
    if (pending) pending.count++;
    else this.pendingHits.set(id, { key, count: 1 });
    return (this.sharedHits.get(id) ?? 0) + (this.pendingHits.get(id)?.count ?? 0);
  }

  /** Hits of `kind` from `ip` in the windows from `since` on: the shared totals plus what is not yet written. */
  private recentHits(ip: string, kind: string, since: number): number {
    const ids = new Set<string>();
    for (const { key } of this.pendingHits.values()) {
      if (key.ip === ip && key.kind === kind && key.windowStart >= since) ids.add(hitId(key));
    }
    for (const id of this.sharedHits.keys()) {
      const [hitIp, hitKind, window] = id.split('|');
      if (hitIp === ip && hitKind === kind && Number(window) >= since) ids.add(id);
    }
    let sum = 0;
    for (const id of ids) sum += (this.sharedHits.get(id) ?? 0) + (this.pendingHits.get(id)?.count ?? 0);
    return sum;
  }

  private background(work: Promise<unknown>): void {
    const tracked = work
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Firewall: could not store a decision'))
      .finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /** Resolves when the decisions taken so far are stored (blocks written in the background). */
  async settled(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  private async autoBlock(
    request: RequestFacts,
    source: string,
    reason: string,
    seconds: number,
    rules: FirewallRules,
  ): Promise<void> {
    if (this.mode(rules.options) === 'learning-mode') {
      this.record(request, 'learning', reason);
      return;
    }
    const expiresAt = Math.floor(Date.now() / 1000) + seconds;
    const login = source === 'login';
    (login ? this.loginBlocks : this.autoBlocks).set(request.ip, expiresAt);
    this.unsavedBlocks.set(request.ip, { until: expiresAt, login });
    this.record(request, 'autoblock', reason);
    try {
      await this.repository.addBlock(request.ip, source, reason, expiresAt);
    } finally {
      this.unsavedBlocks.delete(request.ip);
    }
    this.logger.warn({ ip: request.ip, source, reason, expiresAt }, 'Firewall blocked an address');
  }

  private record(request: RequestFacts, action: string, reason: string): void {
    this.pendingLog.push({
      time: nowUtc(),
      ip: request.ip,
      action,
      reason: reason.slice(0, 255),
      method: request.method.slice(0, 10),
      path: request.url.slice(0, 255),
    });
  }

  /** One beat: write counters and log, re-read options and blocks, prune old rows now and then. */
  private async sync(): Promise<void> {
    const hits = new Map(this.pendingHits);
    this.pendingHits.clear();
    const log = this.pendingLog;
    this.pendingLog = [];
    try {
      if (hits.size > 0) {
        const totals = await this.repository.addHits(hits);
        const current = this.windowOf(Math.floor(Date.now() / 1000));
        for (const [id, total] of totals) this.sharedHits.set(id, total);
        for (const [id] of this.sharedHits) {
          if (Number(id.slice(id.lastIndexOf('|') + 1)) < current - MINUTE) this.sharedHits.delete(id);
        }
      }
      if (log.length > 0) await this.repository.writeLog(log);
      await this.options.all();
      const now = Math.floor(Date.now() / 1000);
      const blocks = await this.repository.activeBlocks(now);
      const next = new Map<string, number | null>();
      const nextLogin = new Map<string, number | null>();
      for (const block of blocks) {
        const map = block.source === 'login' ? nextLogin : next;
        const previous = map.get(block.ip);
        const until = block.expiresAt === null ? null : Number(block.expiresAt);
        map.set(block.ip, previous === null || until === null ? null : Math.max(previous ?? 0, until));
      }
      for (const [ip, { until, login }] of this.unsavedBlocks) (login ? nextLogin : next).set(ip, until);
      this.autoBlocks = next;
      this.loginBlocks = nextLogin;
      this.blocksLoadedAt = Date.now();
      if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
        this.lastPrune = Date.now();
        await this.repository.prune(now, now - 86400 - MINUTE, new Date(Date.now() - LOG_DAYS * 86400_000));
      }
    } catch (error) {
      // Keep serving with the last known state; put unsaved counts back for the next beat.
      for (const [id, entry] of hits) {
        const pending = this.pendingHits.get(id);
        if (pending) pending.count += entry.count;
        else this.pendingHits.set(id, entry);
      }
      this.pendingLog = [...log, ...this.pendingLog].slice(-10000);
      this.logger.warn({ err: error }, 'Firewall: could not sync with the database');
    }
  }

  private compile(options: OptionValues): FirewallRules {
    const disabled = new Set(options['waf.disabledRules']);
    const wafRules = this.signatures.waf.filter((rule) => !disabled.has(rule.id));
    return {
      options,
      allow: new IpSet(listItems(options.whitelisted)),
      manual: new IpSet(listItems(options.blockedIPs)),
      blocklist: new IpSet(this.signatures.blocklist),
      proxies: new IpSet([
        ...listItems(options.howGetIPs_trusted_proxies),
        ...expandProxyNames(listItems(this.config.trustedProxies)),
      ]),
      wafRules,
      wafPatterns: new LinearRegexSet(
        wafRules.map((rule) => rule.pattern.source),
        { ignoreCase: true },
      ),
    };
  }
}
