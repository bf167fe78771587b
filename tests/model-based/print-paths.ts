/** `npm run test:paths`: the paths generated from each real machine, for QA to read. */
import { generatePaths, machineInventory, machineModels } from './machine-models';

const only = process.argv[2];
for (const model of machineModels) {
  if (only && model.name !== only) continue;
  const paths = generatePaths(model);
  const { states, transitions } = machineInventory(model.machine);
  console.log(`\n# ${model.name}: ${paths.length} paths, ${states.size} state nodes, ${transitions.size} transitions`);
  paths.forEach((path, index) => {
    console.log(`\n${index + 1}. input ${JSON.stringify(path.input) ?? '(none)'}`);
    for (const step of path.steps) {
      console.log(
        `   ${step.event.type === 'xstate.init' ? 'start' : step.event.type.padEnd(44)} → ${JSON.stringify(step.value)}`,
      );
    }
  });
}
