import jwt from 'jsonwebtoken';
import { ConsoleAuthError, ConsoleMessages } from './console.errors';

/** Lifetime of a console token (Wordfence's wfJWT: 10 minutes). */
export const TOKEN_LIFETIME_SECONDS = 600;
/** `sub` of tokens issued by authenticate-premium. */
export const PREMIUM_SUBJECT = 'security-console-premium';
export const TOKEN_AUDIENCE = 'Security Console';

export interface ConsoleTokenClaims {
  sub: string;
  iss?: string;
  aud?: string;
  iat?: number;
  nbf?: number;
  exp?: number;
  email?: string;
}

/** An HS256 JWT as Wordfence's wfJWT makes it: iss, aud, nbf, iat, exp = iat + 600, sub (+ extra claims). */
export function signConsoleToken(
  secret: string,
  subject: string,
  issuer: string,
  extra: Record<string, string> = {},
  now = Math.floor(Date.now() / 1000),
): string {
  return jwt.sign(
    {
      ...extra,
      iss: issuer,
      aud: TOKEN_AUDIENCE,
      nbf: now,
      iat: now,
      exp: now + TOKEN_LIFETIME_SECONDS,
      sub: subject,
    },
    secret,
    { algorithm: 'HS256' },
  );
}

function decodesToObject(part: string): boolean {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(part)) return false;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * Checks a console token in Wordfence's order: three parts whose header and body are JSON objects
 * ("Invalid token format."), the HS256 signature ("Invalid signature."), then the time claims ("Token is
 * invalid or expired."). Returns the claims; throws ConsoleAuthError.
 */
export function verifyConsoleToken(token: string, secret: string): ConsoleTokenClaims {
  const parts = token.split('.');
  if (parts.length !== 3 || !decodesToObject(parts[0]) || !decodesToObject(parts[1])) {
    throw new ConsoleAuthError(ConsoleMessages.tokenFormat);
  }
  try {
    const claims = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (typeof claims !== 'object' || claims === null)
      throw new ConsoleAuthError(ConsoleMessages.tokenInvalid);
    // Every token this site issues expires; one without `exp` was not made here.
    if (typeof claims.exp !== 'number') throw new ConsoleAuthError(ConsoleMessages.tokenExpired);
    return claims as ConsoleTokenClaims;
  } catch (error) {
    if (error instanceof ConsoleAuthError) throw error;
    if (error instanceof jwt.TokenExpiredError || error instanceof jwt.NotBeforeError) {
      throw new ConsoleAuthError(ConsoleMessages.tokenExpired);
    }
    if (error instanceof jwt.JsonWebTokenError && /signature/.test(error.message)) {
      throw new ConsoleAuthError(ConsoleMessages.tokenSignature);
    }
    throw new ConsoleAuthError(ConsoleMessages.tokenInvalid);
  }
}
