import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsFor } from '#domain/permissions';
import { auditLog, users } from '../../db/schema';
import { testApp, testBackends, type Caller, type TestApi } from '../../test-client';

const NEW_PASSWORD = 'Quiet-lantern-meadow-2026';

for (const backend of testBackends()) {
  describe(`users (${backend})`, () => {
    let t: TestApi;
    let master: Caller;
    let sunriseAdmin: Caller;
    let harborAdmin: Caller;
    let nurse: Caller;
    let harborAdminId: number;
    let masterId: number;

    beforeAll(async () => {
      t = await testApp({ backend });
      master = await t.as('master@portal.example');
      masterId = master.user.id;
      sunriseAdmin = await t.as('admin@sunrise.example');
      harborAdmin = await t.as('admin@harbor.example');
      harborAdminId = harborAdmin.user.id;
      nurse = await t.as('nurse@sunrise.example');
    });
    afterAll(async () => t?.close());

    const emails = (body: { results: { email: string }[] }) => body.results.map((u) => u.email);
    const auditRows = (entityId: number) =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(entityId))))
        .orderBy(auditLog.id);
    const invite = (payload: Record<string, unknown>, caller = sunriseAdmin) => caller.post('/api/users/', payload);

    describe('users_list', () => {
      it("lists the organization's users, ordered by last name, never the master nor another organization's", async () => {
        const response = await sunriseAdmin.get('/api/users/');
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.count).toBe(6);
        expect(body.next).toBeNull();
        expect(body.previous).toBeNull();
        expect(body.results.map((u: { last_name: string }) => u.last_name)).toEqual([
          'Grant',
          'Lindqvist',
          'Okafor',
          'Patel',
          'Silva',
          'Whitfield',
        ]);
        expect(emails(body).every((email) => email.endsWith('@sunrise.example'))).toBe(true);
        const nurseRow = body.results.find((u: { email: string }) => u.email === 'nurse@sunrise.example');
        expect(nurseRow).toMatchObject({
          role: 'ROLE_EMPLOYEE',
          is_active: true,
          invitation_pending: false,
          organization: { token: 'sunrise', name: 'Sunrise Home Care' },
          profile: { status: 'READY', position: 'RN', forms_due: 0 },
        });
        // permissions are the signed-in User's (spec 3); the office's view of a person carries role and status
        expect(nurseRow).not.toHaveProperty('permissions');
        expect(JSON.stringify(body)).not.toMatch(/password_hash|passwordHash|argon2/i);
      });

      it('answers each user exactly as users_retrieve does (one User shape, whatever the list selects)', async () => {
        const listed = (await sunriseAdmin.get('/api/users/?limit=100')).json().results as {
          id: number;
          last_login: string | null;
          profile: { forms_due: number } | null;
        }[];
        expect(listed.length).toBe(6);
        for (const user of listed) expect(user).toEqual((await sunriseAdmin.get(`/api/users/${user.id}/`)).json());
        // a signed-in employee (last_login, profile with forms due) and a pending invitation are among them
        expect(listed.some((user) => user.last_login !== null)).toBe(true);
        expect(listed.some((user) => user.profile?.forms_due)).toBe(true);
      });

      it("is the signed-in person's own User without the permissions, which follow from role and profile status", async () => {
        const listed = (await sunriseAdmin.get('/api/users/?search=nurse@')).json().results[0];
        const me = (await nurse.get('/api/auth/user/')).json();
        const { permissions, ...view } = me;
        expect(listed).toEqual(view);
        expect([...permissions].sort()).toEqual([...permissionsFor('ROLE_EMPLOYEE', 'READY')].sort());
      });

      it('lets the master act in the organization named by the header, and asks for one without it', async () => {
        const sunrise = (await master.in('sunrise').get('/api/users/')).json();
        expect(sunrise.count).toBe(6);
        expect(emails(sunrise)).not.toContain('master@portal.example');
        const harbor = (await master.in('harbor').get('/api/users/')).json();
        expect(emails(harbor).sort()).toEqual([
          'admin@harbor.example',
          'june.holloway@harbor.example',
          'tomas.reid@harbor.example',
        ]);
        const none = await master.get('/api/users/');
        expect(none.statusCode).toBe(400);
        expect(none.json()).toMatchObject({
          code: 'organization_required',
          fields: { 'X-ORGANIZATION-TOKEN': expect.any(Array) },
        });
        const unknown = await master.in('nowhere').get('/api/users/');
        expect(unknown.statusCode).toBe(403);
      });

      it('searches first name, last name and email case-insensitively, every word matching', async () => {
        const search = async (q: string) =>
          emails((await sunriseAdmin.get(`/api/users/?search=${encodeURIComponent(q)}`)).json());
        expect(await search('NORA')).toEqual(['nurse@sunrise.example']);
        expect(await search('lindq')).toEqual(['aide@sunrise.example']);
        expect(await search('Alice Grant')).toEqual(['admin@sunrise.example']);
        expect(await search('MARKETER@SUNRISE')).toEqual(['marketer@sunrise.example']);
        expect(await search('harbor')).toEqual([]);
        expect(await search('%')).toEqual([]);
        expect(await search('_')).toEqual([]);
        expect((await search('   ')).length).toBe(6);
      });

      it('filters by role and state, with the count under the same filter', async () => {
        const employees = (await sunriseAdmin.get('/api/users/?role=ROLE_EMPLOYEE')).json();
        expect(employees.count).toBe(3);
        expect(emails(employees).sort()).toEqual([
          'aide@sunrise.example',
          'newhire@sunrise.example',
          'nurse@sunrise.example',
        ]);
        const admins = (await sunriseAdmin.get('/api/users/?role=ROLE_ADMIN&search=grant')).json();
        expect(emails(admins)).toEqual(['admin@sunrise.example']);
        expect((await sunriseAdmin.get('/api/users/?is_active=false')).json().count).toBe(0);
        expect((await sunriseAdmin.get('/api/users/?is_active=true')).json().count).toBe(6);
        const master = await sunriseAdmin.get('/api/users/?role=ROLE_MASTER');
        expect(master.statusCode).toBe(400);
        expect(Object.keys(master.json().fields)).toEqual(['role']);
      });

      it('orders by a whitelisted field only', async () => {
        const byEmail = emails((await sunriseAdmin.get('/api/users/?ordering=email')).json());
        expect(byEmail).toEqual([...byEmail].sort());
        expect(emails((await sunriseAdmin.get('/api/users/?ordering=-email')).json())).toEqual([...byEmail].reverse());
        const byFirst = (await sunriseAdmin.get('/api/users/?ordering=-first_name'))
          .json()
          .results.map((u: { first_name: string }) => u.first_name);
        expect(byFirst).toEqual([...byFirst].sort().reverse());
        expect((await sunriseAdmin.get('/api/users/?ordering=created_at')).statusCode).toBe(200);
        const bad = await sunriseAdmin.get('/api/users/?ordering=password_hash');
        expect(bad.statusCode).toBe(400);
        expect(Object.keys(bad.json().fields)).toEqual(['ordering']);
      });

      it('pages with limit and offset, keeping the filters in the links', async () => {
        const first = (await sunriseAdmin.get('/api/users/?role=ROLE_EMPLOYEE&limit=2')).json();
        expect(first.count).toBe(3);
        expect(first.results).toHaveLength(2);
        expect(first.previous).toBeNull();
        expect(first.next).toBe('http://portal.test/api/users/?role=ROLE_EMPLOYEE&limit=2&offset=2');
        const second = (await sunriseAdmin.get('/api/users/?role=ROLE_EMPLOYEE&limit=2&offset=2')).json();
        expect(second.results).toHaveLength(1);
        expect(second.next).toBeNull();
        expect(second.previous).toBe('http://portal.test/api/users/?role=ROLE_EMPLOYEE&limit=2');
        expect([...emails(first), ...emails(second)].sort()).toEqual(emails(employees3()).sort());
        const beyond = (await sunriseAdmin.get('/api/users/?offset=100')).json();
        expect(beyond).toMatchObject({ count: 6, results: [], next: null });
      });
      const employees3 = () => ({
        results: ['aide', 'newhire', 'nurse'].map((n) => ({ email: `${n}@sunrise.example` })),
      });

      it('refuses without a token (401), without view-users (403) and with a foreign organization header (403)', async () => {
        expect((await t.anonymous.get('/api/users/')).statusCode).toBe(401);
        const employee = await nurse.get('/api/users/');
        expect(employee.statusCode).toBe(403);
        expect(employee.json().code).toBe('permission_denied');
        const foreign = await sunriseAdmin.in('harbor').get('/api/users/');
        expect(foreign.statusCode).toBe(403);
        const unknown = await sunriseAdmin.in('nowhere').get('/api/users/');
        expect(unknown.statusCode).toBe(403);
        const ownWithoutHeader = await sunriseAdmin.in(null).get('/api/users/');
        expect(ownWithoutHeader.statusCode).toBe(200);
        expect(ownWithoutHeader.json().count).toBe(6);
      });
    });

    describe('users_retrieve', () => {
      it("answers a user of the organization, the master's view alike", async () => {
        const response = await sunriseAdmin.get(`/api/users/${nurse.user.id}/`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          id: nurse.user.id,
          email: 'nurse@sunrise.example',
          profile: { status: 'READY' },
        });
        const byMaster = await master.in('harbor').get(`/api/users/${harborAdminId}/`);
        expect(byMaster.statusCode).toBe(200);
        expect(byMaster.json()).toMatchObject({
          email: 'admin@harbor.example',
          profile: null,
          organization: { token: 'harbor' },
        });
      });

      it("is 404 for another organization's user, the master, and ids that do not exist", async () => {
        for (const id of [harborAdminId, masterId, 999_999]) {
          const response = await sunriseAdmin.get(`/api/users/${id}/`);
          expect(response.statusCode, String(id)).toBe(404);
          expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
        }
        expect((await master.in('sunrise').get(`/api/users/${harborAdminId}/`)).statusCode).toBe(404);
        const bad = await sunriseAdmin.get('/api/users/abc/');
        expect(bad.statusCode).toBe(400);
        expect(Object.keys(bad.json().fields)).toEqual(['id']);
      });

      it('refuses without a token, without view-users and with a foreign header', async () => {
        const url = `/api/users/${nurse.user.id}/`;
        expect((await t.anonymous.get(url)).statusCode).toBe(401);
        expect((await nurse.in(null).get(url)).statusCode).toBe(403);
        expect((await sunriseAdmin.in('harbor').get(url)).statusCode).toBe(403);
        expect((await harborAdmin.get(url)).statusCode).toBe(404);
      });
    });

    describe('users_create and users_invitation_create', () => {
      it('invites a user: no password yet, a NEW profile for an employee, a sign-up mail whose link signs them up', async () => {
        const response = await invite({
          email: 'Invited.Nurse@Example.COM',
          first_name: 'Ivy',
          last_name: 'Moreau',
          role: 'ROLE_EMPLOYEE',
        });
        expect(response.statusCode).toBe(201);
        const user = response.json();
        expect(user).toMatchObject({
          email: 'invited.nurse@example.com',
          first_name: 'Ivy',
          last_name: 'Moreau',
          role: 'ROLE_EMPLOYEE',
          is_active: true,
          invitation_pending: true,
          last_login: null,
          timezone: 'America/New_York',
          organization: { token: 'sunrise' },
          profile: { status: 'NEW', position: null, forms_due: 0 },
        });
        expect(user).not.toHaveProperty('permissions');

        const [mail] = t.delivered();
        expect(mail).toMatchObject({ to: 'invited.nurse@example.com', organizationId: user.organization.id });
        expect(mail.subject).toContain('Sunrise Home Care');
        const link = /http:\/\/portal\.test\/sign-up\/([^/\s]+)\/([^/\s]+)\/sunrise/.exec(mail.text);
        expect(link).not.toBeNull();

        const invited = await t.anonymous.post('/api/auth/login/', { email: user.email, password: NEW_PASSWORD });
        expect(invited.statusCode).toBe(401);

        const signUp = await t.anonymous.post('/api/auth/sign-up/confirm/', {
          uid: link![1],
          token: link![2],
          password: NEW_PASSWORD,
        });
        expect(signUp.statusCode).toBe(200);
        expect(signUp.json().user).toMatchObject({ id: user.id, invitation_pending: false });
        expect((await sunriseAdmin.get(`/api/users/${user.id}/`)).json().invitation_pending).toBe(false);

        const resend = await sunriseAdmin.post(`/api/users/${user.id}/invitation/`);
        expect(resend.statusCode).toBe(400);
        expect(resend.json()).toEqual({ detail: 'This user has already signed up.', code: 'already_signed_up' });

        const [created] = await auditRows(user.id);
        expect(created).toMatchObject({
          actorId: sunriseAdmin.user.id,
          organizationId: user.organization.id,
          operationId: 'users_create',
          changedFields: {
            event: 'invite',
            email: user.email,
            role: 'ROLE_EMPLOYEE',
            first_name: 'Ivy',
            last_name: 'Moreau',
          },
        });
      });

      it('resends the invitation while it is pending, with a fresh working link', async () => {
        const user = (
          await invite({
            email: 'marketer.two@example.com',
            first_name: 'Mina',
            last_name: 'Cole',
            role: 'ROLE_MARKETER',
          })
        ).json();
        expect(user.profile).toBeNull();
        const before = t.delivered().filter((m) => m.to === user.email).length;
        const resend = await sunriseAdmin.post(`/api/users/${user.id}/invitation/`);
        expect(resend.statusCode).toBe(204);
        expect(resend.body).toBe('');
        const mails = t.delivered().filter((m) => m.to === user.email);
        expect(mails).toHaveLength(before + 1);
        expect(mails[0].text).toMatch(/\/sign-up\/[^/]+\/[^/]+\/sunrise/);
        const rows = await auditRows(user.id);
        expect(rows.at(-1)).toMatchObject({
          operationId: 'users_invitation_create',
          changedFields: { event: 'invitation-resend' },
        });
      });

      it('lets the master invite into the organization of the header', async () => {
        const response = await invite(
          { email: 'harbor.client@example.com', first_name: 'Hugo', last_name: 'Lane', role: 'ROLE_CLIENT' },
          master.in('harbor'),
        );
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({ organization: { token: 'harbor' }, timezone: 'America/Chicago' });
        const [mail] = t.delivered();
        expect(mail.to).toBe('harbor.client@example.com');
        expect(mail.text).toMatch(/\/sign-up\/[^/]+\/[^/]+\/harbor/);
        expect((await sunriseAdmin.get('/api/users/?search=hugo')).json().count).toBe(0);
        expect((await harborAdmin.in(null).get('/api/users/?search=hugo')).json().count).toBe(1);
      });

      it('refuses an email already in use in the organization (any case) or by the master, naming the field', async () => {
        for (const email of ['nurse@sunrise.example', 'NURSE@Sunrise.example', 'master@portal.example']) {
          const response = await invite({ email, first_name: 'Dup', last_name: 'Licate', role: 'ROLE_CLIENT' });
          expect(response.statusCode, email).toBe(400);
          expect(response.json().fields).toEqual({ email: ['A user with this email already exists.'] });
        }
      });

      it('lets a caregiver hold an account in each agency: an invitation reveals nothing of the other, and each signs in on its own page', async () => {
        const harborAdmin = await t.as('admin@harbor.example');
        const email = 'two.agencies@example.com';
        /** Follows the newest sign-up link of that organization. */
        const signUp = async (organization: string, password: string) => {
          const mail = t.delivered().find((m) => m.to === email && m.text.includes(`/${organization}`))!;
          const [, uid, token] = new RegExp(`/sign-up/([^/\\s]+)/([^/\\s]+)/${organization}`).exec(mail.text)!;
          expect((await t.anonymous.post('/api/auth/sign-up/confirm/', { uid, token, password })).statusCode).toBe(200);
        };
        // she works for Sunrise
        const atSunriseUser = (
          await invite({ email, first_name: 'Rita', last_name: 'Two', role: 'ROLE_EMPLOYEE' })
        ).json();
        const SUNRISE_PASSWORD = 'Morning-Lantern-Orchard-5521';
        await signUp('sunrise', SUNRISE_PASSWORD);
        // Harbor invites her too: the same answer as for anyone new, nothing about Sunrise
        const invited = await invite(
          { email: email.toUpperCase(), first_name: 'Rita', last_name: 'Two', role: 'ROLE_EMPLOYEE' },
          harborAdmin,
        );
        expect(invited.statusCode).toBe(201);
        expect(invited.json()).toMatchObject({ email, organization: { token: 'harbor' }, invitation_pending: true });
        expect(JSON.stringify(invited.json())).not.toMatch(/sunrise/i);
        const HARBOR_PASSWORD = 'Tidal-Beacon-Compass-7712';
        await signUp('harbor', HARBOR_PASSWORD);

        const signIn = (organization: string, password: string) =>
          t.anonymous.in(organization).post('/api/auth/login/', { email, password });
        const atSunrise = await signIn('sunrise', SUNRISE_PASSWORD);
        expect(atSunrise.statusCode).toBe(200);
        expect(atSunrise.json().user).toMatchObject({ id: atSunriseUser.id, organization: { token: 'sunrise' } });
        const atHarbor = await signIn('harbor', HARBOR_PASSWORD);
        expect(atHarbor.statusCode).toBe(200);
        expect(atHarbor.json().user).toMatchObject({ id: invited.json().id, organization: { token: 'harbor' } });
        // each password opens its own account only
        expect((await signIn('harbor', SUNRISE_PASSWORD)).statusCode).toBe(401);
        expect((await signIn('sunrise', HARBOR_PASSWORD)).statusCode).toBe(401);
        // each organization's list holds its own account only
        const harborList = (await harborAdmin.get('/api/users/?search=two.agencies')).json();
        expect(harborList.results.map((u: { id: number }) => u.id)).toEqual([invited.json().id]);
        const sunriseList = (await sunriseAdmin.get('/api/users/?search=two.agencies')).json();
        expect(sunriseList.results.map((u: { id: number }) => u.id)).toEqual([atSunriseUser.id]);
        // and a password reset asked for on Harbor's page reaches the Harbor account only
        const last = t.delivered()[0]?.id ?? 0;
        await t.anonymous.in('harbor').post('/api/auth/password/reset/', { email });
        expect((await t.waitForMail(email, last)).text).toMatch(/\/reset-password\/[^/\s]+\/[^/\s]+\/harbor/);
      });

      it('refuses missing or malformed fields and the master role, naming each field', async () => {
        const missing = await invite({});
        expect(missing.statusCode).toBe(400);
        expect(Object.keys(missing.json().fields).sort()).toEqual(['email', 'first_name', 'last_name', 'role']);
        const bad = await invite({
          email: 'not-an-email',
          first_name: '',
          last_name: 'x'.repeat(151),
          role: 'ROLE_MASTER',
        });
        expect(bad.statusCode).toBe(400);
        expect(Object.keys(bad.json().fields).sort()).toEqual(['email', 'first_name', 'last_name', 'role']);
      });

      it('ignores body fields that name an organization', async () => {
        const harborId = (await t.anonymous.get('/api/organizations/harbor/')).json().id;
        const response = await invite({
          email: 'sneaky@example.com',
          first_name: 'Sam',
          last_name: 'Stone',
          role: 'ROLE_CLIENT',
          organization: { id: harborId, token: 'harbor' },
          organization_id: harborId,
          is_active: false,
        });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({ organization: { token: 'sunrise' }, is_active: true });
        const [row] = await t.database.db.select().from(users).where(eq(users.email, 'sneaky@example.com'));
        expect(row.organizationId).toBe(response.json().organization.id);
      });

      it("is 404 for another organization's user and refuses without permission", async () => {
        expect((await sunriseAdmin.post(`/api/users/${harborAdminId}/invitation/`)).statusCode).toBe(404);
        expect((await sunriseAdmin.post(`/api/users/${masterId}/invitation/`)).statusCode).toBe(404);
        const body = { email: 'x1@example.com', first_name: 'X', last_name: 'Y', role: 'ROLE_CLIENT' };
        expect((await invite(body, t.anonymous)).statusCode).toBe(401);
        expect((await invite(body, nurse.in(null))).statusCode).toBe(403);
        expect((await invite(body, sunriseAdmin.in('harbor'))).statusCode).toBe(403);
        expect((await nurse.in(null).post(`/api/users/${nurse.user.id}/invitation/`)).statusCode).toBe(403);
        expect((await t.anonymous.post(`/api/users/${nurse.user.id}/invitation/`)).statusCode).toBe(401);
      });
    });

    describe('users_partial_update', () => {
      it('deactivates a user, which ends every session at once, and reactivates them', async () => {
        const second = await t.as('nurse@sunrise.example');
        const response = await sunriseAdmin.patch(`/api/users/${nurse.user.id}/`, { is_active: false });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: nurse.user.id, is_active: false });

        for (const refresh of [nurse.refresh, second.refresh]) {
          const refreshed = await t.anonymous.post('/api/auth/token/refresh/', { refresh });
          expect(refreshed.statusCode).toBe(401);
        }
        expect((await second.in(null).get('/api/auth/user/')).statusCode).toBe(401);
        expect(
          (await sunriseAdmin.get('/api/users/?is_active=false')).json().results.map((u: { id: number }) => u.id),
        ).toEqual([nurse.user.id]);

        const back = await sunriseAdmin.patch(`/api/users/${nurse.user.id}/`, { is_active: true });
        expect(back.json().is_active).toBe(true);
        const refreshed = await t.anonymous.post('/api/auth/token/refresh/', { refresh: second.refresh });
        expect(refreshed.statusCode).toBe(401);
        nurse = await t.as('nurse@sunrise.example');

        const rows = await auditRows(nurse.user.id);
        const changes = rows.filter((r) => r.operationId === 'users_partial_update').map((r) => r.changedFields);
        expect(changes).toEqual([{ is_active: { from: true, to: false } }, { is_active: { from: false, to: true } }]);
      });

      it('kills every outstanding sign-up and reset link on deactivation, reactivation and role change', async () => {
        const link = (text: string) => /\/(?:sign-up|reset-password)\/([^/\s]+)\/([^/\s]+)\//.exec(text)!;
        const resetLink = async (email: string) => {
          const last = t.delivered()[0]?.id ?? 0;
          await t.anonymous.post('/api/auth/password/reset/', { email });
          return link((await t.waitForMail(email, last)).text);
        };
        const confirmReset = ([, uid, token]: RegExpExecArray) =>
          t.anonymous.post('/api/auth/password/reset/confirm/', { uid, token, new_password: NEW_PASSWORD });

        // a pending invitation, then a deactivation and a reactivation: the first link stays dead
        const invited = (
          await invite({ email: 'stale.link@example.com', first_name: 'Sal', last_name: 'Tate', role: 'ROLE_CLIENT' })
        ).json();
        const [, uid, token] = link((await t.waitForMail('stale.link@example.com')).text);
        expect((await sunriseAdmin.patch(`/api/users/${invited.id}/`, { is_active: false })).statusCode).toBe(200);
        expect((await sunriseAdmin.patch(`/api/users/${invited.id}/`, { is_active: true })).statusCode).toBe(200);
        const signUp = await t.anonymous.post('/api/auth/sign-up/confirm/', { uid, token, password: NEW_PASSWORD });
        expect(signUp.statusCode).toBe(400);
        expect(signUp.json().fields).toHaveProperty('token');

        // a reset link asked for before a deactivation and reactivation
        const beforeDeactivation = await resetLink('marketer@sunrise.example');
        const marketer = (await sunriseAdmin.get('/api/users/?search=marketer@sunrise')).json().results[0];
        await sunriseAdmin.patch(`/api/users/${marketer.id}/`, { is_active: false });
        await sunriseAdmin.patch(`/api/users/${marketer.id}/`, { is_active: true });
        expect((await confirmReset(beforeDeactivation)).statusCode).toBe(400);

        // and one asked for before a role change
        const beforeRoleChange = await resetLink('marketer@sunrise.example');
        await sunriseAdmin.patch(`/api/users/${marketer.id}/`, { role: 'ROLE_CLIENT' });
        expect((await confirmReset(beforeRoleChange)).statusCode).toBe(400);
        await sunriseAdmin.patch(`/api/users/${marketer.id}/`, { role: 'ROLE_MARKETER' });

        // a link asked for afterwards works
        expect((await confirmReset(await resetLink('marketer@sunrise.example'))).statusCode).toBe(204);
      });

      it('changes the role among the organization roles, creating and keeping the employee profile', async () => {
        const client = (
          await invite({ email: 'role.change@example.com', first_name: 'Rae', last_name: 'Quinn', role: 'ROLE_CLIENT' })
        ).json();
        const employee = await sunriseAdmin.patch(`/api/users/${client.id}/`, { role: 'ROLE_EMPLOYEE' });
        expect(employee.statusCode).toBe(200);
        expect(employee.json()).toMatchObject({ role: 'ROLE_EMPLOYEE', profile: { status: 'NEW', forms_due: 0 } });
        const marketer = await sunriseAdmin.patch(`/api/users/${client.id}/`, { role: 'ROLE_MARKETER' });
        expect(marketer.json()).toMatchObject({ role: 'ROLE_MARKETER', profile: null });
        const admin = await sunriseAdmin.patch(`/api/users/${client.id}/`, { role: 'ROLE_ADMIN' });
        expect(admin.json()).toMatchObject({ role: 'ROLE_ADMIN', profile: null });
        expect(admin.json()).not.toHaveProperty('permissions');

        const aideId = (await sunriseAdmin.get('/api/users/?search=aide@')).json().results[0].id;
        await sunriseAdmin.patch(`/api/users/${aideId}/`, { role: 'ROLE_CLIENT' });
        const again = await sunriseAdmin.patch(`/api/users/${aideId}/`, { role: 'ROLE_EMPLOYEE' });
        expect(again.json().profile).toEqual({ status: 'READY', position: 'HHA', forms_due: 1 });

        const rows = await auditRows(client.id);
        expect(rows.at(-1)?.changedFields).toEqual({ role: { from: 'ROLE_MARKETER', to: 'ROLE_ADMIN' } });
      });

      it('never makes a master, and ignores fields it does not own', async () => {
        const master = await sunriseAdmin.patch(`/api/users/${nurse.user.id}/`, { role: 'ROLE_MASTER' });
        expect(master.statusCode).toBe(400);
        expect(Object.keys(master.json().fields)).toEqual(['role']);
        const harborId = (await t.anonymous.get('/api/organizations/harbor/')).json().id;
        const moved = await sunriseAdmin.patch(`/api/users/${nurse.user.id}/`, {
          organization: harborId,
          organization_id: harborId,
          email: 'x@y.z',
        });
        expect(moved.statusCode).toBe(200);
        expect(moved.json()).toMatchObject({ organization: { token: 'sunrise' }, email: 'nurse@sunrise.example' });
        const wrongType = await sunriseAdmin.patch(`/api/users/${nurse.user.id}/`, { is_active: 'no' });
        expect(wrongType.statusCode).toBe(400);
        expect(Object.keys(wrongType.json().fields)).toEqual(['is_active']);
      });

      it('refuses to let a user deactivate themself or change their own role', async () => {
        const deactivate = await sunriseAdmin.patch(`/api/users/${sunriseAdmin.user.id}/`, { is_active: false });
        expect(deactivate.statusCode).toBe(400);
        expect(deactivate.json()).toEqual({
          detail: 'You cannot deactivate your own account.',
          code: 'invalid',
          fields: { is_active: ['You cannot deactivate your own account.'] },
        });
        const role = await sunriseAdmin.patch(`/api/users/${sunriseAdmin.user.id}/`, { role: 'ROLE_CLIENT' });
        expect(role.statusCode).toBe(400);
        expect(role.json().fields).toEqual({ role: ['You cannot change your own role.'] });
        const unchanged = await sunriseAdmin.patch(`/api/users/${sunriseAdmin.user.id}/`, {
          role: 'ROLE_ADMIN',
          is_active: true,
        });
        expect(unchanged.statusCode).toBe(200);
        expect((await sunriseAdmin.get('/api/auth/user/')).json()).toMatchObject({
          role: 'ROLE_ADMIN',
          is_active: true,
        });
      });

      it("is 404 for another organization's user, the master's in the wrong organization, and refuses without permission", async () => {
        const url = `/api/users/${harborAdminId}/`;
        expect((await sunriseAdmin.patch(url, { is_active: false })).statusCode).toBe(404);
        expect((await master.in('sunrise').patch(url, { is_active: false })).statusCode).toBe(404);
        expect((await sunriseAdmin.patch(`/api/users/${masterId}/`, { is_active: false })).statusCode).toBe(404);
        expect((await harborAdmin.in(null).get('/api/auth/user/')).statusCode).toBe(200);
        const own = `/api/users/${nurse.user.id}/`;
        expect((await t.anonymous.patch(own, { is_active: false })).statusCode).toBe(401);
        expect((await nurse.in(null).patch(own, { is_active: false })).statusCode).toBe(403);
        expect((await sunriseAdmin.in('harbor').patch(own, { is_active: false })).statusCode).toBe(403);
      });

      it('lets the master deactivate a user of the organization of the header', async () => {
        const response = await master.in('harbor').patch(`/api/users/${harborAdminId}/`, { is_active: false });
        expect(response.statusCode).toBe(200);
        expect(response.json().is_active).toBe(false);
        expect((await harborAdmin.in(null).get('/api/auth/user/')).statusCode).toBe(401);
        const [row] = (await auditRows(harborAdminId)).slice(-1);
        expect(row).toMatchObject({
          actorId: masterId,
          organizationId: expect.any(Number),
          changedFields: { is_active: { from: true, to: false } },
        });
      });

      it('writes no secret into the audit log', async () => {
        const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'user'));
        expect(JSON.stringify(rows)).not.toMatch(/argon2|password_hash|sign-up\//);
      });
    });
  });
}
