import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, isIsoDate } from '#domain/dates';
import { MAX_PATTERN_DAYS, weekdayOf, windowProblem } from '#domain/visits';
import { visits } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { organizationToday } from '../../lib/dates';
import { ApiError, invalid } from '../../lib/api-error';
import { requireOrganization } from '../../lib/request-organization';
import type { RecurrenceInput, RecurrenceResultOut } from './schemas';
import { checkCaregiver, checkService, insertVisit, newVisit, windowOf } from './booking';
import { auditVisit, selectVisits } from './visit-rows';
import { serialize } from './visibility';

/** A weekly pattern booked at once: each day as booking one visit, a day that cannot be booked skipped with why. */
export function createVisitRecurrences(app: FastifyInstance) {
  return {
    async recur(actor: Actor, input: RecurrenceInput): Promise<RecurrenceResultOut> {
      const organization = requireOrganization(actor);
      for (const field of ['starts_on', 'until'] as const)
        if (!isIsoDate(input[field])) throw invalid({ [field]: ['Enter a real date.'] });
      if (input.until < input.starts_on) throw invalid({ until: ['The pattern must end on or after its first day.'] });
      if (input.until > addDays(input.starts_on, MAX_PATTERN_DAYS))
        throw invalid({ until: [`A pattern books at most ${MAX_PATTERN_DAYS} days at once.`] });
      const { service } = await checkService(app, organization, input.client_id, input.service_id);
      const caregiver = input.caregiver_id
        ? await checkCaregiver(app, organization, input.caregiver_id, service.service)
        : null;
      const overnight = input.end_time <= input.start_time;
      const today = organizationToday(app, organization);
      const created: number[] = [];
      const skipped: RecurrenceResultOut['skipped'] = [];
      let patternId: number | null = null;
      for (let day = input.starts_on; day <= input.until; day = addDays(day, 1)) {
        if (!input.weekdays.includes(weekdayOf(day))) continue;
        if (day < today) {
          skipped.push({ service_date: day, reason: 'This day has passed.' });
          continue;
        }
        const { startsAt, endsAt } = windowOf(organization.timezone, {
          service_date: day,
          start_time: input.start_time,
          end_time: input.end_time,
          end_date: overnight ? addDays(day, 1) : day,
        });
        const problem = windowProblem(startsAt, endsAt);
        if (problem) throw invalid({ end_time: [problem] });
        try {
          const id = await insertVisit(
            app,
            organization,
            newVisit(app, actor, organization, input, service.id, { startsAt, endsAt, serviceDate: day }, patternId),
            caregiver?.name ?? null,
          );
          if (patternId === null) {
            patternId = id;
            await app.db.update(visits).set({ patternId: id }).where(eq(visits.id, id));
          }
          created.push(id);
        } catch (error) {
          if (error instanceof ApiError && error.statusCode === 409)
            skipped.push({ service_date: day, reason: error.detail });
          else throw error;
        }
      }
      if (created.length) {
        await auditVisit(
          actor,
          { id: patternId!, clientId: input.client_id, caregiverId: input.caregiver_id ?? null },
          'CREATE',
          {
            event: 'create',
            pattern: {
              weekdays: input.weekdays,
              starts_on: input.starts_on,
              until: input.until,
              start_time: input.start_time,
              end_time: input.end_time,
            },
            created: created.length,
            skipped: skipped.length,
            caregiver_id: input.caregiver_id ?? null,
          },
        );
      }
      const rows = created.length
        ? await selectVisits(app.db).where(inArray(visits.id, created)).orderBy(asc(visits.startsAt))
        : [];
      return { created: await serialize(app, actor, rows), skipped };
    },
  };
}
