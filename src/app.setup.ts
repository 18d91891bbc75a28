import { INestApplication } from '@nestjs/common';
import helmet from 'helmet';
import { AppConfig } from './config';
import { createHttpLogger, createRootLogger, PinoNestLogger } from './logging/logger';
import { RedirectEngine } from './redirection';
import { RestHttpAdapter } from './rest';
import { FirewallMiddleware } from './security';

/**
 * The one place the global HTTP stack is installed; main.ts and the e2e tests both call it, so tests run
 * exactly what production runs.
 */
export function configureApp(app: INestApplication): INestApplication {
  const config = app.get(AppConfig);
  const logger = createRootLogger(config.logLevel);
  app.useLogger(new PinoNestLogger(logger));
  app.use(createHttpLogger(logger));
  app.use(helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' }, contentSecurityPolicy: false }));
  app.use(app.get(FirewallMiddleware).handler()); // security firewall: before every route and page
  app.use(app.get(RestHttpAdapter).middleware());
  // Every request the REST adapter passed on (site pages) goes through the redirect engine first.
  app.use(app.get(RedirectEngine).middleware());
  app.enableShutdownHooks();
  return app;
}
