/* eslint-disable @typescript-eslint/no-explicit-any -- one harness over machines of different contexts, inputs and events: each model's oracle reads its own shapes, which one shared type cannot name */
import {
  createActor,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, type StatePath } from 'xstate/graph';
import type { Organization, SessionAnswer, User } from '../../src/api/types';
import { IDLE_TIMEOUT_MS } from '../../src/domain/constants';
import { appMachine } from '../../src/machines/app-machine';
import { organizationMachine } from '../../src/machines/organization-machine';
import { portalAvailabilityMachine } from '../../src/machines/portal-availability-machine';
import { selectSignedOutReason, sessionMachine } from '../../src/machines/session-machine';
import { SIGNED_OUT_REASON_TEXT } from '../../src/routes/login/login-page';
import { liveEventsMachine, type LiveEventsContext } from '../../src/machines/live-events-machine';
import { tokenRefreshMachine, type TokenRefreshContext } from '../../src/machines/token-refresh-machine';

type Snapshot = AnyMachineSnapshot;
type Payloads = (snapshot: Snapshot) => Record<string, EventObject[] | undefined>;

/**
 * One machine under test: the real machine, its input variants, the payloads of its events (its own
 * done/error/delay events included) and which of its actors are promises (resolved or rejected by the
 * path) and which are callbacks (the path sends their events itself).
 */
export interface MachineModel {
  name: string;
  machine: AnyStateMachine;
  inputs: unknown[];
  payloads: Payloads;
  promiseActors: string[];
  callbackActors: string[];
  /** Keeps the explored graph finite (e.g. the refresh queue's length). */
  filterEvents?: (snapshot: Snapshot, event: EventObject) => boolean;
  serializeContext?: (context: any) => unknown;
  /** What a person and the server would observe after each step, predicted without the machine. */
  oracle?: Oracle;
}

/**
 * What a run shows outside the machine: the requests it sent (in order), what session storage holds, and how
 * each request that got a 401 ended ('waiting', 'retried with <token>', 'failed'), by the step it arrived in.
 */
export interface World {
  requests: string[];
  sessionStorage: Record<string, string>;
  retries: Record<number, string>;
  localStorage: Record<string, string>;
  /** Where the app was sent (router navigations), in order. */
  navigations: string[];
  /** What the other actors were told, in order ('signed in': the app shows the user's home; 'signed out': the login page). */
  announcements: string[];
  /** What the page shows of the machine (the user the header names, the screen, the organization). */
  shown: unknown;
}

const emptyWorld = (): World => ({
  requests: [],
  sessionStorage: {},
  retries: {},
  localStorage: {},
  navigations: [],
  announcements: [],
  shown: null,
});

/**
 * An independent oracle: expectations written per state and event from the spec (section 4), in a small
 * model of its own (`start`, `next`), compared after every step with the World the run produced. Nothing
 * here reads the machine's state or context.
 */
export interface Oracle {
  /** The request each of the machine's actors sends, as the app wires it. */
  requests: Record<string, string | ((input: any) => string)>;
  /** The machine's storage actions as the app provides them (src/app/app-actor.tsx), writing into the World. */
  actions: (world: World) => Record<string, unknown>;
  /** What the page shows from the snapshot, as the app's components read it (null: nothing of this machine). */
  shown?: (snapshot: Snapshot) => unknown;
  /** The World before any event (the app read the stored refresh token into the input). */
  start(input: any): World & Record<string, any>;
  /**
   * Moves the expectation by one event (`step`: the index of the event in the path; `src`: for an actor's
   * done or error event, which actor it was).
   */
  next(expected: World & Record<string, any>, event: EventObject, step: number, src: string | null): void;
}

const REFRESH_REQUEST = 'POST /api/auth/token/refresh/';
/** Spec 4: a 401 from these is the answer itself, never a reason to refresh. */
const SESSION_CALLS = ['auth_login_create', 'auth_token_refresh_create', 'auth_logout_create'];

/**
 * Spec 4, "Token refresh": a 401 with a refresh token stored starts one single refresh; every request that
 * fails meanwhile waits and is retried with the new access token; without a refresh token the failure is
 * passed on; a failed refresh clears the access token and the stored refresh token. A request sent with an
 * older access token than the one now held is retried with the current one at once. Signing out (tokens
 * cleared) during a refresh drops it and fails whoever waited.
 */
