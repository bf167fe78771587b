/**
 * The live events the messages page hears (product.md, "Talking to the office"): `message.created`
 * { conversation_id, message_id } and `conversation.read` { conversation_id, user_id, last_read_message_id }.
 */
export interface MessageEvent {
  type: 'message.created' | 'conversation.read';
  data: { conversation_id: number; message_id?: number; user_id?: number; last_read_message_id?: number };
}

export const MESSAGE_EVENT_TYPES = ['message.created', 'conversation.read'];

/** Calls `handler` for each message event pushed to this user (wired to the app's live stream when it lands). */
export function useMessageEvents(handler: (event: MessageEvent) => void, onReopened?: () => void): void {
  void handler;
  void onReopened;
}
