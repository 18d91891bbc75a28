import { clientIp, IpSet, normalizeIp } from './ip-matching';

describe('ip matching', () => {
  it('normalises addresses', () => {
    expect(normalizeIp('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeIp('2001:DB8::1')).toBe('2001:db8::1');
    expect(normalizeIp('[2001:db8::1]')).toBe('2001:db8::1');
    expect(normalizeIp(' 192.0.2.1:8080 ')).toBe('192.0.2.1');
    expect(normalizeIp('not an ip')).toBe('');
    expect(normalizeIp(undefined)).toBe('');
  });

  it('matches addresses and CIDR ranges of both families', () => {
    const set = new IpSet(['192.0.2.1', '198.51.100.0/24', '2001:db8::/32', 'garbage', '10.0.0.0/40']);
    expect(set.size).toBe(3);
    expect(set.has('192.0.2.1')).toBe(true);
    expect(set.has('192.0.2.2')).toBe(false);
    expect(set.has('198.51.100.255')).toBe(true);
    expect(set.has('2001:db8:ffff::1')).toBe(true);
    expect(set.has('2001:db9::1')).toBe(false);
    expect(set.has('')).toBe(false);
    expect(new IpSet([]).has('192.0.2.1')).toBe(false);
  });

  it('reads the client address from trusted proxies only, right to left', () => {
    const trusted = { source: '', trustedProxies: new IpSet(['10.0.0.0/8']) };
    expect(clientIp('10.0.0.1', { 'x-forwarded-for': '203.0.113.5' }, trusted)).toEqual({
      ip: '203.0.113.5',
      source: 'HTTP_X_FORWARDED_FOR',
    });
    expect(clientIp('192.0.2.9', { 'x-forwarded-for': '203.0.113.5' }, trusted)).toEqual({
      ip: '192.0.2.9',
      source: 'REMOTE_ADDR',
    });
    expect(clientIp('10.0.0.1', { 'x-forwarded-for': '1.1.1.1, 203.0.113.5, 10.0.0.2' }, trusted).ip).toBe(
      '203.0.113.5',
    );
    expect(clientIp('10.0.0.1', { 'x-forwarded-for': '10.0.0.3, 10.0.0.2' }, trusted).ip).toBe('10.0.0.3');
    expect(clientIp('10.0.0.1', { 'x-forwarded-for': 'junk' }, trusted)).toEqual({
      ip: '10.0.0.1',
      source: 'REMOTE_ADDR',
    });
    expect(
      clientIp('10.0.0.1', { 'x-forwarded-for': '203.0.113.5' }, { ...trusted, source: 'REMOTE_ADDR' }).ip,
    ).toBe('10.0.0.1');
    expect(
      clientIp('10.0.0.1', { 'x-real-ip': '2001:db8::5' }, { ...trusted, source: 'HTTP_X_REAL_IP' }),
    ).toEqual({
      ip: '2001:db8::5',
      source: 'HTTP_X_REAL_IP',
    });
    expect(clientIp('::ffff:10.0.0.1', { 'x-forwarded-for': '2001:db8::7' }, trusted).ip).toBe('2001:db8::7');
  });
});
