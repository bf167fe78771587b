import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Projects: the browser-side units run in jsdom, everything that talks to the real server runs in node, the
// Chromium suite runs after both (group order 1; on two cores it contended with the API suites when they ran
// side by side), two journeys at a time, and the multi-process suite last (group 2).
export default defineConfig({
  plugins: [react({ jsxImportSource: '@emotion/react' })],
  test: {
    // Two files at a time in every project (the e2e one says so itself): vitest's default is one fewer than the
    // cores, which on these two-core machines ran the unit and server files one at a time.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test-setup.ts'],
          sequence: { groupOrder: 0 },
          // Page tests drive whole forms through user-event; on a busy 2-core machine they need headroom.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/model-based/**/*.test.ts'],
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // quality.md's multi-process suite: real server processes on one PostgreSQL (skipped, saying so,
          // without TEST_DATABASE_URL); spawned once per file, one file at a time, after the Chromium suite
          // (group 2: side by side with it, two cores were not enough for both)
          name: 'multi-process',
          environment: 'node',
          include: ['tests/multi-process/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Two journeys at a time: a journey mostly waits on the browser and its server (about a third of a
          // core each), so two files share the two cores without starving each other.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
