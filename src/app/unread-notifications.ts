import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { User } from '../api/types';
import { useApiClient } from './api-client';
import { useAuthentication } from './authentication';

export const UNREAD_REFRESH_MS = 30_000;

const NOTIFICATIONS_CHANGED = 'portal:notifications-changed';

/** Tells the unread count that notifications were marked read (it reloads at once). */
export function notifyNotificationsChanged() {
  window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED));
}

const sameUser = (a: User | null, b: User) => !!a && JSON.stringify(a) === JSON.stringify(b);

/**
 * The number of unread notifications (notifications_list with unread=true&limit=1 → count), refreshed
 * every 30 s while the tab is visible, when it becomes visible again, on navigation and right after
 * notifications are marked read. null until known or when disabled (no view-notifications).
 *
 * It also keeps the signed-in user fresh (auth_user_retrieve → updateUser) when the count changes and on
 * window focus, so a READY change or a new required form moves the employee's home route without a
 * reload. Users without a count (NEW employees, masters, clients) are refreshed by the session's keep-alive
 * (auth_user_retrieve about every minute while they are active), not by a tick here.
 */
export function useUnreadNotificationCount(enabled: boolean): number | null {
  const api = useApiClient();
  const { user, updateUser } = useAuthentication();
  const { pathname } = useLocation();
  const [count, setCount] = useState<number | null>(null);
  const lastCount = useRef<number | null>(null);
  const userRef = useRef(user);
  userRef.current = user;

  const refreshUser = useCallback(async () => {
    if (!userRef.current) return;
    try {
      const next = await api.auth_user_retrieve();
      if (next && userRef.current && !sameUser(userRef.current, next)) updateUser(next);
    } catch {
      // A failed refresh keeps the current user; a 401 goes through the refresh machine.
    }
  }, [api, updateUser]);

  const load = useCallback(async () => {
    try {
      const page = await api.notifications_list({ unread: true, limit: 1 });
      const next = typeof page?.count === 'number' ? page.count : null;
      if (next !== null && lastCount.current !== null && next !== lastCount.current) void refreshUser();
      if (next !== null) lastCount.current = next;
      setCount(next);
    } catch {
      // A failed count keeps the last one; the next tick tries again.
    }
  }, [api, refreshUser]);

  useEffect(() => {
    if (enabled) void load();
    else {
      lastCount.current = null;
      setCount(null);
    }
  }, [enabled, load, pathname]);

  useEffect(() => {
    if (!enabled) return;
    const tick = () => {
      if (document.visibilityState !== 'visible') return;
      void load();
    };
    const timer = window.setInterval(tick, UNREAD_REFRESH_MS);
    document.addEventListener('visibilitychange', tick);
    const onChanged = () => void load();
    window.addEventListener(NOTIFICATIONS_CHANGED, onChanged);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
      window.removeEventListener(NOTIFICATIONS_CHANGED, onChanged);
    };
  }, [enabled, load]);

  useEffect(() => {
    const onFocus = () => {
      void refreshUser();
      if (enabled) void load();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [enabled, load, refreshUser]);

  return count;
}
