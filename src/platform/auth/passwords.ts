import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** WordPress's wp_generate_password(length, false). */
export function generatePassword(length = 24): string {
  let password = '';
  for (let i = 0; i < length; i++) password += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return password;
}

/** `abcd efgh ijkl ...`: how WordPress shows a new application password. */
export function chunkPassword(password: string): string {
  return password.match(/.{1,4}/g)?.join(' ') ?? password;
}

/** Application passwords carry ~143 bits of entropy, so a keyed fast hash is enough (as WordPress 6.8's wp_fast_hash). */
export function hashApplicationPassword(password: string): string {
  return `$hmac-sha256$${createHmac('sha256', 'application-password-v1').update(password).digest('base64url')}`;
}

export function verifyApplicationPassword(password: string, hash: string): boolean {
  const candidate = Buffer.from(hashApplicationPassword(password));
  const stored = Buffer.from(hash);
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}

/** Login passwords are chosen by people, so they get a slow hash. */
export function hashUserPassword(password: string): Promise<string> {
  return bcrypt.hash(password, 10);
}

export function verifyUserPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
