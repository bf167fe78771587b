import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, following its changes (e.g. `(pointer: coarse)` for a touch screen).
 * False where the browser has no matchMedia (jsdom, the server).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** A touch screen without a fine pointer: a phone or a tablet, where one taps instead of dragging files. */
export const TOUCH_SCREEN = '(pointer: coarse) and (hover: none)';
