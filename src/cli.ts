import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import {
  ApplicationPasswordsService,
  CreateUserArgs,
  generatePassword,
  isRole,
  ROLES,
  UsersService,
} from './auth';
import { LastChanged } from './database';
import { RestError, RestServer } from './rest';
import { reindexSearch } from './search';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                                   run pending database migrations
  search:reindex                            rebuild the search index (after editing rows by hand)
  user:create --login L --email E [--role R] [--password P] [--name N]
                                            create a user (role: ${ROLES.join(', ')}; default subscriber)
  user:list                                 list users
  app-password:create --user LOGIN --name NAME
                                            create an application password (shown once)
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      login: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      user: { type: 'string' },
    },
    strict: true,
  });
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(USAGE);
    return command ? 0 : 1;
  }
  const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] });
  try {
    const users = app.get(UsersService);
    switch (command) {
      case 'migrate': {
        const ran = await app.get(DataSource).runMigrations({ transaction: 'each' });
        process.stdout.write(`Migrations applied: ${ran.length}\n`);
        return 0;
      }
      case 'search:reindex': {
        const indexed = await app.get(DataSource).transaction((manager) => reindexSearch(manager));
        await app.get(LastChanged).renewAll();
        process.stdout.write(`Search index rebuilt: ${indexed} objects\n`);
        return 0;
      }
      case 'user:create': {
        const role = values.role ?? 'subscriber';
        if (!isRole(role)) throw new Error(`--role must be one of ${ROLES.join(', ')}`);
        const password = values.password ?? generatePassword(20);
        // the same args class (class-validator rules, WordPress messages) as POST /core/v2/users
        const args = await app.get(RestServer).validateInput(CreateUserArgs, {
          username: values.login,
          email: values.email,
          password,
          name: values.name,
        });
        const user = await users.create({ ...args, role });
        process.stdout.write(
          `Created user #${user.id} ${user.login} (${role})${values.password ? '' : `, password: ${password}`}\n`,
        );
        return 0;
      }
      case 'user:list': {
        const { items } = await users.list({
          page: 1,
          perPage: 1000,
          include: [],
          exclude: [],
          slugs: [],
          roles: [],
          order: 'asc',
          orderby: 'id',
        });
        for (const user of items)
          process.stdout.write(`${user.id}\t${user.login}\t${user.email}\t${user.role}\n`);
        return 0;
      }
      case 'app-password:create': {
        if (!values.user || !values.name) throw new Error('--user and --name are required');
        const { user } = await users.findByLoginOrEmail(values.user);
        if (!user) throw new Error(`No user ${values.user}`);
        const { password, record } = await app.get(ApplicationPasswordsService).create(user.id, values.name);
        process.stdout.write(`Application password for ${user.login} (${record.uuid}): ${password}\n`);
        return 0;
      }
      default:
        process.stderr.write(`Unknown command ${command}\n${USAGE}`);
        return 1;
    }
  } finally {
    await app.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof RestError) {
      const params = (error.extraData as { params?: Record<string, string> }).params ?? {};
      const lines = Object.values(params).map((message) => `  ${message}\n`);
      process.stderr.write(`${error.message}\n${lines.join('')}`);
    } else {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(1);
  },
);
