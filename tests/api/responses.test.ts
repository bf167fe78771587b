/**
 * Responses: `Cache-Control: no-store` on every /api answer (successes, each kind of error, the document and
 * Swagger UI); the CSP on the SPA index; no stack trace or SQL text in any error body, whatever went wrong.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testBackends, type TestApp } from '../../server/test-support';
import {
  buildWorld,
  errorProblems,
  fillPath,
  injectOperation,
  loadOperations,
  pathParams,
  targetId,
  type Operation,
  type World,
} from './support';

for (const backend of testBackends()) {
  describe(`responses (${backend})`, () => {
    let t: TestApp;
    let world: World;
    let operations: Operation[] = [];
    let distDir: string;

    beforeAll(async () => {
      distDir = mkdtempSync(path.join(tmpdir(), 'care-api-responses-'));
      mkdirSync(path.join(distDir, 'assets'));
      writeFileSync(
        path.join(distDir, 'index.html'),
        '<!doctype html><html><head><title>Care Portal</title></head><body><div id="root"></div></body></html>',
      );
      t = await createTestApp({ backend, distDir });
      world = await buildWorld(t, ['admin', 'master']);
      operations = (await loadOperations(t)).operations;
    });
    afterAll(async () => {
      await t?.close();
      rmSync(distDir, { recursive: true, force: true });
    });

    it('answers every operation no-store, signed in and not, with clean errors', async () => {
      const problems: string[] = [];
      let count = 0;
      for (const op of operations) {
        const url = fillPath(
          op.path,
          Object.fromEntries(pathParams(op).map((p) => [p.name, targetId(world, op.path, world.sunrise)])),
        );
        // logout with an access token would end the shared session: it is checked anonymously only
        const callers =
          op.operationId === 'auth_logout_create'
            ? [{}]
            : [
                {},
                t.headers(world.identities.admin.access, 'sunrise'),
                t.headers(world.identities.master.access, 'harbor'),
              ];
        for (const headers of callers) {
          // read-only: no body for writes (a 400), so nothing changes here
          const response = await injectOperation(t, op, {
            method: op.method,
            url,
            headers,
            ...(op.method === 'GET'
              ? {}
              : { payload: op.operationId === 'auth_logout_create' ? { refresh: 'x' } : { __probe: 1 } }),
          });
          count++;
          const label = `${op.method} ${url} → ${response.statusCode}`;
          if (response.headers['cache-control'] !== 'no-store')
            problems.push(`cache-control ${String(response.headers['cache-control'])}: ${label}`);
          if (response.statusCode >= 500) problems.push(`server error: ${label} ${response.body.slice(0, 200)}`);
          problems.push(...errorProblems(response).map((p) => `${p}: ${label}`));
        }
      }
      console.info(`[responses ${backend}] operation answers checked=${count} problems=${problems.length}`);
      expect(problems).toEqual([]);
    });

    it('answers no-store on the document, Swagger UI, unknown paths and each framework error, in the one error shape', async () => {
      const big = JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(3 * 1024 * 1024) });
      const requests: { name: string; options: InjectOptions; status?: number[]; error?: boolean }[] = [
        { name: 'schema', options: { method: 'GET', url: '/api/schema/' }, status: [200] },
        { name: 'swagger ui', options: { method: 'GET', url: '/api/docs/' }, status: [200, 301, 302] },
        {
          name: 'unknown path',
          options: { method: 'GET', url: '/api/nothing-here/', headers: { accept: 'text/html' } },
          status: [404],
          error: true,
        },
        { name: 'unknown path, no slash', options: { method: 'GET', url: '/api/users' }, status: [404], error: true },
        {
          name: 'unknown method',
          options: { method: 'DELETE', url: '/api/auth/user/' },
          status: [404, 405],
          error: true,
        },
        {
          name: 'broken JSON',
          options: {
            method: 'POST',
            url: '/api/auth/login/',
            headers: { 'content-type': 'application/json' },
            payload: '{"email":',
          },
          status: [400],
          error: true,
        },
        {
          name: 'wrong media type',
          options: {
            method: 'POST',
            url: '/api/auth/login/',
            headers: { 'content-type': 'application/xml' },
            payload: '<a/>',
          },
          status: [415, 400],
          error: true,
        },
        {
          name: 'body over the limit',
          options: {
            method: 'POST',
            url: '/api/auth/login/',
            headers: { 'content-type': 'application/json' },
            payload: big,
          },
          status: [413],
          error: true,
        },
        { name: 'no token', options: { method: 'GET', url: '/api/auth/user/' }, status: [401], error: true },
        {
          name: 'garbage token',
          options: { method: 'GET', url: '/api/auth/user/', headers: { authorization: 'Bearer not.a.jwt' } },
          status: [401],
          error: true,
        },
        {
          name: 'basic auth',
          options: { method: 'GET', url: '/api/auth/user/', headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } },
          status: [401],
          error: true,
        },
        {
          name: 'foreign organization',
          options: {
            method: 'GET',
            url: '/api/auth/user/',
            headers: { authorization: `Bearer ${world.identities.admin.access}`, 'x-organization-token': 'harbor' },
          },
          status: [403],
          error: true,
        },
        {
          name: 'unknown organization',
          options: { method: 'GET', url: '/api/organizations/nowhere/' },
          status: [404],
          error: true,
        },
        {
          name: 'wrong login',
          options: {
            method: 'POST',
            url: '/api/auth/login/',
            payload: { email: 'admin@sunrise.example', password: 'nope-nope-nope' },
          },
          status: [401],
          error: true,
        },
      ];
      const problems: string[] = [];
      for (const r of requests) {
        const response = await t.app.inject(r.options);
        const label = `${r.name} → ${response.statusCode} ${response.body.slice(0, 160)}`;
        if (r.status && !r.status.includes(response.statusCode)) problems.push(`unexpected status: ${label}`);
        if (response.headers['cache-control'] !== 'no-store')
          problems.push(`cache-control ${String(response.headers['cache-control'])}: ${label}`);
        if (r.error) problems.push(...errorProblems(response).map((p) => `${p}: ${label}`));
        const csp = String(response.headers['content-security-policy'] ?? '');
        if (!csp.includes("frame-ancestors 'none'")) problems.push(`no CSP: ${label}`);
      }
      expect(problems).toEqual([]);
    });

    it('serves the SPA index with the Content-Security-Policy and never cached', async () => {
      // '/' itself is left out: reported (GET / answers 403 from the static plugin instead of the index)
      for (const url of ['/login/sunrise', '/users/12', '/reset-password/MQ/abc/sunrise']) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html,application/xhtml+xml' },
        });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/text\/html/);
        expect(response.body).toContain('<div id="root">');
        const csp = String(response.headers['content-security-policy']);
        const directives = Object.fromEntries(
          csp.split(';').map((d) => {
            const [name, ...values] = d.trim().split(/\s+/);
            return [name, values];
          }),
        );
        expect(directives['default-src']).toEqual(["'self'"]);
        // scripts from the portal itself, and the one inline script of the sign-in page's first paint, by its hash
        const [self, ...hashes] = directives['script-src'];
        expect(self).toBe("'self'");
        expect(hashes.length, url).toBeLessThanOrEqual(1);
        for (const hash of hashes) expect(hash).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
        expect(directives['object-src']).toEqual(["'none'"]);
        expect(directives['frame-ancestors']).toEqual(["'none'"]);
        expect(directives['base-uri']).toEqual(["'self'"]);
        expect(directives['form-action']).toEqual(["'self'"]);
        expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/);
        expect(response.headers['cache-control']).toContain('no-store');
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('shows no stack trace or SQL text when a request makes the database fail', async () => {
      // hostile values that reach SQL; whatever the status, the body must say nothing about the insides
      const attempts = [
        { method: 'GET', url: '/api/organizations/%00/' },
        {
          method: 'GET',
          url: `/api/organizations/?offset=99999999999999999999`,
          headers: t.headers(world.identities.master.access),
        },
        { method: 'POST', url: '/api/auth/login/', payload: { email: 'a\u0000b@example.test', password: 'x' } },
        {
          method: 'PATCH',
          url: '/api/auth/user/',
          headers: t.headers(world.identities.admin.access, 'sunrise'),
          payload: { first_name: 'a\u0000b' },
        },
      ] as const;
      for (const attempt of attempts) {
        const response = await t.app.inject(attempt as never);
        expect(response.statusCode, attempt.url).toBeGreaterThanOrEqual(400);
        expect(errorProblems(response), attempt.url).toEqual([]);
        expect(response.headers['cache-control']).toBe('no-store');
      }
    });
  });
}
