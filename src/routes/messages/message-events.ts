import { useLiveEvents, useLiveStreamOpened, type LiveEvent } from '../../app/live-events';

/** The live events the messages page hears (src/domain/live-events.ts names their data). */
export const MESSAGE_EVENT_TYPES = ['message.created', 'conversation.read'] as const;
export type MessageEvent = LiveEvent<(typeof MESSAGE_EVENT_TYPES)[number]>;

/**
 * Calls `handler` for each message event pushed to this user, and `onReopened` each time the stream opens
 * again after a drop (what was missed meanwhile is loaded then: the stream also replays it, and what is
 * shown is merged by id, so nothing shows twice).
 */
export function useMessageEvents(handler: (event: MessageEvent) => void, onReopened?: () => void): void {
  useLiveEvents(MESSAGE_EVENT_TYPES, handler);
  useLiveStreamOpened(() => onReopened?.());
}
