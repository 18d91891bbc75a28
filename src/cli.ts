import 'reflect-metadata';
// First of all: `.env`, the NAME_FILE secrets and every setting checked, before a module reads them as it loads.
import './platform/config/preflight';
import { runCli } from './cli/run-cli';

// process.exit: background timers of the booted modules must not keep a finished command alive
runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
