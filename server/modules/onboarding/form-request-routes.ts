import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { listAnswer } from '../../lib/paging';
import * as schemas from './form-request-schemas';
import { createFormRequestService } from './form-request-service';
import { ADMIN, EMPLOYEE_SELF, EMPLOYEE_SELF_OR_ADMIN } from './onboarding-access';

export const formRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const forms = createFormRequestService(app);

  app.post(
    '/api/onboarding/form-requests/',
    { schema: schemas.formRequestCreateSchema, config: ADMIN },
    async (request, reply) => reply.status(201).send(await forms.create(actorOf(request), request.body)),
  );

  app.get(
    '/api/onboarding/form-requests/',
    { schema: schemas.formRequestListSchema, config: EMPLOYEE_SELF_OR_ADMIN },
    async (request) => listAnswer(request, (filter, page) => forms.list(actorOf(request), filter, page)),
  );

  app.get(
    '/api/onboarding/form-requests/:id/',
    { schema: schemas.formRequestRetrieveSchema, config: EMPLOYEE_SELF_OR_ADMIN },
    async (request) => forms.retrieve(actorOf(request), request.params.id),
  );

  app.get(
    '/api/onboarding/form-requests/:id/signature/',
    { schema: schemas.formRequestSignatureSchema, config: EMPLOYEE_SELF_OR_ADMIN },
    async (request, reply) => forms.sendSignature(actorOf(request), reply, request.params.id),
  );

  app.post(
    '/api/onboarding/form-requests/:id/submit/',
    { schema: schemas.formRequestSubmitSchema, config: EMPLOYEE_SELF },
    async (request) => forms.submit(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/onboarding/form-requests/:id/countersign/',
    { schema: schemas.formRequestCountersignSchema, config: ADMIN },
    async (request) => forms.countersign(actorOf(request), request.params.id, request.body),
  );
};
