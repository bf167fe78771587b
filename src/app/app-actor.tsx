import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, fromPromise } from 'xstate';
import type { ApiClient } from '../api/client';
import { lazyApiClient } from '../api/lazy-client';
import type { Organization } from '../api/types';
import {
  API_DEFINITION_PATH,
  ORGANIZATION_HEADER,
  ORGANIZATION_STORAGE_KEY,
  REFRESH_TOKEN_STORAGE_KEY,
  STATUS_FILE_PATH,
} from '../domain/constants';
import { createStorageListener } from '../machines/activity-listener';
import { liveEventsMachine } from '../machines/live-events-machine';
import { appMachine, type AppActorRef } from '../machines/app-machine';
import { organizationMachine, type OrganizationActorRef } from '../machines/organization-machine';
import { portalAvailabilityMachine, type PortalStatus } from '../machines/portal-availability-machine';
import { sessionMachine, type SessionActorRef } from '../machines/session-machine';
import { requestAccessToken, tokenRefreshMachine, type TokenRefreshActorRef } from '../machines/token-refresh-machine';

import { FIRST_PAINT_LOOKUP, type FirstPaintLookup } from '../domain/first-paint-marks';

import { createEventStream, type AnyActorSystem } from './event-stream';

export type { AppActorRef };

export interface AppActorOptions {
  /** Receives an initialization error (the App also throws it into the error boundary). */
  onInitError?: (error: unknown) => void;
  /** Ends an idle session instead of logout. If it rejects, the user is cleared locally. */
  onIdle?: () => Promise<void>;
  /** Navigation for the organization actor; by default the router's (registered by useOrganization). */
  navigate?: (to: string) => void;
}

const PUBLIC_ROUTE_PATTERNS = [
  /^\/login\/([^/]+)\/?$/,
  /^\/forgot-password\/([^/]+)\/?$/,
  /^\/reset-password\/[^/]+\/[^/]+\/([^/]+)\/?$/,
  /^\/sign-up\/[^/]+\/[^/]+\/([^/]+)\/?$/,
  /^\/apply-now\/([^/]+)\/?$/,
];

/** The `:org` of a public route (`/login/:org`, `/reset-password/:uid/:token/:org`, ...), or null. */
export function organizationTokenFromPath(pathname: string): string | null {
  for (const pattern of PUBLIC_ROUTE_PATTERNS) {
    const match = pattern.exec(pathname);
    if (match) return decodeURIComponent(match[1]);
  }
  return null;
}

let routerNavigate: ((to: string) => void) | null = null;

/** Lends the router's navigation to the organization actor; returns the undo. */
export function registerNavigate(navigate: (to: string) => void): () => void {
  routerNavigate = navigate;
  return () => {
    if (routerNavigate === navigate) routerNavigate = null;
  };
}

function readStoredOrganization(): Organization | null {
  try {
    const stored = window.localStorage.getItem(ORGANIZATION_STORAGE_KEY);
    return stored ? (JSON.parse(stored) as Organization) : null;
  } catch {
    return null;
  }
}

/**
 * The organization's lookup that the sign-in page's first paint started in the HTML's head, when it is for
 * `token`; taken once. Null when there is none, or it could not be sent (the app then asks itself).
 */
async function takeFirstPaintLookup(token: string): Promise<Response | null> {
  const holder = window as unknown as Record<string, FirstPaintLookup | undefined>;
  const lookup = holder[FIRST_PAINT_LOOKUP];
  if (!lookup || lookup.token !== token) return null;
  delete holder[FIRST_PAINT_LOOKUP];
  return lookup.response.catch(() => null);
}

/**
 * organizations_retrieve (GET /api/organizations/:token/, public) by plain fetch, with the token as
 * X-ORGANIZATION-TOKEN (spec 7), or the same request already started by the first paint; a failure carries
 * `response.status` as the client's errors do (the organization machine reads 404).
 */
export async function retrievePublicOrganization(token: string): Promise<Organization> {
  const response =
    (await takeFirstPaintLookup(token)) ??
    (await fetch(`/api/organizations/${encodeURIComponent(token)}/`, {
      headers: { accept: 'application/json', [ORGANIZATION_HEADER]: token },
    }));
  if (!response.ok) {
    throw Object.assign(new Error(`organizations_retrieve answered ${response.status}`), {
      response: { status: response.status },
    });
  }
  return (await response.json()) as Organization;
}

