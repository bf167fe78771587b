import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { Document } from 'openapi-client-axios';

/** A minimal OpenAPI document with the operations the client tests call. */
export const testDefinition: Document = {
  openapi: '3.1.0',
  info: { title: 'test', version: '1' },
  paths: {
    '/api/auth/login/': { post: { operationId: 'auth_login_create', responses: {} } },
    '/api/auth/token/refresh/': { post: { operationId: 'auth_token_refresh_create', responses: {} } },
    '/api/auth/logout/': { post: { operationId: 'auth_logout_create', responses: {} } },
    '/api/auth/user/': { get: { operationId: 'auth_user_retrieve', responses: {} } },
    '/api/users/': {
      get: {
        operationId: 'users_list',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
          { name: 'offset', in: 'query', schema: { type: 'integer' } },
        ],
        responses: {},
      },
      post: { operationId: 'users_create', responses: {} },
    },
    '/api/users/{id}/': {
      get: {
        operationId: 'users_retrieve',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {},
      },
    },
  },
} as Document;

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | null;
  organization: string | null;
  data: unknown;
}

type Handler = (
  request: RecordedRequest,
) => Promise<{ status: number; data?: unknown }> | { status: number; data?: unknown };

/**
 * Stands in for the network at the axios adapter: every request is recorded, and answered by `handle`.
 * Non-2xx answers reject the way axios does (an AxiosError with `response`).
 */
export function createFakeServer(handle: Handler) {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers = AxiosHeaders.from(config.headers);
    const request: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      authorization: (headers.get('Authorization') as string | null) ?? null,
      organization: (headers.get('X-ORGANIZATION-TOKEN') as string | null) ?? null,
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    requests.push(request);
    const { status, data } = await handle(request);
    const response = { data, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
  };
  return {
    adapter,
    requests,
    count: (url: string) => requests.filter((request) => request.url === url).length,
  };
}

export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
