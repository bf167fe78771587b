import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { Organization, User } from '../api/types';
import { organizationMachine, type OrganizationInput } from './organization-machine';

const sunrise = { id: 1, name: 'Sunrise', token: 'sunrise' } as Organization;
const harbor = { id: 2, name: 'Harbor', token: 'harbor' } as Organization;
const organizations: Record<string, Organization> = { sunrise, harbor, '1': sunrise, '2': harbor };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp(input: OrganizationInput = {}, options: { listOrganizations?: () => Promise<Organization[]> } = {}) {
  const stored: Organization[] = [];
  const navigations: string[] = [];
  const listCalls: number[] = [];
  const actor = createActor(
    organizationMachine.provide({
      actors: {
        retrieveOrganization: fromPromise(async ({ input: { token } }) => {
          const found = organizations[token];
          if (!found) throw { response: { status: 404, data: { detail: 'Not found', code: 'not_found' } } };
          return found;
        }),
        listOrganizations: fromPromise(async ({ input: { limit } }) => {
          listCalls.push(limit);
          return options.listOrganizations ? options.listOrganizations() : [sunrise, harbor];
        }),
        unloadListener: fromCallback(() => {}),
      },
      actions: {
        storeOrganization: (_, { organization }) => void stored.push(organization),
        navigate: (_, { to }) => void navigations.push(to),
      },
    }),
    { input },
  ).start();
  return { actor, stored, navigations, listCalls };
}

describe('organization', () => {
  it('loads the organization of the route token and stores it', async () => {
    const { actor, stored } = setUp();
    actor.send({ type: 'org.routeChanged', token: 'harbor' });
    expect(actor.getSnapshot().context.token).toBe('harbor');
    await flush();
    expect(actor.getSnapshot().context.organization).toBe(harbor);
    expect(stored).toEqual([harbor]);
  });

  it('starts from the organization in local storage', async () => {
    const { actor } = setUp({ storedOrganization: sunrise });
    expect(actor.getSnapshot().context.token).toBe('sunrise');
    await flush();
    expect(actor.getSnapshot().matches({ current: 'selected' })).toBe(true);
  });

  it('without a route token or a stored organization it is unknown at once, and looks nothing up', async () => {
    const { actor, stored } = setUp();
    expect(actor.getSnapshot().matches({ current: 'unknown' })).toBe(true);
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ token: null, organization: null });
    expect(stored).toEqual([]);
  });

  it('the route token wins over local storage', async () => {
    const { actor } = setUp({ storedOrganization: sunrise, routeToken: 'harbor' });
    await flush();
    expect(actor.getSnapshot().context.organization).toBe(harbor);
  });

  it('an unknown organization (404) redirects to /', async () => {
    const { actor, navigations } = setUp();
    actor.send({ type: 'org.routeChanged', token: 'nowhere' });
    await flush();
    expect(navigations).toEqual(['/']);
    expect(actor.getSnapshot().context.organization).toBeNull();
  });

  it('a master loads the list (limit 50) and a selection is stored and goes to /', async () => {
    const { actor, stored, navigations, listCalls } = setUp({ storedOrganization: sunrise });
    await flush();
    actor.send({ type: 'org.userSignedIn', user: { role: 'ROLE_MASTER', organization: null } as User });
    await flush();
    expect(listCalls).toEqual([50]);
    expect(actor.getSnapshot().context.organizations).toEqual([sunrise, harbor]);
    actor.send({ type: 'org.select', organization: harbor });
    expect(actor.getSnapshot().context.organization).toBe(harbor);
    expect(stored.at(-1)).toBe(harbor);
    expect(navigations).toEqual(['/']);
    actor.send({ type: 'org.userSignedOut' });
    expect(actor.getSnapshot().context.organizations).toEqual([]);
  });

  it('after login a non-master switches to their own organization', async () => {
    const { actor, listCalls } = setUp({ storedOrganization: sunrise });
    await flush();
    actor.send({
      type: 'org.userSignedIn',
      user: { role: 'ROLE_ADMIN', organization: { id: 2, name: 'Harbor', token: 'harbor' } } as User,
    });
    await flush();
    expect(actor.getSnapshot().context.organization).toBe(harbor);
    expect(listCalls).toEqual([]);
  });

  it('a master stays where they signed in, even when their user names an organization; an account without one changes nothing', async () => {
    const { actor } = setUp({ storedOrganization: sunrise });
    await flush();
    actor.send({ type: 'org.userSignedIn', user: { role: 'ROLE_MASTER', organization: harbor } as unknown as User });
    await flush();
    expect(actor.getSnapshot().context.token).toBe('sunrise');
    expect(actor.getSnapshot().context.organization).toBe(sunrise);
    // an employee account the server sent without its organization: nothing to switch to, and nothing breaks
    actor.send({ type: 'org.userSignedIn', user: { role: 'ROLE_EMPLOYEE', organization: null } as User });
    await flush();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().matches({ current: 'selected' })).toBe(true);
    expect(actor.getSnapshot().context.organization).toBe(sunrise);
  });

  it('a master who picks an organization while none is known has it selected', async () => {
    const { actor, navigations } = setUp();
    expect(actor.getSnapshot().matches({ current: 'unknown' })).toBe(true);
    actor.send({ type: 'org.select', organization: harbor });
    expect(actor.getSnapshot().matches({ current: 'selected' })).toBe(true);
    expect(actor.getSnapshot().context.organization).toBe(harbor);
    expect(navigations).toEqual(['/']);
  });

  it('a failed list load leaves the list idle and empty, and the next master sign-in asks for it again', async () => {
    let answer: () => Promise<Organization[]> = async () => Promise.reject(new Error('offline'));
    const { actor, listCalls } = setUp({ storedOrganization: sunrise }, { listOrganizations: () => answer() });
    await flush();
    const master = { role: 'ROLE_MASTER', organization: null } as User;
    actor.send({ type: 'org.userSignedIn', user: master });
    await flush();
    expect(listCalls).toEqual([50]);
    expect(actor.getSnapshot().matches({ list: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.organizations).toEqual([]);
    answer = async () => [sunrise, harbor];
    actor.send({ type: 'org.userSignedIn', user: master });
    await flush();
    expect(listCalls).toEqual([50, 50]);
    expect(actor.getSnapshot().context.organizations).toEqual([sunrise, harbor]);
  });

  it('is saved to local storage on page unload', async () => {
    const { actor, stored } = setUp({ storedOrganization: sunrise });
    await flush();
    stored.length = 0;
    actor.send({ type: 'org.pageUnload' });
    expect(stored).toEqual([sunrise]);
  });
});

