import type { FrontDoorRequest } from './front-door';
import { forwardedForWarning, isLocalPeer } from './forwarded-for-warning';

const request = (remoteAddress: string, forwarded?: string) =>
  ({
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    socket: { remoteAddress },
  }) as unknown as FrontDoorRequest;

describe('forwardedForWarning', () => {
  const run = (trusted: string, requests: FrontDoorRequest[]) => {
    const warnings: string[] = [];
    const step = forwardedForWarning(trusted, (message) => warnings.push(message));
    let passed = 0;
    for (const req of requests) step(req, {} as never, () => passed++);
    expect(passed).toBe(requests.length);
    return warnings;
  };

  it('warns once when a loopback or private peer forwards addresses and TRUSTED_PROXIES is empty', () => {
    const warnings = run('', [
      request('127.0.0.1'),
      request('::ffff:127.0.0.1', '198.51.100.1'),
      request('10.1.2.3', '198.51.100.2'),
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^X-Forwarded-For from ::ffff:127\.0\.0\.1 is ignored because TRUSTED_PROXIES/,
    );
  });

  it('stays silent with TRUSTED_PROXIES set, without the header, or from a public peer', () => {
    expect(run('loopback', [request('127.0.0.1', '198.51.100.1')])).toEqual([]);
    expect(run('', [request('127.0.0.1'), request('198.51.100.9', '203.0.113.1')])).toEqual([]);
  });

  it.each([
    ['127.0.0.1', true],
    ['::1', true],
    ['::ffff:192.168.1.5', true],
    ['172.20.0.1', true],
    ['fd00::1', true],
    ['172.32.0.1', false],
    ['8.8.8.8', false],
    ['', false],
  ])('isLocalPeer(%s) is %s', (address, local) => {
    expect(isLocalPeer(address)).toBe(local);
  });
});
