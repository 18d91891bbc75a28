import { join } from 'node:path';
import { ConfigError } from './app-config';
import { prepareEnvironment } from './environment';

// Imported first by the entry points (main, cli, ormconfig), before any module that reads the environment while
// it loads (the entity decorators read DATABASE_URL): `.env` and the NAME_FILE secrets are resolved into
// process.env and every setting is checked. A bad one stops the process with one line per problem, no stack.
try {
  prepareEnvironment(process.env, join(process.cwd(), '.env'));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
