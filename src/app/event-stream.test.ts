import { createActor, setup } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { EventStreamInput, EventStreamReport } from '../machines/live-events-machine';
import { createEventStream, EVENTS_STREAM_PATH } from './event-stream';

/** A server answer whose body the test writes as it goes. */
function streamedAnswer(status = 200) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const jsonAnswer = (status: number) =>
  new Response(JSON.stringify({ detail: 'x', code: 'x' }), { status, headers: { 'content-type': 'application/json' } });

/** Runs the stream actor under a parent that records what it reports. */
function run(
  fetchImpl: typeof fetch,
  input: EventStreamInput,
  tokens = { access: 'A1' as string | null },
  refresh = vi.fn(async () => void (tokens.access = 'A2')),
  silenceMs?: number,
) {
  const reports: EventStreamReport[] = [];
  const stream = createEventStream(() => ({
    getAccessToken: () => tokens.access,
    getOrganizationToken: () => 'sunrise',
    refreshAccessToken: refresh,
    fetch: fetchImpl,
    silenceMs,
  }));
  const parent = setup({
    types: { events: {} as EventStreamReport },
    actors: { stream },
  }).createMachine({
    invoke: { src: 'stream', input },
    on: { '*': { actions: ({ event }) => reports.push(event) } },
  });
  const actor = createActor(parent).start();
  return { reports, actor, refresh };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe('the event stream', () => {
  it('sends the token in the Authorization header (never in the URL) and Last-Event-ID, and parses the events, passing on only those the shared map names', async () => {
    const answer = streamedAnswer();
    const fetchImpl = vi.fn(async () => answer.response);
    const { reports } = run(fetchImpl as unknown as typeof fetch, { lastEventId: 41 });
    await until(() => reports.length === 1);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(EVENTS_STREAM_PATH);
    expect(url).not.toContain('A1');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer A1',
      'X-ORGANIZATION-TOKEN': 'sunrise',
      'Last-Event-ID': '41',
    });
    expect(reports).toEqual([{ type: 'stream.open' }]);

    answer.write('retry: 2000\n: connected\n\n');
    answer.write('id: 42\nevent: notification.created\ndata: {"notification_id":7,');
    answer.write(
      '"unread":3}\n\n: heartbeat\n\nid: 43\nevent: survey.opened\ndata: {}\n\nid: 44\nevent: notifications.read\ndata: {"unread":0}\n\n',
    );
    await until(() => reports.length === 3);
    expect(reports.slice(1)).toEqual([
      {
        type: 'stream.event',
        event: { id: 42, type: 'notification.created', data: { notification_id: 7, unread: 3 } },
      },
      { type: 'stream.event', event: { id: 44, type: 'notifications.read', data: { unread: 0 } } },
    ]);

    answer.end();
    await until(() => reports.length === 4);
    expect(reports[3]).toEqual({ type: 'stream.dropped' });
  });

  it('sends no Last-Event-ID on the first connection', async () => {
    const fetchImpl = vi.fn(async () => streamedAnswer().response);
    const { reports } = run(fetchImpl as unknown as typeof fetch, { lastEventId: null });
    await until(() => reports.length === 1);
    expect((fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty(
      'Last-Event-ID',
    );
  });

  it('refreshes an expired token once and connects again with the new one', async () => {
    const fetchImpl = vi.fn(async (_url: string, init: RequestInit) =>
      (init.headers as Record<string, string>).Authorization === 'Bearer A1'
        ? jsonAnswer(401)
        : streamedAnswer().response,
    );
    const { reports, refresh } = run(fetchImpl as unknown as typeof fetch, { lastEventId: 3 });
    await until(() => reports.length === 1);
    expect(refresh).toHaveBeenCalledWith('A1');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect((fetchImpl.mock.calls[1][1].headers as Record<string, string>).Authorization).toBe('Bearer A2');
    expect(reports).toEqual([{ type: 'stream.open' }]);
  });

  it('reports a refusal (403) as final and other failures as drops', async () => {
    const refused = run((async () => jsonAnswer(403)) as unknown as typeof fetch, { lastEventId: null });
    await until(() => refused.reports.length === 1);
    expect(refused.reports).toEqual([{ type: 'stream.refused' }]);
    const failing = run((async () => jsonAnswer(503)) as unknown as typeof fetch, { lastEventId: null });
    await until(() => failing.reports.length === 1);
    expect(failing.reports).toEqual([{ type: 'stream.dropped' }]);
    const offline = run((async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch, {
      lastEventId: null,
    });
    await until(() => offline.reports.length === 1);
    expect(offline.reports).toEqual([{ type: 'stream.dropped' }]);
  });

  it('drops a stream that brings nothing, not even a heartbeat, for longer than the silence allows; heartbeats keep it', async () => {
    let signal: AbortSignal | undefined;
    const answer = streamedAnswer();
    const { reports } = run(
      (async (_url: string, init: RequestInit) => {
        signal = init.signal ?? undefined;
        return answer.response;
      }) as unknown as typeof fetch,
      { lastEventId: 7 },
      undefined,
      undefined,
      200,
    );
    await until(() => reports.length === 1);
    // a heartbeat comment every 100 ms for half a second: still open
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer.write(': heartbeat\n\n');
    }
    expect(reports).toEqual([{ type: 'stream.open' }]);
    expect(signal?.aborted).toBe(false);
    // then silence: dropped once, the request aborted
    await until(() => reports.length === 2);
    expect(reports).toEqual([{ type: 'stream.open' }, { type: 'stream.dropped' }]);
    expect(signal?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reports).toHaveLength(2);
  });

  it('aborts the request when the actor stops (sign-out), and reports nothing after', async () => {
    let signal: AbortSignal | undefined;
    const answer = streamedAnswer();
    const { reports, actor } = run(
      (async (_url: string, init: RequestInit) => {
        signal = init.signal ?? undefined;
        return answer.response;
      }) as unknown as typeof fetch,
      { lastEventId: null },
    );
    await until(() => reports.length === 1);
    actor.stop();
    expect(signal?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reports).toEqual([{ type: 'stream.open' }]);
  });
});
