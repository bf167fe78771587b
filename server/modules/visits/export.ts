import { Readable } from 'node:stream';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SERVICES, type ServiceCode } from '#domain/clients';
import { addDays, zonedTime } from '#domain/dates';
import { minutesBetween } from '#domain/visits';
import { clients, clientServices, users, visitExceptions, visits } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { invalid } from '../../lib/api-error';
import { csvLine } from '../../lib/csv';
import { requireOrganization } from '../../lib/request-organization';
import type { ExportPeriod } from './schemas';
import type { VisitRow } from './visit-rows';

/** The export reads the database in batches of this many visits (memory stays flat however long the period). */
const EXPORT_BATCH = 500;

interface ExportRow {
  visit: Pick<
    VisitRow,
    | 'id'
    | 'clientId'
    | 'caregiverId'
    | 'serviceDate'
    | 'startsAt'
    | 'clockInAt'
    | 'clockOutAt'
    | 'clockInLocation'
    | 'clockInLatitude'
    | 'clockInLongitude'
    | 'clockOutLocation'
    | 'clockOutLatitude'
    | 'clockOutLongitude'
    | 'correctedStartAt'
    | 'correctedEndAt'
    | 'correctionReason'
  >;
  clientFirst: string;
  clientLast: string;
  memberId: string | null;
  service: ServiceCode;
  caregiverFirst: string | null;
  caregiverLast: string | null;
  codes: string;
}

/** The state aggregator's CSV of verified visits. */
export function createVisitExport(app: FastifyInstance) {
  return {
    /** The CSV of a period's verified visits, read in batches as it is sent (never the whole period in memory). */
    async exportCsv(actor: Actor, period: ExportPeriod): Promise<Readable> {
      const organization = requireOrganization(actor);
      if (period.to < period.from) throw invalid({ to: ['The period must end on or after its first day.'] });
      await actor.audit({
        entity: 'visit',
        action: 'EXPORT',
        changed: { event: 'export', from: period.from, to: period.to },
      });
      const tz = organization.timezone;
      const db = app.db;
      async function* lines() {
        yield csvLine([
          'Visit id',
          'Service code',
          'Service',
          'Client id',
          'Client',
          'Member id',
          'Caregiver id',
          'Caregiver',
          'Service date',
          'Location in',
          'Latitude in',
          'Longitude in',
          'Location out',
          'Latitude out',
          'Longitude out',
          'Start',
          'End',
          'Clock-in',
          'Clock-out',
          'Minutes',
          'Time zone',
          'Exception codes',
          'Correction reason',
        ]);
        const from = zonedTime(tz, period.from, '00:00');
        const until = zonedTime(tz, addDays(period.to, 1), '00:00');
        let after: { startsAt: Date; id: number } | null = null;
        for (;;) {
          const rows: ExportRow[] = await db
            .select({
              visit: {
                id: visits.id,
                clientId: visits.clientId,
                caregiverId: visits.caregiverId,
                serviceDate: visits.serviceDate,
                startsAt: visits.startsAt,
                clockInAt: visits.clockInAt,
                clockOutAt: visits.clockOutAt,
                clockInLocation: visits.clockInLocation,
                clockInLatitude: visits.clockInLatitude,
                clockInLongitude: visits.clockInLongitude,
                clockOutLocation: visits.clockOutLocation,
                clockOutLatitude: visits.clockOutLatitude,
                clockOutLongitude: visits.clockOutLongitude,
                correctedStartAt: visits.correctedStartAt,
                correctedEndAt: visits.correctedEndAt,
                correctionReason: visits.correctionReason,
              },
              clientFirst: clients.firstName,
              clientLast: clients.lastName,
              memberId: clients.memberId,
              service: clientServices.service,
              caregiverFirst: users.firstName,
              caregiverLast: users.lastName,
              codes: sql<string>`coalesce((select string_agg(${visitExceptions.code}, ' ' order by ${visitExceptions.code}) from ${visitExceptions} where ${visitExceptions.visitId} = ${visits.id}), '')`,
            })
            .from(visits)
            .innerJoin(clients, eq(clients.id, visits.clientId))
            .innerJoin(clientServices, eq(clientServices.id, visits.clientServiceId))
            .leftJoin(users, eq(users.id, visits.caregiverId))
            .where(
              and(
                eq(visits.organizationId, organization.id),
                eq(visits.status, 'VERIFIED'),
                gte(visits.startsAt, from),
                lt(visits.startsAt, until),
                after
                  ? sql`(${visits.startsAt}, ${visits.id}) > (${after.startsAt.toISOString()}::timestamptz, ${after.id})`
                  : undefined,
              ),
            )
            .orderBy(asc(visits.startsAt), asc(visits.id))
            .limit(EXPORT_BATCH);
          for (const r of rows) {
            const v = r.visit;
            const start = v.correctedStartAt ?? v.clockInAt;
            const end = v.correctedEndAt ?? v.clockOutAt;
            yield csvLine([
              v.id,
              r.service,
              SERVICES[r.service],
              v.clientId,
              `${r.clientFirst} ${r.clientLast}`,
              r.memberId ?? '',
              v.caregiverId ?? '',
              `${r.caregiverFirst ?? ''} ${r.caregiverLast ?? ''}`.trim(),
              v.serviceDate,
              v.clockInLocation ?? '',
              v.clockInLatitude ?? '',
              v.clockInLongitude ?? '',
              v.clockOutLocation ?? '',
              v.clockOutLatitude ?? '',
              v.clockOutLongitude ?? '',
              start?.toISOString() ?? '',
              end?.toISOString() ?? '',
              v.clockInAt?.toISOString() ?? '',
              v.clockOutAt?.toISOString() ?? '',
              start && end ? Math.max(0, minutesBetween(start, end)) : '',
              tz,
              r.codes,
              v.correctionReason ?? '',
            ]);
          }
          if (rows.length < EXPORT_BATCH) return;
          const last = rows[rows.length - 1].visit;
          after = { startsAt: last.startsAt, id: last.id };
        }
      }
      return Readable.from(lines());
    },
  };
}
