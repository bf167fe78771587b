import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useApiClient } from './api-client';

export const UNREAD_REFRESH_MS = 30_000;

/**
 * The number of unread notifications (notifications_list with unread=true&limit=1 → count), refreshed
 * every 30 s while the tab is visible, when it becomes visible again, and on navigation. null until known
 * or when disabled (no view-notifications).
 */
export function useUnreadNotificationCount(enabled: boolean): number | null {
  const api = useApiClient();
  const { pathname } = useLocation();
  const [count, setCount] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      const page = await api.notifications_list({ unread: true, limit: 1 });
      setCount(typeof page?.count === 'number' ? page.count : null);
    } catch {
      // A failed count keeps the last one; the next tick tries again.
    }
  }, [api]);

  useEffect(() => {
    if (enabled) void load();
    else setCount(null);
  }, [enabled, load, pathname]);

  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, UNREAD_REFRESH_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void load();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, load]);

  return count;
}
