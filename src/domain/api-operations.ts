// Pure (no imports): the server serves the app this document (server/plugins/openapi.ts) and the client
// builds itself from it (src/api/client.ts).

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The API definition the app loads: the served OpenAPI document cut to what openapi-client-axios reads, each
 * operation's operationId, parameters and servers and the components these refer to (no descriptions, bodies
 * or responses). A tenth of the size, and a phone parses and dereferences it in a few milliseconds instead of
 * hundreds. Still a valid OpenAPI document.
 */
export function operationsOf<Document extends object>(definition: Document): Document {
  const source = definition as unknown as {
    paths?: Record<string, Record<string, unknown>>;
    components?: Record<string, Record<string, unknown>>;
  };
  const kept = (object: Record<string, unknown> | undefined, keys: readonly string[]) =>
    Object.fromEntries(keys.filter((key) => object?.[key] !== undefined).map((key) => [key, object![key]]));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(source.paths ?? {})) {
    paths[path] = kept(item, ['parameters', 'servers']);
    for (const method of METHODS) {
      const operation = item[method] as Record<string, unknown> | undefined;
      if (operation) paths[path][method] = kept(operation, ['operationId', 'parameters', 'servers']);
    }
  }
  // The components that what is kept refers to, and the ones those refer to.
  const components: Record<string, Record<string, unknown>> = {};
  const pending = [paths as unknown];
  while (pending.length) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...value);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const match =
          key === '$ref' && typeof inner === 'string' ? /^#\/components\/([^/]+)\/([^/]+)$/.exec(inner) : null;
        if (match) {
          const [, kind, name] = match as unknown as [string, string, string];
          const target = source.components?.[kind]?.[name];
          if (target !== undefined && components[kind]?.[name] === undefined) {
            (components[kind] ??= {})[name] = target;
            pending.push(target);
          }
        } else pending.push(inner);
      }
    }
  }
  const { openapi, info, servers } = definition as {
    openapi?: string;
    info?: { title?: string; version?: string };
    servers?: unknown;
  };
  return {
    openapi,
    info: { title: info?.title, version: info?.version },
    ...(servers ? { servers } : {}),
    paths,
    components,
  } as unknown as Document;
}
