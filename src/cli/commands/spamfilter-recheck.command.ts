import { Command } from 'nest-commander';
import { SpamRecheckJob } from '../../modules/spamfilter';
import { CliCommand } from '../cli-command';

@Command({ name: 'spamfilter:recheck', description: 'send the queued spam-filter calls that are due now' })
export class SpamfilterRecheckCommand extends CliCommand {
  async run(): Promise<void> {
    const run = await (await this.app.get(SpamRecheckJob)).runOnce();
    this.out.line(`Claimed ${run.claimed}, done ${run.done}, failed ${run.failed}`);
  }
}
