import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

// the top-level folders of src/: the platform and namespace modules (common/ holds independent small
// libraries, each imported through its own index.ts: common/slug, common/html)
const MODULES = readdirSync(join(import.meta.dirname, 'src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'common')
  .map((entry) => entry.name);
const MODULE_BOUNDARY = {
  regex: `^(\\.\\./)+(${MODULES.join('|')})/.+`,
  message: "Import another module through its public file (its index.ts), e.g. '../../rest'.",
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', 'jest.config.js', 'scripts/**'] },
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
    // A module's internals are its own: other modules import its public file (index.ts) only.
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.spec.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MODULE_BOUNDARY] }] },
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
            MODULE_BOUNDARY,
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
    files: ['src/database/migrations/*.ts'],
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
