import { and, asc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { liveEvents, sessionFamilies, users } from '../../db/schema';
import { familyState } from '../../lib/session-rules';
import { applySecurityHeaders } from '../../plugins/security-headers';
import { EVENTS_HEARTBEAT_MS } from '../../../src/domain/constants';
import type { LiveEvent } from './bus';

/** A comment line this often keeps proxies from closing a quiet stream (and tells the app it is alive); the
 * sessions are checked then too. */
export const HEARTBEAT_MS = EVENTS_HEARTBEAT_MS;
/** A reconnecting stream replays at most this many missed events (rows are kept a day: see the prune). */
export const REPLAY_LIMIT = 1000;
/** A client that reads nothing while this much waits in its socket is cut off (it reconnects and catches up). */
export const MAX_UNSENT_BYTES = 1 << 20;
/** Published when a session ends (sign-out): every process closes that session's streams at once. Never sent to a client. */
export const SESSION_ENDED = 'session.ended';
/** Rows older than this are pruned (once across processes, by the claimed job). */
export const LIVE_EVENTS_KEPT_MS = 24 * 3_600_000;

export const sseEvent = (event: Pick<LiveEvent, 'id' | 'type' | 'data'>) => `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

interface Stream {
  userId: number;
  organizationId: number | null;
  familyId: string;
  send: (text: string) => void;
  end: () => void;
  /** While the missed rows are replayed, live ones wait here. */
  waiting: LiveEvent[] | null;
}

const belongsTo = (stream: Stream, event: LiveEvent) =>
  event.userId === stream.userId && (event.organizationId === null || event.organizationId === stream.organizationId);

/**
 * The open streams of this process: one subscription to the bus, fanned out through a map of user → streams,
 * so an event costs a map look-up however many streams are open. The sessions behind the streams are checked
 * at each heartbeat (one query for all): a revoked, idle or expired session, or a deactivated user, ends its
 * streams; a sign-out ends them at once (the `session.ended` event).
 */
export function createLiveStreams(app: FastifyInstance) {
  const byUser = new Map<number, Set<Stream>>();
  let count = 0;

  const remove = (stream: Stream) => {
    const set = byUser.get(stream.userId);
    if (!set?.delete(stream)) return;
    count--;
    if (set.size === 0) byUser.delete(stream.userId);
  };

  const unsubscribe = app.events.subscribe((event) => {
    const set = byUser.get(event.userId);
    if (!set) return;
    if (event.type === SESSION_ENDED) {
      for (const stream of [...set]) if (stream.familyId === event.data.family_id) stream.end();
      return;
    }
    for (const stream of set) {
      if (!belongsTo(stream, event)) continue;
      if (stream.waiting) stream.waiting.push(event);
      else stream.send(sseEvent(event));
    }
  });

  const streamsOf = () => [...byUser.values()].flatMap((set) => [...set]);

  /** Ends the streams whose session no longer holds (and writes the heartbeat to the others). */
  async function checkSessions(): Promise<void> {
    const open = streamsOf();
    if (open.length === 0) return;
    const familyIds = [...new Set(open.map((stream) => stream.familyId))];
    const rows = await app.db
      .select({ id: sessionFamilies.id, createdAt: sessionFamilies.createdAt, lastSeenAt: sessionFamilies.lastSeenAt, revokedAt: sessionFamilies.revokedAt, isActive: users.isActive })
      .from(sessionFamilies)
      .innerJoin(users, eq(users.id, sessionFamilies.userId))
      .where(inArray(sessionFamilies.id, familyIds));
    const now = app.now();
    const active = new Set(rows.filter((row) => row.isActive && familyState(row, now, app.config) === 'active').map((row) => row.id));
    for (const stream of open) {
      if (active.has(stream.familyId)) stream.send(': heartbeat\n\n');
      else stream.end();
    }
  }

  const heartbeat = setInterval(() => {
    checkSessions().catch((error: unknown) => app.log.error({ err: error }, 'live streams: session check failed'));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    /** How many streams this process holds open. */
    get size() {
      return count;
    },
    checkSessions,

    /** Answers the request with the user's stream: the missed events after `lastEventId` first, then live ones. */
    async open(request: FastifyRequest, reply: FastifyReply, lastEventId: number | null): Promise<void> {
      const userId = request.user!.user.id;
      const organizationId = request.organization?.id ?? null;
      applySecurityHeaders(request, reply);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx and the like pass each event on at once
        'x-accel-buffering': 'no',
      });
      let ended = false;
      const stream: Stream = {
        userId,
        organizationId,
        familyId: request.sessionFamilyId!,
        waiting: lastEventId !== null ? [] : null,
        send(text) {
          if (ended) return;
          raw.write(text);
          if (raw.writableLength > MAX_UNSENT_BYTES) stream.end();
        },
        end() {
          if (ended) return;
          ended = true;
          remove(stream);
          raw.end();
        },
      };
      const set = byUser.get(userId) ?? new Set<Stream>();
      byUser.set(userId, set);
      set.add(stream);
      count++;
      raw.on('close', () => {
        ended = true;
        remove(stream);
      });
      raw.write('retry: 2000\n: connected\n\n');
      if (lastEventId === null) return;

      try {
        const missed = await app.db
          .select()
          .from(liveEvents)
          .where(
            and(
              eq(liveEvents.userId, userId),
              gt(liveEvents.id, lastEventId),
              organizationId === null ? isNull(liveEvents.organizationId) : or(isNull(liveEvents.organizationId), eq(liveEvents.organizationId, organizationId)),
            ),
          )
          .orderBy(asc(liveEvents.id))
          .limit(REPLAY_LIMIT);
        const replayed = new Set<number>();
        for (const event of missed) {
          if (event.type === SESSION_ENDED) continue;
          replayed.add(event.id);
          stream.send(sseEvent(event));
        }
        const waiting = stream.waiting ?? [];
        stream.waiting = null;
        for (const event of waiting) if (!replayed.has(event.id)) stream.send(sseEvent(event));
      } catch (error) {
        app.log.error({ err: error }, 'live streams: replay failed');
        stream.end();
      }
    },

    /** Ends every stream (the server is closing). */
    close() {
      clearInterval(heartbeat);
      unsubscribe();
      for (const stream of streamsOf()) stream.end();
    },
  };
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;

/** Deletes the rows older than a day; what a stream could still replay is younger. */
export async function pruneLiveEvents(app: Pick<FastifyInstance, 'db' | 'now'>): Promise<number> {
  const before = new Date(app.now().getTime() - LIVE_EVENTS_KEPT_MS);
  const deleted = await app.db.delete(liveEvents).where(lt(liveEvents.createdAt, before)).returning({ id: liveEvents.id });
  return deleted.length;
}
