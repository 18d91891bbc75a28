import { Command } from 'nest-commander';
import { ImportQueueService } from '../../modules/cal/event-aggregator';
import { CliCommand } from '../cli-command';

@Command({ name: 'ea:run', description: 'run the import job once (deliveries, due schedules)' })
export class EaRunCommand extends CliCommand {
  async run(): Promise<void> {
    const run = await (await this.app.get(ImportQueueService)).runDue();
    this.out.line(`Delivered ${run.delivered}, failed ${run.failed}, scheduled ${run.scheduled}`);
  }
}