const tokenRefreshOracle: Oracle = {
  requests: { refreshTokens: (input: { refresh: string }) => `${REFRESH_REQUEST} with ${input.refresh}` },
  actions: (world) => ({
    storeRefreshToken: (_: unknown, params: { refresh: string }) => {
      world.sessionStorage.refresh = params.refresh;
    },
    removeRefreshToken: () => {
      delete world.sessionStorage.refresh;
    },
  }),
  start: (input: { refreshToken?: string | null } = {}) => ({
    ...emptyWorld(),
    sessionStorage: (input.refreshToken ? { refresh: input.refreshToken } : {}) as Record<string, string>,
    access: null as string | null,
    refresh: input.refreshToken ?? null,
    refreshing: false,
    queue: [] as number[],
  }),
  next(expected, event, step) {
    const settleQueue = (outcome: string) => {
      for (const id of expected.queue) expected.retries[id] = outcome;
      expected.queue = [];
      expected.refreshing = false;
    };
    const clear = () => {
      expected.access = null;
      expected.refresh = null;
      delete expected.sessionStorage.refresh;
    };
    if (event.type === 'tokens.set') {
      const { access, refresh } = event as unknown as { access: string; refresh: string };
      expected.access = access;
      expected.refresh = refresh;
      expected.sessionStorage.refresh = refresh;
    } else if (event.type === 'tokens.clear') {
      clear();
      settleQueue('failed');
    } else if (event.type === 'token.unauthorized') {
      const { operationId, sentWith } = event as unknown as { operationId?: string; sentWith: string | null };
      if (operationId && SESSION_CALLS.includes(operationId)) expected.retries[step] = 'failed';
      else if (expected.refreshing) {
        expected.retries[step] = 'waiting';
        expected.queue.push(step);
      } else if (expected.access !== null && sentWith !== expected.access)
        expected.retries[step] = `retried with ${expected.access}`;
      else if (expected.refresh !== null) {
        expected.refreshing = true;
        expected.requests.push(`${REFRESH_REQUEST} with ${expected.refresh}`);
        expected.retries[step] = 'waiting';
        expected.queue.push(step);
      } else expected.retries[step] = 'failed';
    } else if (event.type.startsWith('xstate.done.actor.')) {
      const { access, refresh } = (event as unknown as { output: { access: string; refresh: string } }).output;
      expected.access = access;
      expected.refresh = refresh;
      expected.sessionStorage.refresh = refresh;
      settleQueue(`retried with ${access}`);
    } else if (event.type.startsWith('xstate.error.actor.')) {
      clear();
      settleQueue('failed');
    }
  },
};

const LOGIN_REQUEST = 'POST /api/auth/login/';
const LOGOUT_REQUEST = 'POST /api/auth/logout/';
const USER_REQUEST = 'GET /api/auth/user/';
const RELOAD_REQUESTS = 'reload: POST /api/auth/token/refresh/, then GET /api/auth/user/';
/** How often, at most, an active user's session is kept alive (product decision, DECISIONS.md): one minute. */
const KEEP_ALIVE_MS = 60_000;
const userLabel = (user: User | null | undefined) => (user ? (user.first_name ?? `user ${user.id}`) : null);

/**
 * Spec 4, "Authentication", as a small model with its own clock: signed in or out; login and reload set the
 * user, logout clears it; a storage change without a refresh token clears it; after IDLE_TIMEOUT_MS without
 * activity (or a wake-up that finds it gone by) the session ends by calling logout, and the user is cleared
 * whatever logout answers; reload once at start, only with a stored refresh token. Product decisions: an
 * active user's session is kept alive with one GET /api/auth/user/ at most every minute (none without
 * activity); a failed login keeps the person signed out. Issue 12, item 6: after an idle end the login page
 * says why ("You were signed out after 5 minutes without activity."), until the next sign-in attempt; a
 * logout of one's own, or by another tab, says nothing.
 */
