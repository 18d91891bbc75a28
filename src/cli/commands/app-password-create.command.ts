import { Command, Option } from 'nest-commander';
import { ApplicationPasswordsService } from '../../platform/auth';
import { CliCommand } from '../cli-command';

interface Options {
  user: string;
  name: string;
}

@Command({ name: 'app-password:create', description: 'create an application password (shown once)' })
export class AppPasswordCreateCommand extends CliCommand {
  async run(_args: string[], options: Options): Promise<void> {
    const user = await this.userByLogin(options.user);
    const { password, record } = await (
      await this.app.get(ApplicationPasswordsService)
    ).create(user.id, options.name);
    this.out.line(`Application password for ${user.login} (${record.uuid}): ${password}`);
  }

  @Option({ flags: '--user <login>', description: 'login or e-mail of the user', required: true })
  parseUser(value: string): string {
    return value;
  }

  @Option({ flags: '--name <name>', description: 'name of the application', required: true })
  parseName(value: string): string {
    return value;
  }
}
