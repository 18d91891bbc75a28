import { Command, Option } from 'nest-commander';
import { StringTranslationService } from '../../modules/ml/strings';
import { CliCommand, parseLanguage } from '../cli-command';
import { CommandFailed } from '../cli-errors';

interface Options {
  domain: string;
  name: string;
  value: string;
  language?: 'en' | 'no';
}

@Command({
  name: 'string:translate',
  description:
    'set the translation of a registered string (e.g. --domain WP --name "Blog Title" for the site title)',
})
export class StringTranslateCommand extends CliCommand {
  async run(_args: string[], options: Options): Promise<void> {
    const done = await (
      await this.app.get(StringTranslationService)
    ).translate(options.domain, options.name, options.language ?? 'no', options.value);
    if (!done) throw new CommandFailed('No such string.');
    this.out.line('Translation saved.');
  }

  @Option({ flags: '--domain <domain>', description: 'string domain (e.g. WP)', required: true })
  parseDomain(value: string): string {
    return value;
  }

  @Option({ flags: '--name <name>', description: 'string name (e.g. "Blog Title")', required: true })
  parseName(value: string): string {
    return value;
  }

  @Option({ flags: '--value <text>', description: 'the translation', required: true })
  parseValue(value: string): string {
    return value;
  }

  @Option({ flags: '--language <code>', description: 'en or no (default no)' })
  parseLanguage(value: string): 'en' | 'no' {
    return parseLanguage(value);
  }
}
