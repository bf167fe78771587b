import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_FILE_PATH } from '#domain/constants';
import { organizations } from '../db/schema';
import { FIRST_PAINT_SCRIPT } from '../lib/first-paint-script';
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
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expect(gz.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });
});

describe('the sign-in page drawn into the HTML of /login/:org (its first paint comes before the scripts)', () => {
  let t: TestApp;
  let distDir: string;
  const PAGE =
    '<!doctype html><html><head><title>Care Portal</title></head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';
  const get = async (url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body;
  const firstPaintOf = (html: string) =>
    /<div id="first-paint">([\s\S]*)<\/div><div id="root">/.exec(html)?.[1] ?? null;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'care-first-paint-'));
    writeFileSync(path.join(distDir, 'index.html'), PAGE);
    t = await createTestApp({ distDir });
    await t.database.db.insert(organizations).values([
      { name: '<script>alert("name")</script> & Co $& $\'', token: 'tricky', style: { primary: { 500: '#1D4ED8' } } },
      { name: 'Styled Care', token: 'styled', style: { primary: { 500: 'red}</style><script>alert(1)</script>' } } },
    ]);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('holds the brand box, the heading and the form for a known organization, in its colours, with the app after it', async () => {
    const html = await get('/login/sunrise');
    const firstPaint = firstPaintOf(html);
    expect(firstPaint).not.toBeNull();
    expect(firstPaint).toContain('<main');
    expect(firstPaint).toContain('>SH</span>'); // the logo's initials
    expect(firstPaint).toContain('>Sunrise Home Care</p>');
    expect(firstPaint).toContain('<h1>Sign in</h1>');
    expect(firstPaint).toMatch(/<label [^>]*>Email<\/label>/);
    expect(firstPaint).toMatch(/<label [^>]*>Password<\/label>/);
    expect(firstPaint).toMatch(/<button type="submit" disabled=""[^>]*>Sign in<\/button>/);
    expect(firstPaint).toContain('href="/forgot-password/sunrise"');
    expect(firstPaint).toContain('background:#0F766E'); // Sunrise's primary 500, as the app draws the logo
    expect(html).toContain('<div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>');
    // the app's lookup of the organization starts with the page, from the head's script (it sends the token as
    // X-ORGANIZATION-TOKEN, which a preload cannot: server/lib/first-paint-script.test.ts)
    expect(html).not.toContain('href="/api/organizations/');
    expect(html.indexOf(`<script>${FIRST_PAINT_SCRIPT}</script>`)).toBeLessThan(html.indexOf('</head>'));
  });

  it('is a form that cannot send what is typed before the app has taken it over', async () => {
    const firstPaint = firstPaintOf(await get('/login/sunrise'))!;
    const form = /<form [^>]*>/.exec(firstPaint)![0];
    expect(form).toContain('method="post"');
    const inputs = firstPaint.match(/<input [^>]*>/g)!;
    expect(inputs).toHaveLength(2);
    for (const input of inputs) expect(input).not.toMatch(/\sname=/); // a submitted form would carry no value
    expect(firstPaint.match(/type="submit"[^>]*/g)).toEqual([expect.stringContaining('disabled=""')]); // neither a click nor Enter submits
  });

  it("escapes the organization's name, and leaves a style that is not plain colours out altogether", async () => {
    const tricky = firstPaintOf(await get('/login/tricky'))!;
    expect(tricky).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt; &amp; Co $&amp; $&#x27;</p>');
    expect(tricky).not.toContain('<script');
    expect(await get('/login/styled')).toBe(PAGE);
  });

  it('is not drawn for an unknown organization, another page, or while the status file says offline', async () => {
    for (const url of ['/login/nowhere', '/login', '/forgot-password/sunrise', '/users/12']) {
      expect(await get(url), url).toBe(PAGE);
    }
    writeFileSync(t.config.statusFile, JSON.stringify({ offline: true, offline_from: null, offline_until: null }));
    try {
      expect(await get('/login/sunrise')).toBe(PAGE);
    } finally {
      rmSync(t.config.statusFile, { force: true });
    }
    expect(firstPaintOf(await get('/login/sunrise/'))).not.toBeNull();
  });

  it('is sent never cached, like index.html, and the CSP allows its one inline script by hash', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login/sunrise', headers: { accept: 'text/html' } });
    expect(response.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
    const inline = [...response.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(inline).toEqual([FIRST_PAINT_SCRIPT]);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))![1];
    expect(scriptSrc.split(' ').sort()).toEqual([`'self'`, `'sha256-${hash}'`]);
  });
});

describe('HSTS, only for answers that went out over TLS', () => {
  // one app per TRUST_PROXY setting (each request is independent of the others)
  const apps = new Map<boolean, Promise<TestApp>>();
  afterAll(async () => Promise.all([...apps.values()].map(async (app) => (await app).close())));
  const hsts = async (trustProxy: boolean, headers: Record<string, string>) => {
    if (!apps.has(trustProxy)) apps.set(trustProxy, createTestApp({ config: { trustProxy }, seed: false }));
    const t = await apps.get(trustProxy)!;
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
