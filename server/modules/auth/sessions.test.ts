import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFamilies, users } from '../../db/schema';
import { createTestApp, testBackends, type TestApp } from '../../test-support';
import { revokeUserSessions } from './sessions';

for (const backend of testBackends()) {
  describe(`sessions: refresh families (${backend})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ backend });
    });
    afterAll(async () => t?.close());

    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh: token } });
    const me = (access: string, org: string | null = 'sunrise') =>
      t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: t.headers(access, org) });
    const familyOf = async (token: string) => {
      const [row] = await t.database.db
        .select()
        .from(sessionFamilies)
        .where(eq(sessionFamilies.id, token.split('.')[0]));
      return row;
    };

    it('rotates the refresh token on each use and the new access token works', async () => {
      const session = await t.login('nurse@sunrise.example');
      const first = await refresh(session.refresh);
      expect(first.statusCode).toBe(200);
      const pair = first.json();
      expect(Object.keys(pair).sort()).toEqual(['access', 'refresh']);
      expect(pair.refresh).not.toBe(session.refresh);
      expect((await me(pair.access)).statusCode).toBe(200);
      const second = await refresh(pair.refresh);
      expect(second.statusCode).toBe(200);
      expect((await familyOf(session.refresh)).generation).toBe(2);
    });

    it('revokes the whole family when a rotated token is used again after the grace window', async () => {
      const session = await t.login('nurse@sunrise.example');
      const next = (await refresh(session.refresh)).json();
      t.clock.advance(t.config.refreshGraceSeconds + 1);
      const replay = await refresh(session.refresh);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().code).toBe('token_not_valid');
      expect((await familyOf(session.refresh)).revokedReason).toBe('reuse');
      // the legitimate holder of the newest token is out too
      expect((await refresh(next.refresh)).statusCode).toBe(401);
      expect((await me(next.access)).statusCode).toBe(401);
    });

    it('gives a concurrent duplicate inside the grace window the same successor', async () => {
      const session = await t.login('nurse@sunrise.example');
      const first = (await refresh(session.refresh)).json();
      t.clock.advance(t.config.refreshGraceSeconds - 1);
      const duplicate = await refresh(session.refresh);
      expect(duplicate.statusCode).toBe(200);
      expect(duplicate.json().refresh).toBe(first.refresh);
      expect((await familyOf(session.refresh)).revokedAt).toBeNull();
      expect((await refresh(first.refresh)).statusCode).toBe(200);
    });

    for (const k of [2, 5, 20]) {
      it(`forks nothing when ${k} refreshes of one token run in parallel`, async () => {
        const session = await t.login('aide@sunrise.example');
        const answers = await Promise.all(Array.from({ length: k }, () => refresh(session.refresh)));
        expect(answers.map((a) => a.statusCode)).toEqual(Array(k).fill(200));
        const successors = new Set(answers.map((a) => a.json().refresh));
        expect(successors.size).toBe(1);
        const family = await familyOf(session.refresh);
        expect(family.generation).toBe(1);
        expect(family.revokedAt).toBeNull();
        expect((await refresh([...successors][0])).statusCode).toBe(200);
      });
    }

    it('refuses a refresh after the idle time, on the server, and keeps an active one alive', async () => {
      const session = await t.login('client@sunrise.example');
      t.clock.advance(t.config.sessionIdleSeconds - 1);
      const kept = await refresh(session.refresh);
      expect(kept.statusCode).toBe(200);
      t.clock.advance(t.config.sessionIdleSeconds);
      const idle = await refresh(kept.json().refresh);
      expect(idle.statusCode).toBe(401);
    });

    it('counts authenticated requests as activity for the idle time', async () => {
      const session = await t.login('client@sunrise.example');
      t.clock.advance(200);
      expect((await me(session.access)).statusCode).toBe(200);
      t.clock.advance(200); // 400 s after sign-in, 200 s after the last request
      expect((await refresh(session.refresh)).statusCode).toBe(200);
    });

    it('refuses an access token whose family went idle, even before the token expires', async () => {
      const local = await createTestApp({ backend, config: { accessTokenSeconds: 3600 } });
      try {
        const session = await local.login('client@sunrise.example');
        local.clock.advance(local.config.sessionIdleSeconds - 1);
        const ok = await local.app.inject({
          method: 'GET',
          url: '/api/auth/user/',
          headers: local.headers(session.access),
        });
        expect(ok.statusCode).toBe(200);
        local.clock.advance(local.config.sessionIdleSeconds);
        const idle = await local.app.inject({
          method: 'GET',
          url: '/api/auth/user/',
          headers: local.headers(session.access),
        });
        expect(idle.statusCode).toBe(401);
      } finally {
        await local.close();
      }
    });

    it('ends a session after the absolute lifetime however active it is', async () => {
      const session = await t.login('marketer@sunrise.example');
      let token = session.refresh;
      const step = t.config.sessionIdleSeconds - 10;
      let elapsed = 0;
      while (elapsed + step < t.config.sessionAbsoluteSeconds) {
        t.clock.advance(step);
        elapsed += step;
        const answer = await refresh(token);
        expect(answer.statusCode).toBe(200);
        token = answer.json().refresh;
      }
      t.clock.advance(t.config.sessionAbsoluteSeconds - elapsed);
      expect((await refresh(token)).statusCode).toBe(401);
    });

    it('logout revokes the family, by refresh token or by access token', async () => {
      const a = await t.login('admin@sunrise.example');
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout/', payload: { refresh: a.refresh } });
      expect(out.statusCode).toBe(204);
      expect((await me(a.access)).statusCode).toBe(401);
      expect((await refresh(a.refresh)).statusCode).toBe(401);

      const b = await t.login('admin@sunrise.example');
      const outByAccess = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout/',
        headers: t.headers(b.access),
      });
      expect(outByAccess.statusCode).toBe(204);
      expect((await me(b.access)).statusCode).toBe(401);
      expect((await refresh(b.refresh)).statusCode).toBe(401);
    });

    it('deactivation refuses the user at once, and revoking their sessions keeps them out after reactivation', async () => {
      const session = await t.login('marketer@sunrise.example');
      const [marketer] = await t.database.db.select().from(users).where(eq(users.email, 'marketer@sunrise.example'));
      await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, marketer.id));
      await revokeUserSessions(t.app, marketer.id, 'deactivated', t.clock.now());
      expect((await me(session.access)).statusCode).toBe(401);
      expect((await refresh(session.refresh)).statusCode).toBe(401);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: 'marketer@sunrise.example', password: 'portal-demo-2026' },
        remoteAddress: '10.9.9.9',
      });
      expect(login.statusCode).toBe(401);
      await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, marketer.id));
      expect((await me(session.access)).statusCode).toBe(401);
      expect((await refresh(session.refresh)).statusCode).toBe(401);
    });

    it('an inactive user cannot refresh, even with a session nobody revoked; the session works again once they are active', async () => {
      const session = await t.login('marketer@sunrise.example');
      const [marketer] = await t.database.db.select().from(users).where(eq(users.email, 'marketer@sunrise.example'));
      await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, marketer.id));
      expect((await refresh(session.refresh)).statusCode).toBe(401);
      await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, marketer.id));
      const renewed = await refresh(session.refresh);
      expect(renewed.statusCode).toBe(200);
      expect((await me(renewed.json().access)).statusCode).toBe(200);
    });

    it('password change keeps the current session and ends the others', async () => {
      const current = await t.login('nurse@sunrise.example');
      const other = await t.login('nurse@sunrise.example');
      const change = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password/change/',
        headers: t.headers(current.access, 'sunrise'),
        payload: { current_password: 'portal-demo-2026', new_password: 'violet harbour lamp 9' },
      });
      expect(change.statusCode).toBe(204);
      expect((await me(current.access)).statusCode).toBe(200);
      expect((await refresh(current.refresh)).statusCode).toBe(200);
      expect((await me(other.access)).statusCode).toBe(401);
      expect((await refresh(other.refresh)).statusCode).toBe(401);
      await t.login('nurse@sunrise.example', 'violet harbour lamp 9');
      // restore for the other tests
      const [aide] = await t.database.db.select().from(users).where(eq(users.email, 'nurse@sunrise.example'));
      const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@sunrise.example'));
      await t.database.db.update(users).set({ passwordHash: admin.passwordHash }).where(eq(users.id, aide.id));
    });

    it('refuses malformed and forged refresh tokens', async () => {
      const session = await t.login('nurse@sunrise.example');
      const [familyId, generation, mac] = session.refresh.split('.');
      const forged = [
        '',
        'not-a-token',
        `${familyId}.${Number(generation) + 1}.${mac}`,
        `${familyId}.${generation}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
        `00000000-0000-4000-8000-000000000000.0.${mac}`,
        session.access,
      ];
      for (const token of forged) {
        const answer = await refresh(token);
        expect([400, 401]).toContain(answer.statusCode);
      }
      expect((await refresh(session.refresh)).statusCode).toBe(200);
    });

    it('keeps no refresh token in clear text', async () => {
      const session = await t.login('nurse@sunrise.example');
      const mac = session.refresh.split('.')[2];
      const rows = await t.database.db.execute(sql`SELECT * FROM session_families`);
      expect(JSON.stringify(rows)).not.toContain(mac);
    });
  });
}