const sessionOracle: Oracle = {
  requests: {
    reloadSession: RELOAD_REQUESTS,
    logIn: (input: { email: string }) => `${LOGIN_REQUEST} as ${input.email}`,
    logOut: LOGOUT_REQUEST,
    endIdleSession: LOGOUT_REQUEST,
    keepAlive: USER_REQUEST,
  },
  actions: (world) => ({
    // what the token-refresh actor does with tokens.set / tokens.clear (session storage, key 'refresh')
    storeTokens: (_: unknown, params: { refresh: string }) => {
      world.sessionStorage.refresh = params.refresh;
    },
    clearTokens: () => {
      delete world.sessionStorage.refresh;
    },
    announceSignedIn: (_: unknown, params: { user: User }) =>
      world.announcements.push(`signed in as ${userLabel(params.user)}`),
    announceSignedOut: () => world.announcements.push('signed out'),
  }),
  shown: (snapshot) => {
    const reason = selectSignedOutReason(snapshot as never);
    return {
      user: userLabel(snapshot.context.user),
      loading: snapshot.hasTag('reloading'),
      notice: reason ? SIGNED_OUT_REASON_TEXT[reason] : null,
    };
  },
  start: (input: { hasStoredRefreshToken?: boolean } = {}) => ({
    ...emptyWorld(),
    requests: input.hasStoredRefreshToken ? [RELOAD_REQUESTS] : [],
    sessionStorage: input.hasStoredRefreshToken ? { refresh: 'R0' } : ({} as Record<string, string>),
    shown: { user: null, loading: input.hasStoredRefreshToken === true, notice: null as string | null },
    phase: input.hasStoredRefreshToken ? 'reloading' : 'signedOut',
    now: 0,
    lastActivityAt: null as number | null,
    idleAt: null as number | null,
    keepAlive: null as 'waiting' | 'due' | 'sending' | null,
    keepAliveAt: null as number | null,
    activeSinceKeepAlive: false,
  }),
  next(e, event, _step) {
    const payload = event as unknown as Record<string, any>;
    const settled = event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.');
    const ok = event.type.startsWith('xstate.done.actor.');
    const signIn = (user: User, refresh?: string) => {
      if (refresh) e.sessionStorage.refresh = refresh;
      e.shown = { user: userLabel(user), loading: false, notice: null };
      e.announcements.push(`signed in as ${userLabel(user)}`, 'started activityListener', 'started storageListener');
      e.phase = 'signedIn';
      e.idleAt = e.now + IDLE_TIMEOUT_MS;
      e.keepAlive = 'waiting';
      e.keepAliveAt = e.now + KEEP_ALIVE_MS;
      e.activeSinceKeepAlive = false;
    };
    const leaveSignedIn = (phase: string) => {
      e.phase = phase;
      e.idleAt = null;
      e.keepAlive = null;
      e.keepAliveAt = null;
    };
    const signOut = (notice: string | null = null) => {
      leaveSignedIn('signedOut');
      e.shown = { user: null, loading: false, notice };
      e.lastActivityAt = null;
      delete e.sessionStorage.refresh;
      e.announcements.push('signed out');
    };
    const endIdle = () => {
      leaveSignedIn('endingIdle');
      e.requests.push(LOGOUT_REQUEST);
    };
    const sendKeepAlive = () => {
      e.keepAlive = 'sending';
      e.keepAliveAt = null;
      e.activeSinceKeepAlive = false;
      e.requests.push(USER_REQUEST);
    };
    /** Time passes: the timers that fall due fire in their order. */
    const advance = (ms: number) => {
      const until = e.now + ms;
      for (;;) {
        const next = [e.idleAt, e.keepAliveAt]
          .filter((at): at is number => at !== null && at <= until)
          .sort((a, b) => a - b)[0];
        if (next === undefined) break;
        e.now = next;
        if (next === e.idleAt) endIdle();
        else if (e.activeSinceKeepAlive) sendKeepAlive();
        else {
          e.keepAlive = 'due';
          e.keepAliveAt = null;
        }
      }
      e.now = until;
    };

    if (event.type.startsWith('xstate.after.')) {
      advance(event.type.includes('idleTimeout') ? IDLE_TIMEOUT_MS : KEEP_ALIVE_MS);
    } else if (settled && e.phase === 'reloading') {
      if (ok) signIn(payload.output);
      else {
        e.phase = 'signedOut';
        e.shown = { user: null, loading: false, notice: null };
        delete e.sessionStorage.refresh;
      }
    } else if (settled && e.phase === 'loggingIn') {
      if (ok) signIn(payload.output.user, payload.output.refresh);
      else e.phase = 'signedOut';
    } else if (settled && e.phase === 'loggingOut') {
      signOut();
    } else if (settled && e.phase === 'endingIdle') {
      signOut('You were signed out after 5 minutes without activity.');
    } else if (settled && e.phase === 'signedIn' && e.keepAlive === 'sending') {
      if (ok) e.shown = { user: userLabel(payload.output), loading: false, notice: null };
      e.keepAlive = 'waiting';
      e.keepAliveAt = e.now + KEEP_ALIVE_MS;
    } else if (e.phase === 'signedOut') {
      if (event.type === 'session.login') {
        e.phase = 'loggingIn';
        e.shown = { user: null, loading: false, notice: null };
        e.requests.push(`${LOGIN_REQUEST} as ${payload.email}`);
      } else if (event.type === 'session.start') signIn(payload.user, payload.refresh);
    } else if (e.phase === 'signedIn') {
      if (event.type === 'session.updateUser')
        e.shown = { user: userLabel(payload.user), loading: false, notice: null };
      else if (event.type === 'session.logout') {
        leaveSignedIn('loggingOut');
        e.requests.push(LOGOUT_REQUEST);
      } else if (event.type === 'session.storageChanged' && !payload.hasRefreshToken) signOut();
      else if (
        event.type === 'session.wake' &&
        e.lastActivityAt !== null &&
        payload.at - e.lastActivityAt >= IDLE_TIMEOUT_MS
      )
        endIdle();
      else if (event.type === 'session.activity') {
        e.lastActivityAt = payload.at;
        e.idleAt = e.now + IDLE_TIMEOUT_MS;
        if (!payload.initial) {
          if (e.keepAlive === 'due') sendKeepAlive();
          else e.activeSinceKeepAlive = true;
        }
      }
    }
  },
};

const STATUS_REQUEST = 'GET /status.json';

/**
 * Spec 4, "Portal availability": online or offline according to the status file, read once before anything
 * else; a failed read counts as online. Shown: nothing until it is read, then the portal or the maintenance
 * page with its window.
 */
const portalAvailabilityOracle: Oracle = {
  requests: { fetchPortalStatus: STATUS_REQUEST },
  actions: () => ({}),
  shown: (snapshot) =>
    snapshot.status !== 'done'
      ? 'checking'
      : snapshot.output.offline
        ? `maintenance ${snapshot.output.offlineFrom} – ${snapshot.output.offlineUntil}`
        : 'portal',
  start: () => ({ ...emptyWorld(), requests: [STATUS_REQUEST], shown: 'checking' }),
  next(e, event) {
    if (event.type.startsWith('xstate.done.actor.')) {
      const status = (
        event as unknown as { output: { offline: boolean; offline_from: string | null; offline_until: string | null } }
      ).output;
      e.shown = status?.offline === true ? `maintenance ${status.offline_from} – ${status.offline_until}` : 'portal';
    } else if (event.type.startsWith('xstate.error.actor.')) e.shown = 'portal';
  },
};

