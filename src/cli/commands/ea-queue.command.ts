import { Command, Option } from 'nest-commander';
import { ImportQueueService } from '../../modules/cal/event-aggregator';
import { UsersService } from '../../platform/auth';
import { CliCommand, parseLanguage, parseWholeNumber } from '../cli-command';

interface Options {
  origin: string;
  source: string;
  user?: string;
  language?: 'en' | 'no';
  every?: number;
}

@Command({ name: 'ea:queue', description: 'queue an import with the import service (EA_SERVICE_URL)' })
export class EaQueueCommand extends CliCommand {
  async run(_args: string[], options: Options): Promise<void> {
    const authorId = options.user
      ? (await this.userByLogin(options.user)).id
      : await (await this.app.get(UsersService)).firstAdministratorId();
    const record = await (
      await this.app.get(ImportQueueService)
    ).queue({
      origin: options.origin,
      source: options.source,
      authorId,
      language: options.language ?? 'en',
      frequencySeconds: options.every ?? 0,
    });
    this.out.line(`Queued import #${record.id} (${record.status}) ${record.importId}`);
  }

  @Option({
    flags: '--origin <origin>',
    description: 'origin of the import (ics, ical, csv, url, ...)',
    required: true,
  })
  parseOrigin(value: string): string {
    return value;
  }

  @Option({ flags: '--source <source>', description: 'URL or file the import service reads', required: true })
  parseSource(value: string): string {
    return value;
  }

  @Option({ flags: '--user <login>', description: 'author of the events (default: the first administrator)' })
  parseUser(value: string): string {
    return value;
  }

  @Option({ flags: '--language <code>', description: 'en or no (default en)' })
  parseLanguage(value: string): 'en' | 'no' {
    return parseLanguage(value);
  }

  @Option({ flags: '--every <seconds>', description: 'repeat the import every SECONDS (default: once)' })
  parseEvery(value: string): number {
    return parseWholeNumber('--every', value);
  }
}
