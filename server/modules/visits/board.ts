import { and, asc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, isIsoDate, zonedTime } from '#domain/dates';
import { minutesBetween, weekStartOf } from '#domain/visits';
import {
  clients,
  clientServices,
  employeeProfiles,
  users,
  visitExceptions,
  visitRequests,
  visits,
} from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { organizationToday } from '../../lib/dates';
import { invalid } from '../../lib/api-error';
import type { Page } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import { prefixPattern, searchTerms } from '../../lib/search';
import { personName, personRef } from '../../lib/names';
import { readyEmployeeIn } from '../../lib/user-record';
import type { BoardOut, BoardQuery, BoardVisitOut } from './schemas';
import { namedVisitColumns, settingsOf } from './visit-rows';

export function createVisitBoard(app: FastifyInstance) {
  return {
    /**
     * The schedule board: a page of rows (READY caregivers, or clients under care, by name) with each row's
     * visits of the week, and the week's open visits. Two queries for the page whatever the agency's size:
     * the rows, then their visits (index on caregiver or client and start).
     */
    async board(actor: Actor, query: BoardQuery, page: Page): Promise<BoardOut> {
      const organization = requireOrganization(actor);
      const tz = organization.timezone;
      const by = query.by ?? 'caregiver';
      if (query.week && !isIsoDate(query.week)) throw invalid({ week: ['Enter a real date.'] });
      const { weekStart } = await settingsOf(app, organization.id);
      const start = weekStartOf(query.week ?? organizationToday(app, organization), weekStart);
      const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
      const from = zonedTime(tz, start, '00:00');
      const until = zonedTime(tz, addDays(start, 7), '00:00');
      const words = searchTerms(query.search);
      let rows: { id: number; name: string; detail: string }[];
      let count: number;
      if (by === 'caregiver') {
        const where = and(
          readyEmployeeIn(organization.id),
          ...words.map((w) =>
            or(
              sql`lower(${users.lastName}) like ${prefixPattern(w)}`,
              sql`lower(${users.firstName}) like ${prefixPattern(w)}`,
            ),
          ),
        );
        const [found, [total]] = await Promise.all([
          app.db
            .select({
              id: users.id,
              firstName: users.firstName,
              lastName: users.lastName,
              email: users.email,
              position: employeeProfiles.position,
            })
            .from(users)
            .innerJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
            .where(where)
            .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
            .limit(page.limit)
            .offset(page.offset),
          app.db
            .select({ n: sql<number>`count(*)::int` })
            .from(users)
            .innerJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
            .where(where),
        ]);
        rows = found.map((r) => ({ id: r.id, name: personName(r), detail: r.position ?? '' }));
        count = Number(total?.n ?? 0);
      } else {
        const where = and(
          eq(clients.organizationId, organization.id),
          inArray(clients.status, ['ACTIVE', 'ON_HOLD', 'PENDING']),
          ...words.map((w) =>
            or(
              sql`lower(${clients.lastName}) like ${prefixPattern(w)}`,
              sql`lower(${clients.firstName}) like ${prefixPattern(w)}`,
            ),
          ),
        );
        const [found, [total]] = await Promise.all([
          app.db
            .select({
              id: clients.id,
              firstName: clients.firstName,
              lastName: clients.lastName,
              // spelled out: in a one-table select Drizzle leaves columns unqualified, and the subquery's would shadow them
              services: sql<string>`coalesce((select string_agg(s.service, ', ' order by s.id) from client_services s where s.client_id = "clients"."id" and s.status = 'ACTIVE'), '')`,
            })
            .from(clients)
            .where(where)
            .orderBy(asc(clients.lastName), asc(clients.firstName), asc(clients.id))
            .limit(page.limit)
            .offset(page.offset),
          app.db
            .select({ n: sql<number>`count(*)::int` })
            .from(clients)
            .where(where),
        ]);
        rows = found.map((r) => ({ id: r.id, name: personName(r), detail: r.services }));
        count = Number(total?.n ?? 0);
      }
      const ids = rows.map((r) => r.id);
      const key = by === 'caregiver' ? visits.caregiverId : visits.clientId;
      const inWeek = and(
        eq(visits.organizationId, organization.id),
        gte(visits.startsAt, from),
        lt(visits.startsAt, until),
      );
      const compact = () =>
        app.db
          .select({
            ...namedVisitColumns,
            openExceptions: sql<number>`(select count(*)::int from ${visitExceptions} where ${visitExceptions.visitId} = ${visits.id} and ${visitExceptions.resolvedAt} is null)`,
            requests: sql<number>`(select count(*)::int from ${visitRequests} where ${visitRequests.visitId} = ${visits.id})`,
          })
          .from(visits)
          .innerJoin(clients, eq(clients.id, visits.clientId))
          .innerJoin(clientServices, eq(clientServices.id, visits.clientServiceId))
          .leftJoin(users, eq(users.id, visits.caregiverId));
      const [weekVisits, openVisits] = await Promise.all([
        ids.length
          ? compact()
              .where(and(inWeek, inArray(key, ids), ne(visits.status, 'CANCELLED')))
              .orderBy(asc(visits.startsAt), asc(visits.id))
          : Promise.resolve([]),
        compact()
          .where(and(inWeek, eq(visits.status, 'OPEN')))
          .orderBy(asc(visits.startsAt), asc(visits.id))
          .limit(200),
      ]);
      const toBoard = (r: (typeof openVisits)[number]): BoardVisitOut => ({
        id: r.visit.id,
        status: r.visit.status,
        starts_at: r.visit.startsAt.toISOString(),
        ends_at: r.visit.endsAt.toISOString(),
        service_date: r.visit.serviceDate,
        service: r.service,
        client: { id: r.visit.clientId, name: `${r.clientFirst} ${r.clientLast}` },
        caregiver: personRef(r.visit.caregiverId, {
          firstName: r.caregiverFirst,
          lastName: r.caregiverLast,
          email: r.caregiverEmail,
        }),
        open_exceptions: Number(r.openExceptions),
        requests: Number(r.requests),
        changed: r.visit.changedAt !== null,
      });
      const byRow = new Map<number, BoardVisitOut[]>();
      const minutes = new Map<number, number>();
      for (const r of weekVisits) {
        const rowId = by === 'caregiver' ? r.visit.caregiverId! : r.visit.clientId;
        (byRow.get(rowId) ?? byRow.set(rowId, []).get(rowId)!).push(toBoard(r));
        if (r.visit.status !== 'MISSED')
          minutes.set(rowId, (minutes.get(rowId) ?? 0) + minutesBetween(r.visit.startsAt, r.visit.endsAt));
      }
      await actor.audit({
        entity: 'visit',
        action: 'SEARCH',
        changed: { event: 'board', query: { week: start, by, search: query.search ?? null, ...page }, count },
      });
      return {
        by,
        week_start: start,
        days,
        timezone: tz,
        count,
        rows: rows.map((r) => ({ ...r, minutes: minutes.get(r.id) ?? 0, visits: byRow.get(r.id) ?? [] })),
        open: openVisits.map(toBoard),
      };
    },
  };
}