function tokenRefreshOf(system: AnyActorSystem): TokenRefreshActorRef {
  return system.get('tokenRefresh') as TokenRefreshActorRef;
}

/**
 * The root actor with the app's implementations: HTTP, storage and navigation. Call once in main.tsx and
 * hand it to <AppActorProvider>. In development, `?inspect` in the URL connects the Stately inspector.
 */
export function createAppActor(options: AppActorOptions = {}): AppActorRef {
  // The API client (axios, openapi-client-axios and the API definition) is not in the first page's JavaScript:
  // it loads right after the status check, and until it has arrived a call waits for it (see lazyApiClient).
  let api: ApiClient | null = null;
  const getApi = () => {
    if (!api) throw new Error('The API client is not ready.');
    return api;
  };
  const sessionStore = window.sessionStorage;

  const logOut = async (system: AnyActorSystem): Promise<void> => {
    const refresh = tokenRefreshOf(system).getSnapshot().context.refreshToken;
    await getApi().auth_logout_create(null, refresh ? { refresh } : {});
  };

  const machine = appMachine.provide({
    actions: {
      reportInitError: (_, { error }) => options.onInitError?.(error),
    },
    actors: {
      portalAvailability: portalAvailabilityMachine.provide({
        actors: {
          fetchPortalStatus: fromPromise(async () => {
            // No cache-busting query: the server sends it no-store, and index.html preloads this very URL.
            // Plain fetch (no API client): the status decides before anything else loads.
            const response = await fetch(STATUS_FILE_PATH);
            if (!response.ok) throw new Error(`${STATUS_FILE_PATH} answered ${response.status}`);
            return (await response.json()) as PortalStatus;
          }),
        },
      }),
      loadApiClient: fromPromise(async ({ system }) => {
        const loading = import('../api/client').then(
          async ({ apiDefinitionUrl, createApiClient, loadApiDefinition }) => {
            const definition = await loadApiDefinition(apiDefinitionUrl(API_DEFINITION_PATH));
            return createApiClient({
              definition,
              getAccessToken: () => tokenRefreshOf(system).getSnapshot().context.accessToken,
              getOrganizationToken: () =>
                (system.get('organization') as OrganizationActorRef | undefined)?.getSnapshot().context.token ?? null,
              requestAccessToken: (request) => requestAccessToken(tokenRefreshOf(system), request),
            });
          },
        );
        loading.catch((error: unknown) => (system.get('app') as AppActorRef).send({ type: 'apiClient.failed', error }));
        api = lazyApiClient(loading);
        return api;
      }),
      tokenRefresh: tokenRefreshMachine.provide({
        actors: {
          refreshTokens: fromPromise(({ input }) =>
            getApi().auth_token_refresh_create(null, { refresh: input.refresh }),
          ),
        },
        actions: {
          storeRefreshToken: (_, { refresh }) => sessionStore.setItem(REFRESH_TOKEN_STORAGE_KEY, refresh),
          removeRefreshToken: () => sessionStore.removeItem(REFRESH_TOKEN_STORAGE_KEY),
        },
      }),
      session: sessionMachine.provide({
        actors: {
          reloadSession: fromPromise(async ({ system }) => {
            await requestAccessToken(tokenRefreshOf(system), { sentWith: null });
            return getApi().auth_user_retrieve();
          }),
          logIn: fromPromise(({ input }) => getApi().auth_login_create(null, input)),
          keepAlive: fromPromise(() => getApi().auth_user_retrieve()),
          logOut: fromPromise(({ system }) => logOut(system)),
          endIdleSession: fromPromise(({ system }) => (options.onIdle ? options.onIdle() : logOut(system))),
          storageListener: createStorageListener({
            hasRefreshToken: () => sessionStore.getItem(REFRESH_TOKEN_STORAGE_KEY) !== null,
          }),
          liveEvents: liveEventsMachine.provide({
            actors: {
              eventStream: createEventStream((system) => ({
                getAccessToken: () => tokenRefreshOf(system).getSnapshot().context.accessToken,
                getOrganizationToken: () =>
                  (system.get('organization') as OrganizationActorRef | undefined)?.getSnapshot().context.token ?? null,
                refreshAccessToken: (sentWith) =>
                  requestAccessToken(tokenRefreshOf(system), { sentWith, operationId: 'events_stream_retrieve' }),
              })),
            },
          }),
        },
      }),
      organization: organizationMachine.provide({
        actors: {
          // Public and needed for the sign-in page's branding: a plain fetch, not waiting for the API client.
          retrieveOrganization: fromPromise(({ input }) => retrievePublicOrganization(input.token)),
          listOrganizations: fromPromise(
            async ({ input }) => (await getApi().organizations_list({ limit: input.limit })).results,
          ),
        },
        actions: {
          storeOrganization: (_, { organization }) =>
            window.localStorage.setItem(ORGANIZATION_STORAGE_KEY, JSON.stringify(organization)),
          navigate: (_, { to }) => {
            if (options.navigate) options.navigate(to);
            else if (routerNavigate) routerNavigate(to);
            else window.location.assign(to);
          },
        },
      }),
    },
  });

  const actor = createActor(machine, {
    systemId: 'app',
    input: {
      refreshToken: sessionStore.getItem(REFRESH_TOKEN_STORAGE_KEY),
      storedOrganization: readStoredOrganization(),
      routeToken: organizationTokenFromPath(window.location.pathname),
    },
  });

  if (import.meta.env?.DEV && new URLSearchParams(window.location.search).has('inspect')) {
    void import('@statelyai/inspect')
      .then(({ createBrowserInspector }) => {
        actor.system.inspect(createBrowserInspector().inspect);
      })
      .finally(() => actor.start());
  } else {
    actor.start();
  }
  return actor;
}

