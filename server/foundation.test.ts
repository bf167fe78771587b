import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Type } from '@fastify/type-provider-typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, resolveJwtSecret } from './config';
import { auditLog, users } from './db/schema';
import { createTestApp, testBackends, type TestApp } from './test-support';
import { errorResponses } from './schemas/common';

describe('configuration', () => {
  it('reads defaults and values from the given environment', () => {
    const defaults = configFromEnv({});
    expect(defaults).toMatchObject({
      port: 3000,
      databaseUrl: null,
      accessTokenSeconds: 300,
      sessionIdleSeconds: 300,
      sessionAbsoluteSeconds: 43_200,
      refreshGraceSeconds: 10,
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
    });
    const custom = configFromEnv({
      PORT: '4000',
      DATABASE_URL: 'postgres://x/y',
      SEED_DEMO: '1',
      TRUST_PROXY: '10.0.0.1, 10.0.0.2',
    });
    expect(custom).toMatchObject({
      port: 4000,
      databaseUrl: 'postgres://x/y',
      seedDemo: true,
      publicUrl: 'http://localhost:4000',
    });
    expect(custom.trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(() => configFromEnv({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('generates the JWT secret once and keeps it readable by the owner only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'care-config-'));
    try {
      const config = { ...configFromEnv({}), dataDir: dir };
      const first = resolveJwtSecret(config);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(resolveJwtSecret(config)).toBe(first);
      expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
      expect(resolveJwtSecret({ ...config, jwtSecret: 'given' })).toBe('given');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

for (const backend of testBackends()) {
  describe(`server foundation (${backend})`, () => {
    let t: TestApp;
    let distDir: string;

    beforeAll(async () => {
      distDir = mkdtempSync(path.join(tmpdir(), 'care-dist-'));
      mkdirSync(path.join(distDir, 'assets'));
      writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Care Portal</title>');
      writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
      t = await createTestApp({
        backend,
        distDir,
        setup(app) {
          app.post(
            '/api/test-probe/',
            {
              schema: {
                operationId: 'test_probe_create',
                tags: ['test'],
                body: Type.Object({ email: Type.String({ format: 'email', maxLength: 254 }), count: Type.Integer() }),
                response: { 200: Type.Object({ ok: Type.Boolean() }), ...errorResponses(400) },
              },
              config: { access: { public: true } },
            },
            async () => ({ ok: true }),
          );
          app.get(
            '/api/test-crash/',
            {
              schema: { operationId: 'test_crash_retrieve', tags: ['test'], response: { 200: Type.Object({}) } },
              config: { access: { public: true } },
            },
            async () => {
              throw new Error('relation "secret_table" does not exist at /srv/app.ts:12');
            },
          );
        },
      });
    });
    afterAll(async () => {
      await t?.close();
      rmSync(distDir, { recursive: true, force: true });
    });

    it('seeds the demo organizations and users', async () => {
      const rows = await t.database.db.select({ email: users.email }).from(users);
      expect(rows.map((r) => r.email)).toEqual(
        expect.arrayContaining([
          'master@portal.example',
          'admin@sunrise.example',
          'newhire@sunrise.example',
          'admin@harbor.example',
        ]),
      );
    });

    it('answers an unknown /api path with a JSON 404', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/no-such-thing/',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('refuses bad input with a 400 naming each field', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test-probe/',
        payload: { email: 'not-an-email', count: 'many' },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('invalid');
      expect(Object.keys(body.fields).sort()).toEqual(['count', 'email']);
      const missing = await t.app.inject({ method: 'POST', url: '/api/test-probe/', payload: {} });
      expect(missing.json().fields).toEqual({ email: ['This field is required.'], count: ['This field is required.'] });
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/test-probe/',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ detail: 'JSON parse error.', code: 'invalid' });
    });

    it('never leaks the cause of a server error', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test-crash/' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'A server error occurred.', code: 'server_error' });
      expect(response.body).not.toMatch(/secret_table|app\.ts/);
    });

    it('serves status.json from STATUS_FILE uncached, and online when the file is missing', async () => {
      const missing = await t.app.inject({ method: 'GET', url: '/status.json' });
      expect(missing.json()).toEqual({ offline: false, offline_from: null, offline_until: null });
      const offline = { offline: true, offline_from: '2026-01-01T01:00:00Z', offline_until: '2026-01-01T03:00:00Z' };
      writeFileSync(t.config.statusFile, JSON.stringify(offline));
      const response = await t.app.inject({ method: 'GET', url: '/status.json' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(offline);
      expect(response.headers['cache-control']).toContain('no-store');
    });

    it('sends the security headers on every answer, and no-store on /api', async () => {
      for (const url of ['/status.json', '/api/schema/', '/login/sunrise']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe/);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('no-referrer');
      }
      const api = await t.app.inject({ method: 'GET', url: '/api/schema/' });
      expect(api.headers['cache-control']).toBe('no-store');
    });

    it('serves the app: hashed assets immutable, index.html never cached, SPA fallback for HTML GETs', async () => {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await t.app.inject({ method: 'GET', url: '/users/12', headers: { accept: 'text/html,*/*' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Care Portal');
      expect(page.headers['cache-control']).toContain('no-cache');
      expect(page.headers['cache-control']).toContain('no-store');
      const notHtml = await t.app.inject({ method: 'GET', url: '/users/12', headers: { accept: 'application/json' } });
      expect(notHtml.statusCode).toBe(404);
      const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/nope.js' });
      expect(missingAsset.statusCode).toBe(404);
    });

    it('keeps the audit log append-only', async () => {
      await t.app.writeAudit({
        entity: 'probe',
        entityId: 1,
        changed: { name: 'x', password: 'hunter2', nested: { token: 't' } },
      });
      const [row] = await t.database.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.entity} = 'probe'`);
      expect(row.changedFields).toEqual({ name: 'x', nested: {} });
      await expect(t.database.db.execute(sql`UPDATE audit_log SET entity = 'edited'`)).rejects.toThrow();
      await expect(t.database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
      await expect(t.database.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    });

    it('publishes an OpenAPI 3.1 document in which every operation has an operationId and an access declaration', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/schema/' });
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document.openapi).toBe('3.1.0');
      const operations = Object.entries(
        document.paths as Record<
          string,
          Record<string, { operationId?: string; 'x-access'?: unknown; tags?: string[] }>
        >,
      ).flatMap(([p, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path: p, method, operation })),
      );
      expect(operations.length).toBeGreaterThan(0);
      const faulty = operations
        .filter(
          ({ operation }) =>
            !/^[a-z]+(_[a-z]+)+$/.test(operation.operationId ?? '') ||
            !operation['x-access'] ||
            !operation.tags?.length,
        )
        .map(({ method, path: p }) => `${method.toUpperCase()} ${p}`);
      expect(faulty).toEqual([]);
      const ids = operations.map(({ operation }) => operation.operationId);
      expect(new Set(ids).size).toBe(ids.length);
      const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(docs.statusCode).toBe(200);
      expect(docs.headers['content-type']).toContain('text/html');
    });
  });
}

describe('route registration', () => {
  it('refuses an /api route without an access declaration', async () => {
    await expect(
      createTestApp({
        setup(app) {
          app.get(
            '/api/undeclared/',
            { schema: { operationId: 'undeclared_list', tags: ['x'], response: { 200: Type.Object({}) } } },
            async () => ({}),
          );
        },
      }),
    ).rejects.toThrow(/config\.access/);
  });
});
