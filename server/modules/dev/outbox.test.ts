import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizations, outbox, users } from '../../db/schema';
import { testApp, testBackends, type Caller, type TestApi } from '../../test-client';

for (const backend of testBackends()) {
  describe(`dev outbox (${backend})`, () => {
    let t: TestApi;
    let admin: Caller;
    let harborAdmin: Caller;

    beforeAll(async () => {
      t = await testApp({ backend });
      // the start's sweeps may have mailed already (the weekly reviews, on the day after a week ends): this
      // test counts only the mails it makes
      await t.database.db.delete(outbox);
      admin = await t.as('admin@sunrise.example');
      harborAdmin = await t.as('admin@harbor.example');
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

    const subjects = (body: { results: { subject: string }[] }) => body.results.map((m) => m.subject);
    const linkOf = (text: string, route: string) => new RegExp(`/${route}/([^/\\s]+)/([^/\\s]+)/([^/\\s]+)`).exec(text);

    it('shows the admin the mails of their organization only, newest first, with the fields of a Mail', async () => {
      const response = await admin.get('/api/dev/outbox/');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ count: 1, next: null, previous: null });
      expect(body.results).toEqual([
        {
          id: expect.any(Number),
          to: 'someone@sunrise.example',
          subject: 'Sunrise mail',
          text: 'Text of Sunrise mail',
          state: 'printed',
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ]);
      expect(subjects((await harborAdmin.in(null).get('/api/dev/outbox/')).json())).toEqual([
        'Harbor-scoped mail to a sunrise address',
        'Harbor mail',
      ]);
    });

    it("never shows a working link: an admin who asks for the master's password reset finds nothing to follow", async () => {
      // the attack of the security review: a Sunrise admin asks, on the public page, for a reset of the master
      const last = t.delivered()[0]?.id ?? 0;
      const asked = await t.anonymous
        .in('sunrise')
        .post('/api/auth/password/reset/', { email: 'master@portal.example' });
      expect(asked.statusCode).toBe(204);
      const mailed = await t.waitForMail('master@portal.example', last);
      const [, uid, token] = linkOf(mailed.text, 'reset-password')!;
      for (const [session, organization] of [
        [admin, 'sunrise'],
        [harborAdmin, 'harbor'],
      ] as const) {
        const page = (await session.in(organization).get('/api/dev/outbox/?limit=100')).json();
        expect(page.results.map((m: { to: string }) => m.to)).not.toContain('master@portal.example');
        expect(JSON.stringify(page)).not.toContain(token);
      }
      // the link still works for its recipient (the console of console-mail mode)
      const [before] = await t.database.db.select().from(users).where(eq(users.email, 'master@portal.example'));
      const confirmed = await t.anonymous.post('/api/auth/password/reset/confirm/', {
        uid,
        token,
        new_password: 'Quiet-Harbor-Lantern-8842',
      });
      expect(confirmed.statusCode).toBe(204);
      await t.database.db.update(users).set({ passwordHash: before.passwordHash }).where(eq(users.id, before.id));
    });

    it('keeps invitations and password resets with their tokens redacted: what /dev shows opens no account', async () => {
      const invited = await admin.in(null).post('/api/users/', {
        email: 'outbox.invite@example.com',
        first_name: 'Olga',
        last_name: 'Berg',
        role: 'ROLE_CLIENT',
      });
      expect(invited.statusCode).toBe(201);
      const last = t.delivered()[0]?.id ?? 0;
      const reset = await t.anonymous.post('/api/auth/password/reset/', { email: 'aide@sunrise.example' });
      expect(reset.statusCode).toBe(204);
      const resetMail = await t.waitForMail('aide@sunrise.example', last);
      const invitationMail = await t.waitForMail('outbox.invite@example.com');
      const body = (await admin.in(null).get('/api/dev/outbox/?limit=2')).json();
      expect(body.count).toBe(3);
      expect(body.next).toBe('http://portal.test/api/dev/outbox/?limit=2&offset=2');
      expect(body.results.map((m: { to: string }) => m.to).sort()).toEqual([
        'aide@sunrise.example',
        'outbox.invite@example.com',
      ]);
      for (const [mail, route] of [
        [invitationMail, 'sign-up'],
        [resetMail, 'reset-password'],
      ] as const) {
        const [, uid, token, organization] = linkOf(mail.text, route)!;
        const shown = body.results.find((m: { to: string }) => m.to === mail.to);
        expect(shown.text).toContain(`http://portal.test/${route}/${uid}/[redacted]/${organization}`);
        expect(shown.text).not.toContain(token);
        expect(shown.subject).toBe(mail.subject);
        // and the outbox table itself holds no token (a database reader or a backup opens nothing either)
        const [row] = (await t.mails()).filter((m) => m.to === mail.to);
        expect(row.text).not.toContain(token);
        expect(row.text).toBe(shown.text);
      }
      const forged = await t.anonymous.post('/api/auth/password/reset/confirm/', {
        uid: linkOf(resetMail.text, 'reset-password')![1],
        token: '[redacted]',
        new_password: 'Quiet-Harbor-Lantern-8842',
      });
      expect(forged.statusCode).toBe(400);
      const second = (await admin.in(null).get('/api/dev/outbox/?limit=2&offset=2')).json();
      expect(subjects(second)).toEqual(['Sunrise mail']);
      expect(second.previous).toBe('http://portal.test/api/dev/outbox/?limit=2');
    });

    it('is for admins only, in their own organization', async () => {
      expect((await t.anonymous.get('/api/dev/outbox/')).statusCode).toBe(401);
      const master = await t.as('master@portal.example');
      expect((await master.in('sunrise').get('/api/dev/outbox/')).statusCode).toBe(403);
      for (const email of ['nurse@sunrise.example', 'client@sunrise.example', 'marketer@sunrise.example']) {
        const session = await t.as(email);
        const response = await session.in(null).get('/api/dev/outbox/');
        expect(response.statusCode, email).toBe(403);
        expect(response.json().code).toBe('permission_denied');
      }
      expect((await admin.in('harbor').get('/api/dev/outbox/')).statusCode).toBe(403);
      expect((await admin.in('nowhere').get('/api/dev/outbox/')).statusCode).toBe(403);
    });
  });
}
