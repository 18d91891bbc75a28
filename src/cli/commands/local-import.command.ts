import { Command, Option } from 'nest-commander';
import { LocalImportService } from '../../modules/cal/event-aggregator';
import { UsersService } from '../../platform/auth';
import { CliCommand, parseLanguage } from '../cli-command';
import { CommandFailed } from '../cli-errors';

interface Options {
  user?: string;
  language?: 'en' | 'no';
}

/** import:ical and import:csv: the same run over LocalImportService, one parser each. */
abstract class LocalImportCommand extends CliCommand {
  protected abstract readonly format: 'ical' | 'csv';

  async run([source]: string[], options: Options): Promise<void> {
    const authorId = options.user
      ? (await this.userByLogin(options.user)).id
      : await (await this.app.get(UsersService)).firstAdministratorId();
    const local = await this.app.get(LocalImportService);
    const progress = this.out.progress('Importing');
    const input = { authorId, language: options.language ?? 'en', onProgress: progress.update };
    const result = await (
      this.format === 'csv' ? local.importCsv(source, input) : local.importIcal(source, input)
    ).finally(() => progress.stop());
    const events = result.activity.cal_events;
    this.out.line(
      `Import #${result.record.id} ${result.record.status}: ${result.items} events, ` +
        `${events.created.length} created, ${events.updated.length} updated, ${events.skipped.length} unchanged, ` +
        `${result.failed} failed`,
    );
    if (result.failed > 0) throw new CommandFailed(`${result.failed} event(s) could not be imported`);
  }

  @Option({ flags: '--user <login>', description: 'author of the events (default: the first administrator)' })
  parseUser(value: string): string {
    return value;
  }

  @Option({ flags: '--language <code>', description: 'en or no (default en)' })
  parseLanguage(value: string): 'en' | 'no' {
    return parseLanguage(value);
  }
}

@Command({
  name: 'import:ical',
  arguments: '<source>',
  argsDescription: { source: 'file or http(s) URL' },
  description: 'import events from iCalendar (re-runnable: updates by UID)',
})
export class ImportIcalCommand extends LocalImportCommand {
  protected readonly format = 'ical';
}

@Command({
  name: 'import:csv',
  arguments: '<source>',
  argsDescription: { source: 'file or http(s) URL' },
  description: "import events from a CSV file in TEC's columns (re-runnable)",
})
export class ImportCsvCommand extends LocalImportCommand {
  protected readonly format = 'csv';
}
