import { and, eq } from 'drizzle-orm';
import { auditRowOf, type AuditContext, type AuditEntry } from '../../plugins/audit';
import type { Tx } from '../connection';
import { auditLog, clients, users } from '../schema';
import { demoStaff, type DemoIds } from './demo';

const OFFICE_BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE_BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A sign-in at an organization, as the login route records it (the account tried is the actor). */
function signIn(
  userId: number,
  organizationId: number,
  email: string,
  outcome: 'success' | 'failure',
): AuditEntry & AuditContext {
  return {
    entity: 'session',
    entityId: userId,
    actorId: userId,
    organizationId,
    operationId: 'auth_login_create',
    action: outcome === 'success' ? 'SIGN_IN' : 'SIGN_IN_FAILED',
    changed: { event: 'login', outcome, email },
  };
}

/**
 * The demo's audit trail (product.md, "Audit"), so the master's /audit-log shows something on a fresh demo:
 * yesterday's sign-ins at both agencies (one failed first), the Sunrise admin searching and opening Clara
 * Whitfield's record, reading the aide's record and correcting her phone (old and new), the nurse signing out.
 * Rows are made as the app makes them (auditRowOf: secrets dropped, action, role and employee derived).
 */
export async function seedDemoAudit(tx: Tx, ids: DemoIds, now: Date): Promise<void> {
  const { sunrise, harbor, sunriseAdmin: admin, nurse, aide, harborAdmin } = demoStaff(ids);
  const [clara] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.organizationId, sunrise), eq(clients.lastName, 'Whitfield')))
    .limit(1);
  const [aideRow] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, aide)).limit(1);
  // yesterday morning, minutes apart
  const start = now.getTime() - 26 * 3_600_000;
  const at = (minutes: number) => new Date(start + minutes * 60_000);
  const office: AuditContext = { ip: '198.51.100.24', userAgent: OFFICE_BROWSER };
  const rows: [number, AuditEntry & AuditContext][] = [
    [
      0,
      {
        ...office,
        ...signIn(admin, sunrise, 'admin@sunrise.example', 'failure'),
      },
    ],
    [
      1,
      {
        ...office,
        ...signIn(admin, sunrise, 'admin@sunrise.example', 'success'),
      },
    ],
    [
      3,
      {
        ...office,
        entity: 'client',
        actorId: admin,
        organizationId: sunrise,
        operationId: 'clients_list',
        action: 'SEARCH',
        changed: { query: { search: 'whit', limit: 20, offset: 0, ordering: 'last_name' }, count: 1 },
      },
    ],
    ...(clara
      ? ([
          [
            4,
            {
              ...office,
              entity: 'client',
              entityId: clara.id,
              clientId: clara.id,
              actorId: admin,
              organizationId: sunrise,
              operationId: 'clients_retrieve',
              action: 'READ',
              changed: { event: 'read', what: 'client' },
            },
          ],
        ] as [number, AuditEntry & AuditContext][])
      : []),
    [
      9,
      {
        ...office,
        entity: 'employee',
        entityId: aide,
        actorId: admin,
        organizationId: sunrise,
        operationId: 'employees_retrieve',
        changed: { event: 'read', what: 'employee' },
      },
    ],
    [
      10,
      {
        ...office,
        entity: 'employee',
        entityId: aide,
        actorId: admin,
        organizationId: sunrise,
        operationId: 'employees_partial_update',
        changed: { phone: { from: '(555) 310-7700', to: aideRow?.phone ?? null } },
      },
    ],
    [
      42,
      {
        ip: '203.0.113.61',
        userAgent: PHONE_BROWSER,
        ...signIn(nurse, sunrise, 'nurse@sunrise.example', 'success'),
      },
    ],
    [
      75,
      {
        ip: '203.0.113.61',
        userAgent: PHONE_BROWSER,
        entity: 'session',
        actorId: nurse,
        organizationId: sunrise,
        operationId: 'auth_logout_create',
        changed: { event: 'logout' },
      },
    ],
    [
      90,
      {
        ip: '192.0.2.80',
        userAgent: OFFICE_BROWSER,
        ...signIn(harborAdmin, harbor, 'admin@harbor.example', 'success'),
      },
    ],
  ];
  await tx.insert(auditLog).values(rows.map(([minutes, entry]) => auditRowOf(entry, at(minutes))));
}
