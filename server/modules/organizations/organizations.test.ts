import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, testBackends, type Caller, type TestApi } from '../../test-client';

for (const backend of testBackends()) {
  describe(`organizations (${backend})`, () => {
    let t: TestApi;
    let master: Caller;
    let sunriseAdmin: Caller;

    beforeAll(async () => {
      t = await testApp({ backend });
      master = await t.as('master@portal.example');
      sunriseAdmin = await t.as('admin@sunrise.example');
    });
    afterAll(async () => t?.close());

    describe('organizations_retrieve', () => {
      it('finds an organization by token without signing in, with its branding', async () => {
        const response = await t.anonymous.get('/api/organizations/sunrise/');
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
        expect(Object.keys(body.style.primary)).toEqual([
          '50',
          '100',
          '200',
          '300',
          '400',
          '500',
          '600',
          '700',
          '800',
          '900',
        ]);
      });

      it('finds the same organization by its numeric id', async () => {
        const byToken = (await t.anonymous.get('/api/organizations/harbor/')).json();
        const byId = await t.anonymous.get(`/api/organizations/${byToken.id}/`);
        expect(byId.statusCode).toBe(200);
        expect(byId.json()).toEqual(byToken);
        expect(byToken.style.primary['500']).toBe('#1D4ED8');
      });

      it('answers an unknown id or token with the 404 error shape', async () => {
        for (const key of ['nowhere', '999999', '99999999999999', 'sunrise%20x', "x'--"]) {
          const response = await t.anonymous.get(`/api/organizations/${key}/`);
          expect(response.statusCode, key).toBe(404);
          expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
        }
      });

      it('stays public whatever organization header or token comes with it', async () => {
        const response = await sunriseAdmin.in('harbor').get('/api/organizations/sunrise/');
        expect(response.statusCode).toBe(200);
        expect(response.json().token).toBe('sunrise');
      });
    });

    describe('organizations_list', () => {
      it('lists every organization for the master, paged', async () => {
        const response = await master.get('/api/organizations/');
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.count).toBe(2);
        expect(body.next).toBeNull();
        expect(body.previous).toBeNull();
        expect(body.results.map((o: { token: string }) => o.token)).toEqual(['harbor', 'sunrise']);
        expect(body.results[0]).toHaveProperty('style.primary');
      });

      it('pages with limit and offset and links to the neighbouring pages', async () => {
        const first = (await master.in('sunrise').get('/api/organizations/?limit=1')).json();
        expect(first.count).toBe(2);
        expect(first.results).toHaveLength(1);
        expect(first.previous).toBeNull();
        expect(first.next).toBe('http://portal.test/api/organizations/?limit=1&offset=1');
        const second = (await master.get('/api/organizations/?limit=1&offset=1')).json();
        expect(second.results[0].token).not.toBe(first.results[0].token);
        expect(second.next).toBeNull();
        expect(second.previous).toBe('http://portal.test/api/organizations/?limit=1');
      });

      it('refuses bad paging values naming the field', async () => {
        for (const query of ['limit=0', 'limit=1001', 'offset=-1', 'limit=abc']) {
          const response = await master.get(`/api/organizations/?${query}`);
          expect(response.statusCode, query).toBe(400);
          expect(Object.keys(response.json().fields)).toEqual([query.split('=')[0]]);
        }
      });

      it('is for the master only: an admin gets 403, no token 401', async () => {
        const admin = await sunriseAdmin.get('/api/organizations/');
        expect(admin.statusCode).toBe(403);
        expect(admin.json().code).toBe('permission_denied');
        const anonymous = await t.anonymous.get('/api/organizations/');
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json().code).toBe('not_authenticated');
      });
    });
  });
}
