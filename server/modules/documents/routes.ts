import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerUploads } from '../../lib/uploads';
import { startExpirySweep } from './expiry-sweep';
import * as schemas from './schemas';
import { createDocumentService } from './service';

const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await registerUploads(app);
  const documents = createDocumentService(app);
  const selfService = {
    access: { permission: ['view-onboarding' as const, 'view-documents' as const], duringFormsDue: true as const },
  };

  app.get(
    '/api/documents/:id/file/',
    {
      schema: schemas.documentFileSchema,
      config: { access: { roles: ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_EMPLOYEE'], duringFormsDue: true } },
    },
    async (request, reply) => documents.sendFile(request, reply, request.params.id),
  );

  app.get(
    '/api/profile/documents/',
    { schema: schemas.profileDocumentListSchema, config: selfService },
    async (request) => documents.ownList(request),
  );

  app.post(
    '/api/profile/documents/:id/file/',
    { schema: schemas.profileDocumentUploadSchema, config: selfService },
    async (request) => documents.upload(request, request.params.id),
  );

  // the office's upload of a paper document lives here, beside the employee's, where multipart is registered
  app.post(
    '/api/employees/:id/documents/:document_id/file/',
    { schema: schemas.employeeDocumentUploadSchema, config: { access: { permission: 'view-employees' } } },
    async (request) => documents.officeUpload(request, request.params.id, request.params.document_id),
  );

  startExpirySweep(app);
};

export default documentRoutes;
