import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageOf, pagedAnswer } from '../../lib/paging';
import * as schemas from './schemas';
import { createGrievanceService } from './service';

const grievanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const grievances = createGrievanceService(app);
  // clients (and their family) report concerns from their home page; the office's desk comes with the grievances issue
  const clients = { access: { roles: ['ROLE_CLIENT' as const] } };

  app.get('/api/grievances/', { schema: schemas.grievanceListSchema, config: clients }, async (request) => {
    const page = pageOf(request.query);
    const { count, results } = await grievances.list(request, page);
    return pagedAnswer(request, page, count, results);
  });

  app.post('/api/grievances/', { schema: schemas.grievanceCreateSchema, config: clients }, async (request, reply) =>
    reply.status(201).send(await grievances.create(request, request.body)),
  );
};

export default grievanceRoutes;
