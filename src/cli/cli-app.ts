import { INestApplicationContext, Injectable, OnApplicationShutdown, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AdminBootstrapService, firstStartNotice } from '../platform/auth';
import { AppConfig } from '../platform/config';

/**
 * The service's modules, booted the first time a command asks for one of their providers: `help`, `--help` and
 * usage errors never open (or create) the database, run migrations or create the first administrator.
 */
@Injectable()
export class CliApp implements OnApplicationShutdown {
  private context?: Promise<INestApplicationContext>;

  async get<T>(token: Type<T>): Promise<T> {
    const app = await this.boot();
    return app.get(token);
  }

  async onApplicationShutdown(): Promise<void> {
    const app = await this.context?.catch(() => undefined);
    if (!app) return;
    // a command run on a fresh database created the administrator (on stderr: stdout may be parsed)
    const credentials = app.get(AdminBootstrapService).takeCredentials();
    const config = app.get(AppConfig);
    if (credentials)
      process.stderr.write(firstStartNotice(credentials, `${config.siteUrl}/${config.restPrefix}/`));
    await app.close();
  }

  private boot(): Promise<INestApplicationContext> {
    this.context ??= import('../app.module').then(({ AppModule }) =>
      NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] }),
    );
    return this.context;
  }
}
