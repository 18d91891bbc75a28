import 'reflect-metadata';
import { runCli } from './cli/run-cli';

// process.exit: background timers of the booted modules must not keep a finished command alive
runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
