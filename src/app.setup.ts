import { INestApplication } from '@nestjs/common';
import helmet from 'helmet';
import { fixedHeaders } from './common/http';
import { AppConfig } from './config';
import { createHttpLogger, createRootLogger, PinoNestLogger } from './logging/logger';
import { RedirectEngine } from './redirection';
import { FirewallMiddleware } from './security';
import { installClientErrorHandler, RestHttpAdapter } from './rest';

/**
 * The one place the global HTTP stack is installed; main.ts and the e2e tests both call it, so tests run
 * exactly what production runs.
 */
export function configureApp(app: INestApplication): INestApplication {
  const config = app.get(AppConfig);
  const logger = createRootLogger(config.logLevel);
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
  app.use(app.get(RestHttpAdapter).middleware());
  // Every request the REST adapter passed on (site pages) goes through the redirect engine first.
  app.use(app.get(RedirectEngine).middleware());
  // Requests Node cannot parse: WordPress-shaped JSON under the REST prefix, a plain page elsewhere. (Paths
  // nothing serves get the site's 404 page from the redirect engine.)
  installClientErrorHandler(app.getHttpServer(), config.restPrefix, config.siteName);
  app.enableShutdownHooks();
  return app;
}
