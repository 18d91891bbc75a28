import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

/** A request as the front door's steps see it: Express's `originalUrl` is set before the first step runs. */
export type FrontDoorRequest = IncomingMessage & { originalUrl?: string };

/** A connect-style step (logger, fixed headers, firewall) that needs nothing of Express. */
export type FrontDoorStep = (
  req: FrontDoorRequest,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/** Takes the request when it is its own (true), e.g. the REST API; otherwise the next handler gets it. */
export type FrontDoorHandler = (req: FrontDoorRequest, res: ServerResponse) => boolean;

/**
 * Puts the server's request handling in this order, on the bare HTTP server: the `steps` for every request,
 * then the `handlers` that take their own requests, then the server's own listener (Nest's Express app, for
 * the site's pages). Requests a handler takes never pass through Express's router and Nest's pipeline.
 * A step failing hands the request to `failed`.
 */
export function installFrontDoor(
  server: Server,
  options: {
    steps: readonly FrontDoorStep[];
    handlers: readonly FrontDoorHandler[];
    failed: (req: FrontDoorRequest, res: ServerResponse, error: unknown) => void;
  },
): void {
  const listeners = server.listeners('request') as RequestListener[];
  if (listeners.length !== 1) throw new Error('installFrontDoor: expected one request listener (Express)');
  const [site] = listeners;
  server.removeListener('request', site);
  const { steps, handlers, failed } = options;

  const route = (req: FrontDoorRequest, res: ServerResponse): void => {
    for (const handler of handlers) if (handler(req, res)) return;
    void site(req, res);
  };
  server.on('request', (req: FrontDoorRequest, res: ServerResponse) => {
    req.originalUrl ??= req.url;
    let index = 0;
    const next = (error?: unknown): void => {
      if (error !== undefined) return failed(req, res, error);
      const step = steps[index++];
      if (!step) return route(req, res);
      try {
        step(req, res, next);
      } catch (thrown) {
        failed(req, res, thrown);
      }
    };
    next();
  });
}
