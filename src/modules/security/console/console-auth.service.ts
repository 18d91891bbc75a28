import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserEntity } from '../../../platform/auth';
import { AppConfig } from '../../../platform/config';
import { ConsoleAuthError, ConsoleMessages } from './console.errors';
import { generateEd25519KeyPair, isHexPublicKey, verifyEd25519 } from './console-crypto';
import { ConsoleTokenClaims, PREMIUM_SUBJECT, signConsoleToken, verifyConsoleToken } from './console-tokens';
import { SecuritySiteRepository } from './security-site.repository';

/** Nonce life in seconds (Wordfence's NONCE_AGE); a tick lasts half of it and the previous tick is accepted. */
export const NONCE_LIFE_SECONDS = 600;
const NONCE_ACTION = 'security-rest-api-auth';
const NONCE_FORMAT = /^[0-9a-f]{64}$/i;
const SITE_ID_FORMAT = /^[0-9a-f-]{36}$/i;
const EMAIL_FORMAT = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const ISSUER = `Security ${process.env.npm_package_version ?? '0.1.0'}`;

export type ConsoleTokenKind = 'site' | 'premium';

export interface PremiumConnectInput {
  publicKey: unknown;
  siteData: unknown;
  siteId: unknown;
}

/** WordPress's wp_nonce_tick for a given nonce life. */
export function nonceTick(nowMs = Date.now()): number {
  return Math.ceil(nowMs / 1000 / (NONCE_LIFE_SECONDS / 2));
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The central console's authentication (Wordfence Central's): a nonce (HMAC of the nonce tick, keyed with the
 * site's stored salt), signed by the console's Ed25519 key and exchanged for a 10-minute HS256 token. Each
 * nonce is good for one exchange: using it moves the stored nonce generation on, so a replay fails.
 */
@Injectable()
export class ConsoleAuthService {
  constructor(
    private readonly site: SecuritySiteRepository,
    private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** Where WordPress's admin would be (`admin_url` of GET authenticate; this site has no admin pages). */
  adminUrl(): string {
    return `${this.config.siteUrl}/wp-admin/`;
  }

  /** The current nonce. */
  async nonce(): Promise<string> {
    const row = await this.site.get();
    return this.nonceFor(row.nonceSalt, row.nonceGeneration, nonceTick());
  }

  /** POST authenticate: `data` = `<nonce>|<console site id>`, `signature` by the console's key → token. */
  async authenticate(data: unknown, signature: unknown): Promise<string> {
    const row = await this.site.get();
    if (!row.consoleSiteId || !row.consolePublicKey) throw new ConsoleAuthError(ConsoleMessages.notConnected);
    const [nonce, siteId] = this.splitData(data);
    if (!SITE_ID_FORMAT.test(siteId) || !sameText(siteId, row.consoleSiteId)) {
      throw new ConsoleAuthError(ConsoleMessages.siteIdInvalid);
    }
    this.assertNonce(nonce, row.nonceSalt, row.nonceGeneration);
    if (!verifyEd25519(data as string, signature, row.consolePublicKey)) {
      throw new ConsoleAuthError(ConsoleMessages.signatureInvalid);
    }
    await this.consume(row.nonceGeneration);
    return signConsoleToken(row.tokenSecret, row.consoleSiteId, ISSUER);
  }

  /** POST authenticate-premium: `data` = `<nonce>|<admin e-mail>` signed by the configured console key. */
  async authenticatePremium(data: unknown, signature: unknown): Promise<string> {
    const row = await this.site.get();
    const [nonce, email] = this.splitData(data);
    if (!EMAIL_FORMAT.test(email) || email.length < 6)
      throw new ConsoleAuthError(ConsoleMessages.emailInvalid);
    this.assertNonce(nonce, row.nonceSalt, row.nonceGeneration);
    if (!verifyEd25519(data as string, signature, this.config.securityConsolePublicKey ?? '')) {
      throw new ConsoleAuthError(ConsoleMessages.signatureInvalid);
    }
    const admins = await this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .where('LOWER(user.email) = LOWER(:email) AND user.role = :role', { email, role: 'administrator' })
      .getCount();
    if (admins !== 1) throw new ConsoleAuthError(ConsoleMessages.adminNotFound);
    await this.consume(row.nonceGeneration);
    return signConsoleToken(row.tokenSecret, PREMIUM_SUBJECT, ISSUER, { email });
  }

  /**
   * Checks `Authorization: Bearer <token>` (or `X-Authorization`) as Wordfence's verifyToken /
   * verifyTokenPremium: a site token's `sub` must be the stored console site id, a premium token's
   * `sub` the premium subject. Returns the claims; throws ConsoleAuthError.
   */
  async verifyRequest(
    headers: Record<string, string | undefined>,
    kind: ConsoleTokenKind,
  ): Promise<ConsoleTokenClaims> {
    const header = headers.authorization || headers['x-authorization'] || '';
    if (!/^bearer /i.test(header)) throw new ConsoleAuthError(ConsoleMessages.headerFormat);
    const row = await this.site.get();
    const claims = verifyConsoleToken(header.slice(7).trim(), row.tokenSecret);
    const expected = kind === 'premium' ? PREMIUM_SUBJECT : row.consoleSiteId;
    if (!expected || claims.sub !== expected) throw new ConsoleAuthError(ConsoleMessages.tokenInvalid);
    return claims;
  }

  /**
   * premium-connect: stores the console's public key, site data and site id, makes this site's own Ed25519
   * key pair and returns its public key (hex). The secret key stays in the database.
   */
  async premiumConnect(input: PremiumConnectInput, claims: ConsoleTokenClaims): Promise<string> {
    const keys = generateEd25519KeyPair();
    await this.site.connect({
      consoleSiteId: String(input.siteId),
      consolePublicKey: String(input.publicKey).toLowerCase(),
      consoleSiteData: JSON.stringify(input.siteData ?? null),
      sitePublicKey: keys.publicKeyHex,
      siteSecretKey: keys.secretKeyHex,
      connectEmail: claims.email ?? null,
    });
    return keys.publicKeyHex;
  }

  async disconnect(): Promise<void> {
    await this.site.disconnect();
  }

  /** premium-connect's own parameter checks (Wordfence stores whatever it gets; a bad key would lock the console out). */
  static connectProblems(input: PremiumConnectInput): Record<string, string> {
    const problems: Record<string, string> = {};
    if (!isHexPublicKey(input.publicKey))
      problems['public-key'] = 'public-key is not a hex Ed25519 public key.';
    if (typeof input.siteId !== 'string' || !SITE_ID_FORMAT.test(input.siteId)) {
      problems['site-id'] = 'site-id is not a UUID.';
    }
    return problems;
  }

  private splitData(data: unknown): [string, string] {
    if (typeof data !== 'string') throw new ConsoleAuthError(ConsoleMessages.dataInvalid);
    const bar = data.indexOf('|');
    if (bar < 0) throw new ConsoleAuthError(ConsoleMessages.dataInvalid);
    const nonce = data.slice(0, bar);
    if (!NONCE_FORMAT.test(nonce)) throw new ConsoleAuthError(ConsoleMessages.nonceFormat);
    return [nonce, data.slice(bar + 1)];
  }

  private assertNonce(nonce: string, salt: string, generation: number): void {
    const tick = nonceTick();
    const valid = [tick, tick - 1].some((candidate) =>
      sameText(this.nonceFor(salt, generation, candidate), nonce.toLowerCase()),
    );
    if (!valid) throw new ConsoleAuthError(ConsoleMessages.nonceInvalid);
  }

  private async consume(generation: number): Promise<void> {
    if (!(await this.site.consumeNonce(generation))) throw new ConsoleAuthError(ConsoleMessages.nonceInvalid);
  }

  private nonceFor(salt: string, generation: number, tick: number): string {
    return createHmac('sha256', salt).update(`${tick}|${NONCE_ACTION}|${generation}`).digest('hex');
  }
}
