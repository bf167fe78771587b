import type { ApiClient } from './client';

/**
 * The API client before it has loaded: each operation waits for `loading`, then runs on the loaded client
 * (so a sign-in submitted before the client arrived is sent once it has).
 */
export function lazyApiClient(loading: Promise<ApiClient>): ApiClient {
  let loaded: ApiClient | null = null;
  void loading.then(
    (client) => (loaded = client),
    () => {},
  );
  return new Proxy({} as ApiClient, {
    get: (_, operationId) => {
      // Not a thenable (it is returned from async functions), nor anything else but operations.
      if (typeof operationId !== 'string' || operationId === 'then' || operationId === 'toJSON') return undefined;
      if (loaded) return loaded[operationId as keyof ApiClient];
      return (...args: unknown[]) =>
        loading.then((client) =>
          (client[operationId as keyof ApiClient] as unknown as (...a: unknown[]) => unknown)(...args),
        );
    },
  });
}