const organizationRequest = (token: string) => `GET /api/organizations/${token}/`;
const LIST_REQUEST = 'GET /api/organizations/?limit=50';

/**
 * Spec 4 and 6, the organization: taken from the route's `:org`, else from local storage (key
 * 'organization'); looked up by its token, which every request carries as X-ORGANIZATION-TOKEN; saved in
 * local storage when it loads, on selection and on page unload; an unknown one (404) sends the app to `/`.
 * After sign-in a non-master switches to their own organization; a master gets the list (limit 50) and may
 * select another one, which goes to `/`; signing out forgets the list. Shown: the header token sent, the
 * organization named on the page, the master's list.
 */
const organizationOracle: Oracle = {
  requests: {
    retrieveOrganization: (input: { token: string }) => organizationRequest(input.token),
    listOrganizations: (input: { limit: number }) => `GET /api/organizations/?limit=${input.limit}`,
  },
  actions: (world) => ({
    storeOrganization: (_: unknown, params: { organization: Organization }) => {
      world.localStorage.organization = params.organization.token;
    },
    navigate: (_: unknown, params: { to: string }) => world.navigations.push(params.to),
  }),
  shown: (snapshot) => ({
    header: snapshot.context.token,
    organization: snapshot.context.organization?.name ?? null,
    list: snapshot.context.organizations.map((o: Organization) => o.token),
  }),
  start(input: { storedOrganization?: Organization; routeToken?: string } = {}) {
    const stored = input.storedOrganization ?? null;
    const token = input.routeToken || stored?.token || null;
    const organization = stored && (!input.routeToken || input.routeToken === stored.token) ? stored : null;
    return {
      ...emptyWorld(),
      localStorage: (stored ? { organization: stored.token } : {}) as Record<string, string>,
      requests: token ? [organizationRequest(token)] : [],
      announcements: ['started unloadListener'],
      shown: { header: token, organization: organization?.name ?? null, list: [] },
      organization,
      lookup: token !== null,
      listing: false,
      listed: false,
    };
  },
  next(e, event, _step, src) {
    const payload = event as unknown as Record<string, any>;
    const view = e.shown as { header: string | null; organization: string | null; list: string[] };
    const lookUp = (token: string) => {
      view.header = token;
      e.lookup = true;
      e.requests.push(organizationRequest(token));
    };
    const select = (organization: Organization) => {
      e.organization = organization;
      view.header = organization.token;
      view.organization = organization.name;
      e.localStorage.organization = organization.token;
      e.lookup = false;
    };
    if (src === 'retrieveOrganization') {
      if (event.type.startsWith('xstate.done.actor.')) select(payload.output);
      else if (payload.error?.response?.status === 404) {
        e.organization = null;
        view.header = null;
        view.organization = null;
        e.navigations.push('/');
        e.lookup = false;
      } else e.lookup = false;
    } else if (src === 'listOrganizations') {
      e.listing = false;
      if (event.type.startsWith('xstate.done.actor.')) {
        view.list = payload.output.map((o: Organization) => o.token);
        e.listed = true;
      }
    } else if (event.type === 'org.routeChanged') {
      if (payload.token && payload.token !== view.header) lookUp(payload.token);
    } else if (event.type === 'org.select') {
      select(payload.organization);
      e.navigations.push('/');
    } else if (event.type === 'org.userSignedIn') {
      const user = payload.user as User;
      if (user.role !== 'ROLE_MASTER' && user.organization && user.organization.token !== view.header)
        lookUp(user.organization.token);
      if (user.role === 'ROLE_MASTER' && !e.listing && !e.listed) {
        e.listing = true;
        e.requests.push(LIST_REQUEST);
      }
    } else if (event.type === 'org.userSignedOut') {
      view.list = [];
      e.listing = false;
      e.listed = false;
    } else if (event.type === 'org.pageUnload') {
      if (e.organization) e.localStorage.organization = e.organization.token;
    }
  },
};

const SCHEMA_REQUEST = 'GET /api/schema/';

/**
 * Spec 4, start-up: the status file first (offline: the maintenance page with its window, nothing else
 * loads); then the API definition; then the session's one reload; the portal renders once that attempt
 * has finished, whatever its outcome. A failure to start shows the Error 500 screen and is reported.
 */
