import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { listAnswer } from '../../lib/paging';
import * as schemas from './schemas';
import { createConversationService } from './service';

const conversationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const conversations = createConversationService(app);
  // spec 6: /messages is the office's (admin, and the master acting in an organization: view-employees) and
  // READY employees' (view-messages); clients, marketers and NEW employees have no messages
  const talkers = { access: { permission: ['view-messages' as const, 'view-employees' as const] } };

  app.get('/api/conversations/', { schema: schemas.conversationListSchema, config: talkers }, async (request) =>
    listAnswer(request, (filter, page) => conversations.list(actorOf(request), filter, page)),
  );

  app.post(
    '/api/conversations/',
    { schema: schemas.conversationCreateSchema, config: talkers },
    async (request, reply) => reply.status(201).send(await conversations.create(actorOf(request), request.body)),
  );

  app.get('/api/conversations/:id/', { schema: schemas.conversationRetrieveSchema, config: talkers }, async (request) =>
    conversations.retrieve(actorOf(request), request.params.id),
  );

  app.get('/api/conversations/:id/messages/', { schema: schemas.messageListSchema, config: talkers }, async (request) =>
    conversations.messages(actorOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/conversations/:id/messages/',
    { schema: schemas.messageCreateSchema, config: talkers },
    async (request, reply) =>
      reply.status(201).send(await conversations.write(actorOf(request), request.params.id, request.body.body)),
  );

  app.post('/api/conversations/:id/read/', { schema: schemas.readCreateSchema, config: talkers }, async (request) =>
    conversations.markRead(actorOf(request), request.params.id, request.body.message_id),
  );
};

export default conversationRoutes;
