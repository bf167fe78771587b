import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { acceptedEncoding } from './compression';

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'gzip'],
    ['identity', null],
    ['gzip;q=0', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

describe('compressed API answers', () => {
  let t: TestApp;
  // a large answer, as a 50-row list of inlined signatures was (~10 MB of hard-to-compress text)
  const large = Array.from({ length: 20_000 }, (_, i) => ({ id: i, note: randomBytes(300).toString('base64') }));

  beforeAll(async () => {
    t = await createTestApp({
      setup(app) {
        const item = { type: 'object', properties: { id: { type: 'integer' }, note: { type: 'string' } } };
        app.get('/api/test-large/', { schema: { operationId: 'test_large_list', tags: ['test'], response: { 200: { type: 'array', items: item } } }, config: { access: { public: true } } }, async () => large);
        app.get('/api/test-small/', { schema: { operationId: 'test_small_retrieve', tags: ['test'], response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } }, config: { access: { public: true } } }, async () => ({ ok: true }));
      },
    });
  });

  it('compresses a large answer off the event loop: a small request sent meanwhile is answered first', async () => {
    const finished: string[] = [];
    const big = t.app.inject({ method: 'GET', url: '/api/test-large/', headers: { 'accept-encoding': 'br' } }).then((response) => {
      finished.push('large');
      return response;
    });
    // the large answer is serialized and handed to compression before the small one is sent
    await new Promise((resolve) => setTimeout(resolve, 150));
    const small = await t.app.inject({ method: 'GET', url: '/api/test-small/' });
    finished.push('small');
    const response = await big;
    expect(small.json()).toEqual({ ok: true });
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toHaveLength(large.length);
    expect(finished).toEqual(['small', 'large']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('compresses a large JSON answer with brotli or gzip, keeping no-store and saying Vary', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/schema/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);

    for (const [header, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const) {
      for (let round = 0; round < 2; round += 1) {
        const response = await t.app.inject({ method: 'GET', url: '/api/schema/', headers: { 'accept-encoding': header } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        expect(response.rawPayload.length).toBeLessThan(plain.body.length / 4);
        expect(JSON.parse(decode(response.rawPayload).toString())).toEqual(plain.json());
      }
    }
  });

  it('sends small answers and answers carrying tokens as they are', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/nope/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe('not_found');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'accept-encoding': 'br, gzip' },
      payload: { email: 'admin@sunrise.example', password: 'portal-demo-2026' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-encoding']).toBeUndefined();
    expect(login.json().access).toEqual(expect.any(String));
  });
});