const appOracle: Oracle = {
  requests: { portalAvailability: STATUS_REQUEST, loadApiClient: SCHEMA_REQUEST },
  actions: (world) => ({ reportInitError: () => world.announcements.push('start-up failure reported') }),
  shown: (snapshot) =>
    snapshot.hasTag('loading')
      ? 'loading'
      : snapshot.matches('maintenance')
        ? `maintenance ${snapshot.context.maintenance.offlineFrom} – ${snapshot.context.maintenance.offlineUntil}`
        : snapshot.matches('failed')
          ? `Error 500: ${String(snapshot.context.error)}`
          : snapshot.matches('ready')
            ? `portal${snapshot.context.api ? ' with its API client' : ''}`
            : 'nothing',
  start: (input: { refreshToken?: string | null; storedOrganization?: Organization; routeToken?: string }) => ({
    ...emptyWorld(),
    requests: [STATUS_REQUEST],
    shown: 'loading',
    // the token-refresh actor starts with the app, the organization and session actors once the client is built
    announcements: [`started tokenRefresh ${JSON.stringify({ refreshToken: input.refreshToken ?? null })}`],
    input,
    api: null,
  }),
  next(e, event, _step, src) {
    const payload = event as unknown as Record<string, any>;
    const ok = event.type.startsWith('xstate.done.actor.');
    const fail = () => {
      e.shown = `Error 500: ${String(payload.error)}`;
      e.announcements.push('start-up failure reported');
    };
    if (src === 'portalAvailability' && ok) {
      if (payload.output.offline)
        e.shown = `maintenance ${payload.output.offlineFrom} – ${payload.output.offlineUntil}`;
      else e.requests.push(SCHEMA_REQUEST);
    } else if (src === 'loadApiClient') {
      if (!ok) fail();
      else {
        e.api = payload.output;
        e.announcements.push(
          `started organization ${JSON.stringify({ storedOrganization: e.input.storedOrganization ?? null, routeToken: e.input.routeToken ?? null })}`,
          `started session ${JSON.stringify({ hasStoredRefreshToken: Boolean(e.input.refreshToken) })}`,
        );
      }
    } else if (src === 'waitForSessionReload') {
      if (ok) e.shown = `portal${e.api ? ' with its API client' : ''}`;
      else fail();
    } else if (event.type === 'apiClient.failed') {
      // the client answered at once could not be built after all (its chunk or the definition failed)
      fail();
    }
  },
};

const sunrise = { id: 1, name: 'Sunrise', token: 'sunrise' } as Organization;
const harbor = { id: 2, name: 'Harbor', token: 'harbor' } as Organization;
const byToken: Record<string, Organization> = { sunrise, harbor };
const admin = { id: 1, role: 'ROLE_ADMIN', organization: { id: 1, name: 'Sunrise', token: 'sunrise' } } as User;
const harborAdmin = { id: 3, role: 'ROLE_ADMIN', organization: { id: 2, name: 'Harbor', token: 'harbor' } } as User;
const master = { id: 2, role: 'ROLE_MASTER', organization: null } as User;
const answer: SessionAnswer = { access: 'A1', refresh: 'R1', user: admin };
const failure = new Error('failed');
const notFound = { response: { status: 404 } };
const waiter = { resolve() {}, reject() {} };

const done = (src: string, ...outputs: unknown[]) => ({
  [`done:${src}`]: outputs.map((output) => ({ type: 'done', output })),
});
const error = (src: string, ...errors: unknown[]) => ({
  [`error:${src}`]: errors.map((e) => ({ type: 'error', error: e })),
});

