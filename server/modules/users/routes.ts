import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageOf, pagedAnswer } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import * as schemas from './schemas';
import { createUserService } from './service';

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const users = createUserService(app);
  const viewUsers = { access: { permission: 'view-users' as const } };

  app.get('/api/users/', { schema: schemas.userListSchema, config: viewUsers }, async (request) => {
    const { limit, offset, ...filter } = request.query;
    const page = pageOf({ limit, offset });
    const { count, results } = await users.list(requireOrganization(request), filter, page);
    return pagedAnswer(request, page, count, results);
  });

  app.post('/api/users/', { schema: schemas.userCreateSchema, config: viewUsers }, async (request, reply) => {
    const { email, first_name, last_name, role } = request.body;
    const user = await users.invite(request, requireOrganization(request), { email, first_name, last_name, role });
    return reply.status(201).send(user);
  });

  app.get('/api/users/:id/', { schema: schemas.userRetrieveSchema, config: viewUsers }, async (request) =>
    users.retrieve(requireOrganization(request), request.params.id),
  );

  app.patch('/api/users/:id/', { schema: schemas.userUpdateSchema, config: viewUsers }, async (request) => {
    const { is_active, role } = request.body;
    return users.update(request, requireOrganization(request), request.params.id, { is_active, role });
  });

  app.post(
    '/api/users/:id/invitation/',
    { schema: schemas.userInvitationSchema, config: viewUsers },
    async (request, reply) => {
      await users.resendInvitation(request, requireOrganization(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default userRoutes;
