import { assign, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { ORGANIZATIONS_LIST_LIMIT } from '../domain/constants';
import type { Organization, User } from '../api/types';

export interface OrganizationContext {
  /** The token sent as X-ORGANIZATION-TOKEN; known before the organization itself has loaded. */
  token: string | null;
  organization: Organization | null;
  /** The master's list of organizations. */
  organizations: Organization[];
}

export interface OrganizationInput {
  /** The organization saved in local storage (key 'organization'). */
  storedOrganization?: Organization | null;
  /** The `:org` of the current public route, if any. */
  routeToken?: string | null;
}

export type OrganizationEvent =
  | { type: 'org.routeChanged'; token: string | null }
  | { type: 'org.select'; organization: Organization }
  | { type: 'org.userSignedIn'; user: User }
  | { type: 'org.userSignedOut' }
  | { type: 'org.pageUnload' };

export const organizationMachine = setup({
  types: {
    context: {} as OrganizationContext,
    events: {} as OrganizationEvent,
    input: {} as OrganizationInput,
  },
  actors: {
    /** organizations_retrieve by id or token; provided by the app. */
    retrieveOrganization: fromPromise<Organization, { token: string }>(async () => {
      throw new Error('retrieveOrganization is not provided');
    }),
    /** organizations_list with limit 50; provided by the app. */
    listOrganizations: fromPromise<Organization[], { limit: number }>(async () => {
      throw new Error('listOrganizations is not provided');
    }),
    /** Reports page unload (pagehide) so the organization is saved. */
    unloadListener: fromCallback(({ sendBack }) => {
      const onUnload = () => sendBack({ type: 'org.pageUnload' });
      window.addEventListener('pagehide', onUnload);
      return () => window.removeEventListener('pagehide', onUnload);
    }),
  },
  actions: {
    assignToken: assign({ token: (_, params: { token: string }) => params.token }),
    assignOrganization: assign((_, params: { organization: Organization }) => ({
      organization: params.organization,
      token: params.organization.token,
    })),
    clearOrganization: assign({ organization: null, token: null }),
    assignOrganizations: assign({
      organizations: (_, params: { organizations: Organization[] }) => params.organizations,
    }),
    clearOrganizations: assign({ organizations: [] }),
    /** Writes the organization to local storage; provided by the app. */
    storeOrganization: (_, _params: { organization: Organization }) => {},
    /** Goes to `to`; provided by the app (router navigation). */
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    isOtherToken: ({ context }, params: { token: string | null }) =>
      params.token !== null && params.token !== '' && params.token !== context.token,
    isMemberOfOtherOrganization: ({ context }, params: { user: User }) =>
      params.user.role !== 'ROLE_MASTER' &&
      params.user.organization !== null &&
      params.user.organization.token !== context.token,
    isMaster: (_, params: { user: User }) => params.user.role === 'ROLE_MASTER',
    hasToken: ({ context }) => context.token !== null,
    hasOrganization: ({ context }) => context.organization !== null,
    isNotFound: (_, params: { error: unknown }) =>
      (params.error as { response?: { status?: number } } | null)?.response?.status === 404,
  },
}).createMachine({
  id: 'organization',
  description: 'The current organization (route token or local storage) and the master’s list.',
  type: 'parallel',
  context: ({ input }) => ({
    token: input?.routeToken || input?.storedOrganization?.token || null,
    organization:
      input?.storedOrganization && (!input.routeToken || input.routeToken === input.storedOrganization.token)
        ? input.storedOrganization
        : null,
    organizations: [],
  }),
  invoke: { src: 'unloadListener' },
  on: {
    'org.pageUnload': {
      guard: 'hasOrganization',
      actions: { type: 'storeOrganization', params: ({ context }) => ({ organization: context.organization! }) },
    },
  },
  states: {
    current: {
      initial: 'starting',
      on: {
        'org.routeChanged': {
          guard: { type: 'isOtherToken', params: ({ event }) => ({ token: event.token }) },
          target: '.loading',
          actions: { type: 'assignToken', params: ({ event }) => ({ token: event.token! }) },
        },
        'org.userSignedIn': {
          description: 'After login a non-master switches to their own organization.',
          guard: { type: 'isMemberOfOtherOrganization', params: ({ event }) => ({ user: event.user }) },
          target: '.loading',
          actions: { type: 'assignToken', params: ({ event }) => ({ token: event.user.organization!.token }) },
        },
        'org.select': {
          description: 'A master switches organization: stored, then to /.',
          target: '.selected',
          actions: [
            { type: 'assignOrganization', params: ({ event }) => ({ organization: event.organization }) },
            { type: 'storeOrganization', params: ({ event }) => ({ organization: event.organization }) },
            { type: 'navigate', params: { to: '/' } },
          ],
        },
      },
      states: {
        starting: {
          always: [{ guard: 'hasToken', target: 'loading' }, { target: 'unknown' }],
        },
        unknown: {
          description: 'No organization token from the route or from local storage.',
        },
        loading: {
          description: 'organizations_retrieve by the token; the token is already sent as the header.',
          invoke: {
            src: 'retrieveOrganization',
            input: ({ context }) => ({ token: context.token! }),
            onDone: {
              target: 'selected',
              actions: [
                { type: 'assignOrganization', params: ({ event }) => ({ organization: event.output }) },
                { type: 'storeOrganization', params: ({ event }) => ({ organization: event.output }) },
              ],
            },
            onError: [
              {
                description: 'Unknown organization: redirect to /.',
                guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
                target: 'unknown',
                actions: ['clearOrganization', { type: 'navigate', params: { to: '/' } }],
              },
              {
                description: 'Any other failure keeps what is known; the next lookup tries again.',
                target: 'failed',
              },
            ],
          },
        },
        selected: {
          description: 'The organization is known and stored.',
        },
        failed: {
          description: 'The lookup failed for another reason than 404.',
        },
      },
    },
    list: {
      initial: 'idle',
      on: {
        'org.userSignedOut': { target: '.idle', actions: 'clearOrganizations' },
      },
      states: {
        idle: {
          description: 'No master is signed in.',
          on: {
            'org.userSignedIn': {
              guard: { type: 'isMaster', params: ({ event }) => ({ user: event.user }) },
              target: 'loading',
            },
          },
        },
        loading: {
          invoke: {
            src: 'listOrganizations',
            input: { limit: ORGANIZATIONS_LIST_LIMIT },
            onDone: {
              target: 'loaded',
              actions: { type: 'assignOrganizations', params: ({ event }) => ({ organizations: event.output }) },
            },
            onError: { target: 'idle' },
          },
        },
        loaded: {
          description: 'The master’s list is held.',
        },
      },
    },
  },
});

export type OrganizationActorRef = ActorRefFrom<typeof organizationMachine>;
