import { assertEvent, assign, emit, fromCallback, setup, type ActorRefFrom } from 'xstate';
import type { LiveEvent } from '../domain/live-events';

export type { LiveEvent };

export interface EventStreamInput {
  /** The id of the last event received: the server replays what came after it first. */
  lastEventId: number | null;
}

/** What the stream actor reports: it opened, an event came, it dropped (network, server, 5xx), or it was refused (403). */
export type EventStreamReport =
  | { type: 'stream.open' }
  | { type: 'stream.event'; event: LiveEvent }
  | { type: 'stream.dropped' }
  | { type: 'stream.refused' };

/** What this tab reads itself: its own stream does not tell it, so the counts of these are told here. */
export type ReadHere = 'messages' | 'notifications';

/**
 * `live.reconnect`: the organization the tab acts in changed (a master switching), or the browser is back
 * online: the stream starts again. `live.read-here`: this tab read a conversation or marked notifications read.
 */
export type LiveEventsEvent =
  EventStreamReport | { type: 'live.reconnect' } | { type: 'live.read-here'; what: ReadHere };

export type LiveEventsEmitted = { type: 'live.event'; event: LiveEvent } | { type: 'live.open' };

export interface LiveEventsContext {
  lastEventId: number | null;
  /** Failed connections in a row: the wait before the next one doubles with each. */
  attempt: number;
  /** How many times this tab read each itself: a count selects its own and loads again when it moves. */
  readHere: Record<ReadHere, number>;
}

/** The first wait after a drop; it doubles per failed attempt up to RECONNECT_MAX_MS. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

export const reconnectDelayMs = (attempt: number) =>
  Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt - 1));

export const liveEventsMachine = setup({
  types: {
    context: {} as LiveEventsContext,
    events: {} as LiveEventsEvent,
    emitted: {} as LiveEventsEmitted,
  },
  actors: {
    /** The network side (fetch with the Authorization header, parsed as SSE); provided by the app. */
    eventStream: fromCallback<EventStreamReport, EventStreamInput>(() => () => undefined),
  },
  actions: {
    recordEvent: assign({ lastEventId: (_, params: { id: number }) => params.id }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    resetAttempts: assign({ attempt: 0 }),
    countReadHere: assign({
      readHere: ({ context }, params: { what: ReadHere }) => ({
        ...context.readHere,
        [params.what]: context.readHere[params.what] + 1,
      }),
    }),
    emitEvent: emit((_, params: { event: LiveEvent }) => ({ type: 'live.event' as const, event: params.event })),
    emitOpen: emit({ type: 'live.open' as const }),
  },
  delays: {
    reconnectDelay: ({ context }) => reconnectDelayMs(context.attempt),
  },
}).createMachine({
  id: 'liveEvents',
  description:
    "The signed-in tab's one event stream: open while signed in, reconnecting with backoff and catching up from the last event id.",
  context: { lastEventId: null, attempt: 0, readHere: { messages: 0, notifications: 0 } },
  initial: 'streaming',
  on: {
    'live.read-here': {
      actions: {
        type: 'countReadHere',
        params: ({ event }) => {
          assertEvent(event, 'live.read-here');
          return { what: event.what };
        },
      },
    },
  },
  states: {
    streaming: {
      description: 'The stream actor runs with the last event id; events pass on to the pages as they come.',
      invoke: { src: 'eventStream', input: ({ context }) => ({ lastEventId: context.lastEventId }) },
      initial: 'connecting',
      states: {
        connecting: {
          on: { 'stream.open': { target: 'open', actions: ['resetAttempts', 'emitOpen'] } },
        },
        open: {},
      },
      on: {
        'stream.event': {
          actions: [
            {
              type: 'recordEvent',
              params: ({ event }) => {
                assertEvent(event, 'stream.event');
                return { id: event.event.id };
              },
            },
            {
              type: 'emitEvent',
              params: ({ event }) => {
                assertEvent(event, 'stream.event');
                return { event: event.event };
              },
            },
          ],
        },
        'stream.dropped': { target: 'waiting' },
        'stream.refused': { target: 'refused' },
        'live.reconnect': { target: 'streaming', reenter: true, actions: 'resetAttempts' },
      },
    },
    waiting: {
      description: 'The stream dropped: wait (1 s, 2 s, 4 s ... up to 30 s), then connect again with Last-Event-ID.',
      entry: 'countAttempt',
      after: { reconnectDelay: { target: 'streaming' } },
      on: { 'live.reconnect': { target: 'streaming', actions: 'resetAttempts' } },
    },
    refused: {
      description: 'The server refused the stream (403: no notifications or messages for this user): no retry.',
      type: 'final',
    },
  },
});

export type LiveEventsActorRef = ActorRefFrom<typeof liveEventsMachine>;
