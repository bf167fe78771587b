/**
 * Audit: every change and every sign-in attempt (success, failure, throttled) writes exactly one audit row
 * naming the operation; after a run of changes no row holds a password, a hash, a token or signature data;
 * nothing can edit the log through the database connection.
 */
import { gt, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/connection';
import { auditLog, notifications } from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { createTestApp, testBackends, type TestApp } from '../../server/test-support';
import {
  buildWorld,
  cloneUser,
  countRows,
  loadOperations,
  mintSession,
  STRONG_PASSWORD,
  TINY_PNG,
  unique,
  type World,
} from './support';

/** uid and token of a mailed link: `${PUBLIC_URL}/<route>/<uid>/<token>/<organization>`. */
function linkParts(text: string): { uid: string; token: string } {
  const url = new URL(/https?:\/\/\S+/.exec(text)![0]);
  const [, uid, token] = url.pathname.split('/').filter(Boolean);
  return { uid, token };
}

for (const backend of testBackends()) {
  describe(`audit (${backend})`, () => {
    let t: TestApp;
    let world: World;
    let operationIds: string[] = [];
    /** Every secret that went over the wire during the run, to be searched for in the log. */
    const secrets = new Set<string>([DEMO_PASSWORD, STRONG_PASSWORD, TINY_PNG.slice('data:image/png;base64,'.length)]);

    beforeAll(async () => {
      t = await createTestApp({ backend });
      world = await buildWorld(t, ['admin', 'master', 'nurse']);
      for (const identity of Object.values(world.identities)) {
        secrets.add(identity.access);
        secrets.add(identity.refresh);
      }
      operationIds = (await loadOperations(t)).operations.map((o) => o.operationId);
    });
    afterAll(async () => {
      await t?.close();
    });

    const lastId = async () =>
      Number((await t.database.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog))[0].id);
    const rowsAfter = (id: number) => t.database.db.select().from(auditLog).where(gt(auditLog.id, id));

    /** Runs `action` and expects exactly one new audit row, with the operation id when given. */
    async function expectOneRow(
      what: string,
      action: () => Promise<{ statusCode: number; body: string }>,
      expected: { status: number; operationId: string },
    ) {
      const before = await lastId();
      const response = await action();
      expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBe(expected.status);
      // some modules write after answering; give them a moment
      let rows = await rowsAfter(before);
      for (let i = 0; i < 10 && rows.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 30));
        rows = await rowsAfter(before);
      }
      expect(
        rows.map((r) => `${r.operationId} ${r.entity}`),
        what,
      ).toHaveLength(1);
      expect(rows[0].operationId, what).toBe(expected.operationId);
      return rows[0];
    }

    const inject = (options: InjectOptions) => t.app.inject(options);

    it('writes one row per sign-in: success, wrong password, unknown email, throttled', async () => {
      const clone = await cloneUser(t, world.identities.nurse.userId);
      const login = (email: string, password: string) => () =>
        inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });
      const success = await expectOneRow('successful sign-in', login(clone.email, DEMO_PASSWORD), {
        status: 200,
        operationId: 'auth_login_create',
      });
      expect(success.actorId).toBe(clone.id);
      const failure = await expectOneRow('wrong password', login(clone.email, 'wrong-password-123'), {
        status: 401,
        operationId: 'auth_login_create',
      });
      expect(failure.actorId).toBe(clone.id);
      await expectOneRow('unknown email', login(`nobody-${unique()}@example.test`, 'wrong-password-123'), {
        status: 401,
        operationId: 'auth_login_create',
      });
      for (let i = 0; i < t.config.loginThrottleAccount; i++) await login(clone.email, `wrong-password-${i}`)();
      await expectOneRow('throttled sign-in', login(clone.email, DEMO_PASSWORD), {
        status: 429,
        operationId: 'auth_login_create',
      });
    });

    it('keeps a password typed into the email field out of the log: an unknown account is recorded without the text', async () => {
      const typed = `Tidewater-${unique()}-Lantern`; // a password, typed where the email goes
      secrets.add(typed);
      const row = await expectOneRow(
        'password in the email field',
        () => inject({ method: 'POST', url: '/api/auth/login/', payload: { email: typed, password: DEMO_PASSWORD } }),
        {
          status: 401,
          operationId: 'auth_login_create',
        },
      );
      expect(row.changedFields).toEqual({ event: 'login', outcome: 'failure', account: 'unknown' });
      expect(JSON.stringify(row)).not.toContain(typed);
      // nor does the throttle keep it
      const throttles = await t.database.db.execute(sql`select key from login_throttles`);
      expect(JSON.stringify(throttles)).not.toContain(typed);
      // a known account is named by its email
      const clone = await cloneUser(t, world.identities.nurse.userId);
      const known = await expectOneRow(
        'wrong password',
        () =>
          inject({
            method: 'POST',
            url: '/api/auth/login/',
            payload: { email: clone.email.toUpperCase(), password: 'wrong-password-123' },
          }),
        {
          status: 401,
          operationId: 'auth_login_create',
        },
      );
      expect(known.changedFields).toEqual({ event: 'login', outcome: 'failure', email: clone.email });
    });

    it('writes one row per change of one’s own account', async () => {
      const admin = world.identities.admin;
      const headers = t.headers(admin.access, 'sunrise');
      const profile = await expectOneRow(
        'profile update',
        () =>
          inject({
            method: 'PATCH',
            url: '/api/auth/user/',
            headers,
            payload: { first_name: 'Alicia', phone: '+1 555 0199' },
          }),
        { status: 200, operationId: 'auth_user_partial_update' },
      );
      expect(profile.actorId).toBe(admin.userId);
      expect(profile.organizationId).toBe(world.sunrise.id);
      await expectOneRow(
        'signature',
        () => inject({ method: 'POST', url: '/api/auth/signature/', headers, payload: { signature: TINY_PNG } }),
        {
          status: 200,
          operationId: 'auth_signature_create',
        },
      );

      const clone = await cloneUser(t, admin.userId);
      const session = await mintSession(t, clone.id);
      secrets.add(session.access);
      await expectOneRow(
        'password change',
        () =>
          inject({
            method: 'POST',
            url: '/api/auth/password/change/',
            headers: t.headers(session.access, 'sunrise'),
            payload: { current_password: DEMO_PASSWORD, new_password: STRONG_PASSWORD },
          }),
        { status: 204, operationId: 'auth_password_change_create' },
      );
      await expectOneRow(
        'logout',
        () => inject({ method: 'POST', url: '/api/auth/logout/', headers: t.headers(session.access), payload: {} }),
        {
          status: 204,
          operationId: 'auth_logout_create',
        },
      );
    });

    it('writes one row per password reset and per sign-up', async () => {
      const clone = await cloneUser(t, world.identities.nurse.userId);
      const request = await inject({
        method: 'POST',
        url: '/api/auth/password/reset/',
        payload: { email: clone.email },
      });
      expect(request.statusCode).toBe(204);
      const mail = await t.waitForMail(clone.email);
      const { uid, token } = linkParts(mail.text);
      secrets.add(token);
      const newPassword = `Quiet-Meadow-${unique()}`;
      secrets.add(newPassword);
      await expectOneRow(
        'password reset',
        () =>
          inject({
            method: 'POST',
            url: '/api/auth/password/reset/confirm/',
            payload: { uid, token, new_password: newPassword },
          }),
        { status: 204, operationId: 'auth_password_reset_confirm_create' },
      );

      expect(operationIds, 'a served operation').toContain('users_create');
      const email = `invitee-${unique()}@example.test`;
      const invite = await expectOneRow(
        'invitation',
        () =>
          inject({
            method: 'POST',
            url: '/api/users/',
            headers: t.headers(world.identities.admin.access, 'sunrise'),
            payload: { email, first_name: 'Ines', last_name: 'Vite', role: 'ROLE_CLIENT' },
          }),
        { status: 201, operationId: 'users_create' },
      );
      const invitation = await t.waitForMail(email);
      const { uid: signUpUid, token: signUpToken } = linkParts(invitation.text);
      expect(signUpUid && signUpToken, invitation.text).toBeTruthy();
      secrets.add(signUpToken);
      await expectOneRow(
        'invitation resend',
        () =>
          inject({
            method: 'POST',
            url: `/api/users/${invite.entityId}/invitation/`,
            headers: t.headers(world.identities.admin.access, 'sunrise'),
          }),
        { status: 204, operationId: 'users_invitation_create' },
      );
      const resent = await t.waitForMail(email, invitation.id);
      const resentToken = linkParts(resent.text).token;
      secrets.add(resentToken);
      const password = `Bright-Harvest-${unique()}`;
      secrets.add(password);
      const before = await lastId();
      const signUp = await inject({
        method: 'POST',
        url: '/api/auth/sign-up/confirm/',
        payload: { uid: signUpUid, token: resentToken, password },
      });
      expect(signUp.statusCode, signUp.body).toBe(200);
      secrets.add(signUp.json().access);
      secrets.add(signUp.json().refresh);
      const rows = await rowsAfter(before);
      expect(rows.map((r) => r.operationId)).toEqual(['auth_signup_confirm_create']);
    });

    it('writes one row per change of another user by an admin or the master', async () => {
      expect(operationIds, 'a served operation').toContain('users_partial_update');
      for (const [who, header] of [
        ['admin', 'sunrise'],
        ['master', 'sunrise'],
      ] as const) {
        const target = await cloneUser(t, world.identities.nurse.userId);
        const headers = t.headers(world.identities[who].access, header);
        const deactivate = await expectOneRow(
          `${who} deactivates`,
          () => inject({ method: 'PATCH', url: `/api/users/${target.id}/`, headers, payload: { is_active: false } }),
          { status: 200, operationId: 'users_partial_update' },
        );
        expect(deactivate.actorId).toBe(world.identities[who].userId);
        expect(deactivate.organizationId).toBe(world.sunrise.id);
        expect(deactivate.entityId).toBe(String(target.id));
        await expectOneRow(
          `${who} changes the role`,
          () => inject({ method: 'PATCH', url: `/api/users/${target.id}/`, headers, payload: { role: 'ROLE_CLIENT' } }),
          {
            status: 200,
            operationId: 'users_partial_update',
          },
        );
      }
    });

    it('writes one row when a notification is marked read, and one for read-all', async () => {
      expect(operationIds, 'a served operation').toContain('notifications_partial_update');
      const headers = t.headers(world.identities.admin.access, 'sunrise');
      const id = world.targets.notifications.sunrise;
      await expectOneRow(
        'mark read',
        () => inject({ method: 'PATCH', url: `/api/notifications/${id}/`, headers, payload: { read: true } }),
        {
          status: 200,
          operationId: 'notifications_partial_update',
        },
      );
      expect(operationIds, 'a served operation').toContain('notifications_read_all_create');
      // something unread, so that read-all changes something
      await t.database.db.insert(notifications).values({
        userId: world.identities.admin.userId,
        organizationId: world.sunrise.id,
        type: 'message',
        title: 'Unread',
      });
      await expectOneRow(
        'read all',
        () => inject({ method: 'POST', url: '/api/notifications/read-all/', headers, payload: {} }),
        {
          status: 204,
          operationId: 'notifications_read_all_create',
        },
      );
    });

    it('keeps no password, hash, token or signature data in any row', async () => {
      const all = rowsOf(await t.database.db.execute(sql`SELECT * FROM audit_log ORDER BY id`));
      expect(all.length).toBeGreaterThan(10);
      const problems: string[] = [];
      for (const row of all) {
        const text = JSON.stringify(row);
        for (const secret of secrets)
          if (secret && text.includes(secret))
            problems.push(`row ${String(row.id)} holds a secret (${secret.slice(0, 12)}…): ${text.slice(0, 300)}`);
        if (/\$argon2|\$2[aby]\$|eyJhbGciOi|data:image|base64,/.test(text))
          problems.push(`row ${String(row.id)} holds hash, JWT or image data: ${text.slice(0, 300)}`);
        const keys = JSON.stringify(Object.keys((row.changed_fields as object) ?? {}));
        if (/pass|token|secret|hash|refresh|access/i.test(keys))
          problems.push(`row ${String(row.id)} has a secret-named field: ${keys}`);
      }
      console.info(
        `[audit ${backend}] rows scanned=${all.length} secrets searched=${secrets.size} problems=${problems.length}`,
      );
      expect(problems).toEqual([]);
    });

    it('cannot be edited: UPDATE, DELETE and TRUNCATE through the database connection fail', async () => {
      const count = await countRows(t, 'audit_log');
      expect(count).toBeGreaterThan(0);
      await expect(
        t.database.db.execute(sql`UPDATE audit_log SET entity = 'edited' WHERE id = (SELECT min(id) FROM audit_log)`),
      ).rejects.toThrow();
      await expect(t.database.db.execute(sql`UPDATE audit_log SET changed_fields = NULL`)).rejects.toThrow();
      await expect(
        t.database.db.execute(sql`DELETE FROM audit_log WHERE id = (SELECT max(id) FROM audit_log)`),
      ).rejects.toThrow();
      await expect(t.database.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
      expect(await countRows(t, 'audit_log')).toBe(count);
      const [edited] = (await t.database.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.entity} = 'edited'`)) as unknown[];
      expect(edited).toBeUndefined();
    });

    it('offers no API operation that edits or deletes audit rows', () => {
      const auditWrites = operationIds.filter((id) => /audit/.test(id) && !/_(list|retrieve)$/.test(id));
      expect(auditWrites).toEqual([]);
    });
  });
}
