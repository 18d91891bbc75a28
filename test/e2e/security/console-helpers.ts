import { generateKeyPairSync, KeyObject, randomUUID, sign } from 'node:crypto';
import { DataSource } from 'typeorm';
import { golden as sharedGolden, GoldenAnswer } from '../../helpers/golden';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { SecurityOptionsService } from '../../../src/modules/security/options/security-options.service';

export const SECURITY = '/wp-json/security/v1';
export const ADMIN_EMAIL = 'admin@example.com';

/** A recorded answer of Wordfence 7.9.1 (../shared/reference/golden/wordfence/), `wordfence/v1` read as ours. */
export function golden(name: string): GoldenAnswer {
  return sharedGolden(`wordfence/${name}.json`);
}

/** An Ed25519 key pair of a fake console; `publicHex` is the raw key in hex as the site stores it. */
export class FakeConsoleKey {
  readonly privateKey: KeyObject;
  readonly publicHex: string;

  constructor() {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    this.privateKey = privateKey;
    this.publicHex = Buffer.from(String(publicKey.export({ format: 'jwk' }).x), 'base64url').toString('hex');
  }

  sign(data: string): string {
    return sign(null, Buffer.from(data), this.privateKey).toString('hex');
  }
}

/** The fake central console: its premium key (configured on the site) and its per-site key. */
export class FakeConsole {
  readonly premiumKey = new FakeConsoleKey();
  readonly siteKey = new FakeConsoleKey();
  readonly siteId = randomUUID();
  t!: TestApp;

  async boot(env: Record<string, string> = {}): Promise<TestApp> {
    this.t = await createTestApp({
      SECURITY_CONSOLE_PUBLIC_KEY: this.premiumKey.publicHex,
      SECURITY_FIREWALL_SYNC_MS: '0',
      ...env,
    });
    return this.t;
  }

  async nonce(): Promise<string> {
    const res = await this.t.http().get(`${SECURITY}/authenticate`);
    return res.body.nonce;
  }

  async premiumToken(email = ADMIN_EMAIL): Promise<string> {
    const data = `${await this.nonce()}|${email}`;
    const res = await this.t
      .http()
      .post(`${SECURITY}/authenticate-premium`)
      .send({ data, signature: this.premiumKey.sign(data) });
    if (res.status !== 200) throw new Error(`premium sign-in failed: ${JSON.stringify(res.body)}`);
    return res.body.token;
  }

  /** premium-connect: hands the site this console's key and site id; returns the site's public key. */
  async connect(): Promise<string> {
    const token = await this.premiumToken();
    const res = await this.t
      .http()
      .post(`${SECURITY}/premium-connect`)
      .set('Authorization', `Bearer ${token}`)
      .send({ 'public-key': this.siteKey.publicHex, 'site-id': this.siteId, 'site-data': { name: 'test' } });
    if (res.status !== 200) throw new Error(`connect failed: ${JSON.stringify(res.body)}`);
    return res.body['public-key'];
  }

  /** A site token from POST authenticate. */
  async token(): Promise<string> {
    const data = `${await this.nonce()}|${this.siteId}`;
    const res = await this.t
      .http()
      .post(`${SECURITY}/authenticate`)
      .send({ data, signature: this.siteKey.sign(data) });
    if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
    return res.body.token;
  }

  /** Lets the suite's own many failed sign-ins through the firewall's login limit. */
  async allowLocalhost(): Promise<void> {
    await this.t.app.get(SecurityOptionsService).save({ whitelisted: '127.0.0.1,::1' });
  }

  dataSource(): DataSource {
    return this.t.app.get(DataSource);
  }
}
