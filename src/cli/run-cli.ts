import { DynamicModule, Injectable, Module } from '@nestjs/common';
import { CommandFactory, CommandRunner, InjectCommander } from 'nest-commander';
import { CliApp } from './cli-app';
import { describeFailure, EXIT } from './cli-errors';
import { CliOutput } from './cli-output';
import { COMMANDS } from './commands';

type Command = Parameters<CommandRunner['setCommand']>[0];

/** nest-commander's root command, to which it has added one subcommand per command class. */
@Injectable()
class CliProgram {
  constructor(@InjectCommander() readonly root: Command) {}
}

@Module({})
class CliModule {
  static with(output: CliOutput): DynamicModule {
    return {
      module: CliModule,
      providers: [CliApp, CliProgram, { provide: CliOutput, useValue: output }, ...COMMANDS],
    };
  }
}

interface CommanderError {
  code: string;
  exitCode: number;
}

function isCommanderError(error: unknown): error is CommanderError {
  const code = (error as Partial<CommanderError> | undefined)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('commander.');
}

/**
 * Runs one command line (`argv` without node and the script) and returns the exit code: 0 done, 1 the work
 * failed, 2 the command line is wrong (unknown command or option, missing option or argument, bad value).
 */
export async function runCli(argv: string[], output = new CliOutput()): Promise<number> {
  const cli = await CommandFactory.createWithoutRunning(CliModule.with(output), {
    logger: ['error', 'warn'],
  });
  try {
    const { root } = cli.get(CliProgram);
    root
      .name('npm run cli --')
      .description(
        "Administration of the site service: the commands below share the app's configuration (.env).",
      );
    for (const command of [root, ...root.commands]) {
      command
        .exitOverride()
        .configureOutput({
          writeOut: (text) => output.write(text),
          writeErr: (text) => output.error(text),
        })
        .showSuggestionAfterError(true);
    }
    await root.parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    // commander has already printed its message (or the help)
    if (isCommanderError(error)) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    const failure = describeFailure(error);
    output.error(failure.text);
    return failure.code;
  } finally {
    await cli.close();
  }
}
