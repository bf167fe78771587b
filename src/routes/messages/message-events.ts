import { useLiveEvents, useLiveStreamOpened } from '../../app/live-events';

/**
 * The live events the messages page hears (product.md, "Talking to the office"): `message.created`
 * { conversation_id, message_id } and `conversation.read` { conversation_id, user_id, last_read_message_id }.
 */
export interface MessageEvent {
  type: 'message.created' | 'conversation.read';
  data: { conversation_id: number; message_id?: number; user_id?: number; last_read_message_id?: number };
}

export const MESSAGE_EVENT_TYPES = ['message.created', 'conversation.read'];

/**
 * Calls `handler` for each message event pushed to this user, and `onReopened` each time the stream opens
 * again after a drop (what was missed meanwhile is loaded then: the stream also replays it, and what is
 * shown is merged by id, so nothing shows twice).
 */
export function useMessageEvents(handler: (event: MessageEvent) => void, onReopened?: () => void): void {
  useLiveEvents(MESSAGE_EVENT_TYPES, (event) => handler(event as MessageEvent));
  useLiveStreamOpened(() => onReopened?.());
}
