import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/actor';
import { auditLog, users } from '../../db/schema';
import type { Listed, Page } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import { personName } from '../../lib/names';
import type { AccessEntryOut } from './schemas';
import { findClient } from './client-rows';

/** Who read or changed the client, and when: the client's audit log, newest first. */
export function createClientAccessHistory(app: FastifyInstance) {
  async function accessHistory(actor: Actor, id: number, page: Page): Promise<Listed<AccessEntryOut>> {
    const organization = requireOrganization(actor);
    await findClient(app, organization, id);
    const where = and(
      eq(auditLog.clientId, id),
      eq(auditLog.organizationId, organization.id),
      isNotNull(auditLog.clientId),
    )!;
    const [rows, [total]] = await Promise.all([
      app.db
        .select({
          entry: auditLog,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          role: users.role,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(page.limit)
        .offset(page.offset),
      app.db
        .select({ total: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(where),
    ]);
    // who read the client is itself a read of the client; written after the page, so it shows from the next one
    await actor.audit({
      entity: 'client',
      entityId: id,
      action: 'READ',
      clientId: id,
      changed: { event: 'access-history', ...page },
    });
    return {
      count: Number(total?.total ?? 0),
      results: rows.map(({ entry, firstName, lastName, email, role }) => ({
        id: entry.id,
        at: entry.createdAt.toISOString(),
        actor:
          entry.actorId && role
            ? {
                id: entry.actorId,
                name: personName({ firstName: firstName ?? '', lastName: lastName ?? '', email: email ?? '' }),
                role,
              }
            : null,
        action: entry.action ?? 'UPDATE',
        entity: entry.entity,
        what: describeAuditChange(entry.entity, entry.changedFields),
      })),
    };
  }

  return { accessHistory };
}

/** A row of the access history in words: the fields a change touched (their names, never their values). */
export function describeAuditChange(entity: string, changed: Record<string, unknown> | null): string {
  const subject = entity.replace(/_/g, ' ');
  if (!changed) return subject;
  const event = typeof changed.event === 'string' ? changed.event : null;
  if (event === 'read')
    return `${subject}${typeof changed.what === 'string' && changed.what !== entity ? ` (${changed.what})` : ''}`;
  if (event) return `${subject}: ${event}`;
  const fields = Object.keys(changed).map((key) => key.replace(/_/g, ' '));
  return fields.length ? `${subject}: ${fields.join(', ')}` : subject;
}
