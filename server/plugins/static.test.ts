import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_FILE_PATH } from '../../src/domain/constants';
import { createTestApp, type TestApp } from '../test-support';

const INDEX = '<!doctype html><title>Care Portal index</title>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

describe('the built app (static files and the SPA fallback)', () => {
  let t: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'care-static-'));
    mkdirSync(path.join(distDir, 'assets'));
    mkdirSync(path.join(distDir, 'favicons'));
    writeFileSync(path.join(distDir, 'index.html'), INDEX);
    writeFileSync(path.join(distDir, 'favicons', 'sunrise.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(path.join(distDir, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
    writeFileSync(path.join(distDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
    t = await createTestApp({ distDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  it.each(['/', '/favicons/', '/favicons', '/assets/', '/users/12', '/login/sunrise?next=%2Fusers'])(
    'answers index.html, never cached, to a browser asking for %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toContain('no-cache');
      expect(response.headers['cache-control']).toContain('no-store');
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    },
  );

  it.each(['/', '/favicons/', '/users/12'])('answers HEAD %s like GET, without a body', async (url) => {
    const response = await t.app.inject({ method: 'HEAD', url, headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toContain('no-cache');
    expect(response.body).toBe('');
  });

  it.each([
    ['*/* (curl, a link checker, a monitoring probe)', { accept: '*/*' }],
    ['no Accept header', {}],
    ['text/plain', { accept: 'text/plain' }],
  ])('serves the app to a client asking with %s', async (_, headers: Record<string, string>) => {
    for (const url of ['/users/12', '/login/sunrise', '/']) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
  });

  it('answers 404 JSON, not the app, to a client asking for JSON only, to /api, and for a missing file', async () => {
    for (const [url, accept] of [
      ['/assets/index-old123.js', '*/*'],
      ['/favicons/nowhere.svg', 'text/html,*/*'],
      ['/', 'application/json'],
      ['/favicons/', 'application/json'],
      ['/users/12', 'application/problem+json, application/json;q=0.9'],
      ['/api/nope/', 'text/html'],
      ['/api/nope/', '*/*'],
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  it('still serves files: favicons, and hashed assets cached for a year', async () => {
    const favicon = await t.app.inject({ method: 'GET', url: '/favicons/sunrise.svg', headers: html });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(SCRIPT);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(asset.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('sends the precompressed asset the client accepts (brotli first), with its own type and Vary', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expect(gz.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });
});

describe('HSTS, only for answers that went out over TLS', () => {
  const apps: TestApp[] = [];
  afterAll(async () => Promise.all(apps.map((app) => app.close())));
  const hsts = async (trustProxy: boolean, headers: Record<string, string>) => {
    const t = await createTestApp({ config: { trustProxy }, seed: false });
    apps.push(t);
    return (await t.app.inject({ method: 'GET', url: '/api/schema/', headers })).headers['strict-transport-security'];
  };

  it('sends a year with subdomains when a trusted proxy says the request came over TLS', async () => {
    expect(await hsts(true, { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000; includeSubDomains');
    expect(await hsts(true, { 'x-forwarded-proto': 'http' })).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto when TRUST_PROXY does not trust the sender, and plain HTTP gets none', async () => {
    expect(await hsts(false, { 'x-forwarded-proto': 'https' })).toBeUndefined();
    expect(await hsts(false, {})).toBeUndefined();
  });
});

describe('index.html', () => {
  const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
  const links = html.match(/<link [^>]*>/g) ?? [];

  it('preloads the API definition the app loads at start, in the credentials mode of its XHR', () => {
    // Checked in Chromium (DevTools protocol): with this hint /api/schema/ is fetched once, by the preload, and
    // the app's axios call is served from it; without `crossorigin` the modes differ and it is fetched twice.
    const preload = links.find((link) => link.includes('href="/api/schema/"'));
    expect(preload).toMatch(/rel="preload"/);
    expect(preload).toMatch(/as="fetch"/);
    expect(preload).toMatch(/\scrossorigin(\s|=|\/?>)/);
  });

  it('preloads the status file at the very URL the app requests (no cache-busting query: it is sent no-store)', () => {
    // Checked in Chromium (DevTools protocol): /status.json is then fetched once, by the preload, in parallel
    // with the app's scripts, and the app's axios call is served from it.
    const preload = links.find((link) => link.includes(`href="${STATUS_FILE_PATH}"`));
    expect(preload).toMatch(/rel="preload"/);
    expect(preload).toMatch(/as="fetch"/);
    expect(preload).toMatch(/\scrossorigin(\s|=|\/?>)/);
  });
});
