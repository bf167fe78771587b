// @ts-check
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

/**
 * A statechart's `description` is documentation for the Stately visualizer and `npm run machines:export`:
 * no behaviour reads it, so a changed description is an equivalent mutant (DECISIONS.md, issue 8).
 */
export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'documentation', {
    shouldIgnore(path) {
      const parent = path.parentPath;
      if (
        parent?.isObjectProperty() &&
        parent.node.value === path.node &&
        !parent.node.computed &&
        parent.node.key.type === 'Identifier' &&
        parent.node.key.name === 'description'
      ) {
        return 'a statechart description is documentation, read by no behaviour';
      }
      return undefined;
    },
  }),
];
