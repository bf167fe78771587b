import { useApiClient } from './api-client';
import { useLiveCount } from './live-count';

/**
 * The number of conversations with messages one has not read (conversations_list with unread=true&limit=1 →
 * count), for the menu's Messages item: loaded on navigation, when a message arrives or someone reads (the
 * live stream), when the stream reopens and when this tab reads a conversation. null until known or disabled.
 */
export function useUnreadConversationCount(enabled: boolean): number | null {
  const api = useApiClient();
  return useLiveCount(enabled, () => api.conversations_list({ unread: true, limit: 1 }), {
    events: ['message.created', 'conversation.read'],
    readHere: 'messages',
  });
}
