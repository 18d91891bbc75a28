import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../config';
import { LastChanged } from '../database';
import { SiteUser } from './site-user';

/** Renewed by every write to the tables a login depends on (the user row with its role, the passwords). */
export const AUTH_CACHE_GROUP = 'auth';
const AUTH_TABLES = ['users', 'application_passwords'];
const MAX_ENTRIES = 1000;

interface Verified {
  stamp: string;
  user: SiteUser;
  expiresAt: number;
}

/**
 * Successful application-password logins, kept for AUTH_CACHE_SECONDS per credential (keyed on a SHA-256 of the
 * Authorization header, never the password itself) so a client's requests do not hash and query on every call.
 * An entry counts only while the database's `auth` last_changed stamp is the one it was verified under: revoking
 * a password, changing a role or deleting a user in any process ends it at the next request. Failed logins are
 * never kept. At most 1,000 credentials (least recently used go first).
 */
@Injectable()
export class VerifiedCredentials {
  private readonly entries = new Map<string, Verified>();
  private readonly ttlMs: number;

  constructor(lastChanged: LastChanged, @Inject(AppConfig) config: AppConfig) {
    this.ttlMs = config.authCacheSeconds * 1000;
    lastChanged.track(AUTH_CACHE_GROUP, AUTH_TABLES);
  }

  /** Whether verified credentials are kept at all (AUTH_CACHE_SECONDS > 0). */
  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /**
   * The user of this credential as verified under `stamp` (the current `auth` stamp, read by the caller
   * together with the client's lock-out), else `verify()`'s, kept for the next request when it succeeds.
   * Without a stamp (the cache is off, or the database could not say) nothing is trusted or kept.
   */
  async remember(
    authorization: string,
    stamp: string | undefined,
    verify: () => Promise<SiteUser>,
  ): Promise<SiteUser> {
    if (this.ttlMs === 0 || stamp === undefined) return verify();
    const key = createHash('sha256').update(authorization).digest('base64url');
    const found = this.entries.get(key);
    if (found && found.stamp === stamp && found.expiresAt > Date.now()) {
      this.entries.delete(key);
      this.entries.set(key, found);
      return copyOf(found.user);
    }
    this.entries.delete(key);
    const user = await verify();
    this.entries.set(key, { stamp, user: copyOf(user), expiresAt: Date.now() + this.ttlMs });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return user;
  }
}

/** Each request gets its own user object: a handler changing it cannot change what the next request sees. */
function copyOf(user: SiteUser): SiteUser {
  const entity = Object.assign(Object.create(Object.getPrototypeOf(user.entity) as object), user.entity);
  return new SiteUser(entity, user.applicationPasswordUuid);
}
