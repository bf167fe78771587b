import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { Document } from 'openapi-client-axios';
import { afterEach, describe, expect, it } from 'vitest';
import { apiDefinitionUrl, createApiClient } from './client';

/** A document shaped like the served one: a shared parameter by $ref, large response schemas. */
const definition = {
  openapi: '3.1.0',
  info: { title: 'Care Portal API', version: '1.0.0' },
  servers: [{ url: '/' }],
  components: {
    parameters: { Limit: { name: 'limit', in: 'query', schema: { $ref: '#/components/schemas/Count' } } },
    schemas: { Count: { type: 'integer' }, User: { type: 'object', properties: { id: { type: 'integer' } } } },
  },
  paths: {
    '/api/users/': {
      get: {
        operationId: 'users_list',
        parameters: [{ $ref: '#/components/parameters/Limit' }],
        responses: {
          200: {
            description: 'A page of users',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } },
          },
        },
      },
    },
    '/api/users/{id}/': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { operationId: 'users_retrieve', responses: { 200: { description: 'The user' } } },
      patch: {
        operationId: 'users_partial_update',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } },
      },
    },
  },
} as unknown as Document;

function recordingClient() {
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    return { data: { ok: true }, status: 200, statusText: 'OK', headers: {}, config };
  };
  const api = createApiClient({
    definition,
    adapter,
    getAccessToken: () => null,
    getOrganizationToken: () => null,
    requestAccessToken: async () => '',
  });
  return { api: api as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>, sent };
}

describe('the API client built from the document', () => {
  it('calls each operation by its operationId, with path, $ref and query parameters in place, and unwraps the body', async () => {
    const { api, sent } = recordingClient();
    await expect(api.users_list!({ limit: 50 })).resolves.toEqual({ ok: true });
    await api.users_retrieve!({ id: 7 });
    await api.users_partial_update!({ id: 7 }, { first_name: 'Ada' });
    expect(sent.map((config) => [config.method, config.url, config.params])).toEqual([
      ['get', '/api/users/', { limit: 50 }],
      ['get', '/api/users/7/', {}],
      ['patch', '/api/users/7/', {}],
    ]);
    expect(JSON.parse(String(sent[2]!.data))).toEqual({ first_name: 'Ada' });
  });
});

describe('where the API definition is loaded from', () => {
  afterEach(() => document.head.replaceChildren());

  it('is the versioned URL of the preload the server wrote into index.html', () => {
    document.head.innerHTML =
      '<link rel="preload" href="/status.json" as="fetch" crossorigin><link rel="preload" href="/api/schema/Ab12-cd_34Ef56Gh/" as="fetch" crossorigin>';
    expect(apiDefinitionUrl('/api/schema/')).toBe('/api/schema/Ab12-cd_34Ef56Gh/');
  });

  it('is the fallback without that preload (the development server)', () => {
    document.head.innerHTML = '<link rel="preload" href="/status.json" as="fetch" crossorigin>';
    expect(apiDefinitionUrl('/api/schema/')).toBe('/api/schema/');
  });
});
