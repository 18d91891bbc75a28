import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { insertIgnore } from '../../../platform/database';

const NONCE_ACTION = '_view_rest';
/** WordPress's nonce life: a day, in two ticks; a nonce verifies during its tick and the next. */
const HALF_DAY_MS = 12 * 3600 * 1000;
const SECRET_NAME = 'view_rest_nonce';

/**
 * WordPress-style nonces for the views route (action `_view_rest`): an HMAC of the tick, action and user ID
 * under a secret generated once and kept in the database, so every instance issues and accepts the same.
 */
@Injectable()
export class ViewNonces {
  private secret: Promise<Buffer> | null = null;

  constructor(private readonly dataSource: DataSource) {}

  async create(userId: number, now = Date.now()): Promise<string> {
    return this.nonceFor(await this.key(), this.tick(now), userId);
  }

  /** True when `nonce` was issued for `userId` in this tick or the previous one (constant-time compare). */
  async verify(nonce: unknown, userId: number, now = Date.now()): Promise<boolean> {
    if (typeof nonce !== 'string' || nonce === '') return false;
    const key = await this.key();
    const tick = this.tick(now);
    const given = Buffer.from(nonce);
    let valid = false;
    for (const candidate of [tick, tick - 1]) {
      const expected = Buffer.from(this.nonceFor(key, candidate, userId));
      if (expected.length === given.length && timingSafeEqual(expected, given)) valid = true;
    }
    return valid;
  }

  private tick(now: number): number {
    return Math.ceil(now / HALF_DAY_MS);
  }

  private nonceFor(key: Buffer, tick: number, userId: number): string {
    return createHmac('sha256', key).update(`${tick}|${NONCE_ACTION}|${userId}`).digest('hex').slice(-12, -2);
  }

  private key(): Promise<Buffer> {
    this.secret ??= this.loadSecret().catch((error: unknown) => {
      this.secret = null;
      throw error;
    });
    return this.secret;
  }

  /** The stored secret; the first instance to ask creates it (a second insert is ignored). */
  private async loadSecret(): Promise<Buffer> {
    await this.dataSource.query(
      `${insertIgnore(this.dataSource)} cal_views_secrets (name, value) VALUES (?, ?)`,
      [SECRET_NAME, randomBytes(32).toString('hex')],
    );
    const rows: Array<{ value: string }> = await this.dataSource.query(
      'SELECT value FROM cal_views_secrets WHERE name = ?',
      [SECRET_NAME],
    );
    return Buffer.from(rows[0].value, 'hex');
  }
}
