import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { listAnswer } from '../../lib/paging';
import * as schemas from './schemas';
import { createGrievanceService } from './service';

const grievanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const grievances = createGrievanceService(app);
  // product.md, "Talking to the office": an employee (view-grievances: READY, spec 7) or a client files and
  // follows their own; the office (admin, master) works the organization's desk and alone moves them along.
  // The service refuses an employee without view-grievances.
  const complainantsOrOffice = {
    access: {
      roles: ['ROLE_ADMIN' as const, 'ROLE_MASTER' as const, 'ROLE_EMPLOYEE' as const, 'ROLE_CLIENT' as const],
    },
  };
  const office = { access: { roles: ['ROLE_ADMIN' as const, 'ROLE_MASTER' as const] } };
  // a client complainant shares their grievance with named family members of the same client (the service
  // answers 404 to anyone but the complainant)
  const clients = { access: { roles: ['ROLE_CLIENT' as const] } };

  app.get('/api/grievances/', { schema: schemas.grievanceListSchema, config: complainantsOrOffice }, async (request) =>
    listAnswer(request, (filter, page) => grievances.list(actorOf(request), filter, page)),
  );

  app.post(
    '/api/grievances/',
    { schema: schemas.grievanceCreateSchema, config: complainantsOrOffice },
    async (request, reply) => reply.status(201).send(await grievances.create(actorOf(request), request.body)),
  );

  app.get(
    '/api/grievances/:id/',
    { schema: schemas.grievanceRetrieveSchema, config: complainantsOrOffice },
    async (request) => grievances.retrieve(actorOf(request), request.params.id),
  );

  app.post(
    '/api/grievances/:id/transition/',
    { schema: schemas.grievanceTransitionSchema, config: office },
    async (request) => grievances.transition(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/grievances/:id/notes/',
    { schema: schemas.grievanceNoteSchema, config: complainantsOrOffice },
    async (request, reply) =>
      reply.status(201).send(await grievances.addNote(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/grievances/:id/shares/',
    { schema: schemas.grievanceSharesListSchema, config: clients },
    async (request) => grievances.family(actorOf(request), request.params.id),
  );

  app.post(
    '/api/grievances/:id/shares/',
    { schema: schemas.grievanceShareCreateSchema, config: clients },
    async (request, reply) =>
      reply.status(201).send(await grievances.share(actorOf(request), request.params.id, request.body.user_id)),
  );

  app.delete(
    '/api/grievances/:id/shares/:user_id/',
    { schema: schemas.grievanceShareDestroySchema, config: clients },
    async (request, reply) => {
      await grievances.unshare(actorOf(request), request.params.id, request.params.user_id);
      return reply.status(204).send(null);
    },
  );
};

export default grievanceRoutes;
