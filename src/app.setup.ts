import type { Server } from 'node:http';
import { INestApplication, Logger } from '@nestjs/common';
import type { Express } from 'express';
import helmet from 'helmet';
import { fixedHeaders, forwardedForWarning, installFrontDoor } from './platform/common/http';
import { AppConfig } from './platform/config';
import { createHttpLogger, createRootLogger, PinoNestLogger, RootLogger } from './platform/logging/logger';
import { RedirectEngine } from './modules/redirection';
import { FirewallMiddleware } from './modules/security';
import {
  installClientErrorHandler,
  RestHttpAdapter,
  sendInternalError,
  SiteErrorPageFilter,
  SiteNotFoundHandlers,
} from './platform/rest';

/**
 * The one place the global HTTP stack is installed; main.ts and the e2e tests both call it, so tests run
 * exactly what production runs. `root`: the root logger main.ts made before the application (else one is made).
 */
export function configureApp(app: INestApplication, root?: RootLogger): INestApplication {
  const config = app.get(AppConfig);
  const { logger, close: closeLogger } = root ?? createRootLogger(config.logLevel, config.logFormat);
  app.getHttpServer().once('close', closeLogger);
  app.useLogger(new PinoNestLogger(logger));
  const site = app.getHttpAdapter().getInstance() as Express;
  // Behind trusted proxies the client is the address they forward (req.ip); otherwise X-Forwarded-For is ignored.
  if (config.trustedProxies.trim() !== '') site.set('trust proxy', config.trustedProxies);
  // helmet's fixed headers remove it before Express would set it.
  site.disable('x-powered-by');
  // On the bare HTTP server, for every request: the log line, helmet's headers and the security firewall; then
  // the REST API answers its own requests, and Express (Nest's routes) only the site's pages.
  const server: Server = app.getHttpServer();
  const rest = app.get(RestHttpAdapter);
  installFrontDoor(server, {
    steps: [
      createHttpLogger(logger),
      forwardedForWarning(config.trustedProxies, (message) => new Logger('Proxy').warn(message)),
      fixedHeaders(
        helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' }, contentSecurityPolicy: false }),
      ),
      app.get(FirewallMiddleware).handler(),
    ],
    handlers: [(req, res) => rest.handle(req, res)],
    failed: (req, res, error) => sendInternalError(req, res, error, config),
  });
  // Every page goes through the redirect engine first.
  app.use(app.get(RedirectEngine).middleware());
  // Outside the REST prefix: a plain error page instead of Nest's JSON; requests Node cannot parse likewise.
  app.useGlobalFilters(new SiteErrorPageFilter(config, app.get(SiteNotFoundHandlers)));
  installClientErrorHandler(app.getHttpServer(), config.restPrefix, config.siteName);
  // Ends with process.exit() after the hooks, so the buffered JSON log lines are written out at the 'exit' event.
  app.enableShutdownHooks([], { useProcessExit: true });
  return app;
}
