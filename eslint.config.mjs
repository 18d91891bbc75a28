import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';

// The units of the house: each platform folder (each small library of platform/common) and each namespace family
// of modules/. A unit's internals are its own: another unit imports it through one of its public files (index.ts).
const folders = (dir) =>
  readdirSync(join(import.meta.dirname, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `./${dir}/${entry.name}`);
const UNITS = [
  ...folders('src/platform').filter((dir) => !dir.endsWith('/common')),
  ...folders('src/platform/common'),
  ...folders('src/modules'),
];
const BOUNDARY_ZONES = [
  {
    target: './src/platform',
    from: './src/modules',
    message: 'The platform stands under every namespace and knows none of them.',
  },
  ...UNITS.map((unit) => ({
    target: UNITS.filter((other) => other !== unit),
    from: `${unit}/**/*`,
    except: ['**/index.ts'],
    message: 'Import another unit through its public file (an index.ts), never its internals.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'data/**',
      'jest.config.js',
      'scripts/**',
      'client/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      // type-aware: a forgotten await or a promise where a callback expects void loses errors silently
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.spec.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.js', '.json'] } } },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: BOUNDARY_ZONES }] },
  },
  {
    // Services hold the rules and run without an HTTP request (jobs, CLI, imports): only controllers read the
    // wire (RestCall), build responses and paginate.
    files: ['src/**/*.service.ts', 'src/**/*.repository.ts', 'src/**/*.policy.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/rest', '**/rest/**'],
              importNames: ['RestCall', 'RestResponse', 'paginated', 'pageUrls'],
              message:
                'Services take the acting user and a typed input; the controller reads the call and answers.',
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations are frozen history: they use TypeORM and the column helpers, never live code that changes later.
    files: ['src/platform/database/migrations/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!migration-columns$)',
              message: 'A migration must not import live code (entities, services); copy what it needs.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.spec.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
);
