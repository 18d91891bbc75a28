import { Command } from 'nest-commander';
import { DataSource } from 'typeorm';
import { CliCommand } from '../cli-command';

@Command({ name: 'migrate', description: 'run pending database migrations' })
export class MigrateCommand extends CliCommand {
  async run(): Promise<void> {
    const ran = await (await this.app.get(DataSource)).runMigrations({ transaction: 'each' });
    this.out.line(`Migrations applied: ${ran.length}`);
  }
}
