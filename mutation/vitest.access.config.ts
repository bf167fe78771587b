import { defineConfig } from 'vitest/config';

// Mutation testing (npm run test:mutation), who may do what: the permission and route tables, the
// authorization and organization plugins and the access token, against their unit tests and the security
// matrix (the real server on the embedded database, expectations from the hand-written access table).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', environment: 'node', include: ['src/domain/**/*.test.ts'] } },
      {
        test: {
          name: 'access',
          environment: 'node',
          include: [
            'server/lib/access-token.test.ts',
            'server/plugins/authorization.test.ts',
            'server/plugins/organization.test.ts',
            'tests/api/security-matrix.test.ts',
            'tests/api/tenancy.test.ts',
          ],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
