import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';

/** A request (or the session reload) waiting for an access token to (re)try with. */
export interface TokenWaiter {
  resolve: (accessToken: string) => void;
  reject: (reason?: unknown) => void;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface TokenRefreshContext {
  accessToken: string | null;
  refreshToken: string | null;
  waiters: TokenWaiter[];
}

export interface TokenRefreshInput {
  /** The refresh token found in session storage at start, if any. */
  refreshToken?: string | null;
}

export type TokenRefreshEvent =
  | {
      /** A request answered 401 (or the session wants a fresh access token). */
      type: 'token.unauthorized';
      /** The access token the failed request was sent with (null: none). */
      sentWith: string | null;
      operationId?: string;
      waiter: TokenWaiter;
    }
  | { type: 'tokens.set'; access: string; refresh: string }
  | { type: 'tokens.clear' };

/** Calls that answer for the session itself: their 401 is final, never a reason to refresh. */
export const SESSION_OPERATIONS: readonly string[] = [
  'auth_login_create',
  'auth_token_refresh_create',
  'auth_logout_create',
];

const isSessionOperation = (operationId: string | undefined) => SESSION_OPERATIONS.some((id) => id === operationId);

export const tokenRefreshMachine = setup({
  types: {
    context: {} as TokenRefreshContext,
    events: {} as TokenRefreshEvent,
    input: {} as TokenRefreshInput,
  },
  actors: {
    /** The app provides the real call (auth_token_refresh_create); it answers the rotated pair. */
    refreshTokens: fromPromise<TokenPair, { refresh: string }>(async () => {
      throw new Error('refreshTokens is not provided');
    }),
  },
  actions: {
    /** Persists the refresh token (session storage, key 'refresh'); provided by the app. */
    storeRefreshToken: (_, _params: { refresh: string }) => {},
    /** Removes the stored refresh token; provided by the app. */
    removeRefreshToken: () => {},
    assignTokens: assign((_, params: TokenPair) => ({
      accessToken: params.access,
      refreshToken: params.refresh,
    })),
    clearTokens: assign({ accessToken: null, refreshToken: null }),
    enqueueWaiter: assign({
      waiters: ({ context }, params: { waiter: TokenWaiter }) => [...context.waiters, params.waiter],
    }),
    resolveWaiter: (_, params: { waiter: TokenWaiter; accessToken: string }) => {
      params.waiter.resolve(params.accessToken);
    },
    rejectWaiter: (_, params: { waiter: TokenWaiter }) => {
      params.waiter.reject();
    },
    resolveWaiters: ({ context }, params: { accessToken: string }) => {
      for (const waiter of context.waiters) waiter.resolve(params.accessToken);
    },
    rejectWaiters: ({ context }) => {
      for (const waiter of context.waiters) waiter.reject();
    },
    clearWaiters: assign({ waiters: [] }),
  },
  guards: {
    isSessionOperation: (_, params: { operationId?: string }) => isSessionOperation(params.operationId),
    isStaleAccessToken: ({ context }, params: { sentWith: string | null }) =>
      context.accessToken !== null && params.sentWith !== context.accessToken,
    hasRefreshToken: ({ context }) => context.refreshToken !== null,
  },
}).createMachine({
  id: 'tokenRefresh',
  description:
    'Holds the access token (memory) and the refresh token (mirrored in session storage) and runs at most one refresh at a time; requests that fail with 401 meanwhile wait for its outcome.',
  context: ({ input }) => ({
    accessToken: null,
    refreshToken: input?.refreshToken ?? null,
    waiters: [],
  }),
  initial: 'idle',
  on: {
    'tokens.set': {
      actions: [
        { type: 'assignTokens', params: ({ event }) => ({ access: event.access, refresh: event.refresh }) },
        { type: 'storeRefreshToken', params: ({ event }) => ({ refresh: event.refresh }) },
      ],
    },
  },
  states: {
    idle: {
      description: 'No refresh is running.',
      on: {
        'token.unauthorized': [
          {
            description: 'A 401 from login, refresh or logout is the answer itself: passed on.',
            guard: { type: 'isSessionOperation', params: ({ event }) => ({ operationId: event.operationId }) },
            actions: { type: 'rejectWaiter', params: ({ event }) => ({ waiter: event.waiter }) },
          },
          {
            description: 'Sent with an older access token than the current one: retried with the current one.',
            guard: { type: 'isStaleAccessToken', params: ({ event }) => ({ sentWith: event.sentWith }) },
            actions: {
              type: 'resolveWaiter',
              params: ({ event, context }) => ({ waiter: event.waiter, accessToken: context.accessToken! }),
            },
          },
          {
            guard: 'hasRefreshToken',
            target: 'refreshing',
            actions: { type: 'enqueueWaiter', params: ({ event }) => ({ waiter: event.waiter }) },
          },
          {
            description: 'No refresh token: the failure is passed on.',
            actions: { type: 'rejectWaiter', params: ({ event }) => ({ waiter: event.waiter }) },
          },
        ],
        'tokens.clear': {
          actions: ['clearTokens', 'removeRefreshToken'],
        },
      },
    },
    refreshing: {
      description: 'The one refresh in flight; every 401 that arrives meanwhile joins the queue.',
      invoke: {
        src: 'refreshTokens',
        input: ({ context }) => ({ refresh: context.refreshToken! }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'assignTokens', params: ({ event }) => event.output },
            { type: 'storeRefreshToken', params: ({ event }) => ({ refresh: event.output.refresh }) },
            { type: 'resolveWaiters', params: ({ event }) => ({ accessToken: event.output.access }) },
            'clearWaiters',
          ],
        },
        onError: {
          description: 'Failed refresh: both tokens cleared silently, every waiting request settles.',
          target: 'idle',
          actions: ['clearTokens', 'removeRefreshToken', 'rejectWaiters', 'clearWaiters'],
        },
      },
      on: {
        'token.unauthorized': [
          {
            guard: { type: 'isSessionOperation', params: ({ event }) => ({ operationId: event.operationId }) },
            actions: { type: 'rejectWaiter', params: ({ event }) => ({ waiter: event.waiter }) },
          },
          {
            actions: { type: 'enqueueWaiter', params: ({ event }) => ({ waiter: event.waiter }) },
          },
        ],
        'tokens.clear': {
          description: 'Signed out while refreshing: the refresh is dropped and the waiters settle.',
          target: 'idle',
          actions: ['clearTokens', 'removeRefreshToken', 'rejectWaiters', 'clearWaiters'],
        },
      },
    },
  },
});

