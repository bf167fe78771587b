import { assign, fromPromise, setup, spawnChild, waitFor, type ActorRefFrom, type AnyActorRef } from 'xstate';
import type { ApiClient } from '../api/client';
import type { Organization } from '../api/types';
import { organizationMachine } from './organization-machine';
import { portalAvailabilityMachine, type PortalAvailabilityOutput } from './portal-availability-machine';
import { sessionMachine } from './session-machine';
import { tokenRefreshMachine } from './token-refresh-machine';

export interface MaintenanceWindow {
  offlineFrom: string | null;
  offlineUntil: string | null;
}

export interface AppInput {
  /** The refresh token in session storage at start (key 'refresh'). */
  refreshToken?: string | null;
  /** The organization in local storage at start (key 'organization'). */
  storedOrganization?: Organization | null;
  /** The `:org` of the public route the app was opened on. */
  routeToken?: string | null;
}

export interface AppContext {
  input: AppInput;
  /** The client built from the API definition, once loaded. */
  api: ApiClient | null;
  maintenance: MaintenanceWindow | null;
  error: unknown;
}

/** Every way into `failed`: the error is kept (the App throws it into the error boundary) and reported. */
const failWithError = {
  target: 'failed',
  actions: [
    { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
    { type: 'reportInitError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  ],
} as const;

const apiClientFailed = {
  description: 'The client answered by loadApiClient could not be built after all: the error screen, reported.',
  ...failWithError,
} as const;

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    input: {} as AppInput,
    tags: {} as 'loading',
    /** The API client, loading behind the first page (see loadApiClient), could not be built. */
    events: {} as { type: 'apiClient.failed'; error: unknown },
  },
  actors: {
    portalAvailability: portalAvailabilityMachine,
    tokenRefresh: tokenRefreshMachine,
    session: sessionMachine,
    organization: organizationMachine,
    /**
     * Answers the API client; provided by the app. It may answer one whose calls wait for the definition
     * (/api/schema/) and the client's code to load; a failure there is sent as `apiClient.failed`.
     */
    loadApiClient: fromPromise<ApiClient>(async () => {
      throw new Error('loadApiClient is not provided');
    }),
    /** Settles once the session's one start-up reload has finished, whatever its outcome. */
    waitForSessionReload: fromPromise<void>(async ({ system }) => {
      const session = system.get('session') as AnyActorRef | undefined;
      if (!session) return;
      await waitFor(session, (snapshot) => !snapshot.hasTag('reloading'));
    }),
  },
  actions: {
    assignMaintenance: assign({
      maintenance: (_, params: MaintenanceWindow) => ({
        offlineFrom: params.offlineFrom,
        offlineUntil: params.offlineUntil,
      }),
    }),
    assignApi: assign({ api: (_, params: { api: ApiClient }) => params.api }),
    assignError: assign({ error: (_, params: { error: unknown }) => params.error }),
    /** The init-error callback (`onInitError`); provided by the app. */
    reportInitError: (_, _params: { error: unknown }) => {},
    spawnTokenRefresh: spawnChild('tokenRefresh', {
      id: 'tokenRefresh',
      systemId: 'tokenRefresh',
      input: ({ context }) => ({ refreshToken: context.input.refreshToken ?? null }),
    }),
    spawnOrganization: spawnChild('organization', {
      id: 'organization',
      systemId: 'organization',
      input: ({ context }) => ({
        storedOrganization: context.input.storedOrganization ?? null,
        routeToken: context.input.routeToken ?? null,
      }),
    }),
    spawnSession: spawnChild('session', {
      id: 'session',
      systemId: 'session',
      input: ({ context }) => ({ hasStoredRefreshToken: Boolean(context.input.refreshToken) }),
    }),
  },
  guards: {
    isPortalOffline: (_, params: { output: PortalAvailabilityOutput }) => params.output.offline,
  },
}).createMachine({
  id: 'app',
  description: 'Start-up: status file, then the API client, then the session reload, then render.',
  context: ({ input }) => ({ input: input ?? {}, api: null, maintenance: null, error: null }),
  entry: 'spawnTokenRefresh',
  initial: 'checkingAvailability',
  states: {
    checkingAvailability: {
      description: 'The public status file decides between the portal and the maintenance page.',
      tags: ['loading'],
      invoke: {
        src: 'portalAvailability',
        id: 'portalAvailability',
        onDone: [
          {
            guard: { type: 'isPortalOffline', params: ({ event }) => ({ output: event.output }) },
            target: 'maintenance',
            actions: {
              type: 'assignMaintenance',
              params: ({ event }) => ({
                offlineFrom: event.output.offlineFrom,
                offlineUntil: event.output.offlineUntil,
              }),
            },
          },
          { target: 'loadingApi' },
        ],
      },
    },
    loadingApi: {
      description: 'Loads the API definition document and builds the client.',
      tags: ['loading'],
      invoke: {
        src: 'loadApiClient',
        onDone: {
          target: 'startingSession',
          actions: { type: 'assignApi', params: ({ event }) => ({ api: event.output }) },
        },
        onError: failWithError,
      },
    },
    startingSession: {
      description: 'The organization and session actors start; the session reloads once if it can.',
      tags: ['loading'],
      on: { 'apiClient.failed': apiClientFailed },
      entry: ['spawnOrganization', 'spawnSession'],
      invoke: {
        src: 'waitForSessionReload',
        onDone: { target: 'ready' },
        onError: failWithError,
      },
    },
    ready: {
      description: 'The portal renders.',
      on: { 'apiClient.failed': apiClientFailed },
    },
    maintenance: {
      description: 'The portal is offline: the maintenance page with the expected start and end.',
    },
    failed: {
      description: 'Initialization failed: the App throws `context.error` into the error boundary.',
    },
  },
});

export type AppActorRef = ActorRefFrom<typeof appMachine>;
