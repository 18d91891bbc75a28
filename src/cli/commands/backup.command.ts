import { resolve } from 'node:path';
import { Command, Option } from 'nest-commander';
import { DatabaseBackup } from '../../platform/database';
import { CliCommand } from '../cli-command';

@Command({
  name: 'backup',
  description: 'copy the live database to FILE (SQLite: a database file; MySQL/MariaDB: an SQL dump)',
})
export class BackupCommand extends CliCommand {
  async run(_args: string[], options: { out: string }): Promise<void> {
    const out = resolve(options.out);
    const progress = this.out.progress('Backing up');
    const result = await (
      await this.app.get(DatabaseBackup)
    )
      .write(out, progress.update)
      .finally(() => progress.stop());
    this.out.line(
      result.format === 'sqlite'
        ? `Backup written to ${out} (SQLite database, ${result.units} pages)`
        : `Backup written to ${out} (SQL dump, ${result.units} tables, ${result.rows ?? 0} rows)`,
    );
  }

  @Option({
    flags: '--out <file>',
    description: 'the file to write (replaced when complete)',
    required: true,
  })
  parseOut(value: string): string {
    return value;
  }
}
