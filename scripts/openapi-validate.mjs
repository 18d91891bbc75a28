#!/usr/bin/env node
// Validates an OpenAPI document (a file, or standard input) against the OpenAPI schemas of its version
// (@seriousme/openapi-schema-validator, which also checks that every $ref resolves). Exit code 1 when invalid.
// Usage: node scripts/openapi-validate.mjs [docs/openapi.json]
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';

const file = process.argv[2];
const document = JSON.parse(readFileSync(file ?? 0, 'utf8'));
const validator = new Validator();
const result = await validator.validate(document);
if (result.valid) {
  console.log(`valid OpenAPI ${validator.version} document`);
} else {
  console.error(JSON.stringify(result.errors, null, 2));
  process.exitCode = 1;
}
