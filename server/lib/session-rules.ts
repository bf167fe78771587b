import type { Config } from '../config';

export interface FamilyTimes {
  createdAt: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
}

export type FamilyState = 'active' | 'revoked' | 'idle' | 'expired';

/** Whether a refresh family still carries a session at `now` (idle and absolute limits of the contract). */
export function familyState(
  family: FamilyTimes,
  now: Date,
  config: Pick<Config, 'sessionIdleSeconds' | 'sessionAbsoluteSeconds'>,
): FamilyState {
  if (family.revokedAt) return 'revoked';
  const t = now.getTime();
  if (t - family.createdAt.getTime() >= config.sessionAbsoluteSeconds * 1000) return 'expired';
  if (t - family.lastSeenAt.getTime() >= config.sessionIdleSeconds * 1000) return 'idle';
  return 'active';
}

/**
 * last_seen is written at most this often: a minute, or a twentieth of the idle time when that is shorter
 * (15 s for 300 s), so the server's idle clock lags the last request by at most 5 % of the idle time.
 */
export function lastSeenResolutionMs(config: Pick<Config, 'sessionIdleSeconds'>): number {
  return Math.min(60_000, (config.sessionIdleSeconds * 1000) / 20);
}
