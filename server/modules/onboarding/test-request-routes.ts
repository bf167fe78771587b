import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { listAnswer } from '../../lib/paging';
import { ADMIN, EMPLOYEE_SELF, EMPLOYEE_SELF_OR_ADMIN, OBSERVER } from './onboarding-access';
import * as schemas from './test-request-schemas';
import { createTestRequestService } from './test-request-service';

export const testRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tests = createTestRequestService(app);

  app.post(
    '/api/onboarding/test-requests/',
    { schema: schemas.testRequestCreateSchema, config: ADMIN },
    async (request, reply) => reply.status(201).send(await tests.create(actorOf(request), request.body)),
  );

  app.get(
    '/api/onboarding/test-requests/',
    { schema: schemas.testRequestListSchema, config: EMPLOYEE_SELF_OR_ADMIN },
    async (request) => listAnswer(request, (filter, page) => tests.list(actorOf(request), filter, page)),
  );

  app.get(
    '/api/onboarding/test-requests/awaiting-observation/count/',
    { schema: schemas.testRequestAwaitingCountSchema, config: OBSERVER },
    async (request) => tests.awaitingObservationCount(actorOf(request)),
  );

  app.get(
    '/api/onboarding/test-requests/:id/',
    { schema: schemas.testRequestRetrieveSchema, config: EMPLOYEE_SELF_OR_ADMIN },
    async (request) => tests.retrieve(actorOf(request), request.params.id),
  );

  app.post(
    '/api/onboarding/test-requests/:id/submit/',
    { schema: schemas.testRequestSubmitSchema, config: EMPLOYEE_SELF },
    async (request) => tests.submit(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/onboarding/test-requests/:id/observation/',
    { schema: schemas.testRequestObservationSchema, config: OBSERVER },
    async (request) => tests.observe(actorOf(request), request.params.id, request.body),
  );
};
