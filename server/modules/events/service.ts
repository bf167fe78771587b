import { isIPv6 } from 'node:net';
import { and, asc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { liveEvents, sessionFamilies, users } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { familyState } from '../../lib/session-rules';
import { applySecurityHeaders } from '../../plugins/security-headers';
import { EVENTS_HEARTBEAT_MS } from '#domain/constants';
import { fromStored, type LiveEvent, type StreamEndingType } from './bus';
import type { LiveEvent as SentLiveEvent } from '#domain/live-events';

/** A comment line this often keeps proxies from closing a quiet stream (and tells the app it is alive); the
 * sessions are checked then too. */
export const HEARTBEAT_MS = EVENTS_HEARTBEAT_MS;
/** A reconnecting stream replays at most this many missed events (rows are kept a day: see the prune). */
export const REPLAY_LIMIT = 1000;
/** A client that reads nothing while this much waits in its socket is cut off (it reconnects and catches up). */
export const MAX_UNSENT_BYTES = 1 << 20;
/** Published when a session ends (sign-out): every process closes that session's streams at once. Never sent to a client. */
export const SESSION_ENDED = 'session.ended' satisfies StreamEndingType;
/**
 * Published when every session of a user ends at once (deactivation, password reset; a password change ends
 * all but `except_family_id`, the session that changed it): every process closes those streams at once. Never
 * sent to a client.
 */
export const USER_SESSIONS_ENDED = 'user.sessions-ended' satisfies StreamEndingType;
/** The events that end streams: never sent to a client, never replayed. */
const endsStreams = (event: LiveEvent): event is LiveEvent<StreamEndingType> =>
  event.type === SESSION_ENDED || event.type === USER_SESSIONS_ENDED;
/** Rows older than this are pruned (once across processes, by the claimed job). */
export const LIVE_EVENTS_KEPT_MS = 24 * 3_600_000;

export const sseEvent = (event: SentLiveEvent) =>
  `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

/**
 * How many streams one process holds open (one token opened 2,000). Counted in this
 * process's memory, not across processes through PostgreSQL: what a flood of streams puts at risk is the memory
 * and the file descriptors of the process that holds them, and each process guards its own; with N processes
 * behind the load balancer one user holds at most N times the cap, still bounded, and counting in the database
 * would cost a write at each open and close and leave rows behind a process that died. `0` turns a cap off
 * (the benchmark's 1,000 streams of one nurse). Defaults in server/config.ts, reasons in DECISIONS.md.
 *
 * - per session (a browser's tabs share one session) and per user (their devices): a new stream beyond the cap
 *   closes the oldest one of that session or user, so a tab reloaded before its old connection is seen to close
 *   never locks its owner out, and one stolen token can only ever hold the cap;
 * - per client address (an office behind one NAT is many people): a new stream beyond the cap is refused with
 *   429; closing the oldest would let one machine behind the NAT cut every colleague's streams in turn.
 */
export interface StreamCaps {
  perSession: number;
  perUser: number;
  perAddress: number;
}

/** What the per-address cap counts: the address, or an IPv6 address's /64 (one host holds a whole /64). */
export function addressKey(ip: string): string {
  if (!isIPv6(ip) || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip)) return ip.replace(/^::ffff:/i, '');
  const [head, tail = ''] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

export const streamLimitReached = () =>
  new ApiError(
    429,
    'too_many_streams',
    'Too many live event streams are open from this address. Close some tabs or try again in a minute.',
    undefined,
    { 'retry-after': '60' },
  );

interface Stream {
  userId: number;
  address: string;
  organizationId: number | null;
  familyId: string;
  send: (text: string) => void;
  end: () => void;
  /** While the missed rows are replayed, live ones wait here. */
  waiting: SentLiveEvent[] | null;
}

const belongsTo = (stream: Stream, event: LiveEvent) =>
  event.userId === stream.userId && (event.organizationId === null || event.organizationId === stream.organizationId);

/**
 * The open streams of this process: one subscription to the bus, fanned out through a map of user → streams,
 * so an event costs a map look-up however many streams are open. The sessions behind the streams are checked
 * at each heartbeat (one query for all): a revoked, idle or expired session, or a deactivated user, ends its
 * streams; a sign-out ends them at once (the `session.ended` event).
 */
export function createLiveStreams(
  app: FastifyInstance,
  caps: StreamCaps = {
    perSession: app.config.eventStreamsPerSession,
    perUser: app.config.eventStreamsPerUser,
    perAddress: app.config.eventStreamsPerAddress,
  },
) {
  /** Each user's streams, oldest first (a Set keeps the order of insertion). */
  const byUser = new Map<number, Set<Stream>>();
  const byAddress = new Map<string, number>();
  let count = 0;

  const remove = (stream: Stream) => {
    const set = byUser.get(stream.userId);
    if (!set?.delete(stream)) return;
    count--;
    if (set.size === 0) byUser.delete(stream.userId);
    const left = (byAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) byAddress.set(stream.address, left);
    else byAddress.delete(stream.address);
  };

  /** The streams a new one of this session and user replaces: the oldest of the session, then of the user, beyond their caps. */
  function replacedBy(userId: number, familyId: string): Stream[] {
    const mine = [...(byUser.get(userId) ?? [])];
    const replaced: Stream[] = [];
    if (caps.perSession > 0) {
      const session = mine.filter((stream) => stream.familyId === familyId);
      replaced.push(...session.slice(0, Math.max(0, session.length - caps.perSession + 1)));
    }
    if (caps.perUser > 0) {
      const left = mine.filter((stream) => !replaced.includes(stream));
      replaced.push(...left.slice(0, Math.max(0, left.length - caps.perUser + 1)));
    }
    return replaced;
  }

  const unsubscribe = app.events.subscribe((event) => {
    const set = byUser.get(event.userId);
    if (!set) return;
    if (event.type === SESSION_ENDED) {
      for (const stream of [...set]) if (stream.familyId === event.data.family_id) stream.end();
      return;
    }
    if (event.type === USER_SESSIONS_ENDED) {
      for (const stream of [...set]) if (stream.familyId !== event.data.except_family_id) stream.end();
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
      .select({
        id: sessionFamilies.id,
        createdAt: sessionFamilies.createdAt,
        lastSeenAt: sessionFamilies.lastSeenAt,
        revokedAt: sessionFamilies.revokedAt,
        isActive: users.isActive,
      })
      .from(sessionFamilies)
      .innerJoin(users, eq(users.id, sessionFamilies.userId))
      .where(inArray(sessionFamilies.id, familyIds));
    const now = app.now();
    const active = new Set(
      rows.filter((row) => row.isActive && familyState(row, now, app.config) === 'active').map((row) => row.id),
    );
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

    /**
     * Answers the request with the user's stream: the missed events after `lastEventId` first, then live ones.
     * Beyond the caps (StreamCaps) it first closes the session's or user's oldest streams, or answers 429 when
     * the address holds its cap of streams (not counting those this one replaces). The stream is the HTTP answer
     * itself (it takes over the reply and its socket), so it takes the request and reply rather than an actor.
     */
    async open(request: FastifyRequest, reply: FastifyReply, lastEventId: number | null): Promise<void> {
      const userId = request.user!.user.id;
      const organizationId = request.organization?.id ?? null;
      const familyId = request.sessionFamilyId!;
      const address = addressKey(request.ip);
      const replaced = replacedBy(userId, familyId);
      if (caps.perAddress > 0) {
        const held = (byAddress.get(address) ?? 0) - replaced.filter((stream) => stream.address === address).length;
        if (held >= caps.perAddress) throw streamLimitReached();
      }
      for (const stream of replaced) {
        stream.send(': replaced by a newer stream\n\n');
        stream.end();
      }
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
        address,
        organizationId,
        familyId,
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
      byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
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
              organizationId === null
                ? isNull(liveEvents.organizationId)
                : or(isNull(liveEvents.organizationId), eq(liveEvents.organizationId, organizationId)),
            ),
          )
          .orderBy(asc(liveEvents.id))
          .limit(REPLAY_LIMIT);
        const replayed = new Set<number>();
        for (const event of missed.map(fromStored)) {
          if (endsStreams(event)) continue;
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
  const deleted = await app.db
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, before))
    .returning({ id: liveEvents.id });
  return deleted.length;
}
