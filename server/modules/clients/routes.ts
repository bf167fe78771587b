import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ClientType } from '#domain/labels';
import { actorOf } from '../../lib/actor';
import { listAnswer } from '../../lib/paging';
import * as schemas from './schemas';
import { createClientAccessHistory } from './access-history';
import { createClientServices } from './client-services';
import { createClientList } from './list';
import { createClientPortalUsers } from './portal-users';
import { createClientRecord } from './record';
import { createClientWelcome } from './welcome';

const clientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const record = createClientRecord(app);
  const { list } = createClientList(app);
  const services = createClientServices(app);
  const { invite } = createClientPortalUsers(app);
  const { accessHistory } = createClientAccessHistory(app);
  const { welcome } = createClientWelcome(app);
  // spec 7 has no client permission: the office (admin, master) works clients, as its /clients prefix says
  const office = { access: { roles: ['ROLE_ADMIN' as const, 'ROLE_MASTER' as const] } };

  app.get('/api/clients/', { schema: schemas.clientListSchema, config: office }, async (request) =>
    listAnswer(request, (filter, page) => list(actorOf(request), filter, page)),
  );

  app.post('/api/clients/', { schema: schemas.clientCreateSchema, config: office }, async (request, reply) =>
    reply
      .status(201)
      .send(
        await record.create(actorOf(request), { ...request.body, type: request.body.type as ClientType } as Parameters<
          typeof record.create
        >[1]),
      ),
  );

  // the signed-in client's own home (before /:id, which it would otherwise match); spec 6 gives a client no
  // permission of their own (change-signature is the office's too), so who may open it is who one is: a client
  app.get(
    '/api/clients/welcome/',
    { schema: schemas.welcomeSchema, config: { access: { roles: ['ROLE_CLIENT' as const] } } },
    async (request) => welcome(actorOf(request)),
  );

  app.get('/api/clients/:id/', { schema: schemas.clientRetrieveSchema, config: office }, async (request) =>
    record.retrieve(actorOf(request), request.params.id),
  );

  app.patch('/api/clients/:id/', { schema: schemas.clientUpdateSchema, config: office }, async (request) =>
    record.update(actorOf(request), request.params.id, request.body as Parameters<typeof record.update>[2]),
  );

  app.post(
    '/api/clients/:id/services/',
    { schema: schemas.serviceCreateSchema, config: office },
    async (request, reply) =>
      reply.status(201).send(await services.addService(actorOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/clients/:id/services/:service_id/',
    { schema: schemas.serviceUpdateSchema, config: office },
    async (request) =>
      services.updateService(actorOf(request), request.params.id, request.params.service_id, request.body),
  );

  app.post(
    '/api/clients/:id/authorizations/',
    { schema: schemas.authorizationCreateSchema, config: office },
    async (request, reply) =>
      reply.status(201).send(await services.addAuthorization(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/clients/:id/invitation/',
    { schema: schemas.invitationCreateSchema, config: office },
    async (request, reply) =>
      reply.status(201).send(await invite(actorOf(request), request.log, request.params.id, request.body)),
  );

  app.get(
    '/api/clients/:id/access-history/',
    { schema: schemas.accessHistorySchema, config: office },
    async (request) => listAnswer(request, (_, page) => accessHistory(actorOf(request), request.params.id, page)),
  );
};

export default clientRoutes;
