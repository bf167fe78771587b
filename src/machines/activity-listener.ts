import { fromCallback } from 'xstate';
import { ACTIVITY_EVENTS, ACTIVITY_THROTTLE_MS } from '../domain/constants';

export type ActivityEvent =
  { type: 'session.activity'; at: number; initial?: boolean } | { type: 'session.wake'; at: number };

export interface ActivityListenerOptions {
  /** Where the six activity events are listened for (window). */
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Where visibilitychange is listened for (document). */
  document?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  /** Wall clock, so a sleeping tab is judged by elapsed time and not by timers alone. */
  now?: () => number;
  throttleMs?: number;
}

/**
 * Reports activity (mousemove, mousedown, resize, keydown, touchstart, wheel) throttled to 50 ms, and a wake
 * (the tab becomes visible or gains focus) with the wall-clock time. It reports one activity as it starts
 * (`initial`: when the session's idle clock starts, not the user's doing).
 */
export function createActivityListener(options: ActivityListenerOptions = {}) {
  return fromCallback(({ sendBack }) => {
    const target = options.target ?? window;
    const doc = options.document ?? document;
    const now = options.now ?? Date.now;
    const throttleMs = options.throttleMs ?? ACTIVITY_THROTTLE_MS;
    let lastReported = -Infinity;

    const reportActivity = (initial = false) => {
      const at = now();
      if (at - lastReported < throttleMs) return;
      lastReported = at;
      sendBack(
        (initial
          ? { type: 'session.activity', at, initial }
          : { type: 'session.activity', at }) satisfies ActivityEvent,
      );
    };
    const onActivity = () => reportActivity();
    const reportWake = () => {
      if (doc.visibilityState === 'hidden') return;
      sendBack({ type: 'session.wake', at: now() } satisfies ActivityEvent);
    };

    for (const name of ACTIVITY_EVENTS) target.addEventListener(name, onActivity, { passive: true });
    target.addEventListener('focus', reportWake);
    doc.addEventListener('visibilitychange', reportWake);
    reportActivity(true);

    return () => {
      for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, onActivity);
      target.removeEventListener('focus', reportWake);
      doc.removeEventListener('visibilitychange', reportWake);
    };
  });
}

export interface StorageListenerOptions {
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Whether storage still holds a refresh token. */
  hasRefreshToken: () => boolean;
}

/** Reports every `storage` event with whether a refresh token is still stored. */
export function createStorageListener(options: StorageListenerOptions) {
  return fromCallback(({ sendBack }) => {
    const target = options.target ?? window;
    const onStorage = () => {
      sendBack({ type: 'session.storageChanged', hasRefreshToken: options.hasRefreshToken() });
    };
    target.addEventListener('storage', onStorage);
    return () => target.removeEventListener('storage', onStorage);
  });
}
