import { and, asc, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { windowProblem, type ExceptionCode } from '#domain/visits';
import { clients, clientServices, users, visitExceptions, visits } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { invalid, notFound } from '../../lib/api-error';
import type { Listed, Page } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import { personRef } from '../../lib/names';
import type { ExceptionFilter, ExceptionListItemOut, ResolveInput, VisitOut } from './schemas';
import { conflict, namedVisitColumns, serializeException, workedMinutes, type Db, type VisitRow } from './visit-rows';
import { one } from './visibility';

/** A visit still In progress this long after its window ended has a missing clock-out. */
const MISSING_CLOCK_OUT_AFTER_MINUTES = 60;

export async function addException(app: FastifyInstance, db: Db, row: VisitRow, code: ExceptionCode, detail: string) {
  await db
    .insert(visitExceptions)
    .values({ organizationId: row.organizationId, visitId: row.id, code, detail, createdAt: app.now() })
    .onConflictDoNothing();
}

async function openExceptionCount(db: Db, visitId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(visitExceptions)
    .where(and(eq(visitExceptions.visitId, visitId), isNull(visitExceptions.resolvedAt)));
  return Number(row?.n ?? 0);
}

/** Completed with nothing open: Verified. */
export async function verifyIfClear(app: FastifyInstance, db: Db, visitId: number) {
  const [row] = await db.select().from(visits).where(eq(visits.id, visitId));
  if (!row || row.status !== 'COMPLETED') return;
  if ((await openExceptionCount(db, visitId)) === 0) {
    await db
      .update(visits)
      .set({ status: 'VERIFIED', verifiedAt: app.now(), updatedAt: app.now() })
      .where(eq(visits.id, visitId));
  }
}

/**
 * Turns the organization's past visits with a missing clock into exceptions (idempotent: one per visit and
 * code). Run before the queue is read, so the queue is right without a background job.
 */
async function detectMissingClocks(app: FastifyInstance, organizationId: number) {
  const now = app.now();
  const missedIn = await app.db
    .select()
    .from(visits)
    .where(and(eq(visits.organizationId, organizationId), eq(visits.status, 'SCHEDULED'), lt(visits.endsAt, now)))
    .limit(5_000);
  const outBefore = new Date(now.getTime() - MISSING_CLOCK_OUT_AFTER_MINUTES * 60_000);
  const missedOut = await app.db
    .select()
    .from(visits)
    .where(
      and(eq(visits.organizationId, organizationId), eq(visits.status, 'IN_PROGRESS'), lt(visits.endsAt, outBefore)),
    )
    .limit(5_000);
  for (const row of missedIn)
    await addException(app, app.db, row, 'MISSING_CLOCK_IN', 'No clock-in was recorded for this visit.');
  for (const row of missedOut)
    await addException(app, app.db, row, 'MISSING_CLOCK_OUT', 'No clock-out was recorded for this visit.');
}

/** The office's exceptions queue and its resolutions: approved, or the times corrected with a reason. */
export function createVisitExceptions(app: FastifyInstance) {
  return {
    async exceptions(actor: Actor, filter: ExceptionFilter, page: Page): Promise<Listed<ExceptionListItemOut>> {
      const organization = requireOrganization(actor);
      await detectMissingClocks(app, organization.id);
      const where = and(
        eq(visitExceptions.organizationId, organization.id),
        filter.resolved ? isNotNull(visitExceptions.resolvedAt) : isNull(visitExceptions.resolvedAt),
        filter.code ? eq(visitExceptions.code, filter.code) : undefined,
      )!;
      const resolver = sql`(select concat_ws(' ', nullif(${users.firstName}, ''), nullif(${users.lastName}, '')) from ${users} where ${users.id} = ${visitExceptions.resolvedById})`;
      const [rows, [total]] = await Promise.all([
        app.db
          .select({
            exception: visitExceptions,
            resolver: sql<string | null>`${resolver}`,
            ...namedVisitColumns,
          })
          .from(visitExceptions)
          .innerJoin(visits, eq(visits.id, visitExceptions.visitId))
          .innerJoin(clients, eq(clients.id, visits.clientId))
          .innerJoin(clientServices, eq(clientServices.id, visits.clientServiceId))
          .leftJoin(users, eq(users.id, visits.caregiverId))
          .where(where)
          .orderBy(filter.resolved ? desc(visitExceptions.resolvedAt) : asc(visits.startsAt), asc(visitExceptions.id))
          .limit(page.limit)
          .offset(page.offset),
        app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(visitExceptions)
          .where(where),
      ]);
      await actor.audit({
        entity: 'visit',
        action: 'SEARCH',
        changed: { event: 'exceptions', query: { ...filter, ...page }, count: Number(total?.n ?? 0) },
      });
      return {
        count: Number(total?.n ?? 0),
        results: rows.map((r) => ({
          ...serializeException(r.exception, r.resolver, '', ''),
          visit: {
            id: r.visit.id,
            status: r.visit.status,
            client: { id: r.visit.clientId, first_name: r.clientFirst, last_name: r.clientLast },
            caregiver: personRef(r.visit.caregiverId, {
              firstName: r.caregiverFirst,
              lastName: r.caregiverLast,
              email: r.caregiverEmail,
            }),
            service: r.service,
            starts_at: r.visit.startsAt.toISOString(),
            ends_at: r.visit.endsAt.toISOString(),
            service_date: r.visit.serviceDate,
            clock_in_at: r.visit.clockInAt?.toISOString() ?? null,
            clock_out_at: r.visit.clockOutAt?.toISOString() ?? null,
            corrected_start_at: r.visit.correctedStartAt?.toISOString() ?? null,
            corrected_end_at: r.visit.correctedEndAt?.toISOString() ?? null,
            correction_reason: r.visit.correctionReason,
            minutes: workedMinutes(r.visit),
          },
        })),
      };
    },

    async resolve(actor: Actor, exceptionId: number, input: ResolveInput): Promise<VisitOut> {
      const organization = requireOrganization(actor);
      const me = actor.user.id;
      const resolved = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ exception: visitExceptions, visit: visits })
          .from(visitExceptions)
          .innerJoin(visits, eq(visits.id, visitExceptions.visitId))
          .where(and(eq(visitExceptions.id, exceptionId), eq(visitExceptions.organizationId, organization.id)))
          .limit(1);
        if (!row) throw notFound();
        if (row.exception.resolvedAt) throw conflict('This exception was already resolved.', 'exception_resolved');
        const { visit } = row;
        const now = app.now();
        const changes: Record<string, unknown> = {
          event: 'resolve',
          exception: row.exception.code,
          resolution: input.resolution,
        };
        if (input.resolution === 'CORRECTED') {
          const fields: Record<string, string[]> = {};
          if (!input.correction_reason)
            fields.correction_reason = ['Choose why the times are corrected: the reason is kept with them.'];
          const start = input.corrected_start_at
            ? new Date(input.corrected_start_at)
            : (visit.correctedStartAt ?? visit.clockInAt);
          const end = input.corrected_end_at
            ? new Date(input.corrected_end_at)
            : (visit.correctedEndAt ?? visit.clockOutAt);
          if (!start) fields.corrected_start_at = ['Enter when the visit started.'];
          if (!end) fields.corrected_end_at = ['Enter when the visit ended.'];
          if (start && end) {
            const problem = windowProblem(start, end);
            if (problem) fields.corrected_end_at = [problem];
            else if (end > now) fields.corrected_end_at = ['A corrected end cannot be in the future.'];
          }
          if (!input.note?.trim() && input.correction_reason === 'OTHER')
            fields.note = ['Say what happened: the reason "Other" needs a note.'];
          if (Object.keys(fields).length) throw invalid(fields);
          await tx
            .update(visits)
            .set({
              correctedStartAt: start,
              correctedEndAt: end,
              correctionReason: input.correction_reason,
              correctionNote: input.note?.trim() || null,
              correctedById: me,
              correctedAt: now,
              // a visit never clocked, or not clocked out, is completed by the office's times
              status: ['SCHEDULED', 'IN_PROGRESS', 'MISSED'].includes(visit.status) ? 'COMPLETED' : visit.status,
              updatedAt: now,
            })
            .where(eq(visits.id, visit.id));
          Object.assign(changes, {
            corrected_start_at: {
              from: (visit.correctedStartAt ?? visit.clockInAt)?.toISOString() ?? null,
              to: start!.toISOString(),
            },
            corrected_end_at: {
              from: (visit.correctedEndAt ?? visit.clockOutAt)?.toISOString() ?? null,
              to: end!.toISOString(),
            },
            correction_reason: input.correction_reason,
          });
        } else if (row.exception.code === 'MISSING_CLOCK_IN' && visit.status === 'SCHEDULED') {
          // approving a missing clock-in without times: the visit did not happen
          await tx.update(visits).set({ status: 'MISSED', updatedAt: now }).where(eq(visits.id, visit.id));
          changes.status = { from: visit.status, to: 'MISSED' };
        } else if (row.exception.code === 'MISSING_CLOCK_OUT' && visit.status === 'IN_PROGRESS') {
          throw invalid({
            resolution: ['A missing clock-out is resolved by entering when the visit ended (Correct).'],
          });
        }
        await tx
          .update(visitExceptions)
          .set({
            resolution: input.resolution,
            resolutionNote: input.note?.trim() || null,
            resolvedById: me,
            resolvedAt: now,
          })
          .where(eq(visitExceptions.id, exceptionId));
        await verifyIfClear(app, tx, visit.id);
        return { visitId: visit.id, clientId: visit.clientId, caregiverId: visit.caregiverId, changes };
      });
      // after the transaction: on PGlite's one connection, a write outside it would wait for it forever
      await actor.audit({
        entity: 'visit',
        entityId: resolved.visitId,
        action: 'UPDATE',
        clientId: resolved.clientId,
        employeeId: resolved.caregiverId,
        changed: resolved.changes,
      });
      return one(app, actor, resolved.visitId);
    },
  };
}
