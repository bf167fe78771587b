import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { sendStoredFile } from '../../lib/stored-files';
import { formReaderOf, registerUploads } from '../../lib/uploads';
import { startExpirySweep } from './expiry-sweep';
import * as schemas from './schemas';
import { createDocumentService } from './service';

const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await registerUploads(app);
  const documents = createDocumentService(app);
  const selfService = {
    access: { permission: ['view-onboarding' as const, 'view-documents' as const], duringFormsDue: true as const },
  };
  // an employee's own documents (onboarding or ready), and the office's view of everyone's
  app.get(
    '/api/documents/:id/file/',
    {
      schema: schemas.documentFileSchema,
      config: {
        access: {
          permission: ['view-employees' as const, 'view-onboarding' as const, 'view-documents' as const],
          duringFormsDue: true,
        },
      },
    },
    async (request, reply) => sendStoredFile(app, reply, await documents.file(actorOf(request), request.params.id)),
  );

  app.get(
    '/api/profile/documents/',
    { schema: schemas.profileDocumentListSchema, config: selfService },
    async (request) => documents.ownList(actorOf(request)),
  );

  app.post(
    '/api/profile/documents/:id/file/',
    { schema: schemas.profileDocumentUploadSchema, config: selfService },
    async (request) => documents.upload(actorOf(request), request.params.id, formReaderOf(request)),
  );

  // the office's upload of a paper document lives here, beside the employee's, where multipart is registered
  app.post(
    '/api/employees/:id/documents/:document_id/file/',
    { schema: schemas.employeeDocumentUploadSchema, config: { access: { permission: 'view-employees' } } },
    async (request) =>
      documents.officeUpload(actorOf(request), request.params.id, request.params.document_id, formReaderOf(request)),
  );

  startExpirySweep(app);
};

export default documentRoutes;
