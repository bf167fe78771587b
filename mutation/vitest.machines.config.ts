import { defineConfig } from 'vitest/config';

// Mutation testing (npm run test:mutation), statecharts: their unit tests and the model-based paths with
// their independent oracles.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'machines-unit',
          environment: 'jsdom',
          include: ['src/machines/**/*.test.ts'],
          setupFiles: ['src/test-setup.ts'],
        },
      },
      { test: { name: 'machines-paths', environment: 'node', include: ['tests/model-based/**/*.test.ts'] } },
    ],
  },
});
