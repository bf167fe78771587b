import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { listAnswer } from '../../lib/paging';
import * as schemas from './schemas';
import { createReferralService } from './service';

const referralRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const referrals = createReferralService(app);
  // the marketer works their own referrals (view-referrals); the office all of them (view-marketer)
  const marketerOrOffice = { access: { permission: ['view-referrals' as const, 'view-marketer' as const] } };
  const office = { access: { permission: 'view-marketer' as const } };

  app.get('/api/referrals/', { schema: schemas.referralListSchema, config: marketerOrOffice }, async (request) =>
    listAnswer(request, (filter, page) => referrals.list(actorOf(request), filter, page)),
  );

  app.post(
    '/api/referrals/',
    { schema: schemas.referralCreateSchema, config: marketerOrOffice },
    async (request, reply) => reply.status(201).send(await referrals.create(actorOf(request), request.body)),
  );

  app.get(
    '/api/referrals/:id/',
    { schema: schemas.referralRetrieveSchema, config: marketerOrOffice },
    async (request) => referrals.retrieve(actorOf(request), request.params.id),
  );

  app.patch(
    '/api/referrals/:id/',
    { schema: schemas.referralUpdateSchema, config: marketerOrOffice },
    async (request) => referrals.update(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/referrals/:id/notes/',
    { schema: schemas.referralNoteSchema, config: marketerOrOffice },
    async (request, reply) =>
      reply.status(201).send(await referrals.addNote(actorOf(request), request.params.id, request.body.note)),
  );

  app.post('/api/referrals/:id/status/', { schema: schemas.referralStatusSchema, config: office }, async (request) =>
    referrals.changeStatus(actorOf(request), request.params.id, request.body),
  );

  app.post('/api/referrals/:id/admit/', { schema: schemas.referralAdmitSchema, config: office }, async (request) =>
    referrals.admit(actorOf(request), request.params.id, request.body ?? {}),
  );
};

export default referralRoutes;
