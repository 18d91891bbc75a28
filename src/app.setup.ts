import { INestApplication } from '@nestjs/common';
import helmet from 'helmet';
import { AppConfig } from './config';
import { createHttpLogger, createRootLogger, PinoNestLogger } from './logging/logger';
import { RestHttpAdapter } from './rest';

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
  app.use(app.get(RestHttpAdapter).entryRouter());
  app.enableShutdownHooks();
  return app;
}
