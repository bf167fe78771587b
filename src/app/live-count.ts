import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { LiveEventType } from '../domain/live-events';
import { useLiveEvents, useLiveStreamOpened, useReadHere, type ReadHere } from './live-events';

/**
 * A count for a menu item, read with `fetchCount` (an answer's `count`): loaded when enabled and on each
 * navigation, when one of the live `events` arrives, when the live stream reopens, and when this tab reads
 * `readHere` itself (the stream does not tell it). A failed read keeps the last count; the next trigger tries
 * again. null until known or when disabled.
 */
export function useLiveCount(
  enabled: boolean,
  fetchCount: () => Promise<{ count: number } | undefined>,
  reloadOn: { events: LiveEventType[]; readHere?: ReadHere },
): number | null {
  const { pathname } = useLocation();
  const [count, setCount] = useState<number | null>(null);
  const fetchRef = useRef(fetchCount);
  fetchRef.current = fetchCount;
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;

  const load = useCallback(async () => {
    try {
      const answer = await fetchRef.current();
      setCount(typeof answer?.count === 'number' ? answer.count : null);
    } catch {
      // keeps the last count
    }
  }, []);

  const readHere = useReadHere(reloadOn.readHere);
  useEffect(() => {
    if (enabled) void load();
    else setCount(null);
  }, [enabled, load, pathname, readHere]);

  useLiveEvents(reloadOn.events, () => {
    if (enabledRef.current) void load();
  });
  useLiveStreamOpened(() => {
    if (enabledRef.current) void load();
  });
  return count;
}