const AppActorContext = createContext<AppActorRef | null>(null);

export function AppActorProvider({ actor, children }: { actor: AppActorRef; children?: ReactNode }) {
  return <AppActorContext.Provider value={actor}>{children}</AppActorContext.Provider>;
}

export function useAppActor(): AppActorRef {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor must be used within a AppActorProvider.');
  return actor;
}

/** The app actor when inside <AppActorProvider>, else null (providers given explicit values work without it). */
export function useOptionalAppActor(): AppActorRef | null {
  return useContext(AppActorContext);
}

export type AppPhase = 'loading' | 'maintenance' | 'failed' | 'ready';
type AppSnapshot = ReturnType<AppActorRef['getSnapshot']>;

export const selectAppPhase = (snapshot: AppSnapshot): AppPhase =>
  snapshot.matches('maintenance')
    ? 'maintenance'
    : snapshot.matches('failed')
      ? 'failed'
      : snapshot.matches('ready')
        ? 'ready'
        : 'loading';
export const selectMaintenance = (snapshot: AppSnapshot) => snapshot.context.maintenance;
export const selectInitError = (snapshot: AppSnapshot) => snapshot.context.error;
export const selectApiClient = (snapshot: AppSnapshot) => snapshot.context.api;
export const selectSessionRef = (snapshot: AppSnapshot) => snapshot.children.session as SessionActorRef | undefined;
export const selectOrganizationRef = (snapshot: AppSnapshot) =>
  snapshot.children.organization as OrganizationActorRef | undefined;

/**
 * Where start-up stands: 'loading' (render nothing or a splash), 'maintenance' (render the maintenance page
 * with `maintenance.offlineFrom/offlineUntil`), 'failed' (throw `error` into the error boundary), 'ready'.
 */
export function useAppStartup() {
  const actor = useAppActor();
  const phase = useSelector(actor, selectAppPhase);
  const maintenance = useSelector(actor, selectMaintenance);
  const error = useSelector(actor, selectInitError);
  return { phase, maintenance, error };
}

/** Throws the initialization error during render, so the nearest error boundary shows it. */
export function ThrowInitError() {
  const { phase, error } = useAppStartup();
  if (phase === 'failed') throw error instanceof Error ? error : new Error(String(error));
  return null;
}
