import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageOf, pagedAnswer } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import { ADMIN } from './onboarding-access';
import { competencyTestSchemas, documentTypeSchemas, formTemplateSchemas, noteTypeSchemas } from './settings-schemas';
import { createSettingsService } from './settings-service';

/** The organization's onboarding settings: form templates, note types, document types, competency tests. */
export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const settings = createSettingsService(app);
  const config = ADMIN;

  app.get('/api/onboarding/form-templates/', { schema: formTemplateSchemas.list, config }, async (request) => {
    const page = pageOf(request.query);
    const { count, results } = await settings.listFormTemplates(
      requireOrganization(request),
      request.query.active,
      page,
    );
    return pagedAnswer(request, page, count, results);
  });
  app.post('/api/onboarding/form-templates/', { schema: formTemplateSchemas.create, config }, async (request, reply) =>
    reply.status(201).send(await settings.createFormTemplate(request, requireOrganization(request), request.body)),
  );
  app.get('/api/onboarding/form-templates/:id/', { schema: formTemplateSchemas.retrieve, config }, async (request) =>
    settings.retrieveFormTemplate(requireOrganization(request), request.params.id),
  );
  app.patch('/api/onboarding/form-templates/:id/', { schema: formTemplateSchemas.update, config }, async (request) =>
    settings.updateFormTemplate(request, requireOrganization(request), request.params.id, request.body),
  );

  app.get('/api/onboarding/note-types/', { schema: noteTypeSchemas.list, config }, async (request) => {
    const page = pageOf(request.query);
    const { count, results } = await settings.listNoteTypes(requireOrganization(request), request.query.active, page);
    return pagedAnswer(request, page, count, results);
  });
  app.post('/api/onboarding/note-types/', { schema: noteTypeSchemas.create, config }, async (request, reply) =>
    reply.status(201).send(await settings.createNoteType(request, requireOrganization(request), request.body)),
  );
  app.patch('/api/onboarding/note-types/:id/', { schema: noteTypeSchemas.update, config }, async (request) =>
    settings.updateNoteType(request, requireOrganization(request), request.params.id, request.body),
  );

  app.get('/api/onboarding/document-types/', { schema: documentTypeSchemas.list, config }, async (request) => {
    const page = pageOf(request.query);
    const { count, results } = await settings.listDocumentTypes(
      requireOrganization(request),
      request.query.active,
      page,
    );
    return pagedAnswer(request, page, count, results);
  });
  app.post('/api/onboarding/document-types/', { schema: documentTypeSchemas.create, config }, async (request, reply) =>
    reply.status(201).send(await settings.createDocumentType(request, requireOrganization(request), request.body)),
  );
  app.patch('/api/onboarding/document-types/:id/', { schema: documentTypeSchemas.update, config }, async (request) =>
    settings.updateDocumentType(request, requireOrganization(request), request.params.id, request.body),
  );

  app.get('/api/onboarding/competency-tests/', { schema: competencyTestSchemas.list, config }, async (request) => {
    const page = pageOf(request.query);
    const { count, results } = await settings.listCompetencyTests(
      requireOrganization(request),
      request.query.active,
      page,
    );
    return pagedAnswer(request, page, count, results);
  });
  app.post(
    '/api/onboarding/competency-tests/',
    { schema: competencyTestSchemas.create, config },
    async (request, reply) =>
      reply.status(201).send(await settings.createCompetencyTest(request, requireOrganization(request), request.body)),
  );
  app.get(
    '/api/onboarding/competency-tests/:id/',
    { schema: competencyTestSchemas.retrieve, config },
    async (request) => settings.retrieveCompetencyTest(requireOrganization(request), request.params.id),
  );
  app.patch(
    '/api/onboarding/competency-tests/:id/',
    { schema: competencyTestSchemas.update, config },
    async (request) =>
      settings.updateCompetencyTest(request, requireOrganization(request), request.params.id, request.body),
  );
};
