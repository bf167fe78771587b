import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageOf, pagedAnswer } from '../../lib/paging';
import { registerUploads } from '../../lib/uploads';
import * as schemas from './schemas';
import { createApplicationService } from './service';

const applicationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await registerUploads(app);
  const applications = createApplicationService(app);
  const viewApplications = { access: { permission: 'view-applications' as const } };

  app.post(
    '/api/applications/',
    { schema: schemas.applicationCreateSchema, config: { access: { public: true }, rateLimit: 'apply-now' } },
    async (request, reply) => reply.status(201).send(await applications.create(request)),
  );

  app.get(
    '/api/applications/',
    { schema: schemas.applicationListSchema, config: viewApplications },
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      const page = pageOf({ limit, offset });
      const { count, results } = await applications.list(request, filter, page);
      return pagedAnswer(request, page, count, results);
    },
  );

  app.get(
    '/api/applications/:id/',
    { schema: schemas.applicationRetrieveSchema, config: viewApplications },
    async (request) => applications.retrieve(request, request.params.id),
  );

  app.get(
    '/api/applications/:id/resume/',
    { schema: schemas.applicationResumeSchema, config: viewApplications },
    async (request, reply) => applications.sendResume(request, reply, request.params.id),
  );

  app.get(
    '/api/applications/:id/signature/',
    { schema: schemas.applicationSignatureSchema, config: viewApplications },
    async (request, reply) => applications.sendSignature(request, reply, request.params.id),
  );

  app.post(
    '/api/applications/:id/accept/',
    { schema: schemas.applicationAcceptSchema, config: viewApplications },
    async (request) => applications.accept(request, request.params.id),
  );

  app.post(
    '/api/applications/:id/reject/',
    { schema: schemas.applicationRejectSchema, config: viewApplications },
    async (request) => applications.reject(request, request.params.id, request.body.reason),
  );
};

export default applicationRoutes;
