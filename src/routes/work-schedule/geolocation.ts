/** The position of one clock (product.md: taken once at each clock, never watched, nothing in the background). */
export interface ClockPosition {
  latitude: number;
  longitude: number;
  accuracy: number;
}

export type PositionFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export type PositionAnswer = { position: ClockPosition } | { failure: PositionFailure };

/** How long a clock waits for the phone's position before asking where the caregiver is. */
export const POSITION_TIMEOUT_MS = 15_000;

/** Asks the browser once for the current position (one `getCurrentPosition`, never `watchPosition`). */
export function currentPosition(): Promise<PositionAnswer> {
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  if (!geolocation) return Promise.resolve({ failure: 'unsupported' });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({ position: { latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy } }),
      (error) => resolve({ failure: error.code === 1 ? 'denied' : error.code === 3 ? 'timeout' : 'unavailable' }),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}

/** Why there is no position, in words for the caregiver. */
export const POSITION_FAILURES: Record<PositionFailure, string> = {
  denied: 'Your position was not shared.',
  unavailable: 'Your phone could not find your position.',
  timeout: 'Your phone took too long to find your position.',
  unsupported: 'This browser cannot share your position.',
};
