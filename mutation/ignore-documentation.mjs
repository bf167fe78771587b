// @ts-check
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

/**
 * Mutants that no behaviour can tell apart, ignored with the reason (DECISIONS.md, issue 8):
 * - a statechart's `description`, and a state node that holds nothing but one: documentation for the
 *   Stately visualizer and `npm run machines:export`;
 * - `types: {...}` in `setup()`: TypeScript's view of the machine, unused at run time;
 * - a default actor whose body only throws "<name> is not provided": a placeholder the app always replaces
 *   (src/app/app-actor.tsx), never run by the product.
 */
const keyName = (property) => (!property.computed && property.key.type === 'Identifier' ? property.key.name : null);

const isPlaceholderActorBody = (node) =>
  node?.type === 'BlockStatement' &&
  node.body.length === 1 &&
  node.body[0].type === 'ThrowStatement' &&
  node.body[0].argument?.type === 'NewExpression' &&
  node.body[0].argument.arguments[0]?.type === 'StringLiteral' &&
  / is not provided$/.test(node.body[0].argument.arguments[0].value);

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'documentation', {
    shouldIgnore(path) {
      const parent = path.parentPath;
      if (parent?.isObjectProperty() && parent.node.value === path.node) {
        const key = keyName(parent.node);
        if (key === 'description') return 'a statechart description is documentation, read by no behaviour';
        if (key === 'types') return "setup's types are TypeScript's view of the machine, unused at run time";
      }
      if (
        path.isObjectExpression() &&
        path.node.properties.length > 0 &&
        path.node.properties.every((p) => p.type === 'ObjectProperty' && keyName(p) === 'description')
      ) {
        return 'a state node that holds only its description';
      }
      if (isPlaceholderActorBody(path.node)) return 'a placeholder actor the app always replaces';
      for (let ancestor = path.parentPath; ancestor; ancestor = ancestor.parentPath) {
        if (isPlaceholderActorBody(ancestor.node)) return 'a placeholder actor the app always replaces';
        if (ancestor.isFunction()) break;
      }
      return undefined;
    },
  }),
];
