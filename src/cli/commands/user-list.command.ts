import { Command } from 'nest-commander';
import { UsersService } from '../../platform/auth';
import { CliCommand } from '../cli-command';

@Command({ name: 'user:list', description: 'list users (id, login, e-mail, role; tab-separated)' })
export class UserListCommand extends CliCommand {
  async run(): Promise<void> {
    const { items } = await (
      await this.app.get(UsersService)
    ).list({
      page: 1,
      perPage: 1000,
      include: [],
      exclude: [],
      slugs: [],
      roles: [],
      order: 'asc',
      orderby: 'id',
    });
    for (const user of items) this.out.line(`${user.id}\t${user.login}\t${user.email}\t${user.role}`);
  }
}
