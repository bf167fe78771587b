import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageOf, pagedAnswer } from '../../lib/paging';
import * as schemas from './schemas';
import { createVisitService } from './service';

const visitRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const visits = createVisitService(app);
  // the office schedules and verifies; READY caregivers (view-workschedules) work their own day; a client sees their own visits
  const office = { access: { roles: ['ROLE_ADMIN' as const, 'ROLE_MASTER' as const] } };
  const caregivers = { access: { permission: 'view-workschedules' as const } };

  app.get('/api/visits/', { schema: schemas.visitListSchema, config: { access: { roles: ['ROLE_ADMIN' as const, 'ROLE_MASTER' as const, 'ROLE_EMPLOYEE' as const, 'ROLE_CLIENT' as const] } } }, async (request) => {
    const { limit, offset, ...filter } = request.query;
    const page = pageOf({ limit, offset });
    const { count, results } = await visits.list(request, filter, page);
    return pagedAnswer(request, page, count, results);
  });

  app.post('/api/visits/', { schema: schemas.visitCreateSchema, config: office }, async (request, reply) => reply.status(201).send(await visits.create(request, request.body)));

  app.post('/api/visits/recurrences/', { schema: schemas.visitRecurrenceSchema, config: office }, async (request, reply) => reply.status(201).send(await visits.recur(request, request.body)));

  app.get('/api/visits/board/', { schema: schemas.visitBoardSchema, config: office }, async (request) => {
    const { limit, offset, ...query } = request.query;
    return visits.board(request, query, pageOf({ limit, offset }));
  });

  app.get('/api/visits/export/', { schema: schemas.visitExportSchema, config: office }, async (request, reply) => {
    const stream = await visits.exportCsv(request, request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="evv-visits-${request.query.from}-to-${request.query.to}.csv"`)
      .send(stream);
  });

  app.get('/api/visits/:id/', { schema: schemas.visitRetrieveSchema, config: { access: { roles: ['ROLE_ADMIN' as const, 'ROLE_MASTER' as const, 'ROLE_EMPLOYEE' as const, 'ROLE_CLIENT' as const] } } }, async (request) =>
    visits.retrieve(request, request.params.id),
  );

  app.patch('/api/visits/:id/', { schema: schemas.visitUpdateSchema, config: office }, async (request) => visits.update(request, request.params.id, request.body));

  app.post('/api/visits/:id/cancel/', { schema: schemas.visitCancelSchema, config: office }, async (request) => visits.cancel(request, request.params.id, request.body));

  app.post('/api/visits/:id/clock-in/', { schema: schemas.visitClockInSchema, config: caregivers }, async (request) => visits.clockIn(request, request.params.id, request.body));

  app.post('/api/visits/:id/clock-out/', { schema: schemas.visitClockOutSchema, config: caregivers }, async (request) => visits.clockOut(request, request.params.id, request.body));

  app.post('/api/visits/:id/callout/', { schema: schemas.visitCalloutSchema, config: caregivers }, async (request) => visits.callout(request, request.params.id, request.body.reason));

  app.post('/api/visits/:id/request/', { schema: schemas.visitRequestSchema, config: caregivers }, async (request, reply) => reply.status(201).send(await visits.ask(request, request.params.id)));

  app.get('/api/visit-exceptions/', { schema: schemas.exceptionListSchema, config: office }, async (request) => {
    const { limit, offset, ...filter } = request.query;
    const page = pageOf({ limit, offset });
    const { count, results } = await visits.exceptions(request, filter, page);
    return pagedAnswer(request, page, count, results);
  });

  app.post('/api/visit-exceptions/:id/resolve/', { schema: schemas.exceptionResolveSchema, config: office }, async (request) => visits.resolve(request, request.params.id, request.body));
};

export default visitRoutes;
