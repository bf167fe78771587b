import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SERVICES } from '#domain/clients';
import { addDays, isIsoDate, zonedTime } from '#domain/dates';
import { minutesBetween, OVERTIME_AFTER_MINUTES, weekStartOf } from '#domain/visits';
import { employeeProfiles, users, visits } from '../../db/schema';
import { organizationToday } from '../../lib/dates';
import { OFFICE, type Actor } from '../../lib/actor';
import { invalid, notFound } from '../../lib/api-error';
import { csvLine } from '../../lib/csv';
import type { Listed, Page } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import { nameColumns, personName } from '../../lib/names';
import { selectVisits, settingsOf } from '../visits/visit-rows';
import type { PayrollPeriodOut, PeriodQuery } from './schemas';

/** Without dates: the current week and the three before it. At most a year at once. */
const DEFAULT_WEEKS = 4;
const MAX_DAYS = 371;

export function createPayrollService(app: FastifyInstance) {
  /** The employee whose pay is read: the office names one of its employees; an employee reads their own. */
  async function employeeOf(actor: Actor, query: PeriodQuery) {
    const organization = requireOrganization(actor);
    const me = actor.user;
    const office = actor.can(OFFICE);
    if (office && !query.employee_id) throw invalid({ employee_id: ['Choose the employee.'] });
    const id = office ? query.employee_id! : me.id;
    if (!office && query.employee_id && query.employee_id !== me.id) throw notFound();
    const [row] = await app.db
      .select({ id: users.id, ...nameColumns(users) })
      .from(users)
      .innerJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
      .where(and(eq(users.id, id), eq(users.organizationId, organization.id)))
      .limit(1);
    if (!row) throw notFound();
    return { organization, employee: { id: row.id, name: personName(row) } };
  }

  /** The weeks of the query, newest first, each with its verified visits. */
  async function periods(actor: Actor, query: PeriodQuery): Promise<PayrollPeriodOut[]> {
    const { organization, employee } = await employeeOf(actor, query);
    for (const field of ['from', 'to'] as const)
      if (query[field] && !isIsoDate(query[field]!)) throw invalid({ [field]: ['Enter a real date.'] });
    const tz = organization.timezone;
    const { weekStart } = await settingsOf(app, organization.id);
    const today = organizationToday(app, organization);
    const last = weekStartOf(query.to ?? today, weekStart);
    const first = weekStartOf(query.from ?? addDays(last, -7 * (DEFAULT_WEEKS - 1)), weekStart);
    if (first > last) throw invalid({ to: ['The period must end on or after its first day.'] });
    if (addDays(first, MAX_DAYS) < last) throw invalid({ from: ['Ask for at most a year of pay periods at once.'] });
    const end = addDays(last, 7);
    const rows = await selectVisits(app.db)
      .where(
        and(
          eq(visits.caregiverId, employee.id),
          eq(visits.organizationId, organization.id),
          eq(visits.status, 'VERIFIED'),
          gte(visits.startsAt, zonedTime(tz, first, '00:00')),
          lt(visits.startsAt, zonedTime(tz, end, '00:00')),
        ),
      )
      .orderBy(asc(visits.startsAt), asc(visits.id));
    const result: PayrollPeriodOut[] = [];
    for (let week = last; week >= first; week = addDays(week, -7)) {
      const weekEnd = addDays(week, 6);
      const inWeek = rows.filter((r) => r.visit.serviceDate >= week && r.visit.serviceDate <= weekEnd);
      const worked = inWeek.map(({ visit, clientFirst, clientLast, service }) => {
        const started = visit.correctedStartAt ?? visit.clockInAt!;
        const ended = visit.correctedEndAt ?? visit.clockOutAt!;
        return {
          id: visit.id,
          service_date: visit.serviceDate,
          client: { id: visit.clientId, name: `${clientFirst} ${clientLast}` },
          service,
          started_at: started.toISOString(),
          ended_at: ended.toISOString(),
          minutes: Math.max(0, minutesBetween(started, ended)),
          corrected: visit.correctedStartAt !== null || visit.correctedEndAt !== null,
        };
      });
      const days = Array.from({ length: 7 }, (_, i) => addDays(week, i)).map((date) => ({
        date,
        minutes: worked.filter((v) => v.service_date === date).reduce((sum, v) => sum + v.minutes, 0),
      }));
      const total = worked.reduce((sum, v) => sum + v.minutes, 0);
      const overtime = Math.max(0, total - OVERTIME_AFTER_MINUTES);
      result.push({
        employee,
        week_start: week,
        week_end: weekEnd,
        timezone: tz,
        visits: worked,
        days,
        total_minutes: total,
        regular_minutes: total - overtime,
        overtime_minutes: overtime,
        overtime: overtime > 0,
      });
    }
    return result;
  }

  return {
    async list(actor: Actor, query: PeriodQuery, page: Page): Promise<Listed<PayrollPeriodOut>> {
      const all = await periods(actor, query);
      const results = all.slice(page.offset, page.offset + page.limit);
      // an employee's pay weeks name them and the clients they served: a READ row, the employee's own reading too
      const employeeId = all[0]?.employee.id ?? null;
      const clientIds = [...new Set(results.flatMap((period) => period.visits.map((visit) => visit.client.id)))];
      await actor.audit({
        entity: 'payroll',
        entityId: employeeId,
        action: 'READ',
        employeeId,
        clientId: clientIds.length === 1 ? clientIds[0] : null,
        changed: {
          event: 'read-list',
          employee_id: employeeId,
          from: all[all.length - 1]?.week_start ?? null,
          to: all[0]?.week_end ?? null,
          ...page,
          client_ids: clientIds,
        },
      });
      return { count: all.length, results };
    },

    async exportCsv(actor: Actor, query: PeriodQuery): Promise<{ csv: string; filename: string }> {
      const all = await periods(actor, query);
      const hours = (minutes: number) => (minutes / 60).toFixed(2);
      const lines = [
        csvLine([
          'Employee',
          'Week start',
          'Date',
          'Visit id',
          'Client',
          'Service',
          'Start',
          'End',
          'Minutes',
          'Hours',
          'Corrected by the office',
        ]),
      ];
      for (const period of [...all].reverse()) {
        for (const v of period.visits) {
          lines.push(
            csvLine([
              period.employee.name,
              period.week_start,
              v.service_date,
              v.id,
              v.client.name,
              SERVICES[v.service],
              v.started_at,
              v.ended_at,
              v.minutes,
              hours(v.minutes),
              v.corrected ? 'yes' : '',
            ]),
          );
        }
        lines.push(
          csvLine([
            period.employee.name,
            period.week_start,
            '',
            '',
            `Week total (regular ${hours(period.regular_minutes)} h, overtime ${hours(period.overtime_minutes)} h)`,
            '',
            '',
            '',
            period.total_minutes,
            hours(period.total_minutes),
            '',
          ]),
        );
      }
      const first = all[all.length - 1]?.week_start ?? '';
      const last = all[0]?.week_end ?? '';
      await actor.audit({
        entity: 'payroll',
        entityId: all[0]?.employee.id ?? null,
        action: 'EXPORT',
        changed: { event: 'export', employee_id: all[0]?.employee.id ?? null, from: first, to: last },
      });
      return { csv: lines.join(''), filename: `payroll-${all[0]?.employee.id ?? 'employee'}-${first}-to-${last}.csv` };
    },
  };
}
