import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { listAnswer } from '../../lib/paging';
import { createDocumentService } from '../documents/service';
import * as schemas from './schemas';
import { createEmployeeService } from './service';

const employeeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const employees = createEmployeeService(app);
  const documents = createDocumentService(app);
  const viewEmployees = { access: { permission: 'view-employees' as const } };

  app.get('/api/employees/', { schema: schemas.employeeListSchema, config: viewEmployees }, async (request) =>
    listAnswer(request, (filter, page) => employees.list(actorOf(request), filter, page)),
  );

  app.post('/api/employees/', { schema: schemas.employeeCreateSchema, config: viewEmployees }, async (request, reply) =>
    reply.status(201).send(await employees.create(actorOf(request), request.log, request.body)),
  );

  app.get('/api/employees/:id/', { schema: schemas.employeeRetrieveSchema, config: viewEmployees }, async (request) =>
    employees.retrieve(actorOf(request), request.params.id),
  );

  app.patch('/api/employees/:id/', { schema: schemas.employeeUpdateSchema, config: viewEmployees }, async (request) =>
    employees.update(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/employees/:id/checklist/',
    { schema: schemas.employeeChecklistSchema, config: viewEmployees },
    async (request) => employees.checklist(actorOf(request), request.params.id),
  );

  app.post(
    '/api/employees/:id/ready/',
    { schema: schemas.employeeReadySchema, config: viewEmployees },
    async (request) => employees.markReady(actorOf(request), request.params.id),
  );

  app.get('/api/employees/:id/notes/', { schema: schemas.noteListSchema, config: viewEmployees }, async (request) =>
    listAnswer(request, ({ type_id }, page) => employees.notes(actorOf(request), request.params.id, type_id, page)),
  );

  app.post(
    '/api/employees/:id/notes/',
    { schema: schemas.noteCreateSchema, config: viewEmployees },
    async (request, reply) =>
      reply.status(201).send(await employees.addNote(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/employees/:id/notes/:note_id/',
    { schema: schemas.noteDestroySchema, config: { access: { permission: 'delete-employee-notes' as const } } },
    async (request, reply) => {
      await employees.removeNote(actorOf(request), request.params.id, request.params.note_id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/employees/:id/documents/',
    { schema: schemas.employeeDocumentListSchema, config: viewEmployees },
    async (request) => {
      const actor = actorOf(request);
      await employees.find(actor, request.params.id);
      const list = await documents.adminList(actor, request.params.id);
      await employees.readAudit(actor, request.params.id, 'documents');
      return list;
    },
  );

  app.post(
    '/api/employees/:id/documents/',
    { schema: schemas.employeeDocumentCreateSchema, config: viewEmployees },
    async (request, reply) => {
      const actor = actorOf(request);
      const employee = await employees.find(actor, request.params.id);
      return reply.status(201).send(await documents.requestSlot(actor, employee, request.body));
    },
  );

  app.patch(
    '/api/employees/:id/documents/:document_id/',
    { schema: schemas.employeeDocumentReviewSchema, config: viewEmployees },
    async (request) => {
      const actor = actorOf(request);
      await employees.find(actor, request.params.id);
      return documents.review(actor, request.params.id, request.params.document_id, request.body);
    },
  );
};

export default employeeRoutes;
