import { Type } from '@fastify/type-provider-typebox';
import { authenticatedErrors } from '../../schemas/common';

const tags = ['events'];

export const eventStreamSchema = {
  operationId: 'events_stream_retrieve',
  tags,
  summary:
    "The signed-in user's live events as Server-Sent Events (new messages, read marks, notifications, grievances)",
  description:
    'A `text/event-stream` that stays open: each event is `id: <id>`, `event: <type>`, `data: <JSON>` (ids and counts, never a ' +
    "message's text); a comment line every 25 seconds keeps it open. Send `Authorization: Bearer <access>` (never a token in " +
    'the URL). A reconnecting client sends `Last-Event-ID` and first receives what it missed since that id. The stream ends ' +
    'when the session ends (sign-out, revoked, deactivation, password reset, idle or past its absolute limit). A process holds a ' +
    'capped number of streams per session and per user (a new one beyond the cap closes the oldest) and per client address ' +
    '(beyond it a new one is refused: 429 `too_many_streams` with Retry-After).',
  headers: Type.Object({
    'last-event-id': Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,15}$',
        description: 'The id of the last event received: the stream replays the later ones first',
      }),
    ),
  }),
  produces: ['text/event-stream'],
  response: {
    200: Type.String({ description: 'Server-Sent Events: `id`, `event` and `data` (JSON) lines per event' }),
    ...authenticatedErrors(429),
  },
};
