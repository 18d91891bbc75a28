import 'reflect-metadata';
// First of all: `.env`, the NAME_FILE secrets and every setting checked, before a module reads them as it loads.
import './config/preflight';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import {
  AdminBootstrapService,
  ApplicationPasswordsService,
  CreateUserArgs,
  firstStartNotice,
  generatePassword,
  isRole,
  ROLES,
  UsersService,
} from './auth';
import { AppConfig } from './config';
import { LastChanged } from './database';
import { CommentsService } from './comments';
import { ImportQueueService, ImportRecordsRepository, LocalImportService } from './event-aggregator';
import { RestError, RestServer } from './rest';
import { reindexSearch } from './search';
import { FirewallService } from './security';
import { SpamRecheckJob } from './spam-filter';
import { StringTranslationService } from './string-translation';

const COMMENT_SETTINGS = [
  'allowAnonymous',
  'registrationRequired',
  'requireNameEmail',
  'moderation',
  'previouslyApproved',
  'maxLinks',
  'moderationKeys',
  'disallowedKeys',
  'floodSeconds',
] as const;

/** `NAME=VALUE` pairs as discussion settings: booleans, integers or text (`\\n` separates key words). */
function commentSettingsFrom(pairs: string[]): Record<string, boolean | number | string> {
  const changes: Record<string, boolean | number | string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const name = at > 0 ? pair.slice(0, at) : pair;
    const value = at > 0 ? pair.slice(at + 1) : '';
    if (!(COMMENT_SETTINGS as readonly string[]).includes(name)) throw new Error(`Unknown setting ${name}`);
    if (name === 'maxLinks' || name === 'floodSeconds') {
      if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number`);
      changes[name] = Number(value);
    } else if (name === 'moderationKeys' || name === 'disallowedKeys') {
      changes[name] = value.replace(/\\n/g, '\n');
    } else {
      if (!/^(true|false|1|0)$/.test(value)) throw new Error(`${name} must be true or false`);
      changes[name] = value === 'true' || value === '1';
    }
  }
  return changes;
}

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                                   run pending database migrations
  search:reindex                            rebuild the search index (after editing rows by hand)
  user:create --login L --email E [--role R] [--password P] [--name N]
                                            create a user (role: ${ROLES.join(', ')}; default subscriber)
  user:list                                 list users
  app-password:create --user LOGIN --name NAME
                                            create an application password (shown once)
  security:unblock --ip ADDRESS             lift the firewall's automatic blocks of an address
  comments:settings [--set NAME=VALUE ...]  show or change the discussion settings (${COMMENT_SETTINGS.join(', ')})
  spamfilter:recheck                        send the queued spam-filter calls that are due now
  import:ical <file-or-url> [--user LOGIN] [--language en|no]
                                            import events from iCalendar (re-runnable: updates by UID)
  import:csv <file-or-url> [--user LOGIN] [--language en|no]
                                            import events from a CSV file in TEC's columns (re-runnable)
  ea:queue --origin O --source S [--user LOGIN] [--language en|no] [--every SECONDS]
                                            queue an import with the import service (EA_SERVICE_URL)
  ea:run                                    run the import job once (deliveries, due schedules)
  ea:records                                list import records
  string:translate --domain D --name N --value V [--language no]
                                            set the translation of a registered string (e.g. --domain WP
                                            --name "Blog Title" for the site title)
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      origin: { type: 'string' },
      source: { type: 'string' },
      language: { type: 'string' },
      every: { type: 'string' },
      login: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      user: { type: 'string' },
      ip: { type: 'string' },
      set: { type: 'string', multiple: true },
      domain: { type: 'string' },
      value: { type: 'string' },
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
      case 'security:unblock': {
        if (!values.ip) throw new Error('--ip is required');
        const removed = await app.get(FirewallService).unblock(values.ip);
        process.stdout.write(`Lifted ${removed} automatic block(s) of ${values.ip}\n`);
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
      case 'comments:settings': {
        const comments = app.get(CommentsService);
        const changes = commentSettingsFrom(values.set ?? []);
        const settings = Object.keys(changes).length
          ? await comments.updateSettings(changes)
          : await comments.settings();
        const { id: _id, ...shown } = settings;
        process.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
        return 0;
      }
      case 'spamfilter:recheck': {
        const run = await app.get(SpamRecheckJob).runOnce();
        process.stdout.write(`Claimed ${run.claimed}, done ${run.done}, failed ${run.failed}\n`);
        return 0;
      }
      case 'import:ical':
      case 'import:csv': {
        const source = positionals[0];
        if (!source) throw new Error(`${command} needs a file or URL`);
        const author = await importAuthor(users, values.user);
        const local = app.get(LocalImportService);
        const run = command === 'import:csv' ? local.importCsv.bind(local) : local.importIcal.bind(local);
        const result = await run(source, {
          authorId: author,
          language: values.language === 'no' ? 'no' : 'en',
          onProgress: progressBar,
        });
        const events = result.activity.cal_events;
        process.stdout.write(
          `Import #${result.record.id} ${result.record.status}: ${result.items} events, ` +
            `${events.created.length} created, ${events.updated.length} updated, ${events.skipped.length} unchanged, ` +
            `${result.failed} failed\n`,
        );
        return result.failed > 0 ? 1 : 0;
      }
      case 'ea:queue': {
        if (!values.origin || !values.source) throw new Error('--origin and --source are required');
        const record = await app.get(ImportQueueService).queue({
          origin: values.origin,
          source: values.source,
          authorId: await importAuthor(users, values.user),
          language: values.language === 'no' ? 'no' : 'en',
          frequencySeconds: values.every ? Number(values.every) : 0,
        });
        process.stdout.write(`Queued import #${record.id} (${record.status}) ${record.importId}\n`);
        return 0;
      }
      case 'ea:run': {
        const run = await app.get(ImportQueueService).runDue();
        process.stdout.write(
          `Delivered ${run.delivered}, failed ${run.failed}, scheduled ${run.scheduled}\n`,
        );
        return 0;
      }
      case 'ea:records': {
        const repository = app.get(ImportRecordsRepository);
        const records = await repository.list(100);
        const errors = await repository.errorsOf(records.map((record) => record.id));
        for (const record of records) {
          const count = errors.filter((error) => error.recordId === record.id).length;
          process.stdout.write(
            `${record.id}\t${record.importId}\t${record.origin}\t${record.status}\t${record.percentageComplete}%\t` +
              `${record.totalEvents} events\t${count} errors\t${record.source ?? ''}\t${record.createdAt}\n`,
          );
        }
        return 0;
      }
      case 'string:translate': {
        const language = values.language ?? 'no';
        if (
          !values.domain ||
          !values.name ||
          values.value === undefined ||
          !['en', 'no'].includes(language)
        ) {
          process.stderr.write('string:translate needs --domain, --name, --value (and --language en|no)\n');
          return 1;
        }
        const done = await app
          .get(StringTranslationService)
          .translate(values.domain, values.name, language, values.value);
        process.stdout.write(done ? 'Translation saved.\n' : 'No such string.\n');
        return done ? 0 : 1;
      }
      default:
        process.stderr.write(`Unknown command ${command}\n${USAGE}`);
        return 1;
    }
  } finally {
    // a command run on a fresh database created the administrator (on stderr: stdout may be parsed)
    const credentials = app.get(AdminBootstrapService).takeCredentials();
    const config = app.get(AppConfig);
    if (credentials)
      process.stderr.write(firstStartNotice(credentials, `${config.siteUrl}/${config.restPrefix}/`));
    await app.close();
  }
}

/** The user imports are written as: `--user`, else the first administrator. */
async function importAuthor(users: UsersService, login: string | undefined): Promise<number> {
  if (login) {
    const { user } = await users.findByLoginOrEmail(login);
    if (!user) throw new Error(`No user ${login}`);
    return user.id;
  }
  const { items } = await users.list({
    page: 1,
    perPage: 1,
    include: [],
    exclude: [],
    slugs: [],
    roles: ['administrator'],
    order: 'asc',
    orderby: 'id',
  });
  return items[0]?.id ?? 0;
}

/** A one-line progress bar on stderr. */
function progressBar(done: number, total: number): void {
  const width = 30;
  const filled = total ? Math.round((done / total) * width) : width;
  process.stderr.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`);
  if (done >= total) process.stderr.write('\n');
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
