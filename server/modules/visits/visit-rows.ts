import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dateIn } from '#domain/dates';
import { minutesBetween } from '#domain/visits';
import {
  clients,
  clientServices,
  employeeProfiles,
  organizations,
  users,
  visitExceptions,
  visits,
} from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { ApiError } from '../../lib/api-error';
import type { Tx } from '../../db/connection';
import type { RequestOrganization } from '../../types';
import { personName } from '../../lib/names';
import { notifyAdmins } from '../notifications/service';
import type { VisitExceptionOut } from './schemas';

/** What every job on visits shares: the joined rows, the organization's settings, the audit and the office's notices. */

export type VisitRow = typeof visits.$inferSelect;
export type Db = FastifyInstance['db'] | Tx;

export const conflict = (detail: string, code = 'visit_conflict') => new ApiError(409, code, detail);
export const isExclusionViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } })?.code === '23P01' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23P01';

export const dayIn = (organization: RequestOrganization) => (at: Date) => dateIn(organization.timezone, at);

export async function settingsOf(app: FastifyInstance, organizationId: number) {
  const [row] = await app.db
    .select({ tolerance: organizations.evvToleranceMeters, weekStart: organizations.weekStart })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? { tolerance: 250, weekStart: 0 };
}

export async function positionOf(app: FastifyInstance, userId: number): Promise<string | null> {
  const [profile] = await app.db
    .select({ position: employeeProfiles.position })
    .from(employeeProfiles)
    .where(eq(employeeProfiles.userId, userId));
  return profile?.position ?? null;
}

/**
 * A visit with its client's name, its service and its caregiver's name: what every list of visits shows. The query
 * joins clients and client services, and users on the caregiver (none for an Open visit).
 */
export const namedVisitColumns = {
  visit: visits,
  clientFirst: clients.firstName,
  clientLast: clients.lastName,
  service: clientServices.service,
  caregiverFirst: users.firstName,
  caregiverLast: users.lastName,
  caregiverEmail: users.email,
};

/** The rows behind visits, with their client (and the client's home), service and caregiver. */
export function selectVisits(db: Db) {
  return db
    .select({
      ...namedVisitColumns,
      address: sql<string>`concat_ws(', ', nullif(${clients.address}, ''), nullif(${clients.city}, ''), nullif(concat_ws(' ', nullif(${clients.state}, ''), nullif(${clients.postalCode}, '')), ''))`,
      city: clients.city,
      latitude: clients.latitude,
      longitude: clients.longitude,
    })
    .from(visits)
    .innerJoin(clients, eq(clients.id, visits.clientId))
    .innerJoin(clientServices, eq(clientServices.id, visits.clientServiceId))
    .leftJoin(users, eq(users.id, visits.caregiverId));
}
export type Joined = Awaited<ReturnType<typeof selectVisits>>[number];

/** Minutes worked: the office's corrected times if any, else the clocks. */
export function workedMinutes(row: VisitRow): number | null {
  const start = row.correctedStartAt ?? row.clockInAt;
  const end = row.correctedEndAt ?? row.clockOutAt;
  return start && end ? Math.max(0, minutesBetween(start, end)) : null;
}

export function serializeException(
  row: typeof visitExceptions.$inferSelect,
  firstName: string | null,
  lastName: string | null,
  email: string | null,
): VisitExceptionOut {
  return {
    id: row.id,
    visit_id: row.visitId,
    code: row.code,
    detail: row.detail,
    resolution: row.resolution,
    resolution_note: row.resolutionNote,
    resolved_by: row.resolvedById
      ? {
          id: row.resolvedById,
          name: personName({ firstName: firstName ?? '', lastName: lastName ?? '', email: email ?? '' }),
        }
      : null,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** `row.caregiverId`: the caregiver the visit concerns (the one it had before a change, else the one it gets). */
export async function auditVisit(
  actor: Actor,
  row: { id: number; clientId: number; caregiverId: number | null },
  action: 'CREATE' | 'UPDATE' | 'READ' | 'SEARCH' | 'EXPORT',
  changed: Record<string, unknown>,
) {
  await actor.audit({
    entity: 'visit',
    entityId: row.id,
    action,
    clientId: row.clientId,
    employeeId: row.caregiverId,
    changed,
  });
}

export async function tellOffice(
  app: FastifyInstance,
  organization: RequestOrganization,
  title: string,
  body: string,
  link: string,
) {
  await notifyAdmins(app, organization.id, { type: 'visit', title, body, link });
}
