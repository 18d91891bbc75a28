import { Inject, Injectable } from '@nestjs/common';
import { CommandRunner } from 'nest-commander';
import { UsersService } from '../platform/auth';
import { CliApp } from './cli-app';
import { CommandFailed, UsageError } from './cli-errors';
import { CliOutput } from './cli-output';

/** What every command has: the service's providers (booted on first use) and the output. */
@Injectable()
export abstract class CliCommand extends CommandRunner {
  @Inject(CliApp) protected readonly app!: CliApp;
  @Inject(CliOutput) protected readonly out!: CliOutput;

  /** The user with this login or e-mail address; a failure (exit 1) when there is none. */
  protected async userByLogin(login: string): Promise<{ id: number; login: string }> {
    const { user } = await (await this.app.get(UsersService)).findByLoginOrEmail(login);
    if (!user) throw new CommandFailed(`No user ${login}`);
    return user;
  }
}

/** `--language en|no`: the two site languages. */
export function parseLanguage(value: string): 'en' | 'no' {
  if (value !== 'en' && value !== 'no') throw new UsageError(`--language must be en or no, not ${value}`);
  return value;
}

/** A whole number of at least zero. */
export function parseWholeNumber(option: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new UsageError(`${option} must be a whole number, not ${value}`);
  return Number(value);
}
