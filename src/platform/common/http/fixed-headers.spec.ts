import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { fixedHeaders } from './fixed-headers';

function fakeResponse() {
  const headers = new Map<string, unknown>([['x-powered-by', 'Express']]);
  return {
    headers,
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    hasHeader: (name: string) => headers.has(name.toLowerCase()),
  };
}

function run(middleware: (req: Request, res: Response, next: NextFunction) => unknown) {
  const res = fakeResponse();
  let nextCalled = false;
  middleware({ headers: {}, method: 'GET', url: '/x' } as Request, res as unknown as Response, () => {
    nextCalled = true;
  });
  return { headers: Object.fromEntries(res.headers), nextCalled };
}

describe('fixedHeaders', () => {
  it('sets and removes exactly what helmet does', () => {
    const options = {
      crossOriginResourcePolicy: { policy: 'cross-origin' as const },
      contentSecurityPolicy: false,
    };
    const direct = run(helmet(options));
    const replayed = run(fixedHeaders(helmet(options)));
    expect(replayed).toEqual(direct);
    expect(replayed.nextCalled).toBe(true);
    expect(replayed.headers['x-powered-by']).toBeUndefined();
    expect(replayed.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('refuses a middleware that does not finish synchronously', () => {
    expect(() => fixedHeaders((_req, _res, next) => void setTimeout(next, 1))).toThrow(/synchronously/);
  });
});
