import { useApiClient } from './api-client';
import { useLiveCount } from './live-count';

/**
 * How many home health aides' skills checks wait for a registered nurse's observation, for the nurse's menu
 * item (test_requests_awaiting_observation_count_retrieve: a count, no record read). Loaded on navigation (so
 * it drops as soon as she has observed one and moves on), when a notification arrives (a new skills check is
 * announced to every nurse that way), and when the live stream reopens. null until known or when disabled.
 */
export function useSkillsChecksCount(enabled: boolean): number | null {
  const api = useApiClient();
  return useLiveCount(enabled, () => api.test_requests_awaiting_observation_count_retrieve(), {
    events: ['notification.created'],
  });
}
