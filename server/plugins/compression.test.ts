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

  beforeAll(async () => {
    t = await createTestApp();
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
