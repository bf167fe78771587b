import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { listAnswer } from '../../lib/paging';
import * as schemas from './schemas';
import { createUserService } from './service';

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const users = createUserService(app);
  const viewUsers = { access: { permission: 'view-users' as const } };

  app.get('/api/users/', { schema: schemas.userListSchema, config: viewUsers }, async (request) =>
    listAnswer(request, (filter, page) => users.list(actorOf(request), filter, page)),
  );

  // the mails log a failed send on the request's logger
  app.post('/api/users/', { schema: schemas.userCreateSchema, config: viewUsers }, async (request, reply) =>
    reply.status(201).send(await users.invite(actorOf(request), request.log, request.body)),
  );

  app.get('/api/users/:id/', { schema: schemas.userRetrieveSchema, config: viewUsers }, async (request) =>
    users.retrieve(actorOf(request), request.params.id),
  );

  app.patch('/api/users/:id/', { schema: schemas.userUpdateSchema, config: viewUsers }, async (request) =>
    users.update(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/users/:id/invitation/',
    { schema: schemas.userInvitationSchema, config: viewUsers },
    async (request, reply) => {
      await users.resendInvitation(actorOf(request), request.log, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default userRoutes;
