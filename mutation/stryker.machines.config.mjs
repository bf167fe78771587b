// @ts-check
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/*', './mutation/ignore-documentation.mjs'],
  ignorers: ['documentation'],
  vitest: { configFile: 'mutation/vitest.machines.config.ts', related: false },
  mutate: ['src/machines/*-machine.ts', 'src/machines/activity-listener.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/machines.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 85, break: null },
};
