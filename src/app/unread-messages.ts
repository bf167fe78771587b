import { useApiClient } from './api-client';
import { useLiveCount } from './live-count';

const MESSAGES_READ = 'portal:messages-read';

/** Tells the menu's unread count that a conversation was read here (it reloads at once). */
export function notifyMessagesRead() {
  window.dispatchEvent(new Event(MESSAGES_READ));
}

/**
 * The number of conversations with messages one has not read (conversations_list with unread=true&limit=1 →
 * count), for the menu's Messages item: loaded on navigation, when a message arrives or someone reads (the
 * live stream), when the stream reopens and when this tab reads a conversation. null until known or disabled.
 */
export function useUnreadConversationCount(enabled: boolean): number | null {
  const api = useApiClient();
  return useLiveCount(enabled, () => api.conversations_list({ unread: true, limit: 1 }), {
    events: ['message.created', 'conversation.read'],
    windowEvent: MESSAGES_READ,
  });
}