export const machineModels: MachineModel[] = [
  {
    name: 'portal-availability',
    machine: portalAvailabilityMachine,
    inputs: [undefined],
    promiseActors: ['fetchPortalStatus'],
    callbackActors: [],
    oracle: portalAvailabilityOracle,
    payloads: () => ({
      ...done(
        'fetchPortalStatus',
        { offline: true, offline_from: '2026-03-01T22:00:00Z', offline_until: '2026-03-02T02:00:00Z' },
        { offline: false, offline_from: null, offline_until: null },
        null,
      ),
      ...error('fetchPortalStatus', failure),
    }),
  },
  {
    name: 'token-refresh',
    machine: tokenRefreshMachine,
    inputs: [undefined, { refreshToken: null }, { refreshToken: 'R0' }],
    promiseActors: ['refreshTokens'],
    callbackActors: [],
    payloads: () => ({
      'token.unauthorized': [
        { type: 'token.unauthorized', operationId: 'users_list', sentWith: 'A1', waiter },
        { type: 'token.unauthorized', operationId: 'users_list', sentWith: 'A0', waiter },
        { type: 'token.unauthorized', operationId: 'auth_login_create', sentWith: null, waiter },
        { type: 'token.unauthorized', sentWith: 'A1', waiter },
      ],
      'tokens.set': [{ type: 'tokens.set', access: 'A1', refresh: 'R1' }],
      'tokens.clear': [{ type: 'tokens.clear' }],
      ...done('refreshTokens', { access: 'A2', refresh: 'R2' }),
      ...error('refreshTokens', failure),
    }),
    filterEvents: (snapshot, event) =>
      event.type !== 'token.unauthorized' || (snapshot.context as TokenRefreshContext).waiters.length < 2,
    serializeContext: (context: TokenRefreshContext) => ({ ...context, waiters: context.waiters.length }),
    oracle: tokenRefreshOracle,
  },
  {
    name: 'session',
    machine: sessionMachine,
    inputs: [undefined, { hasStoredRefreshToken: false }, { hasStoredRefreshToken: true }],
    promiseActors: ['reloadSession', 'logIn', 'logOut', 'endIdleSession', 'keepAlive'],
    callbackActors: ['activityListener', 'storageListener'],
    oracle: sessionOracle,
    payloads: () => ({
      'session.login': [{ type: 'session.login', email: 'ana@sunrise.test', password: 'portal-demo-2026' }],
      'session.start': [{ type: 'session.start', ...answer }],
      'session.logout': [{ type: 'session.logout' }],
      'session.updateUser': [{ type: 'session.updateUser', user: admin }],
      'session.storageChanged': [
        { type: 'session.storageChanged', hasRefreshToken: true },
        { type: 'session.storageChanged', hasRefreshToken: false },
      ],
      'session.activity': [{ type: 'session.activity', at: 1_000 }],
      'session.wake': [
        { type: 'session.wake', at: 1_001 },
        { type: 'session.wake', at: 1_000 + IDLE_TIMEOUT_MS },
      ],
      ...done('reloadSession', admin),
      ...error('reloadSession', failure),
      ...done('logIn', answer),
      ...error('logIn', failure),
      ...done('logOut', undefined),
      ...error('logOut', failure),
      ...done('endIdleSession', undefined),
      ...error('endIdleSession', failure),
      // The same user (nothing to replace) and a changed one (an employee who became READY).
      ...done('keepAlive', admin, { ...admin, first_name: 'Renamed' }),
      ...error('keepAlive', failure),
    }),
  },
  {
    name: 'organization',
    machine: organizationMachine,
    inputs: [
      undefined,
      {},
      { storedOrganization: sunrise },
      { routeToken: 'harbor' },
      { storedOrganization: sunrise, routeToken: 'sunrise' },
      { storedOrganization: sunrise, routeToken: 'harbor' },
    ],
    promiseActors: ['retrieveOrganization', 'listOrganizations'],
    callbackActors: ['unloadListener'],
    oracle: organizationOracle,
    payloads: (snapshot) => ({
      'org.routeChanged': [
        { type: 'org.routeChanged', token: 'harbor' },
        { type: 'org.routeChanged', token: 'unknown' },
        // the same organization again, a route without one, an empty `:org`
        { type: 'org.routeChanged', token: 'sunrise' },
        { type: 'org.routeChanged', token: null },
        { type: 'org.routeChanged', token: '' },
      ],
      'org.select': [{ type: 'org.select', organization: harbor }],
      'org.userSignedIn': [
        { type: 'org.userSignedIn', user: master },
        { type: 'org.userSignedIn', user: admin },
        { type: 'org.userSignedIn', user: harborAdmin },
      ],
      'org.userSignedOut': [{ type: 'org.userSignedOut' }],
      'org.pageUnload': [{ type: 'org.pageUnload' }],
      ...done('retrieveOrganization', ...(byToken[snapshot.context.token] ? [byToken[snapshot.context.token]] : [])),
      ...error('retrieveOrganization', notFound, failure, null),
      ...done('listOrganizations', [sunrise, harbor]),
      ...error('listOrganizations', failure),
    }),
  },
  {
    name: 'live-events',
    machine: liveEventsMachine,
    inputs: [undefined],
    promiseActors: [],
    callbackActors: ['eventStream'],
    payloads: () => ({
      'stream.open': [{ type: 'stream.open' }],
      'stream.event': [
        {
          type: 'stream.event',
          event: { id: 7, type: 'notification.created', data: { notification_id: 3, unread: 1 } },
        },
      ],
      'stream.dropped': [{ type: 'stream.dropped' }],
      'stream.refused': [{ type: 'stream.refused' }],
      'live.reconnect': [{ type: 'live.reconnect' }],
      'live.read-here': [
        { type: 'live.read-here', what: 'messages' },
        { type: 'live.read-here', what: 'notifications' },
      ],
    }),
    // the failed attempts in a row only lengthen the wait: one, and more than one, are the cases; a page reads
    // the read-here counts only for a change, so none and some are theirs
    serializeContext: (context: LiveEventsContext) => ({
      ...context,
      attempt: Math.min(context.attempt, 2),
      readHere: {
        messages: Math.min(context.readHere.messages, 1),
        notifications: Math.min(context.readHere.notifications, 1),
      },
    }),
  },
  {
    name: 'app',
    machine: appMachine,
    inputs: [{ refreshToken: 'R0' }, {}, { refreshToken: null, storedOrganization: sunrise, routeToken: 'harbor' }],
    promiseActors: ['portalAvailability', 'loadApiClient', 'waitForSessionReload'],
    callbackActors: ['tokenRefresh', 'session', 'organization'],
    oracle: appOracle,
    payloads: () => ({
      ...done(
        'portalAvailability',
        { offline: true, offlineFrom: '2026-03-01T22:00:00Z', offlineUntil: '2026-03-02T02:00:00Z' },
        { offline: false, offlineFrom: null, offlineUntil: null },
      ),
      ...done('loadApiClient', {}),
      ...error('loadApiClient', failure),
      'apiClient.failed': [{ type: 'apiClient.failed', error: failure }],
      ...done('waitForSessionReload', undefined),
      ...error('waitForSessionReload', failure),
    }),
    serializeContext: (context) => ({ ...context, error: context.error ? String(context.error) : null }),
  },
];

