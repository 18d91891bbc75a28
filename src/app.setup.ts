import { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { fixedHeaders } from './common/http';
import { AppConfig } from './config';
import { createHttpLogger, createRootLogger, PinoNestLogger } from './logging/logger';
import { RedirectEngine } from './redirection';
import { FirewallMiddleware } from './security';
import {
  installClientErrorHandler,
  RestHttpAdapter,
  SiteErrorPageFilter,
  SiteNotFoundHandlers,
} from './rest';

/**
 * The one place the global HTTP stack is installed; main.ts and the e2e tests both call it, so tests run
 * exactly what production runs.
 */
export function configureApp(app: INestApplication): INestApplication {
  const config = app.get(AppConfig);
  const { logger, close: closeLogger } = createRootLogger(config.logLevel);
  app.getHttpServer().once('close', closeLogger);
  app.useLogger(new PinoNestLogger(logger));
  // Behind trusted proxies the client is the address they forward (req.ip); otherwise X-Forwarded-For is ignored.
  if (config.trustedProxies.trim() !== '') {
    app.getHttpAdapter().getInstance().set('trust proxy', config.trustedProxies);
  }
  app.use(createHttpLogger(logger));
  app.use(
    fixedHeaders(
      helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' }, contentSecurityPolicy: false }),
    ),
  );
  app.use(app.get(FirewallMiddleware).handler()); // security firewall: before every route and page
  const rest = app.get(RestHttpAdapter);
  app.use(rest.entryRouter());
  // Every request the REST entry passed on (site pages) goes through the redirect engine first.
  const redirects = app.get(RedirectEngine).middleware();
  app.use((req: Request, res: Response, next: NextFunction) =>
    rest.entryOf(req) ? next() : redirects(req, res, next),
  );
  // Outside the REST prefix: a plain error page instead of Nest's JSON; requests Node cannot parse likewise.
  app.useGlobalFilters(new SiteErrorPageFilter(config, app.get(SiteNotFoundHandlers)));
  installClientErrorHandler(app.getHttpServer(), config.restPrefix, config.siteName);
  // Ends with process.exit() after the hooks, so the buffered JSON log lines are written out at the 'exit' event.
  app.enableShutdownHooks([], { useProcessExit: true });
  return app;
}
