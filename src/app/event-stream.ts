import { fromCallback, type ActorSystem, type AnyActorRef } from 'xstate';
import { EVENTS_SILENCE_MS, ORGANIZATION_HEADER, TOKEN_HEADER, TOKEN_TYPE } from '../domain/constants';
import { isLiveEventType, type LiveEvent } from '../domain/live-events';
import type { EventStreamInput, EventStreamReport } from '../machines/live-events-machine';

/** The system an actor runs in; its actors are looked up by systemId and typed where they are read. */
export type AnyActorSystem = ActorSystem<{ actors: Record<string, AnyActorRef> }>;

/** The stream of events_stream_retrieve (GET, text/event-stream). */
export const EVENTS_STREAM_PATH = '/api/events/';

export interface EventStreamOptions {
  getAccessToken: () => string | null;
  getOrganizationToken: () => string | null;
  /** Refreshes the access token after a 401 (the token-refresh actor); rejects when the session is over. */
  refreshAccessToken: (sentWith: string | null) => Promise<unknown>;
  fetch?: typeof fetch;
  path?: string;
  /** How long a stream may bring nothing before it counts as dropped (EVENTS_SILENCE_MS). */
  silenceMs?: number;
}

/**
 * The network side of the live events actor: fetch with the Authorization header (EventSource cannot send
 * one, and the token never goes in a URL), `Last-Event-ID` when resuming, the body parsed as Server-Sent
 * Events (eventsource-parser). A 401 refreshes the token once and tries again; a 403 is final; anything else
 * that ends the stream is a drop the machine retries, and so is a stream silent for longer than two heartbeats
 * (a connection that died without closing, as after a phone changes networks).
 */
export function createEventStream(optionsFor: (system: AnyActorSystem) => EventStreamOptions) {
  return fromCallback<EventStreamReport, EventStreamInput>(({ sendBack, input, system }) => {
    const options = optionsFor(system);
    const abort = new AbortController();
    /** The actor was stopped (sign-out, reconnect): nothing is reported after. */
    let stopped = false;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const request = (access: string | null) => {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (access) headers[TOKEN_HEADER] = `${TOKEN_TYPE} ${access}`;
      const organization = options.getOrganizationToken();
      if (organization) headers[ORGANIZATION_HEADER] = organization;
      if (input.lastEventId !== null) headers['Last-Event-ID'] = String(input.lastEventId);
      return (options.fetch ?? fetch)(options.path ?? EVENTS_STREAM_PATH, {
        headers,
        signal: abort.signal,
        cache: 'no-store',
      });
    };
    void (async () => {
      try {
        let access = options.getAccessToken();
        let response = await request(access);
        if (response.status === 401) {
          await options.refreshAccessToken(access);
          access = options.getAccessToken();
          response = await request(access);
        }
        if (response.status === 403) return sendBack({ type: 'stream.refused' });
        if (!response.ok || !response.body) return sendBack({ type: 'stream.dropped' });
        sendBack({ type: 'stream.open' });
        // Loaded with the first stream (signed in), not with the first page (the sign-in form).
        const { createParser } = await import('eventsource-parser');
        const parser = createParser({
          onEvent: (message) => {
            const id = Number(message.id);
            // a name outside the shared map is no event of ours (a newer server's): nobody here listens for it
            if (!message.event || !isLiveEventType(message.event) || !Number.isSafeInteger(id)) return;
            let data: unknown;
            try {
              data = JSON.parse(message.data);
            } catch {
              return;
            }
            sendBack({ type: 'stream.event', event: { id, type: message.event, data } as LiveEvent });
          },
        });
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          // a stream silent past the heartbeat is dead (half-open after a network change): drop it
          silence = setTimeout(() => {
            abort.abort();
            reader.cancel().catch(() => undefined);
          }, options.silenceMs ?? EVENTS_SILENCE_MS);
          const { value, done } = await reader.read();
          clearTimeout(silence);
          if (done) break;
          parser.feed(decoder.decode(value, { stream: true }));
        }
        if (!stopped) sendBack({ type: 'stream.dropped' });
      } catch {
        if (!stopped) sendBack({ type: 'stream.dropped' });
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(silence);
      abort.abort();
    };
  });
}
