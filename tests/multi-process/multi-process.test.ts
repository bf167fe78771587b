import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { multipart, PDF_BYTES } from '../../server/lib/multipart-test-helpers';
import { DEMO_PASSWORD, ROOT } from '../e2e/harness';
import { MULTI_PROCESS_SKIP, startPortalCluster, type PortalCluster, type PortalProcess } from './servers';

/**
 * quality.md's multi-process suite: two server processes on one PostgreSQL; a session, a throttle, a rate
 * limit, a live event and a stored file made through one are seen through the other. Then WORKERS=2: the
 * cluster starts, both workers answer, SIGTERM stops them all. Runs whenever TEST_DATABASE_URL is set.
 */

type Json = Record<string, unknown>;

/** A call and its answer; `json` is the parsed body, typed by the caller (an empty object when not JSON). */
async function call<T = Json>(
  base: string,
  method: string,
  url: string,
  { body, access, org = 'sunrise' }: { body?: unknown; access?: string; org?: string } = {},
) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(access ? { authorization: `Bearer ${access}`, 'x-organization-token': org } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json = {} as T;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    /* not JSON */
  }
  return { status: response.status, headers: response.headers, json, text };
}

async function signIn(
  base: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<{ access: string; refresh: string; user: Json }> {
  const answer = await call(base, 'POST', '/api/auth/login/', { body: { email, password } });
  if (answer.status !== 200) throw new Error(`sign-in of ${email} through ${base}: ${answer.status} ${answer.text}`);
  return answer.json as { access: string; refresh: string; user: Json };
}

/** An event stream as the browser opens it: fetch with the Authorization header, parsed as it arrives. */
async function openEvents(base: string, access: string) {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/events/`, {
    headers: { authorization: `Bearer ${access}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const events: { id: number; type: string; data: Json }[] = [];
  let connected = false;
  const parser = createParser({
    onEvent: (message) =>
      events.push({ id: Number(message.id), type: message.event ?? 'message', data: JSON.parse(message.data) }),
    onComment: () => (connected = true),
  });
  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      /* closed by the test */
    }
  })();
  const until = async (check: () => boolean, what: string, timeoutMs = 5000) => {
    const end = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > end) throw new Error(`${what} within ${timeoutMs} ms; events: ${JSON.stringify(events)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await until(() => connected, 'the stream said it is connected');
  return { status: response.status, events, until, close: () => abort.abort() };
}

/** A GET on a new connection each time (no keep-alive), so the cluster's primary hands each to a worker in turn. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The parent of a process (the 4th field of /proc/<pid>/stat, after the parenthesised name). */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

// visible in the run's output: the suite is not silently empty where PostgreSQL is missing
if (MULTI_PROCESS_SKIP) console.warn(MULTI_PROCESS_SKIP);

describe('WORKERS=N', () => {
  it('refuses to start on the embedded database, saying why', () => {
    const result = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'server/main.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        ...process.env,
        WORKERS: '2',
        DATABASE_URL: '',
        NODE_ENV: 'test',
        PORT: '0',
        DATA_DIR: path.join(ROOT, '.tmp', 'never-opened'),
      },
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/WORKERS=2 needs DATABASE_URL/);
    expect(result.stderr).toMatch(/set DATABASE_URL to a PostgreSQL database/);
  });
});

describe.skipIf(MULTI_PROCESS_SKIP !== null)(MULTI_PROCESS_SKIP ?? 'two server processes on one PostgreSQL', () => {
  let portal: PortalCluster;
  let a: string;
  let b: string;

  beforeAll(async () => {
    portal = await startPortalCluster(2);
    [a, b] = portal.processes.map((p) => p.url);
  }, 180_000);
  afterAll(async () => portal?.stop(), 60_000);

  it('a session made through A refreshes through B, and signing out through B ends it on A', async () => {
    const session = await signIn(a, 'nurse@sunrise.example');
    const refreshed = await call<{ access: string; refresh: string }>(b, 'POST', '/api/auth/token/refresh/', {
      body: { refresh: session.refresh },
    });
    expect(refreshed.status).toBe(200);
    expect((await call(a, 'GET', '/api/auth/user/', { access: refreshed.json.access })).json.email).toBe(
      'nurse@sunrise.example',
    );
    expect((await call(b, 'POST', '/api/auth/logout/', { body: { refresh: refreshed.json.refresh } })).status).toBe(
      204,
    );
    expect((await call(a, 'GET', '/api/auth/user/', { access: refreshed.json.access })).status).toBe(401);
    expect(
      (await call(a, 'POST', '/api/auth/token/refresh/', { body: { refresh: refreshed.json.refresh } })).status,
    ).toBe(401);
  });

  it('the sign-in throttle counted through A bites through B', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (
          await call(a, 'POST', '/api/auth/login/', {
            body: { email: 'marketer@sunrise.example', password: `wrong ${i}` },
          })
        ).status,
      ).toBe(401);
    const blocked = await call(b, 'POST', '/api/auth/login/', {
      body: { email: 'marketer@sunrise.example', password: DEMO_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe('throttled');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a public rate limit filled through A answers 429 through B', async () => {
    // three password-reset requests an hour for one email
    for (let i = 0; i < 3; i++)
      expect(
        (await call(a, 'POST', '/api/auth/password/reset/', { body: { email: 'aide@sunrise.example' } })).status,
      ).not.toBe(429);
    const limited = await call(b, 'POST', '/api/auth/password/reset/', { body: { email: 'aide@sunrise.example' } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("a document uploaded through A downloads through B, and the upload's notification reaches the admin's stream on B", async () => {
    const newhire = await signIn(a, 'newhire@sunrise.example');
    const admin = await signIn(b, 'admin@sunrise.example');
    const stream = await openEvents(b, admin.access);
    try {
      expect(stream.status).toBe(200);
      const slots = (await call<Json[]>(a, 'GET', '/api/profile/documents/', { access: newhire.access })).json;
      const slot = slots.find((s) => s.status === 'MISSING');
      expect(slot, JSON.stringify(slots)).toBeDefined();
      const today = new Date().toISOString().slice(0, 10);
      const body = multipart(
        { expires_on: addDays(today, 365) },
        { field: 'file', name: 'cpr-card.pdf', data: PDF_BYTES, type: 'application/pdf' },
      );
      const uploaded = await fetch(`${a}/api/profile/documents/${slot!.id}/file/`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${newhire.access}`,
          'x-organization-token': 'sunrise',
          'content-type': body.contentType,
        },
        body: body.payload,
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(200);

      const download = await fetch(`${b}/api/documents/${slot!.id}/file/`, {
        headers: { authorization: `Bearer ${admin.access}`, 'x-organization-token': 'sunrise' },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await download.arrayBuffer()).equals(PDF_BYTES)).toBe(true);

      // the admins are told of the upload (a notification written through A): B's stream hears it
      await stream.until(
        () => stream.events.some((event) => event.type === 'notification.created'),
        "the admin's stream on B hears the notification made through A",
      );
      const heard = stream.events.find((event) => event.type === 'notification.created')!;
      const list = await call(b, 'GET', '/api/notifications/?limit=5', { access: admin.access });
      const items = (list.json.results ?? list.json) as Json[];
      const notice = items.find((item) => item.id === heard.data.notification_id);
      expect(notice?.title).toMatch(/uploaded/);
    } finally {
      stream.close();
    }
  });
});

