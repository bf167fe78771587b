import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createApiClient, type ApiClient } from '../api/client';
import { requestAccessToken, tokenRefreshMachine } from './token-refresh-machine';
import { createFakeServer, deferred, testDefinition, type RecordedRequest } from './testing/fake-server';

const REFRESH_URL = '/api/auth/token/refresh/';
const USERS_URL = '/api/users/';

/**
 * The real client and the real token-refresh actor, with the network replaced at the axios adapter. The
 * server accepts only `validAccess`; its refresh endpoint rotates R1 → R2 and answers A2.
 */
function setUp(options: { refreshToken?: string | null; accessToken?: string; refreshFails?: boolean } = {}) {
  let validAccess = 'A2';
  let organizationToken = 'sunrise';
  const refreshGate = deferred();
  const stored: { refresh: string | null } = {
    refresh: options.refreshToken === undefined ? 'R1' : options.refreshToken,
  };
  const answers = new Map<string, (request: RecordedRequest) => Promise<{ status: number; data?: unknown }>>();

  const server = createFakeServer(async (request) => {
    const custom = answers.get(`${request.method} ${request.url}`);
    if (custom) return custom(request);
    if (request.url === REFRESH_URL) {
      await refreshGate.promise;
      if (options.refreshFails) return { status: 401, data: { detail: 'Refresh refused', code: 'token_not_valid' } };
      return { status: 200, data: { access: 'A2', refresh: 'R2' } };
    }
    if (request.authorization !== `Bearer ${validAccess}`) {
      return { status: 401, data: { detail: 'Expired', code: 'token_not_valid' } };
    }
    return { status: 200, data: { count: 0, next: null, previous: null, results: [], echo: request.data } };
  });

  /** The `token.unauthorized` events the actor received. */
  const unauthorizedEvents: { sentWith: string | null; operationId?: string }[] = [];
  const tokenRefresh = createActor(
    tokenRefreshMachine.provide({
      actors: {
        refreshTokens: fromPromise(({ input }) => api.auth_token_refresh_create(null, { refresh: input.refresh })),
      },
      actions: {
        storeRefreshToken: (_, { refresh }) => {
          stored.refresh = refresh;
        },
        removeRefreshToken: () => {
          stored.refresh = null;
        },
      },
    }),
    {
      input: { refreshToken: stored.refresh },
      inspect: (inspection) => {
        if (inspection.type === '@xstate.event' && inspection.event.type === 'token.unauthorized') {
          unauthorizedEvents.push({ sentWith: inspection.event.sentWith, operationId: inspection.event.operationId });
        }
      },
    },
  ).start();
  if (options.accessToken && stored.refresh) {
    tokenRefresh.send({ type: 'tokens.set', access: options.accessToken, refresh: stored.refresh });
  }

  const api: ApiClient = createApiClient({
    definition: testDefinition,
    adapter: server.adapter,
    getAccessToken: () => tokenRefresh.getSnapshot().context.accessToken,
    getOrganizationToken: () => organizationToken,
    requestAccessToken: (request) => requestAccessToken(tokenRefresh, request),
  });

  return {
    api,
    server,
    tokenRefresh,
    stored,
    unauthorizedEvents,
    releaseRefresh: () => refreshGate.resolve(),
    answer: (key: string, handler: (request: RecordedRequest) => Promise<{ status: number; data?: unknown }>) =>
      answers.set(key, handler),
    setValidAccess: (token: string) => {
      validAccess = token;
    },
    setOrganizationToken: (token: string) => {
      organizationToken = token;
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the refresh queue, through the real axios client', () => {
  it.each([2, 5, 20])(
    '%i concurrent 401s make exactly one refresh call and as many retries with the new token',
    async (k) => {
      const { api, server, stored, releaseRefresh, tokenRefresh } = setUp({ accessToken: 'A1' });

      const calls = Array.from({ length: k }, (_, index) => api.users_list({ limit: 50, offset: index }));
      await flush();
      releaseRefresh();
      const answers = await Promise.all(calls);

      expect(server.count(REFRESH_URL)).toBe(1);
      const userRequests = server.requests.filter((request) => request.url === USERS_URL);
      expect(userRequests.filter((request) => request.authorization === 'Bearer A1')).toHaveLength(k);
      expect(userRequests.filter((request) => request.authorization === 'Bearer A2')).toHaveLength(k);
      expect(answers.every((answer) => Array.isArray(answer.results))).toBe(true);
      expect(tokenRefresh.getSnapshot().context.accessToken).toBe('A2');
      expect(stored.refresh).toBe('R2');
      // every request that waited has been answered: none is left waiting for a later refresh
      expect(tokenRefresh.getSnapshot().context.waiters).toEqual([]);
    },
  );

  it('requests refused with the same token while its answer is awaited ask the actor once and share its answer', async () => {
    const { api, server, releaseRefresh, unauthorizedEvents } = setUp({ accessToken: 'A1' });

    const calls = Array.from({ length: 20 }, (_, index) => api.users_list({ limit: 50, offset: index }));
    await flush();
    expect(unauthorizedEvents).toEqual([{ sentWith: 'A1', operationId: 'users_list' }]);
    releaseRefresh();

    expect(await Promise.all(calls)).toHaveLength(20);
    expect(server.count(REFRESH_URL)).toBe(1);
    expect(
      server.requests.filter((request) => request.url === USERS_URL && request.authorization === 'Bearer A2'),
    ).toHaveLength(20);
  });

  it('a login refused while a refresh is awaited for the same token is passed on at once, sent once', async () => {
    const { api, server, answer, releaseRefresh } = setUp({ accessToken: 'A1' });
    answer('POST /api/auth/login/', async () => ({
      status: 401,
      data: { detail: 'Bad credentials', code: 'authentication_failed' },
    }));

    const list = api.users_list();
    await flush();
    expect(server.count(REFRESH_URL)).toBe(1);
    await expect(api.auth_login_create(null, { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      response: { status: 401, data: { code: 'authentication_failed' } },
    });
    expect(server.count('/api/auth/login/')).toBe(1);
    releaseRefresh();
    await expect(list).resolves.toMatchObject({ results: [] });
  });

  it('a logout refused with the token whose refresh is awaited is passed on at once, not retried after the refresh', async () => {
    const { api, server, answer, releaseRefresh } = setUp({ accessToken: 'A1' });
    answer('POST /api/auth/logout/', async () => ({
      status: 401,
      data: { detail: 'Expired', code: 'token_not_valid' },
    }));

    const list = api.users_list();
    await flush();
    const logout = api.auth_logout_create(null, { refresh: 'R1' }).then(
      () => 'resolved',
      (error) => error.response.status,
    );
    expect(await logout).toBe(401);
    expect(
      server.requests.filter((request) => request.url === '/api/auth/logout/').map((request) => request.authorization),
    ).toEqual(['Bearer A1']);
    releaseRefresh();
    await expect(list).resolves.toMatchObject({ results: [] });
    expect(server.count('/api/auth/logout/')).toBe(1);
  });

  it('a 401 with another token during a refresh waits for it too; an earlier answer settling keeps the newer shared one', async () => {
    const { tokenRefresh, unauthorizedEvents, releaseRefresh } = setUp({ accessToken: 'A1' });
    const ask = (sentWith: string) => requestAccessToken(tokenRefresh, { sentWith, operationId: 'users_list' });

    const stale = ask('A0'); // older than the current A1: retried with A1 at once
    const refused = ask('A1'); // the current one: the refresh starts
    expect(await stale).toBe('A1');
    // the stale answer has settled; the one for A1 is still shared, so the actor is not asked again
    const again = ask('A1');
    expect(unauthorizedEvents.map((event) => event.sentWith)).toEqual(['A0', 'A1']);
    // refused with yet another token while the refresh runs: it joins the queue
    const other = ask('A9');
    expect(unauthorizedEvents.map((event) => event.sentWith)).toEqual(['A0', 'A1', 'A9']);
    expect(tokenRefresh.getSnapshot().context.waiters).toHaveLength(2);
    releaseRefresh();
    expect(await Promise.all([refused, again, other])).toEqual(['A2', 'A2', 'A2']);
  });

  it('once a refresh has failed, a late 401 with the refused token is judged afresh (signed in again meanwhile: retried)', async () => {
    const { api, server, answer, releaseRefresh, tokenRefresh, setValidAccess } = setUp({
      accessToken: 'A1',
      refreshFails: true,
    });
    const lateAnswer = deferred();
    let sent = 0;
    answer('GET /api/users/', async (request) => {
      sent += 1;
      if (sent === 2) await lateAnswer.promise; // the second request sent with A1 is answered last
      if (request.authorization === 'Bearer A3') return { status: 200, data: { results: ['ok'] } };
      return { status: 401, data: { detail: 'Expired', code: 'token_not_valid' } };
    });

    const first = api.users_list();
    const late = api.users_list();
    await flush();
    releaseRefresh();
    await expect(first).rejects.toMatchObject({ response: { status: 401 } });
    // The person signs in again: A3 is current and the one the server takes.
    tokenRefresh.send({ type: 'tokens.set', access: 'A3', refresh: 'R3' });
    setValidAccess('A3');
    lateAnswer.resolve();

    await expect(late).resolves.toEqual({ results: ['ok'] });
    expect(server.count(REFRESH_URL)).toBe(1);
    expect(
      server.requests.filter((request) => request.url === USERS_URL).map((request) => request.authorization),
    ).toEqual(['Bearer A1', 'Bearer A1', 'Bearer A3']);
  });

  it('a failed refresh settles every waiting request and clears both tokens', async () => {
    const { api, server, stored, releaseRefresh, tokenRefresh } = setUp({ accessToken: 'A1', refreshFails: true });

    const calls = Array.from({ length: 5 }, () =>
      api.users_list().then(
        () => 'resolved',
        (error) => error.response.status,
      ),
    );
    await flush();
    releaseRefresh();

    expect(await Promise.all(calls)).toEqual([401, 401, 401, 401, 401]);
    expect(server.count(REFRESH_URL)).toBe(1);
    expect(tokenRefresh.getSnapshot().context).toMatchObject({ accessToken: null, refreshToken: null, waiters: [] });
    expect(stored.refresh).toBeNull();
  });

  it('signing out during a refresh fails every waiting request, leaves none waiting, and drops the refresh answer', async () => {
    const { api, server, stored, releaseRefresh, tokenRefresh } = setUp({ accessToken: 'A1' });

    const outcomes: unknown[] = [];
    for (let index = 0; index < 3; index += 1) {
      api.users_list().then(
        () => outcomes.push('resolved'),
        (error) => outcomes.push(error.response.status),
      );
    }
    await flush();
    expect(server.count(REFRESH_URL)).toBe(1);
    tokenRefresh.send({ type: 'tokens.clear' });
    await flush();

    expect(outcomes).toEqual([401, 401, 401]);
    expect(tokenRefresh.getSnapshot().context).toMatchObject({ accessToken: null, refreshToken: null, waiters: [] });
    expect(stored.refresh).toBeNull();
    releaseRefresh();
    await flush();
    expect(stored.refresh).toBeNull();
    expect(tokenRefresh.getSnapshot().context.accessToken).toBeNull();
    expect(server.count(USERS_URL)).toBe(3);
  });

  it('without a refresh token the 401 is passed on', async () => {
    const { api, server } = setUp({ refreshToken: null });

    await expect(api.users_list()).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.count(REFRESH_URL)).toBe(0);
  });

  it('a 401 from login never triggers a refresh', async () => {
    const { api, server, answer, stored } = setUp({ accessToken: 'A1' });
    answer('POST /api/auth/login/', async () => ({
      status: 401,
      data: { detail: 'Bad credentials', code: 'authentication_failed' },
    }));

    await expect(api.auth_login_create(null, { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      response: { status: 401, data: { code: 'authentication_failed' } },
    });
    expect(server.count(REFRESH_URL)).toBe(0);
    expect(stored.refresh).toBe('R1');
  });

  it('a 401 from logout never triggers a refresh', async () => {
    const { api, server, answer } = setUp({ accessToken: 'A1' });
    answer('POST /api/auth/logout/', async () => ({ status: 401, data: { detail: 'No', code: 'not_authenticated' } }));

    await expect(api.auth_logout_create(null, { refresh: 'R1' })).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.count(REFRESH_URL)).toBe(0);
  });

  it('a 401 from the refresh call itself never triggers another refresh', async () => {
    const { api, server, releaseRefresh } = setUp({ accessToken: 'A1', refreshFails: true });
    releaseRefresh();

    await expect(api.auth_token_refresh_create(null, { refresh: 'R1' })).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(server.count(REFRESH_URL)).toBe(1);
  });

  it('a 403 never triggers a refresh', async () => {
    const { api, server, answer } = setUp({ accessToken: 'A1' });
    answer('GET /api/users/', async () => ({ status: 403, data: { detail: 'Forbidden', code: 'permission_denied' } }));

    await expect(api.users_list()).rejects.toMatchObject({ response: { status: 403 } });
    expect(server.count(REFRESH_URL)).toBe(0);
    expect(server.count(USERS_URL)).toBe(1);
  });

  it('a stale 401 (sent with an older token) is retried with the current token without a refresh', async () => {
    const { api, server, answer, tokenRefresh } = setUp({ accessToken: 'A1' });
    const slowAnswer = deferred();
    let first = true;
    answer('GET /api/users/', async (request) => {
      if (first) {
        first = false;
        await slowAnswer.promise;
        return { status: 401, data: { detail: 'Expired', code: 'token_not_valid' } };
      }
      return request.authorization === 'Bearer A2' ? { status: 200, data: { results: ['ok'] } } : { status: 401 };
    });

    const call = api.users_list();
    await flush();
    tokenRefresh.send({ type: 'tokens.set', access: 'A2', refresh: 'R2' });
    slowAnswer.resolve();

    await expect(call).resolves.toEqual({ results: ['ok'] });
    expect(server.count(REFRESH_URL)).toBe(0);
    expect(server.requests.map((request) => request.authorization)).toEqual(['Bearer A1', 'Bearer A2']);
  });

  it('the retry carries the current headers and the original body', async () => {
    const { api, server, releaseRefresh, setOrganizationToken } = setUp({ accessToken: 'A1' });
    const body = { email: 'new@sunrise.test', first_name: 'Ana', last_name: 'Lee', role: 'ROLE_EMPLOYEE' as const };

    const call = api.users_create(null, body);
    await flush();
    setOrganizationToken('harbor');
    releaseRefresh();
    const answer = (await call) as unknown as { echo: unknown };

    const posts = server.requests.filter((request) => request.url === USERS_URL);
    expect(posts).toHaveLength(2);
    expect(posts[0]).toMatchObject({ method: 'POST', authorization: 'Bearer A1', organization: 'sunrise', data: body });
    expect(posts[1]).toMatchObject({ method: 'POST', authorization: 'Bearer A2', organization: 'harbor', data: body });
    expect(answer.echo).toEqual(body);
  });

  it('a retry that gets 401 again is passed on, not refreshed in a loop', async () => {
    const { api, server, releaseRefresh, setValidAccess } = setUp({ accessToken: 'A1' });
    setValidAccess('never');
    releaseRefresh();

    await expect(api.users_list()).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.count(REFRESH_URL)).toBe(1);
    expect(server.count(USERS_URL)).toBe(2);
  });

  it('answers are unwrapped to their body data', async () => {
    const { api } = setUp({ accessToken: 'A2' });
    await expect(api.users_list({ limit: 50, offset: 0 })).resolves.toMatchObject({ count: 0, results: [] });
  });
});
