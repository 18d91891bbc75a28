import { Command, Option } from 'nest-commander';
import { CommentsService } from '../../modules/core/comments';
import { CliCommand } from '../cli-command';
import { UsageError } from '../cli-errors';

const COMMENT_SETTINGS = [
  'allowAnonymous',
  'registrationRequired',
  'requireNameEmail',
  'moderation',
  'previouslyApproved',
  'maxLinks',
  'moderationKeys',
  'disallowedKeys',
  'floodSeconds',
] as const;

type Changes = Record<string, boolean | number | string>;

/** One `NAME=VALUE` pair as a discussion setting: boolean, integer or text (`\n` separates key words). */
function settingFrom(pair: string): [string, boolean | number | string] {
  const at = pair.indexOf('=');
  const name = at > 0 ? pair.slice(0, at) : pair;
  const value = at > 0 ? pair.slice(at + 1) : '';
  if (!(COMMENT_SETTINGS as readonly string[]).includes(name))
    throw new UsageError(`Unknown setting ${name}`);
  if (name === 'maxLinks' || name === 'floodSeconds') {
    if (!/^\d+$/.test(value)) throw new UsageError(`${name} must be a whole number`);
    return [name, Number(value)];
  }
  if (name === 'moderationKeys' || name === 'disallowedKeys') return [name, value.replace(/\\n/g, '\n')];
  if (!/^(true|false|1|0)$/.test(value)) throw new UsageError(`${name} must be true or false`);
  return [name, value === 'true' || value === '1'];
}

@Command({ name: 'comments:settings', description: 'show or change the discussion settings' })
export class CommentsSettingsCommand extends CliCommand {
  async run(_args: string[], options: { set?: Changes }): Promise<void> {
    const comments = await this.app.get(CommentsService);
    const changes = options.set ?? {};
    const settings = Object.keys(changes).length
      ? await comments.updateSettings(changes)
      : await comments.settings();
    const { id: _id, ...shown } = settings;
    this.out.line(JSON.stringify(shown, null, 2));
  }

  @Option({
    flags: '--set <name=value>',
    description: `change a setting (repeatable): ${COMMENT_SETTINGS.join(', ')}`,
  })
  parseSet(pair: string, previous: Changes | undefined): Changes {
    const [name, value] = settingFrom(pair);
    return { ...previous, [name]: value };
  }
}
