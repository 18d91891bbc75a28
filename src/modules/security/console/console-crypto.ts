import { createPublicKey, generateKeyPairSync, KeyObject, verify } from 'node:crypto';

const HEX_KEY = /^[0-9a-f]{64}$/i;

/** Whether `hex` is a 32-byte Ed25519 public key written in hex. */
export function isHexPublicKey(hex: unknown): hex is string {
  return typeof hex === 'string' && HEX_KEY.test(hex);
}

function publicKeyOf(hex: string): KeyObject | null {
  if (!isHexPublicKey(hex)) return null;
  try {
    return createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(hex, 'hex').toString('base64url') },
      format: 'jwk',
    });
  } catch {
    return null;
  }
}

/**
 * Ed25519 detached signature check (libsodium's crypto_sign_verify_detached): `signatureHex` is the
 * hex-encoded 64-byte signature of `message` by the key `publicKeyHex`. Anything malformed is false.
 */
export function verifyEd25519(message: string, signatureHex: unknown, publicKeyHex: string): boolean {
  if (typeof signatureHex !== 'string' || !/^[0-9a-f]{128}$/i.test(signatureHex)) return false;
  const key = publicKeyOf(publicKeyHex);
  if (!key) return false;
  try {
    return verify(null, Buffer.from(message, 'utf8'), key, Buffer.from(signatureHex, 'hex'));
  } catch {
    return false;
  }
}

/** A new Ed25519 key pair: the public key as 64 hex characters, the secret key as hex PKCS#8 DER. */
export function generateEd25519KeyPair(): { publicKeyHex: string; secretKeyHex: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  return {
    publicKeyHex: Buffer.from(String(jwk.x), 'base64url').toString('hex'),
    secretKeyHex: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('hex'),
  };
}
