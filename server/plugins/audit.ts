import { auditLog } from '../db/schema';
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
}

export type AuditAction = 'SIGN_IN' | 'SIGN_IN_FAILED' | 'SIGN_OUT' | 'READ' | 'SEARCH' | 'EXPORT' | 'CREATE' | 'UPDATE' | 'DELETE';

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

/** `request.audit(entry)` and `app.writeAudit(entry)`: one append-only row per change, read or sign-in attempt. */
export const auditPlugin = global(async (app) => {
  app.decorate('writeAudit', async (entry) => {
    await app.db.insert(auditLog).values({
      actorId: entry.actorId ?? null,
      organizationId: entry.organizationId ?? null,
      operationId: entry.operationId ?? null,
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      action: actionOf(entry),
      clientId: entry.clientId ?? null,
      changedFields: entry.changed ? (withoutSecrets(entry.changed) as Record<string, unknown>) : null,
      ip: entry.ip ?? null,
      createdAt: app.now(),
    });
  });
  app.decorateRequest('audit', async function (entry: AuditEntry) {
    // `this` is the request
    const request = this as unknown as import('fastify').FastifyRequest;
    await app.writeAudit({
      ...entry,
      actorId: entry.actorId !== undefined ? entry.actorId : (request.user?.user.id ?? null),
      organizationId: entry.organizationId !== undefined ? entry.organizationId : (request.organization?.id ?? null),
      operationId: (request.routeOptions.schema?.operationId as string | undefined) ?? null,
      ip: request.ip,
    });
  });
}, 'audit');
