import { describe, expect, it } from 'vitest';
import { drivePath, generatePaths, machineInventory, machineModels } from './machine-models';

describe.each(machineModels.map((model) => [model.name, model] as const))('%s machine, paths from its graph', (_, model) => {
  const paths = generatePaths(model);
  const coverage = { states: new Set<string>(), transitions: new Set<string>() };

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
