import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema';
import { createTestApp, testBackends, type TestApp } from '../../test-support';

type Session = Awaited<ReturnType<TestApp['login']>>;

for (const backend of testBackends()) {
  describe(`dev outbox (${backend})`, () => {
    let t: TestApp;
    let admin: Session;
    let harborAdmin: Session;

    beforeAll(async () => {
      t = await createTestApp({ backend });
      admin = await t.login('admin@sunrise.example');
      harborAdmin = await t.login('admin@harbor.example');
      const orgs = await t.database.db.select().from(organizations);
      const sunriseId = orgs.find((o) => o.token === 'sunrise')!.id;
      const harborId = orgs.find((o) => o.token === 'harbor')!.id;
      const mails = [
        { to: 'someone@sunrise.example', subject: 'Sunrise mail', organizationId: sunriseId },
        { to: 'admin@harbor.example', subject: 'Harbor mail', organizationId: harborId },
        { to: 'NURSE@sunrise.example', subject: 'Unscoped mail to a sunrise user', organizationId: null },
        { to: 'master@portal.example', subject: 'Master mail', organizationId: null },
        { to: 'nurse@sunrise.example', subject: 'Harbor-scoped mail to a sunrise address', organizationId: harborId },
      ];
      for (const mail of mails) await t.app.mail.send({ ...mail, text: `Text of ${mail.subject}` });
    });
    afterAll(async () => t?.close());

    const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
    const subjects = (body: { results: { subject: string }[] }) => body.results.map((m) => m.subject);

    it("shows the admin the mails of their organization, newest first, with the fields of a Mail", async () => {
      const response = await get('/api/dev/outbox/', t.headers(admin.access, 'sunrise'));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ count: 2, next: null, previous: null });
      expect(subjects(body)).toEqual(['Unscoped mail to a sunrise user', 'Sunrise mail']);
      expect(body.results[1]).toEqual({
        id: expect.any(Number),
        to: 'someone@sunrise.example',
        subject: 'Sunrise mail',
        text: 'Text of Sunrise mail',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(subjects((await get('/api/dev/outbox/', t.headers(harborAdmin.access))).json())).toEqual([
        'Harbor-scoped mail to a sunrise address',
        'Harbor mail',
      ]);
    });

    it('holds the invitation and password reset mails with their links', async () => {
      const invited = await t.app.inject({
        method: 'POST',
        url: '/api/users/',
        headers: t.headers(admin.access),
        payload: { email: 'outbox.invite@example.com', first_name: 'Olga', last_name: 'Berg', role: 'ROLE_CLIENT' },
      });
      expect(invited.statusCode).toBe(201);
      const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset/', payload: { email: 'aide@sunrise.example' } });
      expect(reset.statusCode).toBe(204);
      await t.waitForMail('aide@sunrise.example');
      const body = (await get('/api/dev/outbox/?limit=2', t.headers(admin.access))).json();
      expect(body.count).toBe(4);
      expect(body.next).toBe('http://portal.test/api/dev/outbox/?limit=2&offset=2');
      expect(body.results.map((m: { to: string }) => m.to).sort()).toEqual(['aide@sunrise.example', 'outbox.invite@example.com']);
      const invitation = body.results.find((m: { to: string }) => m.to === 'outbox.invite@example.com');
      expect(invitation.text).toMatch(/http:\/\/portal\.test\/sign-up\/[^/\s]+\/[^/\s]+\/sunrise/);
      const second = (await get('/api/dev/outbox/?limit=2&offset=2', t.headers(admin.access))).json();
      expect(subjects(second)).toEqual(['Unscoped mail to a sunrise user', 'Sunrise mail']);
      expect(second.previous).toBe('http://portal.test/api/dev/outbox/?limit=2');
    });

    it('is for admins only, in their own organization', async () => {
      expect((await get('/api/dev/outbox/', {})).statusCode).toBe(401);
      const master = await t.login('master@portal.example');
      expect((await get('/api/dev/outbox/', t.headers(master.access, 'sunrise'))).statusCode).toBe(403);
      for (const email of ['nurse@sunrise.example', 'client@sunrise.example', 'marketer@sunrise.example']) {
        const session = await t.login(email);
        const response = await get('/api/dev/outbox/', t.headers(session.access));
        expect(response.statusCode, email).toBe(403);
        expect(response.json().code).toBe('permission_denied');
      }
      expect((await get('/api/dev/outbox/', t.headers(admin.access, 'harbor'))).statusCode).toBe(403);
      expect((await get('/api/dev/outbox/', t.headers(admin.access, 'nowhere'))).statusCode).toBe(403);
    });
  });
}
