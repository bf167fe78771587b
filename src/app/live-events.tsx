import { useCallback, useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { LiveEvent, LiveEventType } from '../domain/live-events';
import type { LiveEventsActorRef, ReadHere } from '../machines/live-events-machine';
import type { SessionActorRef } from '../machines/session-machine';
import { useOptionalSessionActor } from './authentication';

export type { LiveEvent, ReadHere };

type SessionSnapshot = ReturnType<SessionActorRef['getSnapshot']>;
const selectLiveEventsRef = (snapshot: SessionSnapshot | undefined) =>
  snapshot?.children.liveEvents as LiveEventsActorRef | undefined;

/** The signed-in tab's live events actor (a child of the session while signed in), else undefined. */
export function useLiveEventsActor(): LiveEventsActorRef | undefined {
  return useSelector(useOptionalSessionActor() ?? undefined, selectLiveEventsRef);
}

/**
 * Calls `handler` for each live event of the given type(s) while the component is mounted and a user is
 * signed in (src/domain/live-events.ts names them and their data).
 */
export function useLiveEvents<T extends LiveEventType>(
  types: T | readonly T[],
  handler: NoInfer<(event: LiveEvent<T>) => void>,
): void {
  const actor = useLiveEventsActor();
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  const key = (Array.isArray(types) ? types : [types]).join(' ');
  useEffect(() => {
    if (!actor) return;
    const wanted = new Set<LiveEventType>(key.split(' ') as T[]);
    const subscription = actor.on('live.event', ({ event }) => {
      if (wanted.has(event.type)) handlerRef.current(event as LiveEvent<T>);
    });
    return () => subscription.unsubscribe();
  }, [actor, key]);
}

type LiveEventsSnapshot = ReturnType<LiveEventsActorRef['getSnapshot']>;
const readHereSelectors: Record<ReadHere, (snapshot: LiveEventsSnapshot | undefined) => number> = {
  messages: (snapshot) => snapshot?.context.readHere.messages ?? 0,
  notifications: (snapshot) => snapshot?.context.readHere.notifications ?? 0,
};
const noReads = () => 0;

/** Moves each time this tab reads `what` itself (its stream tells only its other tabs): a count loads again then. */
export function useReadHere(what: ReadHere | undefined): number {
  return useSelector(useLiveEventsActor(), what ? readHereSelectors[what] : noReads);
}

/** Tells the counts that this tab read a conversation or marked notifications read. */
export function useTellReadHere(): (what: ReadHere) => void {
  const actor = useLiveEventsActor();
  return useCallback((what) => actor?.send({ type: 'live.read-here', what }), [actor]);
}

/** Calls `handler` each time the stream (re)opens: what a page shows may be reloaded then. */
export function useLiveStreamOpened(handler: () => void): void {
  const actor = useLiveEventsActor();
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  useEffect(() => {
    if (!actor) return;
    const subscription = actor.on('live.open', () => handlerRef.current());
    return () => subscription.unsubscribe();
  }, [actor]);
}

/**
 * Starts the stream again when the organization the tab acts in changes (a master switching organizations),
 * and at once when the browser comes back online (its old connection is likely dead, and the backoff may be
 * long by then): it catches up from the last event.
 */
export function useLiveEventsFollow(organizationToken: string | null | undefined): void {
  // (a new sign-in's actor starts its own stream: only the organization changing restarts it)
  const actor = useLiveEventsActor();
  const actorRef = useRef(actor);
  actorRef.current = actor;
  useEffect(() => {
    const reconnect = () => actorRef.current?.send({ type: 'live.reconnect' });
    window.addEventListener('online', reconnect);
    return () => window.removeEventListener('online', reconnect);
  }, []);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    actorRef.current?.send({ type: 'live.reconnect' });
  }, [organizationToken]);
}
