import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useApiClient } from './api-client';
import { useLiveEvents, useLiveStreamOpened } from './live-events';

const MESSAGES_READ = 'portal:messages-read';

/** Tells the menu's unread count that a conversation was read here (it reloads at once). */
export function notifyMessagesRead() {
  window.dispatchEvent(new Event(MESSAGES_READ));
}

interface UnreadConversations {
  conversations_list(params: { unread: true; limit: number }): Promise<{ count: number } | undefined>;
}

/**
 * The number of conversations with messages one has not read (conversations_list with unread=true&limit=1 →
 * count), for the menu's Messages item: loaded on navigation, when a message arrives or someone reads (the
 * live stream), when the stream reopens and when this tab reads a conversation. null until known or disabled.
 */
export function useUnreadConversationCount(enabled: boolean): number | null {
  const api = useApiClient() as unknown as UnreadConversations;
  const { pathname } = useLocation();
  const [count, setCount] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      const page = await api.conversations_list({ unread: true, limit: 1 });
      setCount(typeof page?.count === 'number' ? page.count : null);
    } catch {
      // a failed count keeps the last one; the next event tries again
    }
  }, [api]);

  useEffect(() => {
    if (enabled) void load();
    else setCount(null);
  }, [enabled, load, pathname]);

  useEffect(() => {
    if (!enabled) return;
    const onRead = () => void load();
    window.addEventListener(MESSAGES_READ, onRead);
    return () => window.removeEventListener(MESSAGES_READ, onRead);
  }, [enabled, load]);

  useLiveEvents(['message.created', 'conversation.read'], () => {
    if (enabled) void load();
  });
  useLiveStreamOpened(() => {
    if (enabled) void load();
  });
  return count;
}