describe('saving the organization when the page goes away', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('listens for pagehide on the window while it runs, and stores the organization it holds', () => {
    const stored: Organization[] = [];
    const actor = createActor(
      organizationMachine.provide({
        actors: {
          retrieveOrganization: fromPromise(async () => sunrise),
          listOrganizations: fromPromise(async () => [] as Organization[]),
        },
        actions: { storeOrganization: (_, { organization }) => void stored.push(organization), navigate: () => {} },
      }),
      { input: { storedOrganization: sunrise } },
    ).start();
    expect(stored).toEqual([]);
    window.dispatchEvent(new Event('pagehide'));
    expect(stored).toEqual([sunrise]);
    actor.stop();
    window.dispatchEvent(new Event('pagehide'));
    expect(stored).toEqual([sunrise]); // the listener went with the actor
  });

  it('the window holds its pagehide listener only while the actor runs', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    /** The pagehide listeners added to the window and not removed since. */
    const held = () =>
      add.mock.calls.filter(
        ([type, listener]) =>
          type === 'pagehide' && !remove.mock.calls.some(([t, l]) => t === 'pagehide' && l === listener),
      ).length;
    const actor = createActor(
      organizationMachine.provide({
        actors: {
          retrieveOrganization: fromPromise(async () => sunrise),
          listOrganizations: fromPromise(async () => [] as Organization[]),
        },
        actions: { storeOrganization: () => {}, navigate: () => {} },
      }),
      { input: { storedOrganization: sunrise } },
    ).start();
    expect(held()).toBe(1);
    actor.stop();
    expect(held()).toBe(0);
  });
});
