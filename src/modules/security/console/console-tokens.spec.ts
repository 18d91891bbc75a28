import jwt from 'jsonwebtoken';
import { nonceTick } from './console-auth.service';
import { generateEd25519KeyPair, verifyEd25519 } from './console-crypto';
import { signConsoleToken, verifyConsoleToken } from './console-tokens';
import { ConsoleAuthError } from './console.errors';

function reason(run: () => unknown): string {
  try {
    run();
    return 'ok';
  } catch (error) {
    return error instanceof ConsoleAuthError ? error.reason : String(error);
  }
}

describe('console tokens', () => {
  const secret = 'a'.repeat(64);

  it('round-trips a token with the wfJWT claims', () => {
    const token = signConsoleToken(secret, 'site', 'Security 1', { email: 'a@b.cd' }, 1_000_000_000);
    const claims = jwt.decode(token) as jwt.JwtPayload;
    expect(claims).toEqual({
      email: 'a@b.cd',
      iss: 'Security 1',
      aud: 'Security Console',
      nbf: 1_000_000_000,
      iat: 1_000_000_000,
      exp: 1_000_000_600,
      sub: 'site',
    });
    const fresh = signConsoleToken(secret, 'site', 'Security 1');
    expect(verifyConsoleToken(fresh, secret).sub).toBe('site');
  });

  it('refuses, in order: format, signature, time', () => {
    expect(reason(() => verifyConsoleToken('garbage', secret))).toBe('Invalid token format.');
    expect(reason(() => verifyConsoleToken('a.b.c', secret))).toBe('Invalid token format.');
    expect(reason(() => verifyConsoleToken(signConsoleToken('other', 'site', 'x'), secret))).toBe(
      'Invalid signature.',
    );
    expect(
      reason(() => verifyConsoleToken(signConsoleToken(secret, 'site', 'x', {}, 1_000_000_000), secret)),
    ).toBe('Token is invalid or expired.');
    expect(reason(() => verifyConsoleToken(jwt.sign({ sub: 'x' }, secret), secret))).toBe(
      'Token is invalid or expired.',
    );
    expect(
      reason(() =>
        verifyConsoleToken(jwt.sign({ sub: 'x', exp: 9e9 }, secret, { algorithm: 'HS512' }), secret),
      ),
    ).toBe('Token is invalid.');
  });
});

describe('Ed25519 and the nonce tick', () => {
  it('verifies detached signatures of raw hex keys and rejects malformed input', () => {
    const { publicKeyHex } = generateEd25519KeyPair();
    expect(publicKeyHex).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyEd25519('data', '00', publicKeyHex)).toBe(false);
    expect(verifyEd25519('data', 'zz'.repeat(64), publicKeyHex)).toBe(false);
    expect(verifyEd25519('data', '0'.repeat(128), 'not-a-key')).toBe(false);
    expect(verifyEd25519('data', undefined, publicKeyHex)).toBe(false);
  });

  it('ticks every 300 seconds (WordPress nonce life 600 s)', () => {
    expect(nonceTick(300_000)).toBe(1);
    expect(nonceTick(300_001)).toBe(2);
    expect(nonceTick(600_000)).toBe(2);
  });
});
