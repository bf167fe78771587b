// @ts-check
/**
 * Who sees what inside one organization (quality.md, "Inside one organization"): the rules that decide which
 * grievance, which visit and which of its fields a person gets, the exceptions a faked position raises, and
 * the CSV cells, against the suites that state those rules by hand. The services are large, so only the rules'
 * functions are mutated, by line range: grievances (visibleTo … find, serialize's internal-note filter,
 * announce), visits (clockOf, serialize, findVisible; placeClock; listWhere). Move a range with its function.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/*', './mutation/ignore-documentation.mjs'],
  ignorers: ['documentation'],
  vitest: { configFile: 'mutation/vitest.inside.config.ts', related: false },
  mutate: [
    'server/modules/grievances/service.ts:127-197',
    'server/modules/grievances/service.ts:242-283',
    'server/modules/grievances/service.ts:293-303',
    'server/modules/visits/service.ts:124-273',
    'server/modules/visits/service.ts:396-415',
    'server/modules/visits/service.ts:478-508',
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
