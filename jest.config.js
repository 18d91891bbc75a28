const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const project = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|file-type|uid|strtok3|token-types|@tokenizer|@borewit|uint8array-extras|load-esm|gettext-parser)/)',
  ],
};

// `npm test` runs both projects; `--selectProjects unit` or `e2e` runs one (npm run test:unit / test:e2e).
module.exports = {
  // for both projects (Jest reads it from the root); generous: on a busy CI machine a MariaDB suite's migrations
  // alone can take tens of seconds
  testTimeout: 60000,
  projects: [
    {
      ...project,
      displayName: 'unit',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
    },
    {
      ...project,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
    },
  ],
};
