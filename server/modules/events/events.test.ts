import { eq } from 'drizzle-orm';
import { createParser } from 'eventsource-parser';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../../app';
import { openDatabase, type Database } from '../../db/connection';
import { formTemplates, liveEvents, notifications, organizations } from '../../db/schema';
import { testApp, testBackends, type Caller, type TestApi } from '../../test-client';
import { notify } from '../notifications/service';
import { notifyPayloads, terminateListenConnections } from './postgres-bus';
import { liveStreamsOf } from './routes';
import { pruneLiveEvents } from './service';

interface Received {
  id: number;
  type: string;
  /** Every live event's data is ids and counts. */
  data: Record<string, number>;
}

/** A stream as a browser tab holds it: fetch with the Authorization header, read and parse as it comes. */
interface OpenStream {
  status: number;
  headers: Headers;
  events: Received[];
  comments: string[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  isEnded: () => boolean;
  waitFor: (count: number, timeoutMs?: number) => Promise<Received[]>;
  close: () => void;
}

async function openStream(base: string, headers: Record<string, string>, path = '/api/events/'): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(`${base}${path}`, { headers, signal: abort.signal });
  const events: Received[] = [];
  const comments: string[] = [];
  let done = false;
  const parser = createParser({
    onEvent: (message) =>
      events.push({ id: Number(message.id), type: message.event ?? 'message', data: JSON.parse(message.data) }),
    onComment: (comment) => comments.push(comment.trim()),
  });
  const ended = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        parser.feed(value);
      }
    } catch {
      // aborted by the test
    } finally {
      done = true;
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    ended,
    isEnded: () => done,
    async waitFor(count, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (events.length < count && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
      if (events.length < count)
        throw new Error(`expected ${count} events, got ${events.length}: ${JSON.stringify(events)}`);
      return events;
    },
    close: () => abort.abort(),
  };
}

/** The streams and calls here carry no organization header: the signed-in user's own organization applies. */
const OWN_ORGANIZATION = { organization: null };

const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

