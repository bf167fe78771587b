import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { liveEvents } from '../../db/schema';

/**
 * Live events (product.md, "Talking to the office"): one row per recipient in `live_events`, pushed to the
 * recipient's open streams (routes.ts, `events_stream_retrieve`). Payloads carry ids and counts, never a
 * message's text: a page that hears `message.created` loads what it shows through the API.
 *
 * Event types: `message.created` { conversation_id, message_id }, `conversation.read` { conversation_id,
 * user_id, last_read_message_id }, `notification.created` { notification_id, unread }, `notifications.read`
 * { unread }, `grievance.changed` { grievance_id }; `session.ended` { family_id } (published at sign-out: the streams of
 * that session end, in every process; never sent to a client); and `user.sessions-ended` { except_family_id } (published
 * when every session of a user is revoked: deactivation, password reset, a password change's other sessions; never sent).
 */
export interface NewLiveEvent {
  userId: number;
  organizationId: number | null;
  type: string;
  data: Record<string, unknown>;
}

/** What a stream receives: the row as written (`id` is the SSE id a reconnecting stream resumes after). */
export interface LiveEvent extends NewLiveEvent {
  id: number;
}

export interface EventBus {
  /** Writes the events and delivers them to every process's open streams of their recipients. */
  publish(events: NewLiveEvent[]): Promise<void>;
  /** Calls `listener` for every event written from now on, in this process; returns the unsubscribe. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

/**
 * The bus of one process (the embedded database): rows are written, then handed to this process's listeners.
 * On PostgreSQL the bus also NOTIFYs and LISTENs so every process hears every event (see createPostgresBus).
 */
export function createInProcessBus(app: Pick<FastifyInstance, 'db' | 'now'>): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(events) {
      if (events.length === 0) return;
      const rows = await app.db
        .insert(liveEvents)
        .values(events.map((event) => ({ ...event, createdAt: app.now() })))
        .returning({ id: liveEvents.id });
      rows.forEach((row, index) => emitter.emit('event', { ...events[index], id: row.id }));
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
