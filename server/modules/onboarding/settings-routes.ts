import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { listAnswer } from '../../lib/paging';
import { ADMIN } from './onboarding-access';
import { competencyTestSchemas, documentTypeSchemas, formTemplateSchemas, noteTypeSchemas } from './settings-schemas';
import { createSettingsService } from './settings-service';

/** The organization's onboarding settings: form templates, note types, document types, competency tests. */
export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const settings = createSettingsService(app);
  const config = ADMIN;

  app.get('/api/onboarding/form-templates/', { schema: formTemplateSchemas.list, config }, async (request) =>
    listAnswer(request, (filter, page) => settings.listFormTemplates(actorOf(request), filter, page)),
  );
  app.post('/api/onboarding/form-templates/', { schema: formTemplateSchemas.create, config }, async (request, reply) =>
    reply.status(201).send(await settings.createFormTemplate(actorOf(request), request.body)),
  );
  app.get('/api/onboarding/form-templates/:id/', { schema: formTemplateSchemas.retrieve, config }, async (request) =>
    settings.retrieveFormTemplate(actorOf(request), request.params.id),
  );
  app.patch('/api/onboarding/form-templates/:id/', { schema: formTemplateSchemas.update, config }, async (request) =>
    settings.updateFormTemplate(actorOf(request), request.params.id, request.body),
  );

  app.get('/api/onboarding/note-types/', { schema: noteTypeSchemas.list, config }, async (request) =>
    listAnswer(request, (filter, page) => settings.listNoteTypes(actorOf(request), filter, page)),
  );
  app.post('/api/onboarding/note-types/', { schema: noteTypeSchemas.create, config }, async (request, reply) =>
    reply.status(201).send(await settings.createNoteType(actorOf(request), request.body)),
  );
  app.patch('/api/onboarding/note-types/:id/', { schema: noteTypeSchemas.update, config }, async (request) =>
    settings.updateNoteType(actorOf(request), request.params.id, request.body),
  );

  app.get('/api/onboarding/document-types/', { schema: documentTypeSchemas.list, config }, async (request) =>
    listAnswer(request, (filter, page) => settings.listDocumentTypes(actorOf(request), filter, page)),
  );
  app.post('/api/onboarding/document-types/', { schema: documentTypeSchemas.create, config }, async (request, reply) =>
    reply.status(201).send(await settings.createDocumentType(actorOf(request), request.body)),
  );
  app.patch('/api/onboarding/document-types/:id/', { schema: documentTypeSchemas.update, config }, async (request) =>
    settings.updateDocumentType(actorOf(request), request.params.id, request.body),
  );

  app.get('/api/onboarding/competency-tests/', { schema: competencyTestSchemas.list, config }, async (request) =>
    listAnswer(request, (filter, page) => settings.listCompetencyTests(actorOf(request), filter, page)),
  );
  app.post(
    '/api/onboarding/competency-tests/',
    { schema: competencyTestSchemas.create, config },
    async (request, reply) =>
      reply.status(201).send(await settings.createCompetencyTest(actorOf(request), request.body)),
  );
  app.get(
    '/api/onboarding/competency-tests/:id/',
    { schema: competencyTestSchemas.retrieve, config },
    async (request) => settings.retrieveCompetencyTest(actorOf(request), request.params.id),
  );
  app.patch(
    '/api/onboarding/competency-tests/:id/',
    { schema: competencyTestSchemas.update, config },
    async (request) => settings.updateCompetencyTest(actorOf(request), request.params.id, request.body),
  );
};
