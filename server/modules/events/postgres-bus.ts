import { inArray, gt, asc, sql } from 'drizzle-orm';
import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { liveEvents } from '../../db/schema';
import { fromStored, type EventBus, type LiveEvent, type StoredLiveEvent } from './bus';

export const LIVE_EVENTS_CHANNEL = 'live_events';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: chunks stay under this. */
export const NOTIFY_PAYLOAD_LIMIT = 7900;

/** A row as a NOTIFY payload carries it (short keys: more rows per notification). */
interface WireRow {
  i: number;
  u: number;
  o: number | null;
  t: string;
  d: Record<string, unknown>;
}

const toWire = (event: StoredLiveEvent): WireRow => ({
  i: event.id,
  u: event.userId,
  o: event.organizationId,
  t: event.type,
  d: event.data,
});
const fromWire = (row: WireRow): LiveEvent =>
  fromStored({ id: row.i, userId: row.u, organizationId: row.o, type: row.t, data: row.d });

/**
 * The payloads of one publish: JSON `{ "r": [rows] }` under the limit each; a row too large on its own goes
 * by id (`{ "ids": [id] }`) and the listeners read it from the table.
 */
export function notifyPayloads(events: StoredLiveEvent[], limit = NOTIFY_PAYLOAD_LIMIT): string[] {
  const payloads: string[] = [];
  let current: string[] = [];
  let size = 0;
  const envelope = '{"r":[]}'.length;
  const flush = () => {
    if (current.length) payloads.push(`{"r":[${current.join(',')}]}`);
    current = [];
    size = 0;
  };
  for (const event of events) {
    const json = JSON.stringify(toWire(event));
    const bytes = Buffer.byteLength(json);
    if (bytes + envelope > limit) {
      payloads.push(JSON.stringify({ ids: [event.id] }));
      continue;
    }
    if (size + bytes + 1 + envelope > limit) flush();
    current.push(json);
    size += bytes + 1;
  }
  flush();
  return payloads;
}

export interface PostgresBusOptions {
  /** First wait before reconnecting the LISTEN connection; doubles up to `maxReconnectMs`. */
  reconnectMs?: number;
  maxReconnectMs?: number;
}

type BusApp = Pick<FastifyInstance, 'db' | 'now' | 'log'>;

/**
 * The bus of processes sharing one PostgreSQL: publish writes the rows and NOTIFYs them in the same
 * transaction (delivered at commit); each process keeps one LISTEN connection of its own (not from the pool)
 * and hands what it hears, its own events included, to its listeners. When that connection drops it
 * reconnects with backoff and replays the rows written after the last id it delivered, so nothing is lost.
 */
export async function createPostgresBus(
  app: BusApp,
  databaseUrl: string,
  options: PostgresBusOptions = {},
): Promise<EventBus> {
  const { default: pgModule } = await import('pg');
  const reconnectMs = options.reconnectMs ?? 250;
  const maxReconnectMs = options.maxReconnectMs ?? 10_000;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.Client | null = null;
  let closed = false;
  let lastId = 0;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  /** While a replay runs, what the new connection hears waits here (delivered after, without repeats). */
  let held: LiveEvent[] | null = null;

  const deliver = (event: LiveEvent) => {
    if (event.id > lastId) lastId = event.id;
    emitter.emit('event', event);
  };

  const rowsByIds = async (ids: number[]): Promise<LiveEvent[]> =>
    ids.length
      ? (await app.db.select().from(liveEvents).where(inArray(liveEvents.id, ids)).orderBy(asc(liveEvents.id))).map(
          fromStored,
        )
      : [];

  const hear = async (payload: string | undefined) => {
    if (!payload) return;
    let parsed: { r?: WireRow[]; ids?: number[] };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      return;
    }
    const events = [...(parsed.r ?? []).map(fromWire), ...(await rowsByIds(parsed.ids ?? []))];
    for (const event of events) {
      if (held) held.push(event);
      else deliver(event);
    }
  };

  const connect = async (): Promise<void> => {
    const next = new pgModule.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === LIVE_EVENTS_CHANNEL)
        void hear(message.payload).catch((error: unknown) => app.log.error({ err: error }, 'live event lost'));
    });
    next.on('error', (error) => {
      app.log.warn({ err: error }, 'live events: LISTEN connection lost');
      dropped(next);
    });
    next.on('end', () => dropped(next));
    const replayFrom = lastId;
    const replaying = replayFrom > 0;
    if (replaying) held = [];
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_EVENTS_CHANNEL}`);
    } catch (error) {
      held = null;
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    if (!replaying) return;
    // the rows written while nobody listened (the LISTEN above is already on: nothing falls between)
    try {
      const missed = await app.db
        .select()
        .from(liveEvents)
        .where(gt(liveEvents.id, replayFrom))
        .orderBy(asc(liveEvents.id));
      const seen = new Set<number>();
      for (const event of missed.map(fromStored)) {
        seen.add(event.id);
        deliver(event);
      }
      const heard = held ?? [];
      held = null;
      for (const event of heard) if (!seen.has(event.id)) deliver(event);
    } catch (error) {
      held = null;
      throw error;
    }
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const wait = Math.min(maxReconnectMs, reconnectMs * 2 ** attempt);
    attempt++;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch((error: unknown) => {
        app.log.warn({ err: error, attempt }, 'live events: reconnecting failed, trying again');
        scheduleReconnect();
      });
    }, wait);
    retryTimer.unref();
  };

  function dropped(which: pg.Client) {
    if (client !== which) return;
    client = null;
    which.removeAllListeners('end');
    which.removeAllListeners('notification');
    which.end().catch(() => undefined);
    scheduleReconnect();
  }

  await connect();

  return {
    async publish(events) {
      if (events.length === 0) return;
      const now = app.now();
      await app.db.transaction(async (tx) => {
        const rows = await tx
          .insert(liveEvents)
          .values(events.map((event) => ({ ...event, createdAt: now })))
          .returning({ id: liveEvents.id });
        const written = rows.map((row, index) => ({ ...events[index], id: row.id }));
        for (const payload of notifyPayloads(written))
          await tx.execute(sql`SELECT pg_notify(${LIVE_EVENTS_CHANNEL}, ${payload})`);
      });
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      emitter.removeAllListeners();
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
  };
}

/** For tests: ends the LISTEN connection from the server's side, as a restart or a network cut would. */
export async function terminateListenConnections(databaseUrl: string): Promise<number> {
  const { default: pgModule } = await import('pg');
  const admin = new pgModule.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const result = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query = $1`,
      [`LISTEN ${LIVE_EVENTS_CHANNEL}`],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}
