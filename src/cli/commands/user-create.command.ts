import { Command, Option } from 'nest-commander';
import { CreateUserArgs, generatePassword, isRole, Role, ROLES, UsersService } from '../../platform/auth';
import { RestServer } from '../../platform/rest';
import { CliCommand } from '../cli-command';
import { UsageError } from '../cli-errors';

interface Options {
  login: string;
  email: string;
  role?: Role;
  password?: string;
  name?: string;
}

@Command({
  name: 'user:create',
  description: 'create a user (the password is generated and shown when not given)',
})
export class UserCreateCommand extends CliCommand {
  async run(_args: string[], options: Options): Promise<void> {
    const role = options.role ?? 'subscriber';
    const password = options.password ?? generatePassword(20);
    // the same args class (class-validator rules, WordPress messages) as POST /core/v2/users
    const args = await (
      await this.app.get(RestServer)
    ).validateInput(CreateUserArgs, {
      username: options.login,
      email: options.email,
      password,
      name: options.name,
    });
    const user = await (await this.app.get(UsersService)).create({ ...args, role });
    this.out.line(
      `Created user #${user.id} ${user.login} (${role})${options.password ? '' : `, password: ${password}`}`,
    );
  }

  @Option({ flags: '--login <login>', description: 'login name', required: true })
  parseLogin(value: string): string {
    return value;
  }

  @Option({ flags: '--email <email>', description: 'e-mail address', required: true })
  parseEmail(value: string): string {
    return value;
  }

  @Option({ flags: '--role <role>', description: `${ROLES.join(', ')} (default subscriber)` })
  parseRole(value: string): Role {
    if (!isRole(value)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
    return value;
  }

  @Option({ flags: '--password <password>', description: 'login password (default: generated, shown once)' })
  parsePassword(value: string): string {
    return value;
  }

  @Option({ flags: '--name <name>', description: 'display name' })
  parseName(value: string): string {
    return value;
  }
}