/** The invoke ids of the active state nodes, with the actor source each runs. */
function invokedSources(snapshot: Snapshot): Map<string, string> {
  const sources = new Map<string, string>();
  for (const node of snapshot._nodes as AnyStateNode[]) {
    for (const invoke of node.invoke) sources.set(invoke.id, String(invoke.src));
  }
  return sources;
}

/** The events the machine can take from this snapshot, with their payloads: its own done/error/delay events included. */
export function eventsFor(model: MachineModel, snapshot: Snapshot): EventObject[] {
  const payloads = model.payloads(snapshot);
  const sources = invokedSources(snapshot);
  const events: EventObject[] = [];
  const types = new Set<string>();
  for (const node of snapshot._nodes as AnyStateNode[]) for (const type of node.transitions.keys()) types.add(type);
  for (const type of types) {
    if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
      const isDone = type.startsWith('xstate.done.actor.');
      const id = type.slice(isDone ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
      const src = sources.get(id);
      for (const variant of payloads[`${isDone ? 'done' : 'error'}:${src}`] ?? []) events.push({ ...variant, type });
    } else if (type.startsWith('xstate.after.')) {
      events.push({ type });
    } else {
      for (const variant of payloads[type] ?? []) events.push(variant);
    }
  }
  return model.filterEvents ? events.filter((event) => model.filterEvents!(snapshot, event)) : events;
}

function serializeEvent(event: EventObject): string {
  return JSON.stringify(event, (key, value) => (key === 'waiter' ? undefined : value));
}

export interface GeneratedPath {
  input: unknown;
  description: string;
  steps: { event: EventObject; value: unknown }[];
}

/**
 * Paths from the real machine's graph: the shortest path to every state, and for every edge of the graph
 * the shortest path to its source followed by that edge, so every transition is taken at least once.
 */
export function generatePaths(model: MachineModel): GeneratedPath[] {
  const paths: GeneratedPath[] = [];
  const seen = new Set<string>();
  for (const input of model.inputs) {
    const serializeState = (snapshot: Snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        context: model.serializeContext ? model.serializeContext(snapshot.context) : snapshot.context,
      });
    const options = {
      input,
      events: (snapshot: Snapshot) => eventsFor(model, snapshot),
      serializeState,
      serializeEvent,
      limit: 5_000,
    };
    const shortest = getShortestPaths(model.machine, options as never) as StatePath<Snapshot, EventObject>[];
    const toState = new Map(shortest.map((path) => [serializeState(path.state), path]));
    const add = (steps: { event: EventObject; state: Snapshot }[]) => {
      const described = steps.map((step) => ({ event: step.event, value: step.state.value }));
      const key = JSON.stringify({ input, steps: described.map((step) => serializeEvent(step.event)) });
      if (seen.has(key)) return;
      seen.add(key);
      paths.push({
        input,
        steps: described,
        description: described
          .slice(1)
          .map((step) => `${step.event.type} → ${JSON.stringify(step.value)}`)
          .join(' ; '),
      });
    };
    for (const path of shortest) add(path.steps);
    const adjacency = getAdjacencyMap(model.machine, options as never);
    for (const [source, { transitions }] of Object.entries(adjacency)) {
      const prefix = toState.get(source);
      if (!prefix) continue;
      for (const { event, state } of Object.values(transitions) as { event: unknown; state: unknown }[]) {
        add([...prefix.steps, { event: event as EventObject, state: state as Snapshot }]);
      }
    }
  }
  // Paths that are a prefix of a longer path add nothing (every proper prefix of every path, by input, in a set).
  const inputIndex = (path: GeneratedPath) => model.inputs.indexOf(path.input);
  const keyOf = (path: GeneratedPath, length: number) =>
    `${inputIndex(path)}|${path.steps
      .slice(0, length)
      .map((step) => serializeEvent(step.event))
      .join('|')}`;
  const prefixes = new Set<string>();
  for (const path of paths)
    for (let length = 1; length < path.steps.length; length += 1) prefixes.add(keyOf(path, length));
  return paths.filter((path) => !prefixes.has(keyOf(path, path.steps.length)));
}

/** Every state node and every transition of the machine, by stable keys. */
export function machineInventory(machine: AnyStateMachine) {
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  const states = new Set(nodes.map((node) => node.id));
  const transitions = new Set<string>();
  for (const node of nodes) {
    for (const [eventType, list] of node.transitions)
      list.forEach((_, index) => transitions.add(`${node.id} ${eventType} #${index}`));
    (node.always ?? []).forEach((_, index) => transitions.add(`${node.id} always #${index}`));
  }
  return { states, transitions };
}