export type TokenRefreshActorRef = ActorRefFrom<typeof tokenRefreshMachine>;

/** Per actor, the answer still awaited for the last access token a request failed with (not a session call). */
const awaitedAnswers = new WeakMap<object, { sentWith: string | null; answer: Promise<string> }>();

/**
 * Asks the token-refresh actor for an access token to retry with. Resolves with the token to use; rejects
 * when the failure is to be passed on (no refresh token, session call, failed refresh).
 *
 * Requests that failed with the same access token while the actor's answer for it is awaited share that
 * answer: the actor would queue each of them for the same outcome, and a storm of 401s sends it one event
 * instead of one per request (each costs a macrostep; ~20% of the client's extra CPU in the refresh storm).
 * A session call's 401 always goes to the actor, which passes it on.
 */
export function requestAccessToken(
  actor: Pick<TokenRefreshActorRef, 'send'>,
  request: { sentWith: string | null; operationId?: string },
): Promise<string> {
  const ask = () =>
    new Promise<string>((resolve, reject) => {
      actor.send({ type: 'token.unauthorized', ...request, waiter: { resolve, reject } });
    });
  if (isSessionOperation(request.operationId)) return ask();
  const awaited = awaitedAnswers.get(actor);
  if (awaited?.sentWith === request.sentWith) return awaited.answer;
  const answer = ask();
  const entry = { sentWith: request.sentWith, answer };
  awaitedAnswers.set(actor, entry);
  const settled = () => {
    if (awaitedAnswers.get(actor) === entry) awaitedAnswers.delete(actor);
  };
  answer.then(settled, settled);
  return answer;
}
