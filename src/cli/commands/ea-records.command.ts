import { Command } from 'nest-commander';
import { ImportRecordsRepository } from '../../modules/cal/event-aggregator';
import { CliCommand } from '../cli-command';

@Command({ name: 'ea:records', description: 'list the last 100 import records (tab-separated)' })
export class EaRecordsCommand extends CliCommand {
  async run(): Promise<void> {
    const repository = await this.app.get(ImportRecordsRepository);
    const records = await repository.list(100);
    const errors = await repository.errorsOf(records.map((record) => record.id));
    for (const record of records) {
      const count = errors.filter((error) => error.recordId === record.id).length;
      this.out.line(
        `${record.id}\t${record.importId}\t${record.origin}\t${record.status}\t${record.percentageComplete}%\t` +
          `${record.totalEvents} events\t${count} errors\t${record.source ?? ''}\t${record.createdAt}`,
      );
    }
  }
}
