import { INestApplicationContext, Injectable, OnApplicationShutdown, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

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
    await app?.close();
  }

  private boot(): Promise<INestApplicationContext> {
    this.context ??= import('../app.module').then(({ AppModule }) =>
      NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] }),
    );
    return this.context;
  }
}
