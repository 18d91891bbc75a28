import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { AppModule } from '../../../src/app.module';
import { configureApp } from '../../../src/app.setup';
import { ApplicationPasswordsService, UsersService } from '../../../src/platform/auth';
import {
  Arg,
  currentLanguage,
  currentRequest,
  DELETABLE,
  EDITABLE,
  LinkSet,
  Permissions,
  READABLE,
  RestCall,
  RestController,
  RestError,
  RestRoute,
} from '../../../src/platform/rest';
import type { TestApp } from '../../helpers/test-app';
import { createTestDatabase } from '../../helpers/test-database';

/** Every coercible type, echoed back so a test sees exactly what the platform made of the input. */
export class ProbeArgs {
  @Arg({ description: 'A boolean.', type: 'boolean' })
  b?: boolean;

  @Arg({ description: 'An integer.', type: 'integer', minimum: 1, maximum: 10 })
  i?: number;

  @Arg({ description: 'A number.', type: 'number' })
  n?: number;

  @Arg({ description: 'A list of integers.', type: 'array', items: { type: 'integer' } })
  ints?: number[];

  @Arg({ description: 'A list of strings.', type: 'array', items: { type: 'string' } })
  words?: string[];

  @Arg({ description: 'An enum.', type: 'string', enum: ['red', 'green', 'blue'] })
  color?: string;

  @Arg({ description: 'A string.', type: 'string' })
  s?: string;

  @Arg({
    description: 'An object.',
    type: 'object',
    properties: { x: { type: 'integer' } },
    additionalProperties: false,
  })
  o?: Record<string, unknown>;

  @Arg({ description: 'Integer or boolean.', type: ['integer', 'boolean'] })
  ib?: number | boolean;

  @Arg({ description: 'With a default.', type: 'integer', default: 7 })
  d: number;

  @Arg({
    description: 'Context.',
    type: 'string',
    enum: ['view', 'embed', 'edit'],
    default: 'view',
  })
  context: string;
}

class RequiredArgs {
  @Arg({ description: 'First.', type: 'string', required: true })
  first: string;

  @Arg({ description: 'Second.', type: 'integer', required: true })
  second: number;

  @Arg({ description: 'Third.', type: 'integer' })
  third?: number;
}

class ItemsArgs {
  @Arg({ description: 'Author ids.', type: 'array', items: { type: 'integer' }, default: [] })
  authors: number[];
}

/** Test-only routes: echo, required params, embedding, a crash. */
@RestController('probe/v1')
export class ProbeController {
  @RestRoute('/echo', {
    methods: [...READABLE, ...EDITABLE],
    args: ProbeArgs,
    permission: Permissions.public,
  })
  echo(call: RestCall<ProbeArgs>) {
    return { method: call.method, args: call.args, sent: { b: call.has('b'), d: call.has('d') } };
  }

  @RestRoute('/required', { methods: ['POST'], args: RequiredArgs, permission: Permissions.loggedIn })
  required(call: RestCall<RequiredArgs>) {
    return call.args;
  }

  @RestRoute('/items', { methods: READABLE, args: ItemsArgs, permission: Permissions.public })
  items(call: RestCall<ItemsArgs>) {
    return call.args.authors.map((author, index) => ({
      id: index + 1,
      author,
      _links: new LinkSet()
        .add('self', call.urls.route(`/probe/v1/items/${index + 1}`))
        .add('author', call.urls.route(`/core/v2/users/${author}`), { embeddable: true })
        .add('https://api.w.org/owner', call.urls.route(`/core/v2/users/${author}`), { embeddable: true })
        .add('about', call.urls.route('/core/v2/users'))
        .toJSON(),
    }));
  }

  /** What a service sees of the request context (language and caller), without being handed the call. */
  @RestRoute('/context', {
    methods: [...READABLE, ...EDITABLE],
    permission: Permissions.public,
    allowBatch: true,
  })
  context() {
    const request = currentRequest();
    return {
      language: currentLanguage(),
      user: request?.user?.id ?? 0,
      requestId: Boolean(request?.requestId),
    };
  }

  @RestRoute('/boom', { methods: READABLE, permission: Permissions.public })
  boom(): never {
    throw new Error('SELECT * FROM secret_table WHERE password = 1');
  }

  @RestRoute('/denied', { methods: [...READABLE, ...DELETABLE], permission: () => false })
  denied(): unknown {
    return { never: true };
  }

  @RestRoute('/custom-error', { methods: READABLE, permission: Permissions.public })
  customError(): never {
    throw new RestError('probe_teapot', 'I am a teapot.', 418, { extra: 'x' });
  }
}

/** Like createTestApp(), with the probe controller added next to the real AppModule. */
export async function createProbeApp(env: Record<string, string> = {}): Promise<TestApp> {
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
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule],
    controllers: [ProbeController],
  }).compile();
  const app = moduleRef.createNestApplication({ bodyParser: false, logger: false });
  configureApp(app);
  await app.init();
  process.env = saved;

  const users = app.get(UsersService);
  const passwords = app.get(ApplicationPasswordsService);
  let counter = 0;
  return {
    app,
    http: () => request(app.getHttpServer()),
    user: async (role, login) => {
      counter += 1;
      const name = login ?? `probe-${role}${counter}`;
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
