// @ts-check
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/*', './mutation/ignore-documentation.mjs'],
  ignorers: ['documentation'],
  vitest: { configFile: 'mutation/vitest.access.config.ts', related: false },
  mutate: [
    'src/domain/permissions.ts',
    'src/domain/routes.ts',
    'src/domain/roles.ts',
    'server/plugins/authorization.ts',
    'server/plugins/organization.ts',
    'server/lib/access-token.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 120_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/access.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 85, break: null },
};
