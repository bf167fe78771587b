import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { liveEvents } from '../../db/schema';
import type { LiveEventPayloads } from '#domain/live-events';

/**
 * Live events: one row per recipient in `live_events`, pushed to the recipient's open streams (routes.ts,
 * `events_stream_retrieve`). What a client receives is the shared map (src/domain/live-events.ts); the bus also
 * carries the events that end streams, which are never sent.
 */
export type StreamEndingPayloads = {
  /** Published at sign-out: the streams of that session end, in every process. */
  'session.ended': { family_id: string };
  /** Published when every session of a user is revoked (deactivation, password reset, a password change's other sessions). */
  'user.sessions-ended': { except_family_id: string | null };
};
export type StreamEndingType = keyof StreamEndingPayloads;

type BusPayloads = LiveEventPayloads & StreamEndingPayloads;
type BusEventType = keyof BusPayloads;

export type NewLiveEvent<T extends BusEventType = BusEventType> = {
  [K in T]: { userId: number; organizationId: number | null; type: K; data: BusPayloads[K] };
}[T];

/** What a stream receives: the row as written (`id` is the SSE id a reconnecting stream resumes after). */
export type LiveEvent<T extends BusEventType = BusEventType> = NewLiveEvent<T> & { id: number };

/** A row of `live_events` as the database gives it back. */
export interface StoredLiveEvent {
  id: number;
  userId: number;
  organizationId: number | null;
  type: string;
  data: Record<string, unknown>;
}

/** Rows are only ever written through `publish`, which the map types: read back, they are what was published. */
export const fromStored = (row: StoredLiveEvent): LiveEvent => row as LiveEvent;

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
