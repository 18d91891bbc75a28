import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FrontDoorStep } from './front-door';

/** A connect-style middleware (helmet's shape). */
type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => unknown;

/**
 * A middleware whose headers never depend on the request (helmet's), replayed from one recorded run: the same
 * headers set and removed, without running its dozen small middlewares again on every request. Throws at
 * start-up if the middleware does not finish synchronously, since then it cannot be recorded.
 */
export function fixedHeaders(middleware: Middleware): FrontDoorStep {
  const set = new Map<string, number | string | readonly string[]>();
  const removed = new Set<string>();
  const recorder = {
    setHeader(name: string, value: number | string | readonly string[]) {
      set.set(name, value);
      removed.delete(name);
      return recorder;
    },
    removeHeader(name: string) {
      removed.add(name);
      set.delete(name);
    },
    getHeader: () => undefined,
    hasHeader: () => false,
  };
  let finished = false;
  let failure: unknown;
  void middleware(
    { headers: {}, method: 'GET', url: '/' } as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      finished = true;
      failure = error;
    },
  );
  if (!finished || failure) throw new Error('fixedHeaders: the middleware did not finish synchronously');
  const headers = [...set];
  const removals = [...removed];
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    for (const name of removals) res.removeHeader(name);
    next();
  };
}
