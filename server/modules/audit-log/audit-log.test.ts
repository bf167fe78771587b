import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients, organizations, users } from '../../db/schema';
import { testApp, testBackends, TestClock, type Caller, type TestApi } from '../../test-client';
import type { AuditEntryOut } from './schemas';

/** A browser's user agent, to see it kept in the row. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AuditTest/1.0';

for (const backend of testBackends()) {
  describe(`audit log (${backend})`, () => {
    let t: TestApi;
    let master: Caller;
    let admin: Caller;
    let nurse: Caller;
    let harborAdmin: Caller;
    const ids = { sunrise: 0, harbor: 0, client: 0, aide: 0 };
    /** The rows written at known instants in 2021 (the master reads days in America/New_York). */
    const probes: Record<string, number> = {};

    beforeAll(async () => {
      const clock = new TestClock();
      t = await testApp({ backend, clock });
      const orgs = await t.database.db.select().from(organizations);
      ids.sunrise = orgs.find((o) => o.token === 'sunrise')!.id;
      ids.harbor = orgs.find((o) => o.token === 'harbor')!.id;
      const idOf = async (email: string) =>
        (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
      const [adminId, nurseId, harborAdminId] = [
        await idOf('admin@sunrise.example'),
        await idOf('nurse@sunrise.example'),
        await idOf('admin@harbor.example'),
      ];
      ids.aide = await idOf('aide@sunrise.example');
      ids.client = (
        await t.database.db
          .select({ id: clients.id })
          .from(clients)
          .where(eq(clients.organizationId, ids.sunrise))
          .orderBy(clients.id)
          .limit(1)
      )[0].id;
      // rows at known instants, before anyone signs in (the clock then goes back to now)
      type Entry = Parameters<TestApi['app']['writeAudit']>[0];
      const at = async (iso: string, name: string, entry: Entry) => {
        clock.set(new Date(iso));
        await t.app.writeAudit(entry);
        probes[name] = (
          await t.database.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1)
        )[0].id;
      };
      await at('2021-03-01T17:00:00Z', 'read', {
        actorId: adminId,
        organizationId: ids.sunrise,
        entity: 'client',
        entityId: 'probe-7',
        action: 'READ',
        clientId: ids.client,
        changed: { event: 'read' },
      });
      await at('2021-03-15T17:00:00Z', 'update', {
        actorId: adminId,
        organizationId: ids.sunrise,
        entity: 'employee',
        entityId: ids.aide,
        action: 'UPDATE',
        changed: { phone: { from: '1', to: '2' } },
      });
      await at('2021-03-20T17:00:00Z', 'signOut', {
        actorId: nurseId,
        organizationId: ids.sunrise,
        entity: 'session',
        action: 'SIGN_OUT',
        changed: { event: 'logout' },
      });
      const harborSignIn: Entry = {
        actorId: harborAdminId,
        organizationId: ids.harbor,
        entity: 'session',
        entityId: harborAdminId,
        action: 'SIGN_IN',
        changed: { event: 'login', outcome: 'success' },
      };
      // 02:00 UTC on April 1st is still March 31st in New York
      await at('2021-04-01T02:00:00Z', 'lateMarch', harborSignIn);
      await at('2021-04-02T17:00:00Z', 'april', harborSignIn);
      clock.set(new Date());
      const browser = { headers: { 'user-agent': BROWSER } };
      master = await t.as('master@portal.example', browser);
      admin = await t.as('admin@sunrise.example', browser);
      nurse = await t.as('nurse@sunrise.example', browser);
      harborAdmin = await t.as('admin@harbor.example', browser);
    });
    afterAll(async () => t?.close());

    const list = async (query: string) => {
      const response = await master.get(`/api/audit-log/?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        count: number;
        count_limited: boolean;
        next: string | null;
        previous: string | null;
        results: AuditEntryOut[];
      };
    };
    const idsOf = (body: { results: { id: number }[] }) => body.results.map((row) => row.id);
    const MARCH = 'from=2021-03-01&to=2021-03-31';

    it('is the master’s alone: the admins, an employee and anyone signed out are refused', async () => {
      for (const url of ['/api/audit-log/', '/api/audit-log/export/', '/api/audit-log/people/?search=a']) {
        expect((await admin.get(url)).statusCode, url).toBe(403);
        expect((await harborAdmin.get(url)).statusCode, url).toBe(403);
        expect((await nurse.get(url)).statusCode, url).toBe(403);
        expect((await t.anonymous.get(url)).statusCode, url).toBe(401);
        expect((await master.get(url)).statusCode, url).toBe(200);
      }
    });

    it('holds the demo’s trail on a fresh demo: sign-ins (one failed), a search, a client opened, an employee read and changed', async () => {
      const body = await list(`person=${admin.user.id}&limit=20`);
      const seeded = body.results.filter((row) => row.ip === '198.51.100.24');
      expect(seeded.map((row) => `${row.action} ${row.entity}`)).toEqual([
        'UPDATE employee',
        'READ employee',
        'READ client',
        'SEARCH client',
        'SIGN_IN session',
        'SIGN_IN_FAILED session',
      ]);
      expect(
        seeded.every(
          (row) =>
            row.role === 'ROLE_ADMIN' &&
            row.organization?.name === 'Sunrise Home Care' &&
            /Chrome/.test(row.user_agent ?? ''),
        ),
      ).toBe(true);
      expect(seeded[0]).toMatchObject({ employee_id: ids.aide, changed_fields: { phone: { from: '(555) 310-7700' } } });
      const harbor = await list(`organization=${ids.harbor}&action=SIGN_IN&person=${harborAdmin.user.id}`);
      expect(harbor.results.some((row) => row.ip === '192.0.2.80')).toBe(true);
    });

    it('shows the admin opening a client record as a READ with the client’s id, who, role, organization, address and browser', async () => {
      const opened = await admin.get(`/api/clients/${ids.client}/`);
      expect(opened.statusCode).toBe(200);
      const body = await list(`person=${admin.user.id}&action=READ&entity=client&entity_id=${ids.client}`);
      // the newest of that admin's reads of that client (the demo's trail holds an earlier one)
      expect(body.results.filter((row) => row.user_agent === BROWSER)).toHaveLength(1);
      expect(body.results[0]).toMatchObject({
        action: 'READ',
        entity: 'client',
        entity_id: String(ids.client),
        client_id: ids.client,
        operation_id: 'clients_retrieve',
        actor: { id: admin.user.id, name: 'Alice Grant', email: 'admin@sunrise.example' },
        role: 'ROLE_ADMIN',
        organization: { id: ids.sunrise, name: 'Sunrise Home Care' },
        user_agent: BROWSER,
      });
      expect(body.results[0].ip).toBeTruthy();
    });

    it('shows a change of an employee with old and new values, naming the employee', async () => {
      const before = (await admin.get(`/api/employees/${ids.aide}/`)).json();
      const changed = await admin.patch(`/api/employees/${ids.aide}/`, { first_name: 'Renamed', phone: '+1 555 0142' });
      expect(changed.statusCode, changed.body).toBe(200);
      const body = await list(`entity=employee&entity_id=${ids.aide}&action=UPDATE&person=${admin.user.id}`);
      const row = body.results[0];
      expect(row.changed_fields).toEqual({
        first_name: { from: before.first_name, to: 'Renamed' },
        phone: { from: before.phone, to: '+1 555 0142' },
      });
      expect(row.employee_id).toBe(ids.aide);
      // reading the record names the employee too
      const read = await list(`entity=employee&entity_id=${ids.aide}&action=READ`);
      expect(read.results[0]).toMatchObject({ employee_id: ids.aide, actor: { id: admin.user.id } });
    });

    it('records sign-in and sign-out with the person, their role and their browser', async () => {
      const signIn = await t.anonymous.post(
        '/api/auth/login/',
        { email: 'marketer@sunrise.example', password: 'portal-demo-2026' },
        { 'user-agent': BROWSER },
      );
      expect(signIn.statusCode).toBe(200);
      const marketer = signIn.json();
      const out = await t.anonymous.post('/api/auth/logout/', { refresh: marketer.refresh }, { 'user-agent': BROWSER });
      expect(out.statusCode).toBe(204);
      const body = await list(`person=${marketer.user.id}`);
      expect(body.results.slice(0, 2).map((r) => [r.action, r.role, r.user_agent, r.organization?.name])).toEqual([
        ['SIGN_OUT', 'ROLE_MARKETER', BROWSER, 'Sunrise Home Care'],
        ['SIGN_IN', 'ROLE_MARKETER', BROWSER, 'Sunrise Home Care'],
      ]);
      const failed = await t.anonymous.post('/api/auth/login/', {
        email: 'marketer@sunrise.example',
        password: 'not-the-password',
      });
      expect(failed.statusCode).toBe(401);
      expect((await list(`person=${marketer.user.id}&action=SIGN_IN_FAILED`)).results[0]).toMatchObject({
        action: 'SIGN_IN_FAILED',
        role: 'ROLE_MARKETER',
      });
    });

    it('narrows by date range (days in the master’s time zone), person, organization, action and entity', async () => {
      expect(idsOf(await list(MARCH))).toEqual([probes.lateMarch, probes.signOut, probes.update, probes.read]);
      expect(idsOf(await list('from=2021-03-02&to=2021-03-20'))).toEqual([probes.signOut, probes.update]);
      expect(idsOf(await list(`${MARCH}&person=${admin.user.id}`))).toEqual([probes.update, probes.read]);
      expect(idsOf(await list(`${MARCH}&organization=${ids.harbor}`))).toEqual([probes.lateMarch]);
      expect(idsOf(await list(`from=2021-03-01&to=2021-04-30&organization=${ids.harbor}`))).toEqual([
        probes.april,
        probes.lateMarch,
      ]);
      expect(idsOf(await list(`${MARCH}&action=SIGN_OUT`))).toEqual([probes.signOut]);
      expect(idsOf(await list(`${MARCH}&entity=session`))).toEqual([probes.lateMarch, probes.signOut]);
      expect(idsOf(await list('entity=client&entity_id=probe-7'))).toEqual([probes.read]);
      expect(idsOf(await list(`${MARCH}&entity=visit`))).toEqual([]);
    });

    it('pages on the server, newest first, and says when the count stops', async () => {
      const first = await list(`${MARCH}&limit=3`);
      expect(first).toMatchObject({ count: 4, count_limited: false, previous: null });
      expect(idsOf(first)).toEqual([probes.lateMarch, probes.signOut, probes.update]);
      expect(first.next).toBe(`http://portal.test/api/audit-log/?${MARCH}&limit=3&offset=3`);
      const second = await list(`${MARCH}&limit=3&offset=3`);
      expect(idsOf(second)).toEqual([probes.read]);
      expect(second.next).toBeNull();
      // past 10,000 matching rows the count stops, and says so
      await t.database.db.execute(
        sql`INSERT INTO audit_log (entity, action, created_at) SELECT 'bulk', 'READ', '2020-06-01T12:00:00Z'::timestamptz + make_interval(secs => g) FROM generate_series(1, 10005) g`,
      );
      expect(await list('entity=bulk&limit=1')).toMatchObject({ count: 10_000, count_limited: true });
      expect((await list('entity=bulk&limit=1&offset=9999')).results).toHaveLength(1);
    });

    it('refuses bad filters with the field named', async () => {
      const bad = async (query: string, field: string) => {
        const response = await master.get(`/api/audit-log/?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(Object.keys(response.json().fields), query).toContain(field);
      };
      await bad('entity_id=5', 'entity_id');
      await bad('from=2021-03-10&to=2021-03-01', 'to');
      await bad('from=2021-02-31', 'from');
      await bad('action=RENAME', 'action');
      await bad('entity=Robert%27);DROP', 'entity');
      await bad('person=abc', 'person');
      await bad('offset=10000', 'offset');
      expect((await master.get('/api/audit-log/export/?from=2021-03-10&to=2021-03-01')).statusCode).toBe(400);
    });

    it('records the master’s own listing as a SEARCH with its filters', async () => {
      await list(`${MARCH}&action=SIGN_OUT`);
      const [row] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, master.user.id), eq(auditLog.entity, 'audit_log')))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(row).toMatchObject({ action: 'SEARCH', role: 'ROLE_MASTER', operationId: 'audit_log_list' });
      expect(row.changedFields).toEqual({
        query: { from: '2021-03-01', to: '2021-03-31', action: 'SIGN_OUT', limit: 50, offset: 0 },
        count: 1,
      });
    });

    it('exports the filtered rows as CSV, streamed in batches, newest first, and records the export', async () => {
      const response = await master.get(`/api/audit-log/export/?${MARCH}&person=${admin.user.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = response.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Time (UTC),Action,Entity,Entity id,Actor id,Actor,Actor email,Role,Organization id,Organization,Client id,Employee id,Changed fields,IP address,User agent,Operation',
      );
      expect(lines.slice(1)).toEqual([
        `2021-03-15T17:00:00.000Z,UPDATE,employee,${ids.aide},${admin.user.id},Alice Grant,admin@sunrise.example,ROLE_ADMIN,${ids.sunrise},Sunrise Home Care,,${ids.aide},"{""phone"":{""to"":""2"",""from"":""1""}}",,,`,
        `2021-03-01T17:00:00.000Z,READ,client,probe-7,${admin.user.id},Alice Grant,admin@sunrise.example,ROLE_ADMIN,${ids.sunrise},Sunrise Home Care,${ids.client},,"{""event"":""read""}",,,`,
      ]);
      const [row] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.operationId, 'audit_log_export_retrieve'))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(row).toMatchObject({
        action: 'EXPORT',
        actorId: master.user.id,
        changedFields: { event: 'export', query: { from: '2021-03-01', to: '2021-03-31', person: admin.user.id } },
      });

      // more rows than one batch, many sharing an instant: each once, in order
      await t.database.db.execute(
        sql`INSERT INTO audit_log (entity, action, created_at) SELECT 'batch', 'READ', '2020-01-05T12:00:00Z'::timestamptz + make_interval(secs => g / 3) FROM generate_series(1, 2500) g`,
      );
      const big = await master.get('/api/audit-log/export/?entity=batch');
      const rows = big.body.trimEnd().split('\r\n').slice(1);
      expect(rows).toHaveLength(2500);
      const times = rows.map((line) => line.split(',')[0]);
      expect([...times].sort().reverse()).toEqual(times);
      const listed = await list('entity=batch&limit=1000');
      expect(listed.results).toHaveLength(1000);
    });

    it('finds people to filter by, by name or email, in every organization', async () => {
      const found = (await master.get('/api/audit-log/people/?search=admin@')).json() as {
        email: string;
        organization: { name: string } | null;
      }[];
      expect(found.map((p) => [p.email, p.organization?.name])).toEqual(
        expect.arrayContaining([
          ['admin@sunrise.example', 'Sunrise Home Care'],
          ['admin@harbor.example', 'Harbor Home Health'],
        ]),
      );
      const inHarbor = (await master.get(`/api/audit-log/people/?search=admin&organization=${ids.harbor}`)).json() as {
        email: string;
      }[];
      expect(inHarbor.map((p) => p.email)).toEqual(['admin@harbor.example']);
      expect(
        ((await master.get('/api/audit-log/people/?search=morgan')).json() as { email: string }[]).map((p) => p.email),
      ).toEqual(['master@portal.example']);
      expect((await master.get('/api/audit-log/people/?search=%20')).statusCode).toBe(400);
    });

    it('cannot be changed or deleted: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
      const [{ n: before }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)) as {
        n: number;
      }[];
      // the database's own refusal (the trigger of migration 0001), not some other failure
      const refusal = async (statement: ReturnType<typeof sql>) => {
        const error = (await t.database.db.execute(statement).then(
          () => null,
          (failure: unknown) => failure,
        )) as (Error & { cause?: Error }) | null;
        return error ? `${error.message} ${error.cause?.message ?? ''}` : 'accepted';
      };
      expect(await refusal(sql`UPDATE audit_log SET entity = 'edited' WHERE id = ${probes.read}`)).toMatch(
        /audit_log is append-only \(UPDATE refused\)/,
      );
      expect(await refusal(sql`DELETE FROM audit_log WHERE id = ${probes.read}`)).toMatch(
        /audit_log is append-only \(DELETE refused\)/,
      );
      expect(await refusal(sql`TRUNCATE audit_log`)).toMatch(/audit_log is append-only \(TRUNCATE refused\)/);
      const [{ n: after }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)) as {
        n: number;
      }[];
      expect(Number(after)).toBe(Number(before));
      expect(idsOf(await list('entity=client&entity_id=probe-7'))).toEqual([probes.read]);
    });
  });
}
