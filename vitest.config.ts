import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A test file this small only calls the suite of a module beside it (`hire-to-ready.pglite.test.ts`). */
const WRAPPER_BYTES = 1024;

/**
 * The order vitest runs files in: its own (by group and project, failed first, then the longest of the last
 * run first), except on a machine with no earlier run (a fresh clone: CI), where vitest runs the largest
 * files first. A journey split into thin files per database or part (`hire-to-ready.pglite.test.ts` over
 * `hire-to-ready.ts`) then ran last, and one worker waited alone for the longest journey at the end; here such
 * a file weighs what the module it runs weighs.
 */
class Sequencer extends BaseSequencer {
  private readonly weights = new Map<string, number>();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const key = (file: TestSpecification) => `${file.project.name}:${path.relative(config.root, file.moduleId)}`;
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const lastA = cache.getFileTestResults(key(a));
      const lastB = cache.getFileTestResults(key(b));
      if (lastA && lastB) {
        if (lastA.failed !== lastB.failed) return lastA.failed ? -1 : 1;
        return lastB.duration - lastA.duration;
      }
      return this.weight(b.moduleId) - this.weight(a.moduleId);
    });
  }

  /** The file's size; a thin wrapper's is that of the largest module it imports from its own folder. */
  private weight(file: string): number {
    let weight = this.weights.get(file);
    if (weight !== undefined) return weight;
    weight = statSync(file).size;
    if (weight < WRAPPER_BYTES) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.\/[^']+)'/g)) {
        for (const candidate of [`${specifier}.ts`, `${specifier}.tsx`]) {
          const imported = path.resolve(path.dirname(file), candidate);
          try {
            weight = Math.max(weight, statSync(imported).size);
          } catch {
            // not this extension
          }
        }
      }
    }
    this.weights.set(file, weight);
    return weight;
  }
}

// Projects: the browser-side units run in jsdom, everything that talks to the real server runs in node, the
// Chromium suite runs after both (group order 1; on two cores it contended with the API suites when they ran
// side by side), two journeys at a time, and the multi-process suite last (group 2).
export default defineConfig({
  plugins: [react({ jsxImportSource: '@emotion/react' })],
  test: {
    // Two files at a time in every project (the e2e one says so itself): vitest's default is one fewer than the
    // cores, which on these two-core machines ran the unit and server files one at a time.
    maxWorkers: 2,
    // The longest files first, a journey split into thin per-database files included (Sequencer above).
    sequence: { sequencer: Sequencer },
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
