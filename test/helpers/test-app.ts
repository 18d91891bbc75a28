import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { ApplicationPasswordsService, Role, UsersService } from '../../src/platform/auth';
import { createTestDatabase } from './test-database';

export interface TestUser {
  id: number;
  login: string;
  /** Value for the Authorization header. */
  auth: string;
  /** The application password as shown at creation. */
  password: string;
}

export interface TestApp {
  app: INestApplication;
  http: () => ReturnType<typeof request>;
  /** Creates a user with `role` and an application password. */
  user: (role: Role, login?: string) => Promise<TestUser>;
  close: () => Promise<void>;
}

let counter = 0;

/** Boots the real AppModule with the same global setup as main.ts, on a fresh database. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const saved = { ...process.env };
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    BASE_URL: 'http://example.test',
    SITE_TIMEZONE: 'Europe/Oslo',
    ADMIN_PASSWORD: 'admin-password-for-tests',
    ...env,
  });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = moduleRef.createNestApplication({ bodyParser: false, logger: false });
  configureApp(app);
  await app.init();
  process.env = saved;

  const users = app.get(UsersService);
  const passwords = app.get(ApplicationPasswordsService);
  return {
    app,
    http: () => request(app.getHttpServer()),
    user: async (role, login) => {
      counter += 1;
      const name = login ?? `${role}${counter}`;
      const user = await users.create({
        username: name,
        email: `${name}@example.test`,
        password: 'secret-password',
        role,
        name: `${role} ${counter}`,
      });
      const { password } = await passwords.create(user.id, 'tests');
      return {
        id: user.id,
        login: user.login,
        password,
        auth: `Basic ${Buffer.from(`${user.login}:${password}`).toString('base64')}`,
      };
    },
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
