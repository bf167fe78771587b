import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ClientType } from '#domain/labels';
import { pageOf, pagedAnswer } from '../../lib/paging';
import * as schemas from './schemas';
import { createClientService } from './service';

const clientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const clients = createClientService(app);
  // spec 7 has no client permission: the office (admin, master) works clients, as its /clients prefix says
  const office = { access: { roles: ['ROLE_ADMIN' as const, 'ROLE_MASTER' as const] } };

  app.get('/api/clients/', { schema: schemas.clientListSchema, config: office }, async (request) => {
    const { limit, offset, ...filter } = request.query;
    const page = pageOf({ limit, offset });
    const { count, results } = await clients.list(request, filter, page);
    return pagedAnswer(request, page, count, results);
  });

  app.post('/api/clients/', { schema: schemas.clientCreateSchema, config: office }, async (request, reply) =>
    reply
      .status(201)
      .send(
        await clients.create(request, { ...request.body, type: request.body.type as ClientType } as Parameters<
          typeof clients.create
        >[1]),
      ),
  );

  // the signed-in client's own home (before /:id, which it would otherwise match)
  app.get(
    '/api/clients/welcome/',
    { schema: schemas.welcomeSchema, config: { access: { roles: ['ROLE_CLIENT' as const] } } },
    async (request) => clients.welcome(request),
  );

  app.get('/api/clients/:id/', { schema: schemas.clientRetrieveSchema, config: office }, async (request) =>
    clients.retrieve(request, request.params.id),
  );

  app.patch('/api/clients/:id/', { schema: schemas.clientUpdateSchema, config: office }, async (request) =>
    clients.update(request, request.params.id, request.body as Parameters<typeof clients.update>[2]),
  );

  app.post(
    '/api/clients/:id/services/',
    { schema: schemas.serviceCreateSchema, config: office },
    async (request, reply) =>
      reply.status(201).send(await clients.addService(request, request.params.id, request.body)),
  );

  app.patch(
    '/api/clients/:id/services/:service_id/',
    { schema: schemas.serviceUpdateSchema, config: office },
    async (request) => clients.updateService(request, request.params.id, request.params.service_id, request.body),
  );

  app.post(
    '/api/clients/:id/authorizations/',
    { schema: schemas.authorizationCreateSchema, config: office },
    async (request, reply) =>
      reply.status(201).send(await clients.addAuthorization(request, request.params.id, request.body)),
  );

  app.post(
    '/api/clients/:id/invitation/',
    { schema: schemas.invitationCreateSchema, config: office },
    async (request, reply) =>
      reply
        .status(201)
        .send(await clients.invite(request, request.params.id, request.body as Parameters<typeof clients.invite>[2])),
  );

  app.get(
    '/api/clients/:id/access-history/',
    { schema: schemas.accessHistorySchema, config: office },
    async (request) => {
      const page = pageOf(request.query);
      const { count, results } = await clients.accessHistory(request, request.params.id, page);
      return pagedAnswer(request, page, count, results);
    },
  );
};

export default clientRoutes;
