/**
 * Security matrix, generated from the served OpenAPI document: every operation × every demo identity
 * (and anonymous) × organization header (own, foreign, missing, bogus) × access token (valid, missing,
 * expired, forged) × path ids (of the organization acted in, of the other one). The expected status comes
 * from the hand-written access table (tests/security/access-table.ts), never from the server's `x-access`;
 * every JSON answer is scanned for rows of the other organization; every error has the one shape and no
 * internals; every /api answer is no-store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { ACCESS_TABLE } from '../security/access-table';
import { canariesIn, canaryCoverage, plantCanaries } from '../security/canaries';
import { createTestApp, testBackends, type Backend, type TestApp } from '../../server/test-support';
import {
  allows,
  cloneUser,
  describeCase,
  errorProblems,
  expiredAccess,
  fillPath,
  findLeaks,
  forgedAccess,
  injectOperation,
  jsonOrNull,
  loadOperations,
  mintSession,
  pathParams,
  plausibleBody,
  STRONG_PASSWORD,
  buildWorld,
  targetId,
  type Identity,
  type IdentityName,
  type Operation,
  type OrganizationInfo,
  type World,
} from './support';

type Header = 'own' | 'foreign' | 'missing' | 'bogus';
type TokenState = 'valid' | 'missing' | 'expired' | 'forged';
type PathVariant = 'none' | 'same' | 'other';

const HEADERS: Header[] = ['own', 'foreign', 'missing', 'bogus'];
const BOGUS_ORGANIZATION = 'no-such-organization';
const IDENTITIES: IdentityName[] = [
  'master',
  'admin',
  'nurse',
  'newhire',
  'client',
  'marketer',
  'harborAdmin',
  'aide',
  'aideDue',
];

/** Argon2 runs on every sign-in attempt (by design); the login operation gets a smaller identity set. */
const ARGON_HEAVY = new Set(['auth_login_create']);

interface Totals {
  cases: number;
  operations: number;
  leakChecked: number;
  leaks: string[];
  failures: string[];
}

