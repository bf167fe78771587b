import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsOf } from '#domain/api-operations';
import { createTestApp, type TestApp } from '../test-support';

// The preload line of the repository's index.html, as the build keeps it.
const INDEX =
  '<!doctype html><head><link rel="preload" href="/api/schema/" as="fetch" crossorigin /></head><div id="root"></div>';

describe('the API definition at a versioned URL', () => {
  let t: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'care-openapi-'));
    writeFileSync(path.join(distDir, 'index.html'), INDEX);
    t = await createTestApp({ distDir, seed: false });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const versionedUrlOfIndex = async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login/sunrise', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const href = /<link rel="preload" href="([^"]+)" as="fetch" crossorigin \/>/.exec(page.body)?.[1];
    expect(href).toMatch(/^\/api\/schema\/[\w-]{16}\/$/);
    return href!;
  };

  const operationIds = (document: { paths: Record<string, Record<string, { operationId?: string }>> }) =>
    Object.values(document.paths)
      .flatMap((item) =>
        Object.values(item)
          .map((operation) => operation.operationId)
          .filter(Boolean),
      )
      .sort();

  it('points index.html at the versioned URL of the app’s cut of the document, cached for a year as immutable', async () => {
    const url = await versionedUrlOfIndex();
    const full = await t.app.inject({ method: 'GET', url: '/api/schema/' });
    const versioned = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(versioned.statusCode).toBe(200);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(versioned.headers.pragma).toBeUndefined();
    const body =
      versioned.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(versioned.rawPayload).toString()
        : versioned.body;
    const app = JSON.parse(body);
    const document = JSON.parse(full.body);
    expect(app).toEqual(operationsOf(document));
    // Every operation is there, by its operationId, with its parameters: what the client is built from.
    expect(operationIds(app)).toEqual(operationIds(document));
    expect(operationIds(app).length).toBeGreaterThan(50);
    expect(app.paths['/api/users/{id}/'].get.parameters).toEqual(document.paths['/api/users/{id}/'].get.parameters);
    expect(body.length).toBeLessThan(full.body.length / 4);
    // The unversioned address, the whole document for other clients, is never cached.
    expect(document.openapi).toBe('3.1.0');
    expect(full.headers['cache-control']).toBe('no-store');
  });

  it('names the version after the text it serves, so a changed document gets a new URL', async () => {
    const url = await versionedUrlOfIndex();
    const text = (await t.app.inject({ method: 'GET', url })).body;
    const hash = createHash('sha256').update(text).digest('base64url').slice(0, 16);
    expect(url).toBe(`/api/schema/${hash}/`);
  });

  it('serves no other version as the current one: a stale or made-up version is a 404, never cached', async () => {
    const url = await versionedUrlOfIndex();
    const version = url.split('/')[3]!;
    const stale = `${version.slice(0, -1)}${version.endsWith('A') ? 'B' : 'A'}`;
    for (const other of [stale, 'v1', '0000000000000000']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/schema/${other}/` });
      expect(response.statusCode, other).toBe(404);
      expect(response.json(), other).toEqual({
        detail: `This version of the API definition is not served; the current one is at ${url}`,
        code: 'not_found',
      });
      expect(response.headers['cache-control'], other).toBe('no-store');
    }
  });
});
