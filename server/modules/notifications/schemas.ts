import { Type, type Static } from '@fastify/type-provider-typebox';
import { authenticatedErrors, IdParams, NoContent, Paged, PagingQuery } from '../../schemas/common';
import { Timestamp } from '../../schemas/fields';

/** The Notification of the contract. */
export const NotificationSchema = Type.Object(
  {
    id: Type.Integer(),
    type: Type.String(),
    title: Type.String(),
    body: Type.String(),
    link: Type.Union([Type.String(), Type.Null()]),
    read_at: Type.Union([Timestamp, Type.Null()]),
    created_at: Timestamp,
  },
  { title: 'Notification' },
);

export type NotificationOut = Static<typeof NotificationSchema>;

export const NotificationType = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

const tags = ['notifications'];

export const notificationListSchema = {
  operationId: 'notifications_list',
  description:
    'Lists the signed-in person’s notifications in the organization, newest first, paged; `unread` and `type` filter them. New notifications also arrive on the live event stream (events_stream_retrieve).',
  tags,
  summary: "The signed-in user's notifications in the organization, newest first",
  querystring: Type.Object({
    type: Type.Optional(NotificationType),
    unread: Type.Optional(Type.Boolean({ description: 'true: only unread ones; false: only read ones' })),
    ...PagingQuery,
  }),
  response: { 200: Paged(NotificationSchema), ...authenticatedErrors() },
};

export const notificationUpdateSchema = {
  operationId: 'notifications_partial_update',
  description:
    'Marks one of one’s own notifications read (read: true), or unread again (read: false); 404 for anyone else’s.',
  tags,
  summary: 'Mark one of one’s notifications read (or unread again)',
  params: IdParams,
  body: Type.Object({ read: Type.Boolean() }),
  response: { 200: NotificationSchema, ...authenticatedErrors(404) },
};

export const notificationReadAllSchema = {
  operationId: 'notifications_read_all_create',
  description: 'Marks all of one’s unread notifications in the organization read, or only those of the given type.',
  tags,
  summary: 'Mark all of one’s notifications in the organization read (of one type when given)',
  body: Type.Optional(Type.Object({ type: Type.Optional(NotificationType) })),
  response: { 204: NoContent, ...authenticatedErrors() },
};
