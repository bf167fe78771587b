import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { global } from '../lib/plugin';

const OPERATION_ID = /^[a-z]+(_[a-z]+)+$/;

/**
 * The OpenAPI 3.1 document, generated from the route schemas, at GET /api/schema/ (Swagger UI at
 * /api/docs/). Each operation carries its access declaration as `x-access`, and registration fails for an
 * /api route without operationId, tag or access declaration.
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
          'Multi-organization home care staffing portal. Send `X-ORGANIZATION-TOKEN` with the organization token and ' +
          '`Authorization: Bearer <access>`. Each operation states who may call it in `x-access`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform({ schema, url, route }) {
      const access = route.config?.access;
      if (!schema || schema.hide || !access) return { schema, url };
      return {
        schema: { ...schema, 'x-access': access, ...('public' in access ? { security: [] } : { security: [{ bearer: [] }] }) },
        url,
      };
    },
  });

  app.get('/api/schema/', { schema: { hide: true }, config: { access: { public: true } } }, async () => app.swagger());

  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}, 'openapi');
