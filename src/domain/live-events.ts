/**
 * Live events (product.md, "Talking to the office"), shared by the server's bus and the app's live-events
 * actor: each name with the data it carries. Data carry ids and counts, never a message's text: a page that
 * hears `message.created` loads what it shows through the API.
 */
export type LiveEventPayloads = {
  'message.created': { conversation_id: number; message_id: number };
  /** Sent to the others of the conversation, not to the reader. */
  'conversation.read': { conversation_id: number; user_id: number; last_read_message_id: number };
  /** `unread`: the recipient's unread notifications, this one included. */
  'notification.created': { notification_id: number; unread: number };
  'notifications.read': { unread: number };
  'grievance.changed': { grievance_id: number };
};

export type LiveEventType = keyof LiveEventPayloads;

// an object rather than an array: the compiler then checks the list names every event of the map, and no other
const names: Record<LiveEventType, true> = {
  'message.created': true,
  'conversation.read': true,
  'notification.created': true,
  'notifications.read': true,
  'grievance.changed': true,
};
export const LIVE_EVENT_TYPES = Object.keys(names) as readonly LiveEventType[];

export const isLiveEventType = (name: string): name is LiveEventType => Object.hasOwn(names, name);

/** One event as the stream delivers it: `id` is the SSE id a reconnecting stream resumes after. */
export type LiveEvent<T extends LiveEventType = LiveEventType> = {
  [K in T]: { id: number; type: K; data: LiveEventPayloads[K] };
}[T];