/** The suite on one backend, one file per backend (security-matrix.<backend>.test.ts) so the two run side by side; skipped, saying so, when the backend is not tested here. */
export function securityMatrixSuite(backend: Backend): void {
  if (!testBackends().includes(backend)) {
    describe.skip(`security matrix (${backend}): no TEST_DATABASE_URL`, () => {
      it('runs on PostgreSQL only with TEST_DATABASE_URL set', () => {});
    });
    return;
  }
  describe(`security matrix (${backend})`, () => {
    let t: TestApp;
    let world: World;
    let operations: Operation[] = [];
    const totals: Totals = { cases: 0, operations: 0, leakChecked: 0, leaks: [], failures: [] };
    /** Tokens per identity and state, made once. */
    const tokens = new Map<string, string>();
    let loginBot: { email: string };
    let refreshChain: string;

    beforeAll(async () => {
      t = await createTestApp({ backend });
      world = await buildWorld(t);
      for (const name of IDENTITIES) {
        const identity = world.identities[name];
        tokens.set(`${name}:valid`, identity.access);
        tokens.set(`${name}:expired`, await expiredAccess(t, identity));
        tokens.set(`${name}:forged`, await forgedAccess(t, identity));
      }
      loginBot = await cloneUser(t, world.identities.nurse.userId);
      refreshChain = (await t.login(loginBot.email)).refresh;
      operations = (await loadOperations(t)).operations;
      await plantCanaries(t, world.harbor.id);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('finds the operations of the contract in the served document', () => {
      const ids = operations.map((o) => o.operationId);
      expect(ids).toEqual(
        expect.arrayContaining([
          'auth_login_create',
          'auth_user_retrieve',
          'organizations_list',
          'organizations_retrieve',
        ]),
      );
    });

    it('has every served operation in the hand-written access table, and nothing else', () => {
      const served = new Set(operations.map((o) => o.operationId));
      const written = new Set(Object.keys(ACCESS_TABLE));
      expect(
        [...served].filter((id) => !written.has(id)),
        'served, not in tests/security/access-table.ts',
      ).toEqual([]);
      expect(
        [...written].filter((id) => !served.has(id)),
        'in tests/security/access-table.ts, not served',
      ).toEqual([]);
    });

    it('has a canary in every text field of the second organization’s records', async () => {
      expect(await canaryCoverage(t)).toEqual([]);
    });

    it('has identities for every caller of the table, confined ones included', () => {
      const callers = new Set(IDENTITIES.map((name) => world.identities[name].caller));
      for (const rule of Object.values(ACCESS_TABLE))
        if (!('public' in rule)) for (const caller of rule.callers) expect(callers, caller).toContain(caller);
      expect(
        IDENTITIES.filter((name) => world.identities[name].formsDue > 0)
          .map((name) => world.identities[name].caller)
          .sort(),
      ).toEqual(['new', 'ready']);
    });

    const organizationOf = (token: string | null): OrganizationInfo | null =>
      token === world.sunrise.token ? world.sunrise : token === world.harbor.token ? world.harbor : null;

    function idsIn(op: Operation, organization: OrganizationInfo): Record<string, string | number> {
      return Object.fromEntries(pathParams(op).map((p) => [p.name, targetId(world, op.path, organization, p.name)]));
    }

    async function runOperation(op: Operation) {
      totals.operations++;
      const rule = op.access;
      const isPublic = 'public' in rule;
      const identities: (IdentityName | 'anonymous')[] = ARGON_HEAVY.has(op.operationId)
        ? ['anonymous', 'admin', 'master']
        : ['anonymous', ...IDENTITIES];
      const pathVariants: PathVariant[] = pathParams(op).length ? ['same', 'other'] : ['none'];
      const failures: string[] = [];

      for (const who of identities) {
        const identity: Identity | null = who === 'anonymous' ? null : world.identities[who];
        const states: TokenState[] = identity ? ['valid', 'expired', 'forged'] : ['missing'];
        for (const state of states) {
          for (const header of HEADERS) {
            for (const pathVariant of pathVariants) {
              totals.cases++;
              const own = identity?.own ?? world.sunrise;
              const foreign = identity?.foreign ?? world.harbor;
              const headerToken =
                header === 'own'
                  ? own.token
                  : header === 'foreign'
                    ? foreign.token
                    : header === 'bogus'
                      ? BOGUS_ORGANIZATION
                      : null;
              // the organization the request acts in, when it is allowed to act at all
              const acting = identity
                ? identity.isMaster
                  ? organizationOf(headerToken)
                  : identity.own
                : organizationOf(headerToken);
              const sameOrganization = acting ?? world.sunrise;
              const otherOrganization = sameOrganization.id === world.sunrise.id ? world.harbor : world.sunrise;
              const pathOrganization = pathVariant === 'other' ? otherOrganization : sameOrganization;

              // the request
              let access = identity && state !== 'missing' ? tokens.get(`${who}:${state}`)! : null;
              let body = plausibleBody(op);
              if (identity && state === 'valid' && op.operationId === 'auth_logout_create') {
                access = (await mintSession(t, identity.userId)).access;
              }
              if (identity && state === 'valid' && op.operationId === 'auth_password_change_create') {
                const clone = await cloneUser(t, identity.userId);
                access = (await mintSession(t, clone.id)).access;
              }
              if (op.operationId === 'auth_password_change_create')
                body = { current_password: DEMO_PASSWORD, new_password: STRONG_PASSWORD };
              if (op.operationId === 'auth_login_create') body = { email: loginBot.email, password: DEMO_PASSWORD };
              if (op.operationId === 'auth_token_refresh_create') body = { refresh: refreshChain };

              const headers: Record<string, string> = {};
              if (access) headers.authorization = `Bearer ${access}`;
              if (headerToken) headers['x-organization-token'] = headerToken;
              const url = fillPath(op.path, idsIn(op, pathOrganization));
              const response = await injectOperation(t, op, {
                method: op.method,
                url,
                headers,
                ...(body !== undefined ? { payload: body } : {}),
              });
              const status = response.statusCode;
              const label = `${op.operationId} ${describeCase({ who, token: state, header, path: pathVariant })} → ${status} ${response.body.slice(0, 160)}`;

              if (op.operationId === 'auth_token_refresh_create' && status === 200)
                refreshChain = response.json().refresh;

              // the expected status
              const code = (jsonOrNull(response) as { code?: string } | null)?.code;
              if (status >= 500) failures.push(`server error: ${label}`);
              if (op.operationId === 'auth_login_create') {
                // the sign-in bot works at Sunrise: it signs in on Sunrise's page, or with no page named (its only
                // account), never on another organization's page or one that does not exist (product.md: an email
                // is unique within an organization, and sign-in uses the organization of the login page)
                const account = headerToken === null || headerToken === world.sunrise.token;
                // (refused: 401, or 429 once those refusals pass the throttle of that account and address)
                const refused =
                  (status === 401 && code === 'authentication_failed') || (status === 429 && code === 'throttled');
                if (account ? status !== 200 : !refused) failures.push(`sign-in by organization: ${label}`);
              } else if (isPublic) {
                if (status === 401 || status === 403) failures.push(`public operation refused: ${label}`);
              } else if (!identity || state !== 'valid') {
                if (status !== 401) failures.push(`expected 401: ${label}`);
              } else {
                const granted = allows(rule, identity);
                const headerRefused = identity.isMaster
                  ? header === 'bogus'
                  : header === 'foreign' || header === 'bogus';
                // a password change is made by a clone of the identity, which has no form requests (so none due)
                const formsDue = op.operationId === 'auth_password_change_create' ? 0 : identity.formsDue;
                const confined =
                  identity.role === 'ROLE_EMPLOYEE' && formsDue > 0 && !('formsDue' in rule && rule.formsDue);
                if (!granted || headerRefused) {
                  // refused either way: for lack of the right, or (an employee with forms due) by the confinement
                  const codes = confined && !headerRefused ? ['permission_denied', 'forms_due'] : ['permission_denied'];
                  if (status !== 403) failures.push(`expected 403: ${label}`);
                  else if (!codes.includes(code ?? ''))
                    failures.push(`403 without code ${codes.join(' or ')}: ${label}`);
                } else if (confined) {
                  if (status !== 403 || code !== 'forms_due')
                    failures.push(`expected 403 forms_due (confined to the forms-due pages): ${label}`);
                } else if (status === 401 || status === 403) {
                  failures.push(`expected access: ${label}`);
                } else if (pathVariant === 'other' && acting && status !== 404 && status !== 403) {
                  failures.push(`foreign id not refused (404/403): ${label}`);
                }
              }

              // every answer
              if (response.headers['cache-control'] !== 'no-store')
                failures.push(`cache-control ${String(response.headers['cache-control'])}: ${label}`);
              for (const problem of errorProblems(response)) failures.push(`${problem}: ${label}`);

              // no row of the other organization
              // the master's reads across organizations: the list of them, and the audit log (product.md, "Audit")
              const masterReadsEveryOrganization = [
                'organizations_list',
                'audit_log_list',
                'audit_log_export_retrieve',
                'audit_log_people_list',
              ].includes(op.operationId);
              if (!isPublic && acting && !masterReadsEveryOrganization && status < 300) {
                totals.leakChecked++;
                const foreignOrganization = acting.id === world.sunrise.id ? world.harbor : world.sunrise;
                for (const leak of findLeaks(jsonOrNull(response), foreignOrganization))
                  totals.leaks.push(`${leak} in ${label}`);
                // every field of every harbor record carries a canary: one in an answer in sunrise names the field
                if (acting.id === world.sunrise.id) {
                  for (const field of canariesIn(response.body))
                    totals.leaks.push(`harbor's ${field} (canary) in ${label}`);
                }
              }
            }
          }
        }
      }
      totals.failures.push(...failures);
      expect(failures, `${op.operationId}: ${failures.length} failures:\n${failures.slice(0, 5).join('\n')}`).toEqual(
        [],
      );
    }

    it('has checks that can fail: the leak scanner sees a foreign row, the error check sees internals', () => {
      const foreignUser = {
        id: 9,
        email: 'admin@harbor.example',
        organization: { id: world.harbor.id, name: 'x', token: 'y' },
      };
      expect(findLeaks({ results: [foreignUser] }, world.harbor).length).toBeGreaterThan(0);
      expect(findLeaks({ results: [{ organization_id: world.harbor.id }] }, world.harbor)).toHaveLength(1);
      expect(
        findLeaks(
          { results: [{ email: 'admin@sunrise.example', organization: { id: world.sunrise.id } }] },
          world.harbor,
        ),
      ).toEqual([]);
      expect(canariesIn(JSON.stringify({ results: [{ name: 'Visit notes canary_note_types_name' }] }))).toEqual([
        'note_types_name',
      ]);
      const fake = (statusCode: number, body: string) => ({ statusCode, body, json: () => JSON.parse(body) }) as never;
      expect(errorProblems(fake(500, '{"detail":"relation \\"users\\" does not exist","code":"x"}'))).not.toEqual([]);
      expect(errorProblems(fake(400, '{"message":"bad"}'))).not.toEqual([]);
      expect(
        errorProblems(
          fake(400, '{"detail":"Invalid input.","code":"invalid","fields":{"email":["Enter a valid email address."]}}'),
        ),
      ).toEqual([]);
    });

    it('every operation × identity × header × token × path id answers as its access declares, without foreign rows', async () => {
      expect(operations.length).toBeGreaterThan(0);
      const failures: string[] = [];
      for (const op of operations) {
        try {
          await runOperation(op);
        } catch (error) {
          failures.push(`${op.operationId}: ${(error as Error).message.slice(0, 2000)}`);
        }
      }
      console.info(
        `[security matrix ${backend}] operations=${totals.operations} cases=${totals.cases} leak-checked answers=${totals.leakChecked} leaks=${totals.leaks.length} failures=${totals.failures.length}`,
      );
      expect(totals.leaks).toEqual([]);
      expect(failures).toEqual([]);
    }, 240_000);
  });
}
