import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * Marks a plugin as not encapsulated (what fastify-plugin does), so its decorators and hooks apply to the
 * whole app. Written out because fastify-plugin is not a direct dependency.
 */
export function global<O extends FastifyPluginOptions>(
  plugin: FastifyPluginAsync<O>,
  name: string,
): FastifyPluginAsync<O> {
  const marked = plugin as FastifyPluginAsync<O> & Record<symbol, unknown>;
  marked[Symbol.for('skip-override')] = true;
  marked[Symbol.for('fastify.display-name')] = name;
  return marked;
}
