import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { AppConfig, ConfigError, loadConfig } from './platform/config';

async function bootstrap(): Promise<void> {
  try {
    loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const app = await NestFactory.create(AppModule, { bufferLogs: true, bodyParser: false });
  configureApp(app);
  const config = app.get(AppConfig);
  await app.listen(config.port, config.host);
  app.getHttpAdapter();
  process.stdout.write(`Listening on ${config.siteUrl}/${config.restPrefix}/\n`);
}

void bootstrap();