async function endsWithin(stream: OpenStream, ms = 5000): Promise<boolean> {
  return Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

for (const backend of testBackends()) {
  describe(`live event stream (${backend})`, () => {
    let t: TestApi;
    let base: string;
    let nurse: Caller;
    let admin: Caller;
    let sunriseId: number;
    let harborId: number;
    const open: OpenStream[] = [];
    const stream = async (headers: Record<string, string>, path?: string) => {
      const s = await openStream(base, headers, path);
      open.push(s);
      return s;
    };
    const notifyNurse = (title: string) =>
      notify(t.app.db, { userId: nurse.user.id, organizationId: sunriseId, type: 'visit', title }, t.app.now(), t.app);

    beforeAll(async () => {
      t = await testApp({ backend });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      nurse = await t.as('nurse@sunrise.example', OWN_ORGANIZATION);
      admin = await t.as('admin@sunrise.example', OWN_ORGANIZATION);
      const orgs = await t.database.db.select().from(organizations);
      sunriseId = orgs.find((o) => o.token === 'sunrise')!.id;
      harborId = orgs.find((o) => o.token === 'harbor')!.id;
    });
    afterAll(async () => {
      for (const s of open) s.close();
      await t?.close();
    });

    it('refuses a stream without the Authorization header, a token in the URL included', async () => {
      const anonymous = await fetch(`${base}/api/events/`);
      expect(anonymous.status).toBe(401);
      const inUrl = await fetch(`${base}/api/events/?token=${encodeURIComponent(nurse.access)}`);
      expect(inUrl.status).toBe(401);
      expect(await inUrl.json()).toMatchObject({ code: 'not_authenticated' });
      const accessInUrl = await fetch(
        `${base}/api/events/?access=${encodeURIComponent(nurse.access)}&access_token=${encodeURIComponent(nurse.access)}`,
      );
      expect(accessInUrl.status).toBe(401);
    });

    it('refuses a Last-Event-ID that is not an event id, naming it', async () => {
      const response = await fetch(`${base}/api/events/`, {
        headers: { ...nurse.headers, 'last-event-id': 'yesterday' },
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { fields?: Record<string, unknown> };
      expect(Object.keys(body.fields ?? {})).toEqual(['last-event-id']);
    });

    it('refuses the roles without notifications or messages (a client)', async () => {
      const client = await t.as('client@sunrise.example', OWN_ORGANIZATION);
      const response = await fetch(`${base}/api/events/`, { headers: client.headers });
      expect(response.status).toBe(403);
    });

    it("streams the signed-in user's own events only, as Server-Sent Events", async () => {
      const nurseStream = await stream(nurse.headers);
      const adminStream = await stream(admin.headers);
      expect(nurseStream.status).toBe(200);
      expect(nurseStream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(nurseStream.headers.get('cache-control')).toBe('no-store');

      const notificationId = await notifyNurse('A visit was added to your schedule');
      const [event] = await nurseStream.waitFor(1);
      const unread = (
        (await (await fetch(`${base}/api/notifications/?unread=true&limit=1`, { headers: nurse.headers })).json()) as {
          count: number;
        }
      ).count;
      expect(event).toMatchObject({ type: 'notification.created', data: { notification_id: notificationId, unread } });
      const [row] = await t.database.db.select().from(liveEvents).where(eq(liveEvents.id, event.id));
      expect(row).toMatchObject({ userId: nurse.user.id, type: 'notification.created' });

      await settle();
      expect(adminStream.events).toEqual([]);
      nurseStream.close();
      adminStream.close();
    });

    it('tells every open tab the new unread count when notifications are marked read', async () => {
      const tab = await stream(nurse.headers);
      await notifyNurse('Another visit');
      const [created] = await tab.waitFor(1);
      const readAll = await fetch(`${base}/api/notifications/read-all/`, {
        method: 'POST',
        headers: { ...nurse.headers, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(readAll.status).toBe(204);
      const [, read] = await tab.waitFor(2);
      expect(read).toMatchObject({ type: 'notifications.read', data: { unread: 0 } });
      expect(read.id).toBeGreaterThan(created.id);

      await notifyNurse('One more');
      const [, , again] = await tab.waitFor(3);
      const patch = await fetch(`${base}/api/notifications/${again.data.notification_id}/`, {
        method: 'PATCH',
        headers: { ...nurse.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ read: true }),
      });
      expect(patch.status).toBe(200);
      expect((await tab.waitFor(4))[3]).toMatchObject({ type: 'notifications.read', data: { unread: 0 } });
      tab.close();
    });

    it("keeps the master's stream to the organization it acts in", async () => {
      const master = await t.as('master@portal.example', OWN_ORGANIZATION);
      const inHarbor = await stream(master.in('harbor').headers);
      expect(inHarbor.status).toBe(200);
      await t.app.events.publish([
        { userId: master.user.id, organizationId: sunriseId, type: 'grievance.changed', data: { grievance_id: 1 } },
        { userId: master.user.id, organizationId: harborId, type: 'grievance.changed', data: { grievance_id: 2 } },
      ]);
      await inHarbor.waitFor(1);
      await settle();
      expect(inHarbor.events.map((e) => e.data.grievance_id)).toEqual([2]);
      inHarbor.close();
    });

    it('replays what a reconnecting tab missed after its Last-Event-ID, then goes on live, none twice', async () => {
      const first = await stream(nurse.headers);
      await notifyNurse('Seen before the cut');
      const [seen] = await first.waitFor(1);
      first.close();
      await settle();
      const missedIds = [await notifyNurse('Missed 1'), await notifyNurse('Missed 2')];

      // while the missed rows are replayed, new ones arrive: each shows once, in order
      const reconnecting = stream({ ...nurse.headers, 'last-event-id': String(seen.id) });
      const during = notifyNurse('Published during the replay');
      const again = await reconnecting;
      const duringId = await during;
      const afterId = await notifyNurse('Live after the replay');
      const events = await again.waitFor(4);
      await settle();
      expect(again.events.map((e) => e.data.notification_id)).toEqual([...missedIds, duringId, afterId]);
      const ids = again.events.map((e) => e.id);
      expect(ids.every((id) => id > seen.id)).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
      expect(events.map((e) => e.type)).toEqual(Array(4).fill('notification.created'));
      again.close();
    });

    it('tells of a notification written in a transaction once it has committed (a form request)', async () => {
      const aide = await t.as('aide@sunrise.example', OWN_ORGANIZATION);
      const tab = await stream(aide.headers);
      const [template] = await t.database.db
        .select()
        .from(formTemplates)
        .where(eq(formTemplates.name, 'Emergency contact'));
      const response = await admin.post('/api/onboarding/form-requests/', {
        template_id: template.id,
        employee_ids: [aide.user.id],
      });
      expect(response.statusCode).toBeLessThan(300);
      const [event] = await tab.waitFor(1);
      expect(event.type).toBe('notification.created');
      const [row] = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.id, event.data.notification_id));
      expect(row).toMatchObject({ userId: aide.user.id });
      expect(event.data.unread).toBeGreaterThanOrEqual(1);
      tab.close();
    });

    it('ends the stream when its session signs out, and keeps the other sessions’ streams', async () => {
      const other = await t.as('nurse@sunrise.example', OWN_ORGANIZATION);
      const leaving = await stream(nurse.headers);
      const staying = await stream(other.headers);
      expect(await endsWithin(leaving, 200)).toBe(false);
      const logout = await fetch(`${base}/api/auth/logout/`, {
        method: 'POST',
        headers: { ...nurse.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh: nurse.refresh }),
      });
      expect(logout.status).toBeLessThan(300);
      expect(await endsWithin(leaving)).toBe(true);
      expect(staying.isEnded()).toBe(false);
      expect(leaving.events).toEqual([]);
      nurse = other;
    });

    it('ends streams whose session went idle at the heartbeat, and sends the others a heartbeat', async () => {
      const streams = liveStreamsOf(t.app)!;
      const quiet = await stream(nurse.headers);
      await settle();
      await streams.checkSessions();
      await settle();
      expect(quiet.isEnded()).toBe(false);
      expect(quiet.comments).toContain('heartbeat');

      t.clock.advance(t.config.sessionIdleSeconds + 1);
      await streams.checkSessions();
      expect(await endsWithin(quiet)).toBe(true);
      expect(streams.size).toBe(0);
      nurse = await t.as('nurse@sunrise.example', OWN_ORGANIZATION);
    });

    it('prunes the rows older than a day and keeps the younger ones', async () => {
      const now = t.app.now();
      const eventAged = async (hours: number) => {
        const [row] = await t.database.db
          .insert(liveEvents)
          .values({
            userId: nurse.user.id,
            organizationId: sunriseId,
            type: 'notifications.read',
            data: { unread: 0 },
            createdAt: new Date(now.getTime() - hours * 3_600_000),
          })
          .returning();
        return row;
      };
      const old = await eventAged(25);
      const young = await eventAged(23);
      expect(await pruneLiveEvents(t.app)).toBeGreaterThanOrEqual(1);
      const left = (await t.database.db.select({ id: liveEvents.id }).from(liveEvents)).map((r) => r.id);
      expect(left).not.toContain(old.id);
      expect(left).toContain(young.id);
    });

    it('ends every open stream when the server closes', async () => {
      const s = await stream(nurse.headers);
      const closing = t.close();
      expect(await endsWithin(s)).toBe(true);
      await closing;
      t = undefined as unknown as TestApi;
    });
  });
}

describe('NOTIFY payloads', () => {
  it('stay under the limit in chunks, and send a row too large by its id', () => {
    const events = Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      userId: 7,
      organizationId: 1,
      type: 'message.created',
      data: { conversation_id: 3, message_id: i },
    }));
    const payloads = notifyPayloads(events, 1000);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(1000);
    expect(payloads.flatMap((p) => JSON.parse(p).r.map((r: { i: number }) => r.i))).toEqual(events.map((e) => e.id));
    const large = notifyPayloads(
      [{ id: 9, userId: 7, organizationId: 1, type: 'x', data: { text: 'a'.repeat(2000) } }],
      1000,
    );
    expect(large).toEqual([JSON.stringify({ ids: [9] })]);
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe('live events across two server processes (postgres)', () => {
    let t: TestApi;
    let second: { app: AppInstance; database: Database };
    let baseB: string;
    let nurse: Caller;
    let sunriseId: number;

    beforeAll(async () => {
      t = await testApp({ backend: 'postgres' });
      const database = await openDatabase({ databaseUrl: t.databaseUrl });
      const app = await buildApp({
        config: t.config,
        db: database.db,
        databaseUrl: t.databaseUrl,
        now: t.clock.now,
        logger: false,
        distDir: '/nonexistent',
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      second = { app, database };
      const address = app.server.address();
      baseB = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      nurse = await t.as('nurse@sunrise.example', OWN_ORGANIZATION);
      const [sunrise] = await t.database.db.select().from(organizations).where(eq(organizations.token, 'sunrise'));
      sunriseId = sunrise.id;
    });
    afterAll(async () => {
      await second?.app.close();
      await second?.database.close();
      await t?.close();
    });

    it('delivers an event published through one process to a stream served by the other', async () => {
      const onB = await openStream(baseB, nurse.headers);
      expect(onB.status).toBe(200);
      const id = await notify(
        t.app.db,
        { userId: nurse.user.id, organizationId: sunriseId, type: 'visit', title: 'Through A' },
        t.app.now(),
        t.app,
      );
      const [event] = await onB.waitFor(1);
      expect(event).toMatchObject({ type: 'notification.created', data: { notification_id: id } });
      await settle();
      expect(onB.events).toHaveLength(1);
      onB.close();
    });

    it('ends a stream on the other process when its session signs out', async () => {
      const session = await t.as('nurse@sunrise.example', OWN_ORGANIZATION);
      const onB = await openStream(baseB, session.headers);
      const logout = await session.post('/api/auth/logout/', { refresh: session.refresh });
      expect(logout.statusCode).toBeLessThan(300);
      expect(await endsWithin(onB)).toBe(true);
    });

    it("ends a person's streams on the other process at once when they are deactivated", async () => {
      const admin = await t.as('admin@sunrise.example', OWN_ORGANIZATION);
      const aide = await t.as('aide@sunrise.example', OWN_ORGANIZATION);
      const onB = await openStream(baseB, aide.headers);
      expect(onB.status).toBe(200);
      const deactivate = await admin.patch(`/api/users/${aide.user.id}/`, { is_active: false });
      expect(deactivate.statusCode).toBe(200);
      expect(await endsWithin(onB, 2000)).toBe(true);
      await admin.patch(`/api/users/${aide.user.id}/`, { is_active: true });
    });

    it('catches up after its LISTEN connection drops: nothing published meanwhile is lost', async () => {
      const onB = await openStream(baseB, nurse.headers);
      const before = await notify(
        t.app.db,
        { userId: nurse.user.id, organizationId: sunriseId, type: 'visit', title: 'Before the cut' },
        t.app.now(),
        t.app,
      );
      await onB.waitFor(1);
      expect(await terminateListenConnections(t.databaseUrl!)).toBeGreaterThanOrEqual(2);
      const during = await notify(
        t.app.db,
        { userId: nurse.user.id, organizationId: sunriseId, type: 'visit', title: 'While B is cut off' },
        t.app.now(),
        t.app,
      );
      const events = await onB.waitFor(2, 10_000);
      const after = await notify(
        t.app.db,
        { userId: nurse.user.id, organizationId: sunriseId, type: 'visit', title: 'After' },
        t.app.now(),
        t.app,
      );
      await onB.waitFor(3, 10_000);
      await settle(300);
      expect(events.map((e) => e.data.notification_id)).toEqual([before, during, after]);
      onB.close();
    }, 20_000);
  });
}

describe('a stream replaying what it missed', () => {
  it('holds the live events that arrive during the replay, sends them after it, and none twice', async () => {
    const { EventEmitter } = await import('node:events');
    const { createLiveStreams } = await import('./service');
    // the replay query answers when the test says so; the bus delivers at once
    let answerReplay!: (rows: unknown[]) => void;
    const replay = new Promise<unknown[]>((resolve) => (answerReplay = resolve));
    const chain: Record<string, () => unknown> = {
      from: () => chain,
      where: () => chain,
      orderBy: () => chain,
      limit: () => replay,
    };
    const listeners = new EventEmitter();
    const bus = {
      publish: async () => undefined,
      subscribe: (listener: (e: unknown) => void) => (
        listeners.on('event', listener),
        () => listeners.off('event', listener)
      ),
      close: async () => undefined,
    };
    const app = {
      db: { select: () => chain },
      events: bus,
      now: () => new Date(),
      log: { error: () => undefined },
      config: {},
    } as unknown as FastifyInstance;
    const streams = createLiveStreams(app);
    const written: string[] = [];
    const raw = Object.assign(new EventEmitter(), {
      writeHead: () => undefined,
      write: (text: string) => written.push(text),
      end: () => undefined,
      writableLength: 0,
    });
    const reply: Record<string, unknown> = {
      hijack: () => undefined,
      raw,
      getHeaders: () => ({}),
      headers: () => reply,
      header: () => reply,
    };
    const request = {
      user: { user: { id: 7 } },
      organization: { id: 1 },
      sessionFamilyId: 'f',
      ip: '127.0.0.1',
      url: '/api/events/',
      protocol: 'http',
    };

    const opening = streams.open(request as unknown as FastifyRequest, reply as unknown as FastifyReply, 10);
    const live = (id: number) => ({
      id,
      userId: 7,
      organizationId: 1,
      type: 'notification.created',
      data: { notification_id: id },
    });
    listeners.emit('event', live(12)); // also in the replay's rows
    listeners.emit('event', live(13)); // only live
    expect(written.filter((text) => text.startsWith('id:'))).toEqual([]);
    answerReplay([live(11), live(12)]);
    await opening;
    listeners.emit('event', live(14));
    const ids = written.filter((text) => text.startsWith('id:')).map((text) => Number(/^id: (\d+)/.exec(text)![1]));
    expect(ids).toEqual([11, 12, 13, 14]);
    streams.close();
  });
});

describe('how many streams a process holds', () => {
  it('caps 10 streams per session, 30 per user and 500 per address by default, and counts an IPv6 address by its /64', async () => {
    const { configFromEnv } = await import('../../config');
    const { addressKey } = await import('./service');
    expect(configFromEnv({})).toMatchObject({
      eventStreamsPerSession: 10,
      eventStreamsPerUser: 30,
      eventStreamsPerAddress: 500,
    });
    expect(configFromEnv({ EVENT_STREAMS_PER_ADDRESS: '0' }).eventStreamsPerAddress).toBe(0);
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('stream caps, and streams ended with their sessions', () => {
  let t: TestApi;
  let base: string;
  const open: OpenStream[] = [];
  // a proxy in front (TRUST_PROXY) tells each stream's address in X-Forwarded-For
  const from = (address: string, access: string) => ({ ...t.headers(access), 'x-forwarded-for': address });
  const stream = async (headers: Record<string, string>) => {
    const s = await openStream(base, headers);
    open.push(s);
    return s;
  };
  /** Closes the test's streams and waits until the server has let them go. */
  const closeAll = async () => {
    for (const s of open.splice(0)) s.close();
    const until = Date.now() + 5000;
    while (liveStreamsOf(t.app)!.size > 0 && Date.now() < until) await settle(20);
    expect(liveStreamsOf(t.app)!.size).toBe(0);
  };

  beforeAll(async () => {
    t = await testApp({
      config: { eventStreamsPerSession: 2, eventStreamsPerUser: 3, eventStreamsPerAddress: 4, trustProxy: true },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t?.close();
  });

  it("closes the session's oldest stream when one more than its cap opens (a reloaded tab never locks itself out)", async () => {
    const nurse = await t.as('nurse@sunrise.example', OWN_ORGANIZATION);
    const first = await stream(from('198.51.100.1', nurse.access));
    const second = await stream(from('198.51.100.2', nurse.access));
    expect(await endsWithin(first, 200)).toBe(false);
    const third = await stream(from('198.51.100.3', nurse.access));
    expect(third.status).toBe(200);
    expect(await endsWithin(first, 2000)).toBe(true);
    expect(second.isEnded()).toBe(false);
    expect(third.isEnded()).toBe(false);
    expect(liveStreamsOf(t.app)!.size).toBe(2);
    await closeAll();
  });

  it("closes the user's oldest stream, of whichever session, when one more than their cap opens", async () => {
    const sessions = await Promise.all([1, 2, 3, 4].map(() => t.as('aide@sunrise.example', OWN_ORGANIZATION)));
    const streams = [];
    for (const [i, session] of sessions.slice(0, 3).entries())
      streams.push(await stream(from(`198.51.100.${10 + i}`, session.access)));
    expect(await endsWithin(streams[0]!, 200)).toBe(false);
    const fourth = await stream(from('198.51.100.13', sessions[3]!.access));
    expect(fourth.status).toBe(200);
    expect(await endsWithin(streams[0]!, 2000)).toBe(true);
    expect(streams.slice(1).map((s) => s.isEnded())).toEqual([false, false]);
    expect(liveStreamsOf(t.app)!.size).toBe(3);
    await closeAll();
  });

  it('refuses a stream beyond the cap of its address with 429 and keeps the open ones; other addresses still open theirs', async () => {
    const office = '203.0.113.7';
    const admins = await Promise.all([1, 2, 3].map(() => t.as('admin@sunrise.example', OWN_ORGANIZATION)));
    const nurse = await t.as('nurse@sunrise.example', OWN_ORGANIZATION);
    const held = [];
    for (const session of admins) held.push(await stream(from(office, session.access)));
    held.push(await stream(from(office, nurse.access)));
    expect(held.map((s) => s.status)).toEqual([200, 200, 200, 200]);

    const other = await t.as('nurse@sunrise.example', OWN_ORGANIZATION);
    const refused = await fetch(`${base}/api/events/`, { headers: from(office, other.access) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({ detail: expect.any(String), code: 'too_many_streams' });
    await settle();
    expect(held.map((s) => s.isEnded())).toEqual([false, false, false, false]);
    expect(liveStreamsOf(t.app)!.size).toBe(4);

    // the same person from elsewhere, and from the full address a stream that replaces one of its own there
    const elsewhere = await stream(from('198.51.100.50', other.access));
    expect(elsewhere.status).toBe(200);
    const replacing = await stream(from(office, (await t.as('admin@sunrise.example', OWN_ORGANIZATION)).access));
    expect(replacing.status).toBe(200);
    expect(await endsWithin(held[0]!, 2000)).toBe(true);
    await closeAll();
  });

  it('ends every stream of a person at once when they are deactivated, not at the next heartbeat', async () => {
    const admin = await t.as('admin@sunrise.example', OWN_ORGANIZATION);
    const sessions = [
      await t.as('aide@sunrise.example', OWN_ORGANIZATION),
      await t.as('aide@sunrise.example', OWN_ORGANIZATION),
    ];
    const streams = [
      await stream(from('198.51.100.20', sessions[0]!.access)),
      await stream(from('198.51.100.21', sessions[1]!.access)),
    ];
    const adminStream = await stream(from('198.51.100.22', admin.access));
    expect(await endsWithin(streams[0]!, 200)).toBe(false);
    const aideId = sessions[0]!.user.id;
    const deactivate = await admin.patch(`/api/users/${aideId}/`, { is_active: false });
    expect(deactivate.statusCode).toBe(200);
    expect(await endsWithin(streams[0]!, 2000)).toBe(true);
    expect(await endsWithin(streams[1]!, 2000)).toBe(true);
    expect(adminStream.isEnded()).toBe(false);
    const reactivate = await admin.patch(`/api/users/${aideId}/`, { is_active: true });
    expect(reactivate.statusCode).toBe(200);
    await closeAll();
  });

  it('ends every stream of a person at once when their password is reset, and the other sessions’ ones when they change it', async () => {
    const { createPasswordResetLink } = await import('../auth/password-tokens');
    const { users } = await import('../../db/schema');
    const sessions = [
      await t.as('nurse@sunrise.example', OWN_ORGANIZATION),
      await t.as('nurse@sunrise.example', OWN_ORGANIZATION),
    ];
    const streams = [
      await stream(from('198.51.100.30', sessions[0]!.access)),
      await stream(from('198.51.100.31', sessions[1]!.access)),
    ];
    const [nurse] = await t.database.db.select().from(users).where(eq(users.id, sessions[0]!.user.id));
    const [uid, token] = createPasswordResetLink(t.app, nurse!, 'sunrise').split('/').slice(-3, -1);
    const reset = await t.anonymous.post('/api/auth/password/reset/confirm/', {
      uid,
      token,
      new_password: 'amber meadow kettle',
    });
    expect(reset.statusCode).toBe(204);
    expect(await endsWithin(streams[0]!, 2000)).toBe(true);
    expect(await endsWithin(streams[1]!, 2000)).toBe(true);

    const [keeping, leaving] = [
      await t.as('nurse@sunrise.example', { ...OWN_ORGANIZATION, password: 'amber meadow kettle' }),
      await t.as('nurse@sunrise.example', { ...OWN_ORGANIZATION, password: 'amber meadow kettle' }),
    ];
    const kept = await stream(from('198.51.100.32', keeping.access));
    const ended = await stream(from('198.51.100.33', leaving.access));
    const change = await keeping.post('/api/auth/password/change/', {
      current_password: 'amber meadow kettle',
      new_password: 'copper harbor lantern',
    });
    expect(change.statusCode).toBe(204);
    expect(await endsWithin(ended, 2000)).toBe(true);
    expect(kept.isEnded()).toBe(false);
    await closeAll();
  });
});
