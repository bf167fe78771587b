import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { listAnswer } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import { sendStoredFile } from '../../lib/stored-files';
import { formReaderOf, registerUploads } from '../../lib/uploads';
import * as schemas from './schemas';
import { createApplicationService } from './service';

const applicationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await registerUploads(app);
  const applications = createApplicationService(app);
  const viewApplications = { access: { permission: 'view-applications' as const } };

  app.post(
    '/api/applications/',
    { schema: schemas.applicationCreateSchema, config: { access: { public: true }, rateLimit: 'apply-now' } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await applications.create(
            requireOrganization(request),
            (entry) => request.audit(entry),
            formReaderOf(request),
          ),
        ),
  );

  app.get('/api/applications/', { schema: schemas.applicationListSchema, config: viewApplications }, async (request) =>
    listAnswer(request, (filter, page) => applications.list(actorOf(request), filter, page)),
  );

  app.get(
    '/api/applications/:id/',
    { schema: schemas.applicationRetrieveSchema, config: viewApplications },
    async (request) => applications.retrieve(actorOf(request), request.params.id),
  );

  app.get(
    '/api/applications/:id/resume/',
    { schema: schemas.applicationResumeSchema, config: viewApplications },
    async (request, reply) =>
      sendStoredFile(app, reply, await applications.resume(actorOf(request), request.params.id)),
  );

  app.get(
    '/api/applications/:id/signature/',
    { schema: schemas.applicationSignatureSchema, config: viewApplications },
    async (request, reply) =>
      sendStoredFile(app, reply, await applications.signature(actorOf(request), request.params.id)),
  );

  app.post(
    '/api/applications/:id/accept/',
    { schema: schemas.applicationAcceptSchema, config: viewApplications },
    async (request) => applications.accept(actorOf(request), request.log, request.params.id),
  );

  app.post(
    '/api/applications/:id/reject/',
    { schema: schemas.applicationRejectSchema, config: viewApplications },
    async (request) => applications.reject(actorOf(request), request.params.id, request.body.reason),
  );
};

export default applicationRoutes;
