import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { SessionAnswer, User } from '../api/types';
import {
  liveEventsMachine,
  reconnectDelayMs,
  type EventStreamInput,
  type EventStreamReport,
  type LiveEvent,
} from './live-events-machine';
import { sessionMachine, type Credentials } from './session-machine';

/** A stream actor played by the test: each connection is recorded with its input and can report back. */
function scriptedStream() {
  const connections: { input: EventStreamInput; report: (r: EventStreamReport) => void; stopped: boolean }[] = [];
  const eventStream = fromCallback<EventStreamReport, EventStreamInput>(({ sendBack, input }) => {
    const connection = { input, report: sendBack, stopped: false };
    connections.push(connection);
    return () => {
      connection.stopped = true;
    };
  });
  return { connections, eventStream };
}

function start() {
  const stream = scriptedStream();
  const clock = new SimulatedClock();
  const actor = createActor(liveEventsMachine.provide({ actors: { eventStream: stream.eventStream } }), { clock });
  const heard: LiveEvent[] = [];
  let opened = 0;
  actor.on('live.event', ({ event }) => heard.push(event));
  actor.on('live.open', () => opened++);
  actor.start();
  return { actor, clock, heard, connections: stream.connections, opened: () => opened };
}

const event = (id: number, type: LiveEvent['type'] = 'notification.created'): EventStreamReport => ({
  type: 'stream.event',
  event: { id, type, data: { unread: id } } as LiveEvent,
});

describe('the live events actor', () => {
  it('connects without a Last-Event-ID at first and passes each event on', () => {
    const { actor, heard, connections, opened } = start();
    expect(connections).toHaveLength(1);
    expect(connections[0].input).toEqual({ lastEventId: null });
    connections[0].report({ type: 'stream.open' });
    expect(actor.getSnapshot().matches({ streaming: 'open' })).toBe(true);
    expect(opened()).toBe(1);
    connections[0].report(event(5));
    connections[0].report(event(6, 'message.created'));
    expect(heard.map((e) => [e.id, e.type])).toEqual([
      [5, 'notification.created'],
      [6, 'message.created'],
    ]);
  });

  it('reconnects after a drop with the last event id, waiting longer after each failure', () => {
    const { actor, clock, connections } = start();
    connections[0].report({ type: 'stream.open' });
    connections[0].report(event(7));
    connections[0].report({ type: 'stream.dropped' });
    expect(connections[0].stopped).toBe(true);
    expect(actor.getSnapshot().matches('waiting')).toBe(true);

    clock.increment(reconnectDelayMs(1) - 1);
    expect(connections).toHaveLength(1);
    clock.increment(1);
    expect(connections).toHaveLength(2);
    expect(connections[1].input).toEqual({ lastEventId: 7 });

    // a second failure in a row waits twice as long
    connections[1].report({ type: 'stream.dropped' });
    clock.increment(reconnectDelayMs(1));
    expect(connections).toHaveLength(2);
    clock.increment(reconnectDelayMs(2) - reconnectDelayMs(1));
    expect(connections).toHaveLength(3);
    expect(connections[2].input).toEqual({ lastEventId: 7 });

    // once open again, the next drop starts from the first wait
    connections[2].report({ type: 'stream.open' });
    connections[2].report({ type: 'stream.dropped' });
    clock.increment(reconnectDelayMs(1));
    expect(connections).toHaveLength(4);
  });

  it('starts again from the last event id when the organization changes (a master switching)', () => {
    const { actor, connections } = start();
    connections[0].report({ type: 'stream.open' });
    connections[0].report(event(9));
    actor.send({ type: 'live.reconnect' });
    expect(connections[0].stopped).toBe(true);
    expect(connections).toHaveLength(2);
    expect(connections[1].input).toEqual({ lastEventId: 9 });
  });

  it('connects at once when told to while it waits (the browser back online), and counts the waits from the first again', () => {
    const { actor, clock, connections } = start();
    connections[0].report({ type: 'stream.open' });
    connections[0].report(event(4));
    connections[0].report({ type: 'stream.dropped' });
    clock.increment(reconnectDelayMs(1));
    // a second failure in a row: the next wait would be 2 s
    connections[1].report({ type: 'stream.dropped' });
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    actor.send({ type: 'live.reconnect' });
    expect(connections).toHaveLength(3);
    expect(connections[2].input).toEqual({ lastEventId: 4 });
    // a drop before it opened waits the first delay, not the third
    connections[2].report({ type: 'stream.dropped' });
    clock.increment(reconnectDelayMs(1));
    expect(connections).toHaveLength(4);
  });

  it('counts what this tab reads itself, the stream open or waiting: the counts select it and load again', () => {
    const { actor, connections } = start();
    connections[0].report({ type: 'stream.open' });
    actor.send({ type: 'live.read-here', what: 'messages' });
    connections[0].report({ type: 'stream.dropped' });
    actor.send({ type: 'live.read-here', what: 'notifications' });
    actor.send({ type: 'live.read-here', what: 'messages' });
    expect(actor.getSnapshot().context.readHere).toEqual({ messages: 2, notifications: 1 });
    expect(connections).toHaveLength(1);
  });

  it('caps the wait at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('stops for good when the server refuses the stream', () => {
    const { actor, clock, connections } = start();
    connections[0].report({ type: 'stream.refused' });
    expect(actor.getSnapshot().status).toBe('done');
    clock.increment(60_000);
    expect(connections).toHaveLength(1);
  });
});

describe('the session owns the stream', () => {
  const user = {
    id: 1,
    email: 'nurse@sunrise.example',
    role: 'ROLE_EMPLOYEE',
    permissions: ['view-notifications'],
  } as unknown as User;

  it('opens it on sign-in and stops it on sign-out', async () => {
    const stream = scriptedStream();
    const session = createActor(
      sessionMachine.provide({
        actors: {
          logIn: fromPromise<SessionAnswer, Credentials>(async () => ({ access: 'A', refresh: 'R', user })),
          logOut: fromPromise<void>(async () => undefined),
          activityListener: fromCallback(() => {}),
          storageListener: fromCallback(() => {}),
          liveEvents: liveEventsMachine.provide({ actors: { eventStream: stream.eventStream } }),
        },
        actions: {
          storeTokens: () => {},
          clearTokens: () => {},
          announceSignedIn: () => {},
          announceSignedOut: () => {},
        },
      }),
      { input: { hasStoredRefreshToken: false } },
    ).start();
    expect(stream.connections).toHaveLength(0);
    session.send({ type: 'session.start', access: 'A', refresh: 'R', user });
    expect(session.getSnapshot().matches('signedIn')).toBe(true);
    expect(stream.connections).toHaveLength(1);
    expect(session.getSnapshot().children.liveEvents).toBeDefined();

    session.send({ type: 'session.logout' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(session.getSnapshot().matches('signedOut')).toBe(true);
    expect(stream.connections[0].stopped).toBe(true);
    expect(session.getSnapshot().children.liveEvents).toBeUndefined();
  });
});
