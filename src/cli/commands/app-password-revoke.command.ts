import { Command, Option } from 'nest-commander';
import { ApplicationPasswordsService } from '../../platform/auth';
import { CliCommand } from '../cli-command';
import { CommandFailed, UsageError } from '../cli-errors';

interface Options {
  user: string;
  name?: string;
  uuid?: string;
}

@Command({
  name: 'app-password:revoke',
  description: 'revoke an application password, named by --name or --uuid (app-password:create shows both)',
})
export class AppPasswordRevokeCommand extends CliCommand {
  async run(_args: string[], options: Options): Promise<void> {
    if ((options.name === undefined) === (options.uuid === undefined)) {
      throw new UsageError('app-password:revoke needs either --name or --uuid');
    }
    const user = await this.userByLogin(options.user);
    const passwords = await this.app.get(ApplicationPasswordsService);
    const record = (await passwords.listFor(user.id)).find((candidate) =>
      options.uuid !== undefined ? candidate.uuid === options.uuid : candidate.name === options.name?.trim(),
    );
    if (!record)
      throw new CommandFailed(`${user.login} has no application password ${options.uuid ?? options.name}`);
    await passwords.delete(record);
    this.out.line(`Revoked application password ${record.name} (${record.uuid}) of ${user.login}`);
  }

  @Option({ flags: '--user <login>', description: 'login or e-mail of the user', required: true })
  parseUser(value: string): string {
    return value;
  }

  @Option({ flags: '--name <name>', description: 'name of the application' })
  parseName(value: string): string {
    return value;
  }

  @Option({ flags: '--uuid <uuid>', description: 'uuid of the application password' })
  parseUuid(value: string): string {
    return value;
  }
}
