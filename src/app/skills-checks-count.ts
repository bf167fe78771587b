import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useApiClient } from './api-client';
import { useLiveEvents, useLiveStreamOpened } from './live-events';

interface AwaitingObservationCount {
  test_requests_awaiting_observation_count_retrieve(): Promise<{ count: number } | undefined>;
}

/**
 * How many home health aides' skills checks wait for a registered nurse's observation, for the nurse's menu
 * item (test_requests_awaiting_observation_count_retrieve: a count, no record read). Loaded on navigation (so
 * it drops as soon as she has observed one and moves on), when a notification arrives (a new skills check is
 * announced to every nurse that way), and when the live stream reopens. null until known or when disabled.
 */
export function useSkillsChecksCount(enabled: boolean): number | null {
  const api = useApiClient() as unknown as AwaitingObservationCount;
  const { pathname } = useLocation();
  const [count, setCount] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await api.test_requests_awaiting_observation_count_retrieve();
      setCount(typeof answer?.count === 'number' ? answer.count : null);
    } catch {
      // a failed count keeps the last one; the next navigation or event tries again
    }
  }, [api]);

  useEffect(() => {
    if (enabled) void load();
    else setCount(null);
  }, [enabled, load, pathname]);

  useLiveEvents(['notification.created'], () => {
    if (enabled) void load();
  });
  useLiveStreamOpened(() => {
    if (enabled) void load();
  });
  return count;
}
