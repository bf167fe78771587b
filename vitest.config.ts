import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: the browser-side units run in jsdom, everything that talks to the real server runs in
// node, and the Chromium suite runs last in node with its own (longer) timeouts.
export default defineConfig({
  plugins: [react({ jsxImportSource: '@emotion/react' })],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test-setup.ts'],
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
          fileParallelism: false,
        },
      },
    ],
  },
});
