import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ApiClient } from '../api/client';
import { selectApiClient, useAppActor } from './app-actor';

const ApiClientContext = createContext<ApiClient | null>(null);

/**
 * Provides the API client: the one the app actor builds at start-up (inside <AppActorProvider>), or
 * `client` when given (tests).
 */
export function ApiClientProvider({ client, children }: { client?: ApiClient; children?: ReactNode }) {
  if (client) return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
  return <LoadedApiClientProvider>{children}</LoadedApiClientProvider>;
}

function LoadedApiClientProvider({ children }: { children?: ReactNode }) {
  const client = useSelector(useAppActor(), selectApiClient);
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

/** The client: `await api.users_list({ limit: 50, offset: 0, search })` answers the body data. */
export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient must be used within a ApiClientContext.');
  return client;
}
