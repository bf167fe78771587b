import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { actorOf, type Actor } from '../../lib/actor';
import { pageOf, pagedAnswer, type Page } from '../../lib/paging';
import { ADMIN } from './onboarding-access';
import { competencyTestSchemas, documentTypeSchemas, formTemplateSchemas, noteTypeSchemas } from './settings-schemas';
import { createSettingsService } from './settings-service';

/** A settings list route: a page of the organization's, only the active (or retired) ones when `active` says. */
const listed =
  <T>(list: (actor: Actor, active: boolean | undefined, page: Page) => Promise<{ count: number; results: T[] }>) =>
  async (request: FastifyRequest & { query: { active?: boolean; limit?: number; offset?: number } }) => {
    const page = pageOf(request.query);
    const { count, results } = await list(actorOf(request), request.query.active, page);
    return pagedAnswer(request, page, count, results);
  };

/** The organization's onboarding settings: form templates, note types, document types, competency tests. */
export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const settings = createSettingsService(app);
  const config = ADMIN;

  app.get(
    '/api/onboarding/form-templates/',
    { schema: formTemplateSchemas.list, config },
    listed(settings.listFormTemplates),
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

  app.get('/api/onboarding/note-types/', { schema: noteTypeSchemas.list, config }, listed(settings.listNoteTypes));
  app.post('/api/onboarding/note-types/', { schema: noteTypeSchemas.create, config }, async (request, reply) =>
    reply.status(201).send(await settings.createNoteType(actorOf(request), request.body)),
  );
  app.patch('/api/onboarding/note-types/:id/', { schema: noteTypeSchemas.update, config }, async (request) =>
    settings.updateNoteType(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/onboarding/document-types/',
    { schema: documentTypeSchemas.list, config },
    listed(settings.listDocumentTypes),
  );
  app.post('/api/onboarding/document-types/', { schema: documentTypeSchemas.create, config }, async (request, reply) =>
    reply.status(201).send(await settings.createDocumentType(actorOf(request), request.body)),
  );
  app.patch('/api/onboarding/document-types/:id/', { schema: documentTypeSchemas.update, config }, async (request) =>
    settings.updateDocumentType(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/onboarding/competency-tests/',
    { schema: competencyTestSchemas.list, config },
    listed(settings.listCompetencyTests),
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
