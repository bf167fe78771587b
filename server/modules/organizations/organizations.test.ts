import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testBackends, type TestApp } from '../../test-support';

for (const backend of testBackends()) {
  describe(`organizations (${backend})`, () => {
    let t: TestApp;
    let master: string;
    let sunriseAdmin: string;

    beforeAll(async () => {
      t = await createTestApp({ backend });
      master = (await t.login('master@portal.example')).access;
      sunriseAdmin = (await t.login('admin@sunrise.example')).access;
    });
    afterAll(async () => t?.close());

    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

    describe('organizations_retrieve', () => {
      it('finds an organization by token without signing in, with its branding', async () => {
        const response = await get('/api/organizations/sunrise/');
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body).toEqual({
          id: expect.any(Number),
          name: 'Sunrise Home Care',
          token: 'sunrise',
          favicon: '/favicons/sunrise.svg',
          style: { primary: expect.objectContaining({ '500': '#0F766E' }) },
          timezone: 'America/New_York',
        });
        expect(Object.keys(body.style.primary)).toEqual(['50', '100', '200', '300', '400', '500', '600', '700', '800', '900']);
      });

      it('finds the same organization by its numeric id', async () => {
        const byToken = (await get('/api/organizations/harbor/')).json();
        const byId = await get(`/api/organizations/${byToken.id}/`);
        expect(byId.statusCode).toBe(200);
        expect(byId.json()).toEqual(byToken);
        expect(byToken.style.primary['500']).toBe('#1D4ED8');
      });

      it('answers an unknown id or token with the 404 error shape', async () => {
        for (const key of ['nowhere', '999999', '99999999999999', 'sunrise%20x', "x'--"]) {
          const response = await get(`/api/organizations/${key}/`);
          expect(response.statusCode, key).toBe(404);
          expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
        }
      });

      it('stays public whatever organization header or token comes with it', async () => {
        const response = await get('/api/organizations/sunrise/', { ...t.headers(sunriseAdmin, 'harbor') });
        expect(response.statusCode).toBe(200);
        expect(response.json().token).toBe('sunrise');
      });
    });

    describe('organizations_list', () => {
      it('lists every organization for the master, paged', async () => {
        const response = await get('/api/organizations/', t.headers(master));
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.count).toBe(2);
        expect(body.next).toBeNull();
        expect(body.previous).toBeNull();
        expect(body.results.map((o: { token: string }) => o.token)).toEqual(['harbor', 'sunrise']);
        expect(body.results[0]).toHaveProperty('style.primary');
      });

      it('pages with limit and offset and links to the neighbouring pages', async () => {
        const first = (await get('/api/organizations/?limit=1', t.headers(master, 'sunrise'))).json();
        expect(first.count).toBe(2);
        expect(first.results).toHaveLength(1);
        expect(first.previous).toBeNull();
        expect(first.next).toBe('http://portal.test/api/organizations/?limit=1&offset=1');
        const second = (await get('/api/organizations/?limit=1&offset=1', t.headers(master))).json();
        expect(second.results[0].token).not.toBe(first.results[0].token);
        expect(second.next).toBeNull();
        expect(second.previous).toBe('http://portal.test/api/organizations/?limit=1');
      });

      it('refuses bad paging values naming the field', async () => {
        for (const query of ['limit=0', 'limit=1001', 'offset=-1', 'limit=abc']) {
          const response = await get(`/api/organizations/?${query}`, t.headers(master));
          expect(response.statusCode, query).toBe(400);
          expect(Object.keys(response.json().fields)).toEqual([query.split('=')[0]]);
        }
      });

      it('is for the master only: an admin gets 403, no token 401', async () => {
        const admin = await get('/api/organizations/', t.headers(sunriseAdmin, 'sunrise'));
        expect(admin.statusCode).toBe(403);
        expect(admin.json().code).toBe('permission_denied');
        const anonymous = await get('/api/organizations/');
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json().code).toBe('not_authenticated');
      });
    });
  });
}
