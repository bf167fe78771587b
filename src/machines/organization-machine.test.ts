import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { Organization, User } from '../api/types';
import { organizationMachine, type OrganizationInput } from './organization-machine';

const sunrise = { id: 1, name: 'Sunrise', token: 'sunrise' } as Organization;
const harbor = { id: 2, name: 'Harbor', token: 'harbor' } as Organization;
const organizations: Record<string, Organization> = { sunrise, harbor, '1': sunrise, '2': harbor };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp(input: OrganizationInput = {}) {
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
          return [sunrise, harbor];
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
    actor.send({ type: 'org.userSignedIn', user: { role: 'ROLE_ADMIN', organization: { id: 2, name: 'Harbor', token: 'harbor' } } as User });
    await flush();
    expect(actor.getSnapshot().context.organization).toBe(harbor);
    expect(listCalls).toEqual([]);
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
  it('listens for pagehide on the window while it runs, and stores the organization it holds', () => {
    const stored: Organization[] = [];
    const actor = createActor(
      organizationMachine.provide({
        actors: { retrieveOrganization: fromPromise(async () => sunrise), listOrganizations: fromPromise(async () => [] as Organization[]) },
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
});
