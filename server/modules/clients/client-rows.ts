import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/actor';
import { clients } from '../../db/schema';
import { notFound } from '../../lib/api-error';
import type { Tx } from '../../db/connection';
import type { RequestOrganization } from '../../types';
import type { ClientSummaryOut } from './schemas';

/** What every job on clients shares: the client's row in the organization, its summary and its audit. */

export type ClientRow = typeof clients.$inferSelect;

export async function findClient(
  app: FastifyInstance,
  organization: RequestOrganization,
  id: number,
  db: FastifyInstance['db'] | Tx = app.db,
): Promise<ClientRow> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.organizationId, organization.id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function auditClient(
  actor: Actor,
  clientId: number,
  entry: {
    action?: 'READ' | 'SEARCH' | 'CREATE' | 'UPDATE';
    entity?: string;
    entityId?: number;
    changed: Record<string, unknown>;
  },
) {
  await actor.audit({
    entity: entry.entity ?? 'client',
    entityId: entry.entityId ?? clientId,
    action: entry.action,
    clientId,
    changed: entry.changed,
  });
}

export function summary(row: ClientRow): ClientSummaryOut {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    type: row.type,
    status: row.status,
    date_of_birth: row.dateOfBirth,
    phone: row.phone,
    city: row.city,
    created_at: row.createdAt.toISOString(),
  };
}
