import { defineConfig } from 'vitest/config';

// Mutation testing (npm run test:mutation -- inside): who sees what inside one organization, against the
// hand-written table of secrets (tests/api/inside-organization.ts) and the grievance, visit, audit and CSV
// suites, on the embedded database.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'inside',
          environment: 'node',
          include: [
            'tests/api/inside-organization.pglite.test.ts',
            'server/modules/grievances/grievances-*.test.ts',
            'server/modules/visits/visits-*.test.ts',
            'server/modules/visits/place-clock.test.ts',
            'src/domain/visits.test.ts',
            'server/plugins/audit-reads.test.ts',
            'server/lib/csv.test.ts',
          ],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