function transitionKey(transition: { source: AnyStateNode; eventType: string }): string {
  const source = transition.source;
  const always = source.always ?? [];
  const alwaysIndex = always.indexOf(transition as never);
  if (alwaysIndex >= 0) return `${source.id} always #${alwaysIndex}`;
  const index = (source.transitions.get(transition.eventType) ?? []).indexOf(transition as never);
  return `${source.id} ${transition.eventType} #${index}`;
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Drives one generated path against the real machine: its promise actors are stubs the path resolves or
 * rejects, delays pass on a simulated clock, other events are sent. Checks the state after every step and
 * records the states and transitions it went through.
 */
export async function drivePath(
  model: MachineModel,
  path: GeneratedPath,
  coverage: { states: Set<string>; transitions: Set<string> },
) {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (reason: unknown) => void }>();
  const actors: Record<string, AnyActorLogic> = {};
  const oracle = model.oracle;
  const world = emptyWorld();
  const expected = oracle?.start(path.input);
  if (expected) {
    // what the browser held before the app started
    world.sessionStorage = { ...expected.sessionStorage };
    world.localStorage = { ...expected.localStorage };
    world.requests = [];
  }
  for (const src of model.promiseActors) {
    actors[src] = fromPromise(({ self, input }) => {
      const request = oracle?.requests[src];
      if (request) world.requests.push(typeof request === 'function' ? request(input) : request);
      return new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }));
    });
  }
  // a callback actor started (a listener, a child actor) is seen by what it was given
  for (const src of model.callbackActors) {
    actors[src] = fromCallback(({ input }) => {
      if (oracle) world.announcements.push(`started ${src}${input === undefined ? '' : ` ${JSON.stringify(input)}`}`);
    });
  }
  const machine = model.machine.provide({ actors, ...(oracle ? { actions: oracle.actions(world) } : {}) } as never);
  const clock = new SimulatedClock();
  const actor = createActor(machine, {
    input: path.input as never,
    clock,
    inspect: (event) => {
      // Only the machine itself takes microsteps: its children here are promise and callback stubs.
      if (event.type === '@xstate.microstep') {
        for (const transition of (event as unknown as { _transitions: { source: AnyStateNode; eventType: string }[] })
          ._transitions) {
          coverage.transitions.add(transitionKey(transition));
          // A transient state (left at once by `always`) shows up only as the source of a transition taken.
          coverage.states.add(transition.source.id);
        }
      }
    },
  });
  const record = () => {
    for (const node of actor.getSnapshot()._nodes as AnyStateNode[]) coverage.states.add(node.id);
  };
  actor.start();
  await flush();
  record();
  const failures: string[] = [];
  const check = (index: number, expected: unknown) => {
    const actual = actor.getSnapshot().value;
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      failures.push(`step ${index}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
    }
  };
  /** The World the run produced against the oracle's expectation after the event of step `index`. */
  const observe = (index: number, event: EventObject | null) => {
    if (!expected) return;
    if (oracle!.shown) world.shown = oracle!.shown(actor.getSnapshot());
    const observable = (w: World) =>
      JSON.stringify({
        requests: w.requests,
        sessionStorage: w.sessionStorage,
        localStorage: w.localStorage,
        retries: w.retries,
        navigations: w.navigations,
        announcements: w.announcements,
        shown: w.shown,
      });
    if (observable(world) !== observable(expected)) {
      failures.push(
        `step ${index}${event ? ` (${serializeEvent(event)})` : ''}: expected ${observable(expected)}, observed ${observable(world)}`,
      );
    }
  };
  check(0, path.steps[0].value);
  observe(0, null);
  for (let index = 1; index < path.steps.length; index += 1) {
    const { value } = path.steps[index];
    let event = path.steps[index].event;
    if ('waiter' in event) {
      // a request that got a 401: how it ends is what the person sees
      world.retries[index] = 'waiting';
      event = {
        ...event,
        waiter: {
          resolve: (token: string) => (world.retries[index] = `retried with ${token}`),
          reject: () => (world.retries[index] = 'failed'),
        },
      } as EventObject;
    }
    if (expected) {
      const settles = event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.');
      const src = settles
        ? (invokedSources(actor.getSnapshot()).get(event.type.replace(/^xstate\.(done|error)\.actor\./, '')) ?? null)
        : null;
      oracle!.next(expected, event, index, src);
    }
    if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
      const isDone = event.type.startsWith('xstate.done.actor.');
      const id = event.type.slice(isDone ? 18 : 19);
      const invocation = pending.get(id);
      if (!invocation) {
        failures.push(`step ${index}: no running actor ${id}`);
        break;
      }
      pending.delete(id);
      if (isDone) invocation.resolve((event as unknown as { output: unknown }).output);
      else invocation.reject((event as unknown as { error: unknown }).error);
    } else if (event.type.startsWith('xstate.after.')) {
      const delayName = event.type.split('.')[2];
      // a named delay is a number, or a function of the context (a backoff); an unnamed one is its number
      const delays = machine.implementations.delays as Record<
        string,
        number | ((args: { context: unknown }) => number)
      >;
      const delay = delays[delayName];
      clock.increment(
        typeof delay === 'number'
          ? delay
          : typeof delay === 'function'
            ? delay({ context: actor.getSnapshot().context })
            : Number(delayName),
      );
    } else {
      actor.send(event);
    }
    await flush();
    record();
    check(index, value);
    observe(index, event);
    if (failures.length) break;
  }
  actor.stop();
  return failures;
}
