import { createHash } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { operationsOf } from '#domain/api-operations';
import { global } from '../lib/plugin';
import {
  accessSentence,
  API_TAGS,
  gatherNamedSchemas,
  operationSecurity,
  SECURITY_SCHEMES,
  successDescription,
} from '../schemas/openapi-document';

const OPERATION_ID = /^[a-z]+(_[a-z]+)+$/;

/**
 * The served document (`text`), and the app's cut of it (src/domain/api-operations.ts) with its version (a hash of
 * its text) and the versioned URL the app loads it from.
 */
export interface ApiDefinition {
  text: string;
  version: string;
  url: string;
  appText: string;
}

/** The parts of the generated document that undescribed success responses are read and described from. */
interface OpenApiObject extends Record<string, unknown> {
  paths?: Record<string, Record<string, { responses?: Record<string, OpenApiResponse> } | undefined>>;
}

interface OpenApiResponse {
  description?: string;
  content?: Record<string, { schema?: Record<string, unknown> } | undefined>;
}

export const API_DEFINITION_PATH = '/api/schema/';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The OpenAPI 3.1 document, generated from the route schemas, at GET /api/schema/ (Swagger UI at
 * /api/docs/). Each operation carries its access declaration as `x-access`, and registration fails for an
 * /api route without operationId, tag or access declaration.
 *
 * The app loads its cut of it (the operations: src/domain/api-operations.ts) from `/api/schema/<version>/`, the URL
 * index.html names (plugins/static.ts): the version is a hash of that document, so the URL is cached for a
 * year (immutable) and a browser downloads it again only when it changes. Another version's URL answers 404,
 * never the current document.
 */
export const openapiPlugin = global(async (app) => {
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api/') || route.schema?.hide || url.startsWith('/api/docs')) return;
    const operationId = route.schema?.operationId as string | undefined;
    const problems = [
      !operationId || !OPERATION_ID.test(operationId) ? 'an operationId <resource>_<action>' : null,
      !route.schema?.tags?.length ? 'a tag' : null,
      !route.config?.access ? 'config.access' : null,
      !route.schema?.response ? 'a response schema' : null,
    ].filter(Boolean);
    if (problems.length) throw new Error(`${route.method} ${url} lacks ${problems.join(', ')}`);
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Care Portal API',
        version: '1.0.0',
        description:
          'The API of Care Portal, a multi-organization home care staffing portal. Sign in with auth_login_create, then send ' +
          '`Authorization: Bearer <access>` and, to act in an organization, `X-ORGANIZATION-TOKEN: <organization token>` ' +
          '(see the security schemes). Lists page with `limit` and `offset` and answer `{ count, next, previous, results }`. ' +
          'Every error answers `{ detail, code, fields }`, where `fields` names each refused input. Each operation states ' +
          'who may call it in its description and in `x-access`.',
        contact: { name: 'The operator of this Care Portal installation' },
        license: { name: 'Proprietary (not an open-source license)', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'This server: every operation path starts with /api/' }],
      tags: API_TAGS,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform({ schema, url, route }) {
      const access = route.config?.access;
      if (!schema || schema.hide || !access) return { schema, url };
      const description =
        typeof schema.description === 'string' ? `${schema.description}\n\n${accessSentence(access)}` : undefined;
      return {
        schema: {
          ...schema,
          ...(description ? { description } : {}),
          'x-access': access,
          security: operationSecurity(String(schema.operationId), access),
        },
        url,
      };
    },
    // success responses the route leaves undescribed are described from what they answer; named schemas move to components
    transformObject(documentObject) {
      const { openapiObject } = documentObject as { openapiObject: OpenApiObject };
      for (const item of Object.values(openapiObject.paths ?? {})) {
        for (const operation of Object.values(item)) {
          for (const [status, response] of Object.entries(operation?.responses ?? {})) {
            if (response.description !== 'Default Response') continue;
            const schema = Object.values(response.content ?? {})[0]?.schema;
            response.description = successDescription(status, schema) ?? response.description;
          }
        }
      }
      return gatherNamedSchemas(openapiObject);
    },
  });

  let definition: ApiDefinition | null = null;
  app.decorate('apiDefinition', () => {
    if (!definition) {
      const document = app.swagger();
      const appText = JSON.stringify(operationsOf(document));
      const version = createHash('sha256').update(appText).digest('base64url').slice(0, 16);
      definition = { text: JSON.stringify(document), version, url: `${API_DEFINITION_PATH}${version}/`, appText };
    }
    return definition;
  });

  const hidden = { schema: { hide: true }, config: { access: { public: true } } } as const;
  app.get(API_DEFINITION_PATH, hidden, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(app.apiDefinition().text),
  );
  app.get<{ Params: { version: string } }>(
    `${API_DEFINITION_PATH}:version/`,
    {
      ...hidden,
      // A route's onSend runs after the global ones: this replaces the no-store of /api answers
      // (plugins/security-headers.ts) on the current version only.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) void reply.header('cache-control', IMMUTABLE).removeHeader('pragma');
        return payload;
      },
    },
    async (request, reply) => {
      const current = app.apiDefinition();
      if (request.params.version !== current.version) {
        return reply.status(404).send({
          detail: `This version of the API definition is not served; the current one is at ${current.url}`,
          code: 'not_found',
        });
      }
      return reply.header('etag', `"${current.version}"`).type('application/json; charset=utf-8').send(current.appText);
    },
  );

  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}, 'openapi');

declare module 'fastify' {
  interface FastifyInstance {
    /** The current API definition (computed once, after every route is registered). */
    apiDefinition: () => ApiDefinition;
  }
}
