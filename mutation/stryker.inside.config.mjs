// @ts-check
/**
 * Who sees what inside one organization (quality.md, "Inside one organization"): the rules that decide which
 * grievance, which visit and which of its fields a person gets, the exceptions a faked position raises, and
 * the CSV cells, against the suites that state those rules by hand. The rules live in files of their own,
 * mutated whole: grievances/visibility.ts (visibleTo … find, serialize's internal-note filter, announce) and
 * visits/visibility.ts (viewOf, clockOf, serialize, findVisible, listWhere, placeClock).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/*', './mutation/ignore-documentation.mjs'],
  ignorers: ['documentation'],
  vitest: { configFile: 'mutation/vitest.inside.config.ts', related: false },
  mutate: [
    'server/modules/grievances/visibility.ts',
    'server/modules/visits/visibility.ts',
    'src/domain/visits.ts:76-87',
    'server/lib/csv.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 120_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/inside.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 85, break: null },
};
