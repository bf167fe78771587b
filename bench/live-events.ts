/**
 * Live events (issue 11, "Performance", on PostgreSQL), two real server processes (`server/main.ts`) on one
 * database, RATE_LIMITS=off and the stream caps off (EVENT_STREAMS_PER_*=0: the 1,000 streams are one nurse's, from one address):
 * (a) a message posted through process A (the nurse, conversations_messages_create) is received on the admin's
 *     event stream served by process B: the time from sending the POST to the event's arrival, 200 messages;
 * (b) 1,000 open streams on process B (the nurse's, over 20 sessions): B's RSS with them less its RSS with none,
 *     and the delivery p95 of (a) measured again while they are open.
 * A dedicated database is created from `databaseUrl` and dropped. Standalone: `npx tsx bench/live-events.ts`.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../server/db/connection';
import { DEMO_PASSWORD, seedDemo } from '../server/db/seed';
import type { Spawned } from '../tests/e2e/harness';
import { percentile, startPortal, type LatencyFigures } from './lib';

export interface LiveEventsBench {
  acrossProcesses: LatencyFigures & { messages: number };
  openStreams: number;
  rssIdleMiB: number;
  rssOpenMiB: number;
  growthMiB: number;
  withOpenStreams: LatencyFigures & { messages: number };
}

const rssMiB = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
};

async function login(base: string, email: string) {
  const response = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { access: string; refresh: string; user: { id: number } };
}

/** A raw keep-alive-free HTTP stream (fetch's pool would cap sockets): resolves once headers arrive. */
function openRawStream(base: string, access: string, onData: (text: string) => void): Promise<http.ClientRequest> {
  const url = new URL('/api/events/', base);
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        agent: false,
        headers: { authorization: `Bearer ${access}`, 'x-organization-token': 'sunrise', accept: 'text/event-stream' },
      },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream: ${response.statusCode}`));
        response.setEncoding('utf8');
        response.on('data', onData);
        response.on('error', () => undefined);
        resolve(request);
      },
    );
    request.on('error', reject);
  });
}

/** The message ids the measured stream has received, and who waits for which. */
class Arrivals {
  private received = new Set<number>();
  private waiting = new Map<number, () => void>();
  arrived(id: number) {
    const waiter = this.waiting.get(id);
    if (waiter) {
      this.waiting.delete(id);
      waiter();
    } else this.received.add(id);
  }
  /** Resolves when message `id` has arrived (at once if it came before its POST answered). */
  wait(id: number): Promise<void> {
    if (this.received.delete(id)) return Promise.resolve();
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }
}

/** Posts `count` messages through A, one at a time, each timed until its message.created reaches the stream on B. */
async function measureDelivery(
  baseA: string,
  nurseAccess: string,
  conversationId: number,
  arrivals: Arrivals,
  count: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(`${baseA}/api/conversations/${conversationId}/messages/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${nurseAccess}`,
        'x-organization-token': 'sunrise',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ body: `Message ${i}` }),
    });
    if (response.status !== 201) throw new Error(`message: ${response.status} ${await response.text()}`);
    const { id } = (await response.json()) as { id: number };
    const received = arrivals.wait(id);
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`message ${id} not received on B in 10 s`)), 10_000).unref(),
    );
    await Promise.race([received, timeout]);
    times.push(performance.now() - started);
  }
  return times;
}

const figures = (times: number[]): LatencyFigures & { messages: number } => ({
  p50: percentile(times, 50),
  p95: percentile(times, 95),
  messages: times.length,
});

export async function benchLiveEvents(options: {
  databaseUrl: string;
  messages?: number;
  streams?: number;
  log?: (message: string) => void;
}): Promise<LiveEventsBench> {
  const messages = options.messages ?? 200;
  const openCount = options.streams ?? 1000;
  const log = options.log ?? ((message: string) => console.log(message));
  const name = `care_bench_live_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(options.databaseUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'care-bench-live-'));
  const servers: Spawned[] = [];
  const sockets: http.ClientRequest[] = [];
  try {
    const database = await openDatabase({ databaseUrl });
    await database.migrate();
    await seedDemo(database.db, { files: null });
    await database.close();

    const start = async (label: string) => {
      const server = await startPortal({
        DATABASE_URL: databaseUrl,
        RATE_LIMITS: 'off',
        EVENT_STREAMS_PER_SESSION: '0',
        EVENT_STREAMS_PER_USER: '0',
        EVENT_STREAMS_PER_ADDRESS: '0',
        DATA_DIR: path.join(dataDir, label),
        STATUS_FILE: path.join(dataDir, 'status.json'),
      });
      servers.push(server);
      return { server, base: server.url };
    };
    const a = await start('a');
    const b = await start('b');
    log(`live events: A on ${a.base}, B on ${b.base}`);

    const nurse = await login(a.base, 'nurse@sunrise.example');
    const adminOnB = await login(b.base, 'admin@sunrise.example');
    const created = await fetch(`${a.base}/api/conversations/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${nurse.access}`,
        'x-organization-token': 'sunrise',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ topic: 'SCHEDULE', subject: 'Bench', body: 'First' }),
    });
    if (created.status !== 201) throw new Error(`conversation: ${created.status} ${await created.text()}`);
    const conversationId = ((await created.json()) as { id: number }).id;

    // the admin's measured stream on B
    const arrivals = new Arrivals();
    let buffer = '';
    sockets.push(
      await openRawStream(b.base, adminOnB.access, (text) => {
        buffer += text;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!/^event: message\.created$/m.test(block)) continue;
          const data = JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as { message_id: number };
          arrivals.arrived(data.message_id);
        }
      }),
    );

    await measureDelivery(a.base, nurse.access, conversationId, arrivals, 10); // warm-up
    const across = await measureDelivery(a.base, nurse.access, conversationId, arrivals, messages);
    log(`live events: A → B p95 ${percentile(across, 95).toFixed(1)} ms over ${messages}`);

    // (b) memory of open streams on B
    // (the open streams are the nurse's, over 20 sessions: the author hears nothing of its own messages, so
    // they are idle connections held by B while the admin's measured stream receives)
    const pid = b.server.pid;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssIdle = rssMiB(pid);
    const sessions = await Promise.all(Array.from({ length: 20 }, () => login(b.base, 'nurse@sunrise.example')));
    for (let i = 0; i < openCount; i++)
      sockets.push(await openRawStream(b.base, sessions[i % sessions.length]!.access, () => undefined));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const rssOpen = rssMiB(pid);
    log(`live events: B RSS ${rssIdle.toFixed(1)} MiB → ${rssOpen.toFixed(1)} MiB with ${openCount} open streams`);
    const withOpen = await measureDelivery(a.base, nurse.access, conversationId, arrivals, messages);
    log(`live events: A → B p95 with ${openCount} open streams ${percentile(withOpen, 95).toFixed(1)} ms`);

    return {
      acrossProcesses: figures(across),
      openStreams: openCount,
      rssIdleMiB: rssIdle,
      rssOpenMiB: rssOpen,
      growthMiB: rssOpen - rssIdle,
      withOpenStreams: figures(withOpen),
    };
  } finally {
    for (const socket of sockets) socket.destroy();
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const dropper = new pg.Client({ connectionString: options.databaseUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await dropper.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchLiveEvents({
    databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    messages: Number(process.env.LIVE_MESSAGES ?? 200),
    streams: Number(process.env.LIVE_STREAMS ?? 1000),
  });
  console.log(JSON.stringify(result, null, 2));
}
