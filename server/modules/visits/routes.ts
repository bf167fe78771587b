import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { sendCsv } from '../../lib/csv-download';
import { listAnswer, pageOf } from '../../lib/paging';
import { createVisitBoard } from './board';
import { createVisitBooking } from './booking';
import { createVisitClock } from './clock';
import { createVisitExceptions } from './exceptions';
import { createVisitExport } from './export';
import { createVisitRecurrences } from './recurrences';
import * as schemas from './schemas';

const visitRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const booking = createVisitBooking(app);
  const { recur } = createVisitRecurrences(app);
  const { board } = createVisitBoard(app);
  const clock = createVisitClock(app);
  const exceptions = createVisitExceptions(app);
  const { exportCsv } = createVisitExport(app);
  // the office schedules and verifies; READY caregivers (view-workschedules) work their own day; a client sees their own visits
  const office = { access: { roles: ['ROLE_ADMIN' as const, 'ROLE_MASTER' as const] } };
  const caregivers = { access: { permission: 'view-workschedules' as const } };
  const anyoneWithVisits = {
    access: {
      roles: ['ROLE_ADMIN' as const, 'ROLE_MASTER' as const, 'ROLE_EMPLOYEE' as const, 'ROLE_CLIENT' as const],
    },
  };

  app.get('/api/visits/', { schema: schemas.visitListSchema, config: anyoneWithVisits }, async (request) =>
    listAnswer(request, (filter, page) => booking.list(actorOf(request), filter, page)),
  );

  app.post('/api/visits/', { schema: schemas.visitCreateSchema, config: office }, async (request, reply) =>
    reply.status(201).send(await booking.create(actorOf(request), request.body)),
  );

  app.post(
    '/api/visits/recurrences/',
    { schema: schemas.visitRecurrenceSchema, config: office },
    async (request, reply) => reply.status(201).send(await recur(actorOf(request), request.body)),
  );

  app.get('/api/visits/board/', { schema: schemas.visitBoardSchema, config: office }, async (request) => {
    const { limit, offset, ...query } = request.query;
    return board(actorOf(request), query, pageOf({ limit, offset }));
  });

  app.get('/api/visits/export/', { schema: schemas.visitExportSchema, config: office }, async (request, reply) => {
    const stream = await exportCsv(actorOf(request), request.query);
    return sendCsv(reply, `evv-visits-${request.query.from}-to-${request.query.to}.csv`, stream);
  });

  app.get('/api/visits/:id/', { schema: schemas.visitRetrieveSchema, config: anyoneWithVisits }, async (request) =>
    booking.retrieve(actorOf(request), request.params.id),
  );

  app.patch('/api/visits/:id/', { schema: schemas.visitUpdateSchema, config: office }, async (request) =>
    booking.update(actorOf(request), request.params.id, request.body),
  );

  app.post('/api/visits/:id/cancel/', { schema: schemas.visitCancelSchema, config: office }, async (request) =>
    booking.cancel(actorOf(request), request.params.id, request.body),
  );

  app.post('/api/visits/:id/clock-in/', { schema: schemas.visitClockInSchema, config: caregivers }, async (request) =>
    clock.clockIn(actorOf(request), request.params.id, request.body),
  );

  app.post('/api/visits/:id/clock-out/', { schema: schemas.visitClockOutSchema, config: caregivers }, async (request) =>
    clock.clockOut(actorOf(request), request.params.id, request.body),
  );

  app.post('/api/visits/:id/callout/', { schema: schemas.visitCalloutSchema, config: caregivers }, async (request) =>
    clock.callout(actorOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/visits/:id/request/',
    { schema: schemas.visitRequestSchema, config: caregivers },
    async (request, reply) => reply.status(201).send(await clock.ask(actorOf(request), request.params.id)),
  );

  app.get('/api/visit-exceptions/', { schema: schemas.exceptionListSchema, config: office }, async (request) =>
    listAnswer(request, (filter, page) => exceptions.exceptions(actorOf(request), filter, page)),
  );

  app.post(
    '/api/visit-exceptions/:id/resolve/',
    { schema: schemas.exceptionResolveSchema, config: office },
    async (request) => exceptions.resolve(actorOf(request), request.params.id, request.body),
  );
};

export default visitRoutes;
