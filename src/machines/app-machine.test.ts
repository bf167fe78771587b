import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { ApiClient } from '../api/client';
import type { Organization, SessionAnswer, User } from '../api/types';
import { selectOrganizationRef, selectSessionRef } from '../app/app-actor';
import { appMachine, type AppInput } from './app-machine';
import { organizationMachine } from './organization-machine';
import { portalAvailabilityMachine, type PortalStatus } from './portal-availability-machine';
import { sessionMachine } from './session-machine';
import { deferred } from './testing/fake-server';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const user = { id: 1, role: 'ROLE_ADMIN', organization: { id: 1, name: 'Sunrise', token: 'sunrise' } } as User;

function setUp(options: {
  listOrganizations?: () => Promise<Organization[]>;
  logOut?: () => Promise<void>;
  status?: () => Promise<PortalStatus>;
  loadApi?: () => Promise<ApiClient>;
  reload?: () => Promise<User>;
  logIn?: () => Promise<SessionAnswer>;
  waitForSessionReload?: () => Promise<void>;
  input?: AppInput;
}) {
  const onInitError = vi.fn();
  const machine = appMachine.provide({
    actions: { reportInitError: (_, { error }) => onInitError(error) },
    actors: {
      portalAvailability: portalAvailabilityMachine.provide({
        actors: {
          fetchPortalStatus: fromPromise(
            options.status ?? (async () => ({ offline: false, offline_from: null, offline_until: null })),
          ),
        },
      }),
      loadApiClient: fromPromise(options.loadApi ?? (async () => ({}) as ApiClient)),
      ...(options.waitForSessionReload ? { waitForSessionReload: fromPromise(options.waitForSessionReload) } : {}),
      session: sessionMachine.provide({
        actors: {
          reloadSession: fromPromise(options.reload ?? (async () => user)),
          logIn: fromPromise(options.logIn ?? (async () => Promise.reject(new Error('no login here')))),
          ...(options.logOut ? { logOut: fromPromise(options.logOut) } : {}),
          activityListener: fromCallback(() => {}),
        },
      }),
      organization: organizationMachine.provide({
        actors: {
          retrieveOrganization: fromPromise(async () => Promise.reject(new Error('offline'))),
          ...(options.listOrganizations ? { listOrganizations: fromPromise(options.listOrganizations) } : {}),
          unloadListener: fromCallback(() => {}),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: options.input ?? {} }).start();
  return { actor, onInitError };
}

describe('app start-up', () => {
  it('an offline status file shows maintenance with its window, and loads nothing else', async () => {
    const loadApi = vi.fn(async () => ({}) as ApiClient);
    const { actor } = setUp({
      status: async () => ({
        offline: true,
        offline_from: '2026-03-01T22:00:00Z',
        offline_until: '2026-03-02T02:00:00Z',
      }),
      loadApi,
    });
    await flush();
    expect(actor.getSnapshot().matches('maintenance')).toBe(true);
    expect(actor.getSnapshot().context.maintenance).toEqual({
      offlineFrom: '2026-03-01T22:00:00Z',
      offlineUntil: '2026-03-02T02:00:00Z',
    });
    expect(loadApi).not.toHaveBeenCalled();
  });

  it('renders only after the session reload has finished', async () => {
    const reload = deferred<User>();
    const { actor } = setUp({ reload: () => reload.promise, input: { refreshToken: 'R1' } });
    await flush();
    expect(actor.getSnapshot().matches('startingSession')).toBe(true);
    reload.resolve(user);
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.system.get('session').getSnapshot().context.user).toBe(user);
  });

  it('renders after a failed reload too, signed out', async () => {
    const { actor } = setUp({
      reload: async () => Promise.reject(new Error('refresh refused')),
      input: { refreshToken: 'R1' },
    });
    await flush();
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.system.get('session').getSnapshot().matches('signedOut')).toBe(true);
  });

  it('a failed status check counts as online', async () => {
    const { actor } = setUp({ status: async () => Promise.reject(new Error('404')) });
    await flush();
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('an initialization error goes to onInitError and is kept for the error boundary', async () => {
    const error = new Error('schema unavailable');
    const { actor, onInitError } = setUp({ loadApi: async () => Promise.reject(error) });
    await flush();
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(error);
    expect(onInitError).toHaveBeenCalledWith(error);
  });

  it('the API client failing to load after the portal has rendered shows the error screen with that error, and is reported', async () => {
    const error = new Error('schema unavailable');
    const { actor, onInitError } = setUp({ input: {} });
    await flush();
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'apiClient.failed', error });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(error);
    expect(onInitError).toHaveBeenCalledWith(error);
  });

  it('the API client failing while the session is still reloading shows the error screen with that error, and is reported', async () => {
    const error = new Error('client code failed to load');
    const { actor, onInitError } = setUp({ waitForSessionReload: () => new Promise<void>(() => {}) });
    await flush();
    await flush();
    expect(actor.getSnapshot().matches('startingSession')).toBe(true);
    actor.send({ type: 'apiClient.failed', error });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(error);
    expect(onInitError).toHaveBeenCalledWith(error);
  });

  it('the app-wide actors are reachable by systemId', async () => {
    const { actor } = setUp({});
    await flush();
    for (const systemId of ['tokenRefresh', 'session', 'organization'])
      expect(actor.system.get(systemId)).toBeDefined();
  });

  it('login hands the tokens to the token-refresh actor and the user to the organization actor', async () => {
    const { actor } = setUp({});
    await flush();
    const session = actor.system.get('session');
    session.send({ type: 'session.start', access: 'A1', refresh: 'R1', user });
    expect(actor.system.get('tokenRefresh').getSnapshot().context).toMatchObject({
      accessToken: 'A1',
      refreshToken: 'R1',
    });
    expect(actor.system.get('organization').getSnapshot().context.token).toBe('sunrise');
    session.send({ type: 'session.logout' });
    await flush();
    expect(actor.system.get('tokenRefresh').getSnapshot().context).toMatchObject({
      accessToken: null,
      refreshToken: null,
    });
  });

  it("the App finds the session and organization actors where it reads them (the snapshot's children)", async () => {
    const { actor } = setUp({ input: { refreshToken: 'R1' } });
    await flush();
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    // App.tsx names the signed-in user from selectSessionRef; the organization provider reads selectOrganizationRef
    expect(selectSessionRef(actor.getSnapshot())?.getSnapshot().context.user).toBe(user);
    expect(selectOrganizationRef(actor.getSnapshot())?.getSnapshot().context.token).toBe('sunrise');
  });

  it('a failure while waiting for the session reload shows the error screen with that error, and is reported', async () => {
    const error = new Error('session actor stopped');
    const { actor, onInitError } = setUp({ waitForSessionReload: async () => Promise.reject(error) });
    await flush();
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(error);
    expect(onInitError).toHaveBeenCalledWith(error);
  });

  it("after a login the organization actor switches to the user's own organization (its header token)", async () => {
    const harborUser = { id: 3, role: 'ROLE_ADMIN', organization: { id: 2, name: 'Harbor', token: 'harbor' } } as User;
    const { actor } = setUp({ logIn: async () => ({ access: 'A1', refresh: 'R1', user: harborUser }) });
    await flush();
    expect(actor.system.get('organization').getSnapshot().context.token).toBeNull();
    actor.system.get('session').send({ type: 'session.login', email: 'lee@harbor.test', password: 'portal-demo-2026' });
    await flush();
    expect(actor.system.get('session').getSnapshot().context.user).toBe(harborUser);
    expect(actor.system.get('organization').getSnapshot().context.token).toBe('harbor');
  });

  it('a master who signs out leaves no organizations list behind for the next person (the organization actor hears of it)', async () => {
    const master = { id: 9, role: 'ROLE_MASTER', organization: null } as unknown as User;
    const list = [
      { id: 1, name: 'Sunrise', token: 'sunrise' },
      { id: 2, name: 'Harbor', token: 'harbor' },
    ] as Organization[];
    const { actor } = setUp({
      logIn: async () => ({ access: 'A1', refresh: 'R1', user: master }),
      listOrganizations: async () => list,
      logOut: async () => {},
    });
    await flush();
    actor.system
      .get('session')
      .send({ type: 'session.login', email: 'master@portal.test', password: 'portal-demo-2026' });
    await flush();
    expect(actor.system.get('organization').getSnapshot().context.organizations).toEqual(list);
    actor.system.get('session').send({ type: 'session.logout' });
    await flush();
    await flush();
    expect(actor.system.get('session').getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.system.get('organization').getSnapshot().context.organizations).toEqual([]);
  });
});
