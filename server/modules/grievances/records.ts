import { and, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import {
  GRIEVANCE_OVERDUE_DAYS,
  GRIEVANCE_STATES,
  REPRISAL_WATCH_DAYS,
  RESOLVED_GRIEVANCE_STATES,
  type GrievanceState,
} from '#domain/grievances';
import { auditLog, clients, grievances, users } from '../../db/schema';
import type { Tx } from '../../db/connection';
import { nameColumns, personRef } from '../../lib/names';
import type { GrievanceOut, GrievanceSummaryOut, ReprisalChangeOut } from './schemas';

/** A grievance's rows and how they read: what the desk and the complainant's pages both show. */

export type GrievanceRow = typeof grievances.$inferSelect;
export type Db = FastifyInstance['db'] | Tx;

const DAY_MS = 86_400_000;
export const OVERDUE_MS = GRIEVANCE_OVERDUE_DAYS * DAY_MS;
const WATCH_MS = REPRISAL_WATCH_DAYS * DAY_MS;
/** States without a resolution: such a grievance 14 days old is overdue. */
export const UNRESOLVED: GrievanceState[] = (Object.keys(GRIEVANCE_STATES) as GrievanceState[]).filter(
  (state) => !RESOLVED_GRIEVANCE_STATES.includes(state),
);

const complainants = alias(users, 'complainant');
const filers = alias(users, 'filer');

export function selectGrievances(db: Db) {
  return db
    .select({
      grievance: grievances,
      complainantFirst: complainants.firstName,
      complainantLast: complainants.lastName,
      complainantEmail: complainants.email,
      clientFirst: clients.firstName,
      clientLast: clients.lastName,
      filerFirst: filers.firstName,
      filerLast: filers.lastName,
      filerEmail: filers.email,
    })
    .from(grievances)
    .leftJoin(complainants, eq(complainants.id, grievances.complainantId))
    .leftJoin(clients, eq(clients.id, grievances.clientId))
    .leftJoin(filers, eq(filers.id, grievances.filedById));
}
export type Selected = Awaited<ReturnType<ReturnType<typeof selectGrievances>['where']>>[number];

const overdueAt = (row: GrievanceRow, now: Date) =>
  UNRESOLVED.includes(row.state) && now.getTime() - row.createdAt.getTime() > OVERDUE_MS;

export function summary(row: Selected, now: Date): GrievanceSummaryOut {
  const { grievance } = row;
  return {
    id: grievance.id,
    category: grievance.category,
    description: grievance.description,
    state: grievance.state,
    urgent: grievance.urgent,
    overdue: overdueAt(grievance, now),
    channel: grievance.channel as GrievanceSummaryOut['channel'],
    complainant_name: grievance.complainantName,
    complainant: personRef(grievance.complainantId, {
      firstName: row.complainantFirst,
      lastName: row.complainantLast,
      email: row.complainantEmail,
    }),
    client: personRef(grievance.clientId, { firstName: row.clientFirst, lastName: row.clientLast }),
    occurred_on: grievance.occurredOn,
    created_at: grievance.createdAt.toISOString(),
    updated_at: grievance.updatedAt.toISOString(),
  };
}

/** Changes to the complainant's visits or role (the audit log) from filing for 90 days, newest first; not their own doings. */
export async function reprisalWatch(
  app: FastifyInstance,
  grievance: GrievanceRow,
): Promise<NonNullable<GrievanceOut['reprisal_watch']>> {
  const until = new Date(grievance.createdAt.getTime() + WATCH_MS);
  const concerns: SQL[] = [];
  if (grievance.clientId !== null)
    concerns.push(and(eq(auditLog.clientId, grievance.clientId), eq(auditLog.entity, 'visit'))!);
  if (grievance.complainantId !== null) {
    concerns.push(and(eq(auditLog.employeeId, grievance.complainantId), eq(auditLog.entity, 'visit'))!);
    concerns.push(
      and(inArray(auditLog.entity, ['user', 'employee']), eq(auditLog.entityId, String(grievance.complainantId)))!,
    );
  }
  if (!concerns.length) return { until: until.toISOString(), changes: [] };
  const actors = alias(users, 'actor');
  const rows = await app.db
    .select({ row: auditLog, ...nameColumns(actors) })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.organizationId, grievance.organizationId),
        gte(auditLog.createdAt, grievance.createdAt),
        lt(auditLog.createdAt, until),
        inArray(auditLog.action, ['CREATE', 'UPDATE', 'DELETE']),
        or(...concerns),
        grievance.complainantId !== null
          ? or(isNull(auditLog.actorId), sql`${auditLog.actorId} <> ${grievance.complainantId}`)
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(200);
  return {
    until: until.toISOString(),
    changes: rows.map(({ row, firstName, lastName, email }): ReprisalChangeOut => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      entity: row.entity,
      entity_id: row.entityId,
      action: row.action ?? 'UPDATE',
      fields: Object.keys(row.changedFields ?? {}).filter((key) => key !== 'event'),
      by: personRef(row.actorId, { firstName, lastName, email }),
    })),
  };
}
