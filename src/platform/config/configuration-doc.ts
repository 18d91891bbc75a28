import { AppConfig } from './app-config';
import { envVarsOf } from './env-var.decorator';

/** The path, from the repository root, of the page this module writes (`npm run docs:config`). */
export const CONFIGURATION_DOC = 'docs/configuration.md';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** docs/configuration.md, generated from the `@EnvVar` declarations of `AppConfig` (unformatted: Prettier lays out the table). */
export function configurationMarkdown(): string {
  const rows = envVarsOf(AppConfig.prototype).map(
    (v) =>
      `| \`${v.name}\` | ${v.defaultText === undefined ? '(none)' : `\`${cell(v.defaultText)}\``} | ${cell(v.description)} |`,
  );
  return [
    '# Configuration',
    '',
    'Every variable is declared once in `src/platform/config/app-config.ts` (type, default, description) and validated at',
    'start-up; a wrong value stops the service with a message naming the variable. This page is generated from that',
    'declaration by `npm run docs:config`, and a unit test fails when it is out of date.',
    '',
    '| Variable | Default | Description |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
