import { randomBytes } from 'node:crypto';
import * as zlib from 'node:zlib';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, type TestApi } from '../test-client';
import { acceptedEncoding, COMPRESS_OFF_LOOP_BYTES } from './compression';

// node's synchronous compressors, watched: a large answer compressed with them holds every other request back
vi.mock('node:zlib', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:zlib')>();
  return { ...actual, brotliCompressSync: vi.fn(actual.brotliCompressSync), gzipSync: vi.fn(actual.gzipSync) };
});
const syncInputSizes = () =>
  [...vi.mocked(zlib.brotliCompressSync).mock.calls, ...vi.mocked(zlib.gzipSync).mock.calls].map(([input]) =>
    Buffer.byteLength(input as string),
  );

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
  let t: TestApi;

  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('compresses a large JSON answer with brotli or gzip, keeping no-store and saying Vary', async () => {
    const plain = await t.anonymous.get('/api/schema/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);

    for (const [header, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const) {
      for (let round = 0; round < 2; round += 1) {
        const response = await t.anonymous.get('/api/schema/', { 'accept-encoding': header });
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
    const small = await t.anonymous.get('/api/nope/', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe('not_found');

    const login = await t.anonymous.post(
      '/api/auth/login/',
      { email: 'admin@sunrise.example', password: 'portal-demo-2026' },
      { 'accept-encoding': 'br, gzip' },
    );
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-encoding']).toBeUndefined();
    expect(login.json().access).toEqual(expect.any(String));
  });
});

describe('large answers are compressed off the event loop', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await testApp({
      setup(app) {
        // a new answer on every call (an unchanged one is compressed once and kept), of the size asked for
        app.get(
          '/api/test-sized/:bytes/',
          {
            schema: {
              operationId: 'test_sized_retrieve',
              tags: ['test'],
              response: { 200: { type: 'object', properties: { text: { type: 'string' } } } },
            },
            config: { access: { public: true } },
          },
          async (request) => ({
            text: randomBytes(Number((request.params as { bytes: string }).bytes) / 2).toString('hex'),
          }),
        );
      },
    });
  });
  afterAll(async () => t?.close());

  it('uses no synchronous zlib call for 64 KiB or more, and one for a small answer', async () => {
    vi.mocked(zlib.brotliCompressSync).mockClear();
    vi.mocked(zlib.gzipSync).mockClear();
    for (const encoding of ['br', 'gzip'] as const) {
      for (const bytes of [COMPRESS_OFF_LOOP_BYTES, 1_000_000]) {
        const answer = await t.anonymous.get(`/api/test-sized/${bytes}/`, { 'accept-encoding': encoding });
        expect(answer.headers['content-encoding']).toBe(encoding);
        const decoded = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(answer.rawPayload).toString();
        expect(JSON.parse(decoded).text).toHaveLength(bytes);
      }
    }
    expect(syncInputSizes(), 'synchronous compressions').toEqual([]);
    // the watch sees a small answer compressed on the loop (so the check above can fail)
    const small = await t.anonymous.get('/api/test-sized/4000/', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBe('br');
    expect(syncInputSizes()).toHaveLength(1);
  });
});
