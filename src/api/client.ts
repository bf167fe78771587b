// Types only from 'axios': at run time the app uses the axios that openapi-client-axios loads itself (its
// CommonJS build), so the bundle carries one copy of axios, not that one and the ES module build.
import type { AxiosAdapter, AxiosError, AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import { OpenAPIClientAxios, type Document, type UnknownOperationMethod } from 'openapi-client-axios';
import { HTTP_TIMEOUT_MS, ORGANIZATION_HEADER, TOKEN_HEADER, TOKEN_TYPE } from '../domain/constants';
import type { OperationMethods } from './generated';
import { operationsOf } from '../domain/api-operations';

// A body may also be FormData: the document describes a multipart body's fields, the browser sends the form.
type WithFormBody<Args extends unknown[]> = {
  [Index in keyof Args]: Index extends '1' ? Args[Index] | FormData : Args[Index];
};

type Unwrapped<Method> = Method extends (...args: infer Args) => Promise<{ data: infer Data }>
  ? (...args: WithFormBody<Args>) => Promise<Data>
  : never;

/** Every operation of the document by its operationId, answering the body data directly. */
export type ApiClient = { [OperationId in keyof OperationMethods]: Unwrapped<OperationMethods[OperationId]> };

/** What the client records on each request (read by the 401 handling). */
interface PortalRequestConfig extends InternalAxiosRequestConfig {
  operationId?: string;
  /** The access token the request was sent with. */
  sentWithAccessToken?: string | null;
  /** Set on the one retry after a refresh: its 401 is final. */
  isRetry?: boolean;
}

export interface ApiClientOptions {
  definition: Document;
  /** Read at send time. */
  getAccessToken: () => string | null;
  /** Read at send time. */
  getOrganizationToken: () => string | null;
  /**
   * Called for a 401: resolves with the access token to retry with (after the one refresh, or the current
   * one for a stale 401); rejects to pass the failure on. The token-refresh actor answers it.
   */
  requestAccessToken: (request: { operationId?: string; sentWith: string | null }) => Promise<string>;
  /** Stands in for the network in tests. */
  adapter?: AxiosAdapter;
  baseURL?: string;
}

/** Whether `error` is an axios error (by its flag, as axios.isAxiosError does, whichever copy made it). */
export function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

const EMPTY_DEFINITION = { openapi: '3.1.0', info: { title: 'http', version: '1' }, paths: {} } as Document;

/** A plain axios instance (the status file, the API definition): no operations, no interceptors. */
export function createHttp(options: { adapter?: AxiosAdapter } = {}): AxiosInstance {
  return new OpenAPIClientAxios({
    definition: EMPTY_DEFINITION,
    axiosConfigDefaults: { timeout: HTTP_TIMEOUT_MS, ...(options.adapter ? { adapter: options.adapter } : {}) },
  }).initSync();
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const openApi = new OpenAPIClientAxios({
    definition: operationsOf(options.definition),
    axiosConfigDefaults: {
      timeout: HTTP_TIMEOUT_MS,
      ...(options.adapter ? { adapter: options.adapter } : {}),
      ...(options.baseURL !== undefined ? { baseURL: options.baseURL } : {}),
    },
    transformOperationMethod: (method: UnknownOperationMethod, operation) => (params, data, config) =>
      method(params, data, { ...config, operationId: operation.operationId } as typeof config),
  });
  // The library lists every operation again for each path it adds (quadratic: ~100 ms on a phone); the list
  // depends only on the dereferenced document, so it is made once per document.
  const listOperations = openApi.getOperations;
  let listed: { definition: unknown; operations: ReturnType<typeof listOperations> } | null = null;
  openApi.getOperations = () => {
    if (!listed || listed.definition !== openApi.definition)
      listed = { definition: openApi.definition, operations: listOperations() };
    return listed.operations;
  };
  const instance = openApi.initSync();
  addInterceptors(instance, options);
  return instance as unknown as ApiClient;
}

function addInterceptors(instance: AxiosInstance, options: ApiClientOptions) {
  instance.interceptors.request.use((config: PortalRequestConfig) => {
    const organizationToken = options.getOrganizationToken();
    const accessToken = options.getAccessToken();
    if (organizationToken) config.headers.set(ORGANIZATION_HEADER, organizationToken);
    else config.headers.delete(ORGANIZATION_HEADER);
    if (accessToken) config.headers.set(TOKEN_HEADER, `${TOKEN_TYPE} ${accessToken}`);
    else config.headers.delete(TOKEN_HEADER);
    config.sentWithAccessToken = accessToken;
    return config;
  });

  instance.interceptors.response.use(
    (response) => response.data,
    async (error: unknown) => {
      if (!isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
      const config = error.config as PortalRequestConfig;
      if (config.isRetry) throw error;
      try {
        await options.requestAccessToken({
          operationId: config.operationId,
          sentWith: config.sentWithAccessToken ?? null,
        });
      } catch {
        throw error;
      }
      // The request interceptor adds the headers current at send time; the body is the original one.
      return instance.request({ ...config, isRetry: true } as PortalRequestConfig);
    },
  );
}

/** The `{ detail, code, fields }` body of a failed call, when there is one. */
export function apiErrorBody(error: unknown) {
  if (isAxiosError(error)) return error.response?.data as import('./types').ApiErrorBody | undefined;
  return undefined;
}

/**
 * Where the app loads the API definition from: the versioned URL the server wrote into index.html's preload
 * (cached for good, see server/plugins/openapi.ts), else `fallback` (the Vite dev server's index.html).
 */
export function apiDefinitionUrl(fallback: string): string {
  const preload = document.querySelector<HTMLLinkElement>('link[rel="preload"][href^="/api/schema/"]');
  return preload?.getAttribute('href') ?? fallback;
}

/** GET the API definition document (/api/schema/<version>/). */
export async function loadApiDefinition(url: string, adapter?: AxiosAdapter): Promise<Document> {
  const response = await createHttp({ adapter }).get<Document>(url);
  return response.data;
}
