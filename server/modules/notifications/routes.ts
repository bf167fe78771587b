import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../lib/actor';
import { listAnswer } from '../../lib/paging';
import * as schemas from './schemas';
import { createNotificationService } from './service';

const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const notifications = createNotificationService(app);
  // the header's bell stays on the forms-due pages (their notifications are about the forms)
  const viewNotifications = { access: { permission: 'view-notifications' as const, duringFormsDue: true as const } };

  app.get(
    '/api/notifications/',
    { schema: schemas.notificationListSchema, config: viewNotifications },
    async (request) => listAnswer(request, (filter, page) => notifications.list(actorOf(request), filter, page)),
  );

  app.post(
    '/api/notifications/read-all/',
    { schema: schemas.notificationReadAllSchema, config: viewNotifications },
    async (request, reply) => {
      await notifications.markAllRead(actorOf(request), request.body?.type);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/notifications/:id/',
    { schema: schemas.notificationUpdateSchema, config: viewNotifications },
    async (request) => notifications.markRead(actorOf(request), request.params.id, request.body.read),
  );
};

export default notificationRoutes;