describe.skipIf(MULTI_PROCESS_SKIP !== null)(MULTI_PROCESS_SKIP ?? 'WORKERS=2 on PostgreSQL', () => {
  let portal: PortalCluster;
  let server: PortalProcess;

  beforeAll(async () => {
    // debug logging: each request's line names the process that answered it
    portal = await startPortalCluster(1, { env: { WORKERS: '2', LOG_LEVEL: 'debug' } });
    server = portal.processes[0];
  }, 180_000);
  afterAll(async () => portal?.stop(), 60_000);

  it('starts two workers on one port: both answer, and SIGTERM stops them all', async () => {
    expect(server.output()).toMatch(/Care Portal listening on http:\/\/localhost:\d+ \(2 worker processes\)/);
    // the demo was seeded once, by the primary: one summary, printed after the line above
    for (let i = 0; i < 100 && !server.output().includes('admin@harbor.example'); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.output().match(/Demo data: every password is/g)).toHaveLength(1);
    for (let i = 0; i < 8; i++)
      expect(await getOnNewConnection(`${server.url}/api/organizations/sunrise/`)).toBeLessThan(500);
    const requestLines = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"incoming request"') && line.includes('/api/organizations/sunrise/'));
    for (let i = 0; i < 100 && requestLines().length < 8; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const answeredBy = new Set(requestLines().map((line) => (JSON.parse(line) as { pid: number }).pid));
    expect(answeredBy.size).toBe(2);
    const workers = [...answeredBy];
    // both are the primary's children: node:cluster workers sharing the one port
    const primaries = workers.map(parentOf);
    expect(new Set(primaries).size).toBe(1);
    expect(workers).not.toContain(primaries[0]);

    // a worker that dies is replaced: the port keeps answering, and a new worker joins the other
    process.kill(workers[0], 'SIGKILL');
    const answering = new Set<number>();
    for (let i = 0; i < 150 && !(answering.size === 2 && !answering.has(workers[0])); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const before = requestLines().length;
      if ((await getOnNewConnection(`${server.url}/api/organizations/sunrise/`)) >= 500) continue;
      for (let j = 0; j < 20 && requestLines().length === before; j++)
        await new Promise((resolve) => setTimeout(resolve, 25));
      const line = requestLines()[before];
      if (line) answering.add((JSON.parse(line) as { pid: number }).pid);
    }
    expect(server.output()).toMatch(new RegExp(`worker ${workers[0]} stopped \\(SIGKILL\\); starting another`));
    expect(answering.has(workers[1])).toBe(true);
    const replacement = [...answering].find((pid) => !workers.includes(pid));
    expect(replacement).toBeDefined();
    expect(parentOf(replacement!)).toBe(primaries[0]);
    workers.splice(0, 1, replacement!);

    const code = await server.stop();
    expect(code).toBe(0);
    expect(workers.filter(isRunning)).toEqual([]);
    expect(isRunning(primaries[0])).toBe(false);
  });
});
