import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { User } from '../api/types';
import { useApiClient } from './api-client';
import { useAuthentication } from './authentication';
import { useLiveEvents, useLiveStreamOpened, useReadHere } from './live-events';

const sameUser = (a: User | null, b: User) => !!a && JSON.stringify(a) === JSON.stringify(b);

/**
 * The number of unread notifications (notifications_list with unread=true&limit=1 → count), loaded when
 * enabled and each time the live event stream (re)opens, then moved by the stream's `notification.created`
 * and `notifications.read` events (they carry the new count: no poll), and reloaded on navigation and right
 * after notifications are marked read in this tab. null until known or when disabled (no view-notifications).
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

  const show = useCallback(
    (next: number) => {
      if (lastCount.current !== null && next !== lastCount.current) void refreshUser();
      lastCount.current = next;
      setCount(next);
    },
    [refreshUser],
  );

  const load = useCallback(async () => {
    try {
      const page = await api.notifications_list({ unread: true, limit: 1 });
      if (typeof page?.count === 'number') show(page.count);
    } catch {
      // A failed count keeps the last one; the next event or navigation tries again.
    }
  }, [api, show]);

  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;
  useLiveEvents(['notification.created', 'notifications.read'], (event) => {
    const unread = event.data?.unread;
    if (enabledRef.current && typeof unread === 'number') show(unread);
  });
  useLiveStreamOpened(() => {
    if (enabledRef.current) void load();
  });

  const readHere = useReadHere('notifications');
  useEffect(() => {
    if (enabled) void load();
    else {
      lastCount.current = null;
      setCount(null);
    }
  }, [enabled, load, pathname, readHere]);

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
