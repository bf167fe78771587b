import { sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { auditLog, users } from '../db/schema';
import { global } from '../lib/plugin';

export interface AuditEntry {
  /** What was touched: 'user', 'session', 'client', ... */
  entity: string;
  entityId?: string | number | null;
  /** The changed fields (or what was read / attempted); secrets are dropped before writing. */
  changed?: Record<string, unknown> | null;
  /** Override the actor (e.g. a sign-in attempt names the account it tried). */
  actorId?: number | null;
  organizationId?: number | null;
  /** READ, SEARCH, EXPORT, CREATE, UPDATE, DELETE; when left out, taken from `changed.event` (read, create, delete) or UPDATE. */
  action?: AuditAction;
  /** The client the row concerns: it shows in that client's access history. */
  clientId?: number | null;
  /**
   * The employee the row concerns (their record read or changed, a visit of theirs changed): a grievance's
   * reprisal watch reads these. When left out: the entity id of an `employee` row, else `changed.employee_id`.
   */
  employeeId?: number | null;
  /** The actor's role; when left out, the role the actor has when the row is written. */
  role?: string | null;
}

/** The longest user agent kept (a header can be 8 KiB; the start names the browser). */
const USER_AGENT_MAX = 500;

function employeeOf(entry: AuditEntry): number | null {
  if (entry.employeeId !== undefined) return entry.employeeId;
  if (entry.entity === 'employee' && entry.entityId !== undefined && entry.entityId !== null) {
    const id = Number(entry.entityId);
    return Number.isSafeInteger(id) ? id : null;
  }
  const named = entry.changed?.employee_id;
  return typeof named === 'number' && Number.isSafeInteger(named) ? named : null;
}

export type AuditAction =
  'SIGN_IN' | 'SIGN_IN_FAILED' | 'SIGN_OUT' | 'READ' | 'SEARCH' | 'EXPORT' | 'CREATE' | 'UPDATE' | 'DELETE';

const ACTION_OF_EVENT: Record<string, AuditAction> = {
  read: 'READ',
  'read-list': 'READ',
  'read-all': 'READ',
  'resume-read': 'READ',
  'file-read': 'READ',
  create: 'CREATE',
  invite: 'CREATE',
  delete: 'DELETE',
  logout: 'SIGN_OUT',
};

function actionOf(entry: AuditEntry): AuditAction {
  if (entry.action) return entry.action;
  const event = entry.changed?.event;
  return (typeof event === 'string' && ACTION_OF_EVENT[event]) || 'UPDATE';
}

const SECRET_KEY = /pass|token|secret|hash|refresh|access_?key/i;

/** Removes anything that could be a secret, at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, inner]) => [key, withoutSecrets(inner)]),
    );
  }
  return value;
}

/** What `writeAudit` and `request.audit` write besides the entry: who and from where, when none is a request's. */
export interface AuditContext {
  actorId?: number | null;
  organizationId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  operationId?: string | null;
}

/**
 * The row an entry becomes (secrets dropped, action and employee derived, role looked up when not given):
 * the one way rows are made, for the app and for the demo seed.
 */
export function auditRowOf(entry: AuditEntry & AuditContext, at: Date): PgInsertValue<typeof auditLog> {
  const actorId = entry.actorId ?? null;
  return {
    actorId,
    organizationId: entry.organizationId ?? null,
    operationId: entry.operationId ?? null,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    action: actionOf(entry),
    clientId: entry.clientId ?? null,
    employeeId: employeeOf(entry),
    // a sign-in attempt or a sweep names its actor without a session: the role they have now
    role:
      entry.role !== undefined
        ? entry.role
        : actorId === null
          ? null
          : sql`(select ${users.role} from ${users} where ${users.id} = ${actorId})`,
    changedFields: entry.changed ? (withoutSecrets(entry.changed) as Record<string, unknown>) : null,
    ip: entry.ip ?? null,
    userAgent: entry.userAgent ? entry.userAgent.slice(0, USER_AGENT_MAX) : null,
    createdAt: at,
  };
}

/** `request.audit(entry)` and `app.writeAudit(entry)`: one append-only row per change, read or sign-in attempt. */
export const auditPlugin = global(async (app) => {
  app.decorate('writeAudit', async (entry) => {
    await app.db.insert(auditLog).values(auditRowOf(entry, app.now()));
  });
  app.decorateRequest('audit', async function (entry: AuditEntry) {
    // `this` is the request
    const request = this as unknown as import('fastify').FastifyRequest;
    const actorId = entry.actorId !== undefined ? entry.actorId : (request.user?.user.id ?? null);
    const userAgent = request.headers['user-agent'];
    await app.writeAudit({
      ...entry,
      actorId,
      organizationId: entry.organizationId !== undefined ? entry.organizationId : (request.organization?.id ?? null),
      // the session's role when the actor is the one signed in (the master stays ROLE_MASTER in any organization)
      ...(entry.role === undefined && request.user && actorId === request.user.user.id
        ? { role: request.user.user.role }
        : {}),
      operationId: (request.routeOptions.schema?.operationId as string | undefined) ?? null,
      ip: request.ip,
      userAgent: typeof userAgent === 'string' ? userAgent : null,
    });
  });
}, 'audit');
