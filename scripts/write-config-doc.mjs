// `npm run docs:config`: writes docs/configuration.md from AppConfig's declarations (run after `npm run build`).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as prettier from 'prettier';

const root = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
require('reflect-metadata');
const { configurationMarkdown, CONFIGURATION_DOC } = require(
  join(root, 'dist/src/platform/config/configuration-doc.js'),
);
const file = join(root, CONFIGURATION_DOC);
const options = { ...(await prettier.resolveConfig(file)), filepath: file };
writeFileSync(file, await prettier.format(configurationMarkdown(), options));
console.log(`wrote ${CONFIGURATION_DOC}`);
