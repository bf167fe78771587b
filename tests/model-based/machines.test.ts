import { describe, expect, it } from 'vitest';
import type { GeneratedPath } from './machine-models';

// The machines are defined when their modules load, and the paths are walked from their graphs while the tests
// are collected. A statechart that throws as it is defined (the app's bundle would fail: a blank page), or a
// step of one that throws (the actor would stop with an error), must fail a test here, not only the file's
// collection, which a runner may count as no test failed (Stryker does).
const loaded = await import('./machine-models').then(
  (module) => ({ module, error: null }),
  (error: unknown) => ({ module: null, error }),
);

it('every statechart is defined without an error (the app loads)', () => {
  if (loaded.error) throw loaded.error;
  expect(loaded.module?.machineModels.length).toBeGreaterThan(0);
});

const models = loaded.module?.machineModels ?? [];

describe.each(models.map((model) => [model.name, model] as const))('%s machine, paths from its graph', (_, model) => {
  const { drivePath, generatePaths, machineInventory } = loaded.module!;
  let paths: GeneratedPath[] = [];
  let walkError: unknown = null;
  try {
    paths = generatePaths(model);
  } catch (error) {
    walkError = error;
  }
  const coverage = { states: new Set<string>(), transitions: new Set<string>() };

  it('its graph is walked from every input without an error', () => {
    if (walkError) throw walkError;
    expect(paths.length).toBeGreaterThan(0);
  });

  it.each(paths.map((path) => [path.description || '(initial state)', path] as const))('%s', async (_, path) => {
    expect(await drivePath(model, path, coverage)).toEqual([]);
  });

  it('the paths reach every state node', () => {
    const { states } = machineInventory(model.machine);
    expect([...states].filter((state) => !coverage.states.has(state))).toEqual([]);
  });

  it('the paths take every transition', () => {
    const { transitions } = machineInventory(model.machine);
    expect([...transitions].filter((transition) => !coverage.transitions.has(transition))).toEqual([]);
  });
});
