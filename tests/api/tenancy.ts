/**
 * Tenancy: ids of another organization are refused by every verb (404 or 403, never 2xx, the foreign row
 * untouched, the answer the same as for an id that does not exist); body and query fields that name an
 * organization or a role (organization, organization_id, role on self-update, is_staff-like fields) are
 * ignored or refused.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { rowsOf } from '../../server/db/connection';
import { users } from '../../server/db/schema';
import { createTestApp, testBackends, type Backend, type TestApp } from '../../server/test-support';
import {
  buildWorld,
  countRows,
  errorProblems,
  fillPath,
  findLeaks,
  loadOperations,
  pathParams,
  plausibleBody,
  resourceOf,
  tableOf,
  hostileBody,
  targetIds,
  unique,
  type Operation,
  type World,
} from './support';

/** Fields a hostile client adds to escalate or to move something into another organization. */
function escalation(world: World) {
  return {
    organization: world.harbor.id,
    organization_id: world.harbor.id,
    organizationId: world.harbor.id,
    organization_token: world.harbor.token,
    is_staff: true,
    is_superuser: true,
    is_master: true,
    permissions: ['view-organizations', 'view-auditlogs', 'view-users'],
    password_hash: 'x',
    id: 1,
  };
}

/** The suite on one backend, one file per backend (tenancy.<backend>.test.ts) so the two run side by side; skipped, saying so, when the backend is not tested here. */
export function tenancySuite(backend: Backend): void {
  if (!testBackends().includes(backend)) {
    describe.skip(`tenancy (${backend}): no TEST_DATABASE_URL`, () => {
      it('runs on PostgreSQL only with TEST_DATABASE_URL set', () => {});
    });
    return;
  }
  describe(`tenancy (${backend})`, () => {
    let t: TestApp;
    let world: World;
    let operations: Operation[] = [];
    let harborPending: number;

    beforeAll(async () => {
      t = await createTestApp({ backend });
      world = await buildWorld(t, ['master', 'admin', 'marketer', 'harborAdmin']);
      operations = (await loadOperations(t)).operations;
      // a harbor user with a pending invitation: the most tempting target of users_invitation_create
      if (operations.some((o) => o.operationId === 'users_create')) {
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/users/',
          headers: t.headers(world.identities.harborAdmin.access, 'harbor'),
          payload: {
            email: `pending-${unique()}@harbor.example`,
            first_name: 'Pending',
            last_name: 'Harbor',
            role: 'ROLE_CLIENT',
          },
        });
        expect(created.statusCode, created.body).toBe(201);
        harborPending = created.json().id;
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    const rowOf = async (table: string, id: number) => {
      return (
        rowsOf(await t.database.db.execute(sql`SELECT * FROM ${sql.identifier(table)} WHERE id = ${id}`))[0] ?? null
      );
    };
    const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
    const has = (id: string) => operations.some((o) => o.operationId === id);

    it('refuses every id-taking operation on another organization’s rows, by every caller, leaving them untouched', async () => {
      const scoped = operations.filter((o) => pathParams(o).length && !('public' in o.access));
      expect(scoped.length, 'operations with ids').toBeGreaterThan(0);
      const callers = [
        { name: 'sunrise admin', access: world.identities.admin.access, header: 'sunrise', foreign: world.harbor },
        { name: 'harbor admin', access: world.identities.harborAdmin.access, header: 'harbor', foreign: world.sunrise },
        { name: 'master in sunrise', access: world.identities.master.access, header: 'sunrise', foreign: world.harbor },
        { name: 'master in harbor', access: world.identities.master.access, header: 'harbor', foreign: world.sunrise },
      ];
      const failures: string[] = [];
      let cases = 0;
      for (const op of scoped) {
        const resource = resourceOf(op.path);
        const table = tableOf(op.path);
        const params = pathParams(op).map((p) => p.name);
        for (const caller of callers) {
          const own = caller.foreign.id === world.sunrise.id ? world.harbor : world.sunrise;
          const foreignIds = targetIds(world, op.path, caller.foreign);
          if (resource === 'users' && caller.foreign.token === 'harbor' && harborPending) foreignIds.id = harborPending;
          // every id foreign; and, for nested paths, the caller's own parent with a foreign child
          const variants: Record<string, number>[] = [foreignIds];
          if (params.length > 1)
            variants.push({
              ...targetIds(world, op.path, own),
              [params[params.length - 1]!]: foreignIds[params[params.length - 1]!]!,
            });
          for (const ids of variants) {
            const target = ids[params[params.length - 1]!]!;
            const snapshot = async () => (table ? JSON.stringify(await rowOf(table, target)) : null);
            const before = await snapshot();
            const mailsBefore = (await t.mails()).length;
            const payload = op.method === 'GET' || op.method === 'DELETE' ? undefined : hostileBody(op);
            const call = (values: Record<string, number>) =>
              t.app.inject({
                method: op.method,
                url: fillPath(op.path, values),
                headers: t.headers(caller.access, caller.header),
                ...(payload ? { payload } : {}),
              });
            const response = await call(ids);
            const missing = await call({ ...ids, [params[params.length - 1]!]: 2_000_000_000 });
            cases++;
            const label = `${op.method} ${op.path} by ${caller.name} on ${JSON.stringify(ids)} → ${response.statusCode} ${response.body.slice(0, 160)}`;
            if (![403, 404].includes(response.statusCode)) failures.push(`not refused: ${label}`);
            if (response.statusCode !== missing.statusCode || response.body !== missing.body)
              failures.push(
                `foreign id answers differently from a missing id (${missing.statusCode} ${missing.body}): ${label}`,
              );
            failures.push(...errorProblems(response).map((p) => `${p}: ${label}`));
            if ((await snapshot()) !== before) failures.push(`foreign row changed: ${label}`);
            if ((await t.mails()).length !== mailsBefore) failures.push(`mail sent: ${label}`);
          }
        }
      }
      console.info(`[tenancy ${backend}] foreign-id cases=${cases} failures=${failures.length}`);
      expect(failures).toEqual([]);
    });

    it('keeps one employee’s documents, files, forms and tests from another employee (same organization or not)', async () => {
      expect(has('documents_file_retrieve'), 'documents_file_retrieve is served').toBe(true);
      const aide = await t.login('aide@sunrise.example');
      const ownDocument = world.targets.documents.sunrise;
      // the owner may: the check below can fail
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/documents/${ownDocument}/file/`,
        headers: t.headers(aide.access, 'sunrise'),
      });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.headers['content-disposition']).toMatch(/^attachment/);
      const failures: string[] = [];
      let cases = 0;
      const documentRow = async () => JSON.stringify(await rowOf('employee_documents', ownDocument));
      const before = await documentRow();
      for (const email of ['nurse@sunrise.example', 'newhire@sunrise.example']) {
        const other = await t.login(email);
        const headers = t.headers(other.access, 'sunrise');
        const refused = async (
          label: string,
          request: { method: 'GET' | 'POST'; url: string; payload?: unknown; headers?: Record<string, string> },
        ) => {
          cases++;
          const response = await t.app.inject({ ...request, headers: { ...headers, ...request.headers } } as never);
          if (![403, 404].includes(response.statusCode))
            failures.push(`${email} ${label} → ${response.statusCode} ${response.body.slice(0, 160)}`);
          if (response.statusCode === 200 && response.body.includes('%PDF'))
            failures.push(`${email} ${label}: file served`);
        };
        for (const organization of ['sunrise', 'harbor'] as const) {
          const documentId = world.targets.documents[organization];
          await refused(`file of ${organization} document ${documentId}`, {
            method: 'GET',
            url: `/api/documents/${documentId}/file/`,
          });
          const { multipart, PDF_BYTES } = await import('../../server/lib/multipart-test-helpers');
          const upload = multipart(
            { expires_on: addDays(await t.today(organization), 365) },
            { field: 'file', name: 'x.pdf', data: PDF_BYTES, type: 'application/pdf' },
          );
          await refused(`upload to ${organization} document ${documentId}`, {
            method: 'POST',
            url: `/api/profile/documents/${documentId}/file/`,
            headers: { 'content-type': upload.contentType },
            payload: upload.payload,
          });
          await refused(`form request ${world.targets['onboarding/form-requests'][organization]}`, {
            method: 'GET',
            url: `/api/onboarding/form-requests/${world.targets['onboarding/form-requests'][organization]}/`,
          });
          // (the nurse observed the aide's test in the demo seed: an observer may read what they observed)
          if (email !== 'nurse@sunrise.example' || organization === 'harbor')
            await refused(`test request ${world.targets['onboarding/test-requests'][organization]}`, {
              method: 'GET',
              url: `/api/onboarding/test-requests/${world.targets['onboarding/test-requests'][organization]}/`,
            });
        }
        await refused("the aide's documents (admin route)", {
          method: 'GET',
          url: `/api/employees/${world.targets.employees.sunrise}/documents/`,
        });
        // the lists hold their own rows only
        const documents = await t.app.inject({ method: 'GET', url: '/api/profile/documents/', headers });
        if (documents.statusCode === 200) {
          const ids = (documents.json() as { id: number }[]).map((d) => d.id);
          cases++;
          if (ids.includes(ownDocument)) failures.push(`${email} lists the aide's document`);
        }
        for (const list of ['/api/onboarding/form-requests/?limit=1000', '/api/onboarding/test-requests/?limit=1000']) {
          const response = await t.app.inject({ method: 'GET', url: list, headers });
          cases++;
          if (response.statusCode !== 200) failures.push(`${email} ${list} → ${response.statusCode}`);
          else {
            const others = (
              response.json().results as {
                employee: { id: number };
                status: string;
                observer?: { id: number } | null;
              }[]
            ).filter(
              (row) =>
                row.employee.id !== other.user.id &&
                !(
                  list.includes('test-requests') &&
                  (row.status === 'AWAITING_OBSERVATION' || row.observer?.id === other.user.id)
                ),
            );
            if (others.length) failures.push(`${email} ${list} lists ${others.length} rows of other employees`);
          }
        }
      }
      expect(await documentRow()).toBe(before);
      console.info(`[tenancy ${backend}] employee-vs-employee cases=${cases} failures=${failures.length}`);
      expect(failures).toEqual([]);
    });

    it('lets a client or a marketer reach none of issue 3 (403), whatever the ids', async () => {
      const issue3 = operations.filter(
        (o) =>
          /^\/api\/(applications|employees|onboarding|documents|profile\/documents)\//.test(o.path) &&
          !('public' in o.access),
      );
      expect(issue3.length).toBeGreaterThan(20);
      const failures: string[] = [];
      let cases = 0;
      for (const email of ['client@sunrise.example', 'marketer@sunrise.example']) {
        const session = await t.login(email);
        for (const op of issue3) {
          for (const organization of [world.sunrise, world.harbor]) {
            cases++;
            const response = await t.app.inject({
              method: op.method as 'GET',
              url: fillPath(op.path, targetIds(world, op.path, organization)),
              headers: t.headers(session.access, 'sunrise'),
              ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: plausibleBody(op) ?? {} }),
            });
            if (response.statusCode !== 403 || response.json().code !== 'permission_denied')
              failures.push(
                `${email} ${op.operationId} on ${organization.token} ids → ${response.statusCode} ${response.body.slice(0, 120)}`,
              );
          }
        }
      }
      console.info(`[tenancy ${backend}] client/marketer issue-3 cases=${cases} failures=${failures.length}`);
      expect(failures).toEqual([]);
    });

    it('keeps one user’s notifications from another user of the same organization', async () => {
      expect(has('notifications_list'), 'notifications_list is served').toBe(true);
      const nurse = await t.login('nurse@sunrise.example');
      const adminsNotification = world.targets.notifications.sunrise;
      const before = JSON.stringify(await rowOf('notifications', adminsNotification));
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/notifications/',
        headers: t.headers(nurse.access, 'sunrise'),
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().results.map((n: { id: number }) => n.id)).not.toContain(adminsNotification);
      for (const op of operations.filter((o) => o.path.startsWith('/api/notifications/{'))) {
        const response = await t.app.inject({
          method: op.method,
          url: fillPath(op.path, { id: adminsNotification }),
          headers: t.headers(nurse.access, 'sunrise'),
          ...(op.body ? { payload: { ...plausibleBody(op), read: true } } : {}),
        });
        expect([403, 404], `${op.operationId} ${response.body}`).toContain(response.statusCode);
      }
      if (has('notifications_read_all_create')) {
        const all = await t.app.inject({
          method: 'POST',
          url: '/api/notifications/read-all/',
          headers: t.headers(nurse.access, 'sunrise'),
          payload: {},
        });
        expect(all.statusCode).toBeLessThan(300);
      }
      expect(JSON.stringify(await rowOf('notifications', adminsNotification))).toBe(before);
    });

    it('ignores organization and privilege fields on one’s own profile update', async () => {
      for (const who of ['admin', 'marketer'] as const) {
        const identity = world.identities[who];
        const before = await userRow(identity.userId);
        const response = await t.app.inject({
          method: 'PATCH',
          url: '/api/auth/user/',
          headers: t.headers(identity.access, 'sunrise'),
          payload: {
            first_name: 'Renamed',
            ...escalation(world),
            role: 'ROLE_MASTER',
            is_active: false,
            email: `taken-${unique()}@harbor.example`,
            signature_file_id: 1,
          },
        });
        expect([200, 400], response.body).toContain(response.statusCode);
        const after = await userRow(identity.userId);
        expect(after.role).toBe(before.role);
        expect(after.organizationId).toBe(before.organizationId);
        expect(after.email).toBe(before.email);
        expect(after.isActive).toBe(true);
        expect(after.passwordHash).toBe(before.passwordHash);
        expect(after.signatureFileId).toBe(before.signatureFileId);
        const me = await t.app.inject({
          method: 'GET',
          url: '/api/auth/user/',
          headers: t.headers(identity.access, 'sunrise'),
        });
        expect(me.statusCode).toBe(200);
        expect(me.json().role).toBe(before.role);
        expect(me.json().organization.token).toBe('sunrise');
        expect(me.json().permissions).toEqual(identity.permissions);
      }
    });

    it('signs in on the organization of the page only, ignoring an organization named in the body', async () => {
      const signIn = (organization: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login/',
          headers: { 'x-organization-token': organization },
          payload: {
            email: 'marketer@sunrise.example',
            password: 'portal-demo-2026',
            organization: world.harbor.id,
            organization_id: world.harbor.id,
            role: 'ROLE_ADMIN',
          },
        });
      // on Harbor's page a Sunrise marketer has no account: the answer of a wrong password
      const onHarbor = await signIn('harbor');
      expect(onHarbor.statusCode).toBe(401);
      expect(onHarbor.json()).toEqual({
        detail: 'No active account found with the given credentials',
        code: 'authentication_failed',
      });
      const response = await signIn('sunrise');
      expect(response.statusCode).toBe(200);
      expect(response.json().user.organization.token).toBe('sunrise');
      expect(response.json().user.role).toBe('ROLE_MARKETER');
      // the new session belongs to sunrise: harbor's header is refused with it
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user/',
        headers: t.headers(response.json().access, 'harbor'),
      });
      expect(me.statusCode).toBe(403);
    });

    it('creates invited users in the organization acted in, whatever the body names', async () => {
      expect(has('users_create'), 'users_create is served').toBe(true);
      const cases = [
        { access: world.identities.admin.access, header: 'sunrise', organizationId: world.sunrise.id },
        { access: world.identities.harborAdmin.access, header: 'harbor', organizationId: world.harbor.id },
        { access: world.identities.master.access, header: 'harbor', organizationId: world.harbor.id },
      ];
      for (const c of cases) {
        const other = c.organizationId === world.sunrise.id ? world.harbor : world.sunrise;
        const email = `invitee-${unique()}@example.test`;
        const usersBefore = await countRows(t, 'users');
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/users/',
          headers: t.headers(c.access, c.header),
          payload: {
            email,
            first_name: 'In',
            last_name: 'Vitee',
            role: 'ROLE_EMPLOYEE',
            ...escalation(world),
            organization: other.id,
            organization_id: other.id,
            organization_token: other.token,
          },
        });
        expect([201, 400], response.body).toContain(response.statusCode);
        if (response.statusCode === 201) {
          const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
          expect(row.organizationId).toBe(c.organizationId);
          expect(row.role).toBe('ROLE_EMPLOYEE');
          expect(row.passwordHash).toBeNull();
          expect(response.json().organization.id).toBe(c.organizationId);
          expect(findLeaks(response.json(), other)).toEqual([]);
        } else {
          expect(await countRows(t, 'users')).toBe(usersBefore);
        }
      }
    });

    it('never gives the master role through the API, nor lets anyone change their own role or state', async () => {
      expect(
        has('users_create') && has('users_partial_update'),
        'users_create and users_partial_update are served',
      ).toBe(true);
      const admin = world.identities.admin;
      const headers = t.headers(admin.access, 'sunrise');
      const usersBefore = await countRows(t, 'users');
      const create = await t.app.inject({
        method: 'POST',
        url: '/api/users/',
        headers,
        payload: { email: `boss-${unique()}@example.test`, first_name: 'Big', last_name: 'Boss', role: 'ROLE_MASTER' },
      });
      expect(create.statusCode).toBe(400);
      expect(Object.keys(create.json().fields)).toContain('role');
      expect(await countRows(t, 'users')).toBe(usersBefore);

      const promote = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${world.userIds.sunrise}/`,
        headers,
        payload: { role: 'ROLE_MASTER' },
      });
      expect(promote.statusCode).toBe(400);
      expect((await userRow(world.userIds.sunrise)).role).toBe('ROLE_EMPLOYEE');

      const move = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${world.userIds.sunrise}/`,
        headers,
        payload: { organization: world.harbor.id, organization_id: world.harbor.id },
      });
      expect([200, 400]).toContain(move.statusCode);
      expect((await userRow(world.userIds.sunrise)).organizationId).toBe(world.sunrise.id);

      for (const payload of [{ role: 'ROLE_EMPLOYEE' }, { is_active: false }]) {
        const self = await t.app.inject({ method: 'PATCH', url: `/api/users/${admin.userId}/`, headers, payload });
        expect(self.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const me = await userRow(admin.userId);
      expect(me.role).toBe('ROLE_ADMIN');
      expect(me.isActive).toBe(true);
    });

    it('ignores organization filters in the query of a list', async () => {
      expect(has('users_list'), 'users_list is served').toBe(true);
      for (const query of [
        `organization=${world.harbor.id}`,
        `organization_id=${world.harbor.id}`,
        'organization=harbor',
        'search=harbor',
        'search=%40harbor.example',
      ]) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/users/?${query}`,
          headers: t.headers(world.identities.admin.access, 'sunrise'),
        });
        expect([200, 400], query).toContain(response.statusCode);
        if (response.statusCode === 200) expect(findLeaks(response.json(), world.harbor), query).toEqual([]);
      }
    });

    it('takes the organization from the signed-in user, not from a header list or a differently written token', async () => {
      const admin = world.identities.admin.access;
      for (const header of ['HARBOR', ' harbor ', 'harbor,sunrise', 'sunrise,harbor', `${world.harbor.id}`]) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/auth/user/',
          headers: { authorization: `Bearer ${admin}`, 'x-organization-token': header },
        });
        expect([200, 403], header).toContain(response.statusCode);
        if (response.statusCode === 200) expect(response.json().organization.token).toBe('sunrise');
      }
      if (has('users_list')) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/users/',
          headers: {
            authorization: `Bearer ${admin}`,
            'x-organization-token': ['sunrise', 'harbor'] as unknown as string,
          },
        });
        expect([200, 400, 403]).toContain(response.statusCode);
        if (response.statusCode === 200) expect(findLeaks(response.json(), world.harbor)).toEqual([]);
      }
    });
  });
}
