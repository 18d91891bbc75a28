import { Command, Option } from 'nest-commander';
import { UsersService } from '../../platform/auth';
import { CliCommand } from '../cli-command';

interface Options {
  user: string;
  reassign?: string;
}

/** WordPress's wp_delete_user: the user's content goes to `--reassign`, or is deleted with them. */
@Command({
  name: 'user:delete',
  description: 'delete a user; their posts, pages, events and media go to --reassign, or are deleted',
})
export class UserDeleteCommand extends CliCommand {
  async run(_args: string[], options: Options): Promise<void> {
    const users = await this.app.get(UsersService);
    const user = await users.getOrFail((await this.userByLogin(options.user)).id);
    const heir = options.reassign ? await this.userByLogin(options.reassign) : null;
    await users.delete(user, heir?.id ?? null);
    this.out.line(
      heir
        ? `Deleted user #${user.id} ${user.login}; content reassigned to #${heir.id} ${heir.login}`
        : `Deleted user #${user.id} ${user.login} and their content`,
    );
  }

  @Option({ flags: '--user <login>', description: 'login or e-mail of the user to delete', required: true })
  parseUser(value: string): string {
    return value;
  }

  @Option({
    flags: '--reassign <login>',
    description: 'login or e-mail of the user who receives the content',
  })
  parseReassign(value: string): string {
    return value;
  }
}
