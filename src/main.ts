import 'reflect-metadata';
// First of all: `.env`, the NAME_FILE secrets and every setting checked, before a module reads them as it loads.
import './platform/config/preflight';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { AdminBootstrapService, firstStartNotice } from './platform/auth';
import { AppConfig, loadConfig, maskUrlPasswords } from './platform/config';
import { createRootLogger, PinoNestLogger } from './platform/logging/logger';

async function bootstrap(): Promise<void> {
  const settings = loadConfig();
  const root = createRootLogger(settings.logLevel, settings.logFormat);
  let app: INestApplication;
  try {
    app = await NestFactory.create(AppModule, {
      logger: new PinoNestLogger(root.logger),
      bodyParser: false,
      abortOnError: false,
    });
    configureApp(app, root);
    await app.listen(settings.port, settings.host);
  } catch (error) {
    root.flush();
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`Start-up failed: ${maskUrlPasswords(reason)}\n`);
    process.exit(1);
  }
  const config = app.get(AppConfig);
  const apiRoot = `${config.siteUrl}/${config.restPrefix}/`;
  const credentials = app.get(AdminBootstrapService).takeCredentials();
  // after the start-up's log lines, so the block is the last thing on the screen (or in `docker logs`)
  root.flush();
  process.stdout.write(
    `Listening on ${apiRoot}\n${credentials ? firstStartNotice(credentials, apiRoot) : ''}`,
  );
}

void bootstrap();
