import { assertEvent, assign, fromCallback, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { IDLE_TIMEOUT_MS } from '../domain/constants';
import type { SessionAnswer, User } from '../api/types';
import { createActivityListener } from './activity-listener';
import { liveEventsMachine } from './live-events-machine';

/**
 * How often, at most, an active user's session is kept alive on the server. The server ends a session after
 * 300 s without an authenticated request (SESSION_IDLE_SECONDS); DOM activity alone makes no request.
 */
export const KEEP_ALIVE_INTERVAL_MS = 60_000;

export interface Credentials {
  email: string;
  password: string;
}

export interface SessionContext {
  user: User | null;
  /** Whether session storage held a refresh token at start (decides the one reload). */
  hasStoredRefreshToken: boolean;
  /** Wall-clock time of the last reported activity while signed in. */
  lastActivityAt: number | null;
  /** The API error of the last failed login, for the caller of login(). */
  loginError: unknown;
  /** Whether the user was active since the last request that kept the session (sign-in or keep-alive). */
  activeSinceKeepAlive: boolean;
  /** Why the session last ended when the person did not end it themselves ('idle'), for the login page to say. */
  signedOutReason: SignedOutReason | null;
}

/** Why a session ended without the person signing out: 'idle' after IDLE_TIMEOUT_MS without activity. */
export type SignedOutReason = 'idle';

export interface SessionInput {
  hasStoredRefreshToken?: boolean;
}

export type SessionEvent =
  | ({ type: 'session.login' } & Credentials)
  | ({ type: 'session.start' } & SessionAnswer)
  | { type: 'session.logout' }
  | { type: 'session.updateUser'; user: User }
  | { type: 'session.storageChanged'; hasRefreshToken: boolean }
  | { type: 'session.activity'; at: number; initial?: boolean }
  | { type: 'session.wake'; at: number };

/** An idle session ends the same whether its logout call succeeded: cleared here, and the login page says why. */
const signedOutForIdleness = {
  target: 'signedOut',
  actions: [
    'clearUser',
    'clearTokens',
    'announceSignedOut',
    { type: 'assignSignedOutReason', params: { reason: 'idle' } },
  ],
} as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as 'reloading',
  },
  actors: {
    /** Refresh with the stored refresh token, then auth_user_retrieve; provided by the app. */
    reloadSession: fromPromise<User>(async () => {
      throw new Error('reloadSession is not provided');
    }),
    /** auth_login_create; provided by the app. */
    logIn: fromPromise<SessionAnswer, Credentials>(async () => {
      throw new Error('logIn is not provided');
    }),
    /** auth_logout_create; provided by the app. */
    logOut: fromPromise<void>(async () => {
      throw new Error('logOut is not provided');
    }),
    /** What ends an idle session: logout, or the custom idle handler when one is supplied. */
    endIdleSession: fromPromise<void>(async () => {
      throw new Error('endIdleSession is not provided');
    }),
    /** auth_user_retrieve: a cheap authenticated request that keeps the server's session; provided by the app. */
    keepAlive: fromPromise<User>(async () => {
      throw new Error('keepAlive is not provided');
    }),
    activityListener: createActivityListener(),
    /** `storage` events; the app provides one that reads session storage. */
    storageListener: fromCallback(() => {}),
    /** The tab's live event stream (SSE), open while signed in; the app provides its network side. */
    liveEvents: liveEventsMachine,
  },
  actions: {
    assignUser: assign({ user: (_, params: { user: User }) => params.user }),
    clearUser: assign({ user: null, lastActivityAt: null }),
    recordActivity: assign({ lastActivityAt: (_, params: { at: number }) => params.at }),
    markActiveSinceKeepAlive: assign({ activeSinceKeepAlive: true }),
    clearActiveSinceKeepAlive: assign({ activeSinceKeepAlive: false }),
    assignLoginError: assign({ loginError: (_, params: { error: unknown }) => params.error }),
    clearLoginError: assign({ loginError: null }),
    assignSignedOutReason: assign({ signedOutReason: (_, params: { reason: SignedOutReason }) => params.reason }),
    clearSignedOutReason: assign({ signedOutReason: null }),
    /** Hands the new pair to the token-refresh actor, which keeps access in memory and stores refresh. */
    storeTokens: sendTo(
      ({ system }) => system.get('tokenRefresh'),
      (_, params: { access: string; refresh: string }) => ({ type: 'tokens.set', ...params }),
    ),
    clearTokens: sendTo(({ system }) => system.get('tokenRefresh'), { type: 'tokens.clear' }),
    /** Lets the organization actor switch a non-master to their own organization. */
    announceSignedIn: sendTo(
      ({ system }) => system.get('organization'),
      (_, params: { user: User }) => ({ type: 'org.userSignedIn', user: params.user }),
    ),
    announceSignedOut: sendTo(({ system }) => system.get('organization'), { type: 'org.userSignedOut' }),
  },
  guards: {
    hasStoredRefreshToken: ({ context }) => context.hasStoredRefreshToken,
    hasBeenActiveSinceKeepAlive: ({ context }) => context.activeSinceKeepAlive,
    /** The listener's report as it starts is not the user's doing (sign-in itself was a request). */
    isUserActivity: (_, params: { initial?: boolean }) => !params.initial,
    isUserChanged: ({ context }, params: { user: User }) =>
      JSON.stringify(context.user) !== JSON.stringify(params.user),
    isRefreshTokenGone: (_, params: { hasRefreshToken: boolean }) => !params.hasRefreshToken,
    isIdleTimeElapsed: ({ context }, params: { at: number }) =>
      context.lastActivityAt !== null && params.at - context.lastActivityAt >= IDLE_TIMEOUT_MS,
  },
  delays: {
    idleTimeout: IDLE_TIMEOUT_MS,
    keepAliveInterval: KEEP_ALIVE_INTERVAL_MS,
  },
}).createMachine({
  id: 'session',
  description: 'The signed-in user: reload at start, login, sign-up start, logout, idle end, storage changes.',
  context: ({ input }) => ({
    user: null,
    hasStoredRefreshToken: input?.hasStoredRefreshToken ?? false,
    lastActivityAt: null,
    loginError: null,
    activeSinceKeepAlive: false,
    signedOutReason: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Reload once, and only when session storage holds a refresh token.',
      always: [{ guard: 'hasStoredRefreshToken', target: 'reloading' }, { target: 'signedOut' }],
    },
    reloading: {
      description: 'Refresh, then auth_user_retrieve. The app renders once this finishes, either way.',
      tags: ['reloading'],
      invoke: {
        src: 'reloadSession',
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'announceSignedIn', params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: { target: 'signedOut', actions: 'clearTokens' },
      },
    },
    signedOut: {
      description: 'No user is held.',
      on: {
        'session.login': { target: 'loggingIn', actions: ['clearLoginError', 'clearSignedOutReason'] },
        'session.start': {
          description: 'A sign-up answer starts the session directly.',
          target: 'signedIn',
          actions: [
            'clearSignedOutReason',
            { type: 'storeTokens', params: ({ event }) => ({ access: event.access, refresh: event.refresh }) },
            { type: 'assignUser', params: ({ event }) => ({ user: event.user }) },
            { type: 'announceSignedIn', params: ({ event }) => ({ user: event.user }) },
          ],
        },
      },
    },
    loggingIn: {
      invoke: {
        src: 'logIn',
        input: ({ event }) => {
          assertEvent(event, 'session.login');
          return { email: event.email, password: event.password };
        },
        onDone: {
          target: 'signedIn',
          actions: [
            {
              type: 'storeTokens',
              params: ({ event }) => ({ access: event.output.access, refresh: event.output.refresh }),
            },
            { type: 'assignUser', params: ({ event }) => ({ user: event.output.user }) },
            { type: 'announceSignedIn', params: ({ event }) => ({ user: event.output.user }) },
          ],
        },
        onError: {
          target: 'signedOut',
          actions: { type: 'assignLoginError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    signedIn: {
      description:
        'A user is held; activity keeps the session, inactivity ends it. While the user is active, a keep-alive request at most every minute keeps the server from ending the session first.',
      invoke: [{ src: 'activityListener' }, { src: 'storageListener' }, { src: 'liveEvents', id: 'liveEvents' }],
      type: 'parallel',
      states: {
        idle: {
          initial: 'active',
          states: {
            active: {
              description: 'The idle clock runs; every (throttled) activity restarts it.',
              after: { idleTimeout: { target: '#session.endingIdleSession' } },
              on: {
                'session.activity': {
                  target: 'active',
                  reenter: true,
                  actions: { type: 'recordActivity', params: ({ event }) => ({ at: event.at }) },
                },
              },
            },
          },
        },
        keepAlive: {
          description:
            'Activity since the last request and a minute gone by: one auth_user_retrieve. No activity, no request.',
          initial: 'waiting',
          entry: 'clearActiveSinceKeepAlive',
          on: {
            'session.activity': {
              guard: { type: 'isUserActivity', params: ({ event }) => ({ initial: event.initial }) },
              actions: 'markActiveSinceKeepAlive',
            },
          },
          states: {
            waiting: {
              description: 'Less than the keep-alive interval since the last request; activity is noted, not acted on.',
              after: {
                keepAliveInterval: [{ guard: 'hasBeenActiveSinceKeepAlive', target: 'sending' }, { target: 'due' }],
              },
            },
            due: {
              description: 'The interval has passed without activity: the next activity sends the keep-alive at once.',
              on: {
                'session.activity': {
                  guard: { type: 'isUserActivity', params: ({ event }) => ({ initial: event.initial }) },
                  target: 'sending',
                },
              },
            },
            sending: {
              description: 'auth_user_retrieve: keeps the session and refreshes the user; a failure is let go.',
              entry: 'clearActiveSinceKeepAlive',
              invoke: {
                src: 'keepAlive',
                onDone: [
                  {
                    guard: { type: 'isUserChanged', params: ({ event }) => ({ user: event.output }) },
                    target: 'waiting',
                    actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
                  },
                  { target: 'waiting' },
                ],
                onError: { target: 'waiting' },
              },
            },
          },
        },
      },
      on: {
        'session.updateUser': {
          actions: { type: 'assignUser', params: ({ event }) => ({ user: event.user }) },
        },
        'session.logout': { target: 'loggingOut' },
        'session.storageChanged': {
          description: 'Storage no longer holds a refresh token (another tab signed out): clear the user.',
          guard: { type: 'isRefreshTokenGone', params: ({ event }) => ({ hasRefreshToken: event.hasRefreshToken }) },
          target: 'signedOut',
          actions: ['clearUser', 'clearTokens', 'announceSignedOut'],
        },
        'session.wake': {
          description: 'A sleeping or hidden tab wakes up after the idle time: timers may not have fired.',
          guard: { type: 'isIdleTimeElapsed', params: ({ event }) => ({ at: event.at }) },
          target: 'endingIdleSession',
        },
      },
    },
    loggingOut: {
      description: 'auth_logout_create; the user is cleared whatever it answers.',
      invoke: {
        src: 'logOut',
        onDone: { target: 'signedOut', actions: ['clearUser', 'clearTokens', 'announceSignedOut'] },
        onError: { target: 'signedOut', actions: ['clearUser', 'clearTokens', 'announceSignedOut'] },
      },
    },
    endingIdleSession: {
      description:
        'Idle: logout or the custom idle handler; if that fails the user is cleared locally. Either way the login page says why.',
      invoke: {
        src: 'endIdleSession',
        onDone: signedOutForIdleness,
        onError: signedOutForIdleness,
      },
    },
  },
});

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;

/** Why the session last ended without the person signing out (null: they did, or it never ended). */
export const selectSignedOutReason = (snapshot: ReturnType<SessionActorRef['getSnapshot']>) =>
  snapshot.context.signedOutReason;
