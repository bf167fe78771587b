import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApi } from '../test-client';
import { hasPermission } from './authorization';

describe('authorization: a permission list means any one of them', () => {
  it('matches one permission or any of a list', () => {
    expect(hasPermission(['view-onboarding'], 'view-onboarding')).toBe(true);
    expect(hasPermission(['view-onboarding'], ['view-onboarding', 'view-documents'])).toBe(true);
    expect(hasPermission(['view-documents'], ['view-onboarding', 'view-documents'])).toBe(true);
    expect(hasPermission(['view-profile'], ['view-onboarding', 'view-documents'])).toBe(false);
    expect(hasPermission(['view-profile'], [])).toBe(false);
  });

  describe('on a route', () => {
    let t: TestApi;
    beforeAll(async () => {
      t = await testApp({
        setup(app) {
          app.get(
            '/api/test-any-of/',
            {
              schema: {
                operationId: 'test_any_of_retrieve',
                tags: ['test'],
                response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
              },
              config: { access: { permission: ['view-onboarding', 'view-documents'], duringFormsDue: true } },
            },
            async () => ({ ok: true }),
          );
          app.get(
            '/api/test-not-for-forms-due/',
            {
              schema: {
                operationId: 'test_not_for_forms_due_retrieve',
                tags: ['test'],
                response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
              },
              config: { access: { permission: 'view-profile' } },
            },
            async () => ({ ok: true }),
          );
        },
      });
    });
    afterAll(async () => t?.close());

    it('lets a NEW employee (view-onboarding) and a READY one (view-documents) in, and nobody else', async () => {
      const call = async (email: string) => {
        return (await (await t.as(email)).get('/api/test-any-of/')).statusCode;
      };
      expect(await call('newhire@sunrise.example')).toBe(200);
      expect(await call('aide@sunrise.example')).toBe(200);
      expect(await call('admin@sunrise.example')).toBe(403);
      expect(await call('client@sunrise.example')).toBe(403);
      expect(await call('marketer@sunrise.example')).toBe(403);
      expect((await t.anonymous.get('/api/test-any-of/')).statusCode).toBe(401);
    });

    it('confines an employee with forms due to the routes the forms-due pages need: 403 forms_due elsewhere', async () => {
      const call = async (email: string) => {
        return (await t.as(email)).get('/api/test-not-for-forms-due/');
      };
      for (const email of ['newhire@sunrise.example', 'aide@sunrise.example']) {
        const refused = await call(email);
        expect(refused.statusCode, email).toBe(403);
        expect(refused.json()).toEqual({
          detail:
            'Complete the forms that are due first: until then only your onboarding and documents are open to you.',
          code: 'forms_due',
        });
      }
      for (const email of ['nurse@sunrise.example', 'admin@sunrise.example', 'client@sunrise.example'])
        expect((await call(email)).statusCode, email).toBe(200);
    });
  });
});

describe('authorization on its own: a request that reaches it without a user never passes', () => {
  it('answers 401 on a route that needs a permission, whatever ran before it', async () => {
    const { default: Fastify } = await import('fastify');
    const { authorizationPlugin } = await import('./authorization');
    const app = Fastify();
    app.decorateRequest('user', null);
    await app.register(authorizationPlugin);
    app.get('/needs-a-permission', { config: { access: { permission: 'view-users' } } }, async () => ({ ok: true }));
    app.get('/needs-a-role', { config: { access: { roles: ['ROLE_ADMIN'] } } }, async () => ({ ok: true }));
    app.get('/public', { config: { access: { public: true } } }, async () => ({ ok: true }));
    try {
      for (const url of ['/needs-a-permission', '/needs-a-role']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(401);
        expect(response.json().code, url).toBe('not_authenticated');
      }
      expect((await app.inject({ method: 'GET', url: '/public' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
