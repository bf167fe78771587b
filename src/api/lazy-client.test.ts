import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from './client';
import { lazyApiClient } from './lazy-client';

describe('the API client before it has loaded (lazyApiClient)', () => {
  it('a call made before the client arrives waits for it, then runs on it with its arguments', async () => {
    let arrive!: (client: ApiClient) => void;
    const api = lazyApiClient(new Promise<ApiClient>((resolve) => (arrive = resolve)));
    const login = vi.fn(async (_params: unknown, body: unknown) => ({ access: 'A', body }));
    const answer = api.auth_login_create(null, { email: 'a@b.example', password: 'pw' });
    let settled = false;
    void answer.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(login).not.toHaveBeenCalled();

    arrive({ auth_login_create: login } as unknown as ApiClient);
    await expect(answer).resolves.toEqual({ access: 'A', body: { email: 'a@b.example', password: 'pw' } });
    expect(login).toHaveBeenCalledWith(null, { email: 'a@b.example', password: 'pw' });
  });

  it('a call rejects with the loading failure when the client cannot be built', async () => {
    const failure = new Error('schema unavailable');
    const loading = Promise.reject(failure);
    const api = lazyApiClient(loading);
    await expect(api.auth_user_retrieve()).rejects.toBe(failure);
  });

  it('is no thenable (it is answered from async functions) and, once loaded, hands out the client’s own operations', async () => {
    const retrieve = vi.fn();
    const client = { auth_user_retrieve: retrieve } as unknown as ApiClient;
    const api = lazyApiClient(Promise.resolve(client));
    expect((api as unknown as { then?: unknown }).then).toBeUndefined();
    await expect((async () => api)()).resolves.toBe(api);
    expect(api.auth_user_retrieve).toBe(retrieve);
  });
});
