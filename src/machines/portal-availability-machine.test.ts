import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { portalAvailabilityMachine, type PortalStatus } from './portal-availability-machine';

function run(fetchPortalStatus: () => Promise<PortalStatus>) {
  const actor = createActor(
    portalAvailabilityMachine.provide({ actors: { fetchPortalStatus: fromPromise(fetchPortalStatus) } }),
  ).start();
  return toPromise(actor).then((output) => ({ output, snapshot: actor.getSnapshot() }));
}

describe('portal availability', () => {
  it('an offline status file means maintenance, with the window kept', async () => {
    const { output, snapshot } = await run(async () => ({
      offline: true,
      offline_from: '2026-03-01T22:00:00Z',
      offline_until: '2026-03-02T02:30:00Z',
    }));
    expect(snapshot.matches('maintenance')).toBe(true);
    expect(output).toEqual({
      offline: true,
      offlineFrom: '2026-03-01T22:00:00Z',
      offlineUntil: '2026-03-02T02:30:00Z',
    });
  });

  it('an online status file means online', async () => {
    const { snapshot } = await run(async () => ({ offline: false, offline_from: null, offline_until: null }));
    expect(snapshot.matches('online')).toBe(true);
  });

  it('a failed status check counts as online', async () => {
    const { output, snapshot } = await run(async () => Promise.reject(new Error('404')));
    expect(snapshot.matches('online')).toBe(true);
    expect(output.offline).toBe(false);
  });

  it('a status file that holds only null counts as online', async () => {
    const { output, snapshot } = await run(async () => null as unknown as PortalStatus);
    expect(snapshot.matches('online')).toBe(true);
    expect(output.offline).toBe(false);
  });
});
