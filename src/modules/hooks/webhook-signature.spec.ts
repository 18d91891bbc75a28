import { newWebhookSecret, signatureHeader } from './webhook-signature';

describe('Standard Webhooks signatures', () => {
  it('matches the reference implementation’s test vector', () => {
    const header = signatureHeader(
      ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265330,
      '{"test": 2432232314}',
    );
    expect(header).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs with every secret given, space-separated', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    const both = signatureHeader([a, b], 'msg_1', 1, '{}').split(' ');
    expect(both).toEqual([signatureHeader([a], 'msg_1', 1, '{}'), signatureHeader([b], 'msg_1', 1, '{}')]);
  });

  it('makes whsec_ secrets of 24 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
  });
});
