import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, dateIn, formatDay, zonedTime } from '#domain/dates';
import { firstNameAndInitial, minutesBetween, weekStartOf } from '#domain/visits';
import {
  REVIEW_LOOKBACK_WEEKS,
  REVIEWED_VISIT_STATUSES,
  reviewLink,
  reviewTitle,
  SIGNABLE_STATUSES,
  weekLabel,
} from '#domain/work-service-reviews';
import {
  clients,
  clientServices,
  clientUsers,
  organizations,
  users,
  visitExceptions,
  visits,
  workServiceReviews,
  type SignedVisit,
} from '../../db/schema';
import { OFFICE, type Actor } from '../../lib/actor';
import { ApiError, invalid, notFound } from '../../lib/api-error';
import { nameColumns, personName } from '../../lib/names';
import type { Listed, Page } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import { requireSignature, withSignatureFile } from '../../lib/signature-files';
import { requireFile, type FileRow } from '../../lib/stored-files';
import { rowsOf, type Tx } from '../../db/connection';
import { ownClientId } from '../clients/own-client';
import { notify, notifyAdmins } from '../notifications/service';
import type {
  ReviewDisputeInput,
  ReviewListFilter,
  ReviewOut,
  ReviewSignInput,
  ReviewSummaryOut,
  ReviewUnableInput,
  ReviewVisitOut,
} from './schemas';

type ReviewRow = typeof workServiceReviews.$inferSelect;
type Db = FastifyInstance['db'] | Tx;

const conflict = (detail: string, code: string) => new ApiError(409, code, detail);

/** The first instant of a local date in the zone, and of the day after another (a week's visits start in between). */
const weekWindow = (timezone: string, weekStart: string, weekEnd: string) => ({
  from: zonedTime(timezone, weekStart, '00:00'),
  until: zonedTime(timezone, addDays(weekEnd, 1), '00:00'),
});

async function organizationWeek(db: Db, organizationId: number): Promise<{ weekStart: number; timezone: string }> {
  const [row] = await db
    .select({ weekStart: organizations.weekStart, timezone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? { weekStart: 0, timezone: 'America/New_York' };
}

/**
 * Creates the missing reviews of the weeks that have ended (in the organization's zone, from its first day of
 * the week) for every client (or `clientId`) with a visit that took place in them, the last
 * REVIEW_LOOKBACK_WEEKS weeks only. Idempotent (one per client and week: the unique index decides a race):
 * run by the claimed sweep (sweepDueReviews) and again when reviews are read, so a page opened right after a
 * week ends shows it before the next sweep. Each new review is told once to the client's portal users.
 */
export async function createDueReviews(
  app: FastifyInstance,
  organizationId: number,
  clientId?: number,
): Promise<number> {
  const { weekStart, timezone } = await organizationWeek(app.db, organizationId);
  const now = app.now();
  const currentWeek = weekStartOf(dateIn(timezone, now), weekStart);
  const from = zonedTime(timezone, addDays(currentWeek, -7 * REVIEW_LOOKBACK_WEEKS), '00:00');
  const until = zonedTime(timezone, currentWeek, '00:00');
  const week = sql`(${visits.serviceDate} - ((extract(dow from ${visits.serviceDate})::int - ${weekStart}::int + 7) % 7))`;
  const result = await app.db.execute(sql`
    INSERT INTO ${workServiceReviews} (organization_id, client_id, week_start, week_end, status, created_at)
    SELECT DISTINCT ${visits.organizationId}, ${visits.clientId}, ${week}, ${week} + 6, 'PENDING', ${now.toISOString()}::timestamptz
    FROM ${visits}
    WHERE ${visits.organizationId} = ${organizationId}
      ${clientId ? sql`AND ${visits.clientId} = ${clientId}` : sql``}
      AND ${visits.status} IN ('COMPLETED', 'VERIFIED')
      AND ${visits.startsAt} >= ${from.toISOString()}::timestamptz
      AND ${visits.startsAt} < ${until.toISOString()}::timestamptz
    ON CONFLICT (client_id, week_start) DO NOTHING
    RETURNING id, client_id, week_start::text AS week_start, week_end::text AS week_end`);
  const created = rowsOf<{ id: number; client_id: number; week_start: string; week_end: string }>(result);
  for (const review of created) {
    const people = await app.db
      .select({ id: users.id })
      .from(clientUsers)
      .innerJoin(users, eq(users.id, clientUsers.userId))
      .where(
        and(
          eq(clientUsers.clientId, Number(review.client_id)),
          eq(clientUsers.organizationId, organizationId),
          eq(users.isActive, true),
        ),
      );
    for (const person of people) {
      // no health details: the week and the link, never the services or the notes
      await notify(
        app.db,
        {
          userId: person.id,
          organizationId,
          type: 'work_service_review',
          title: `Please review and sign your visits of ${weekLabel(review.week_start, review.week_end)}`,
          body: 'Check the visits of the week and sign, or tell us about a visit that is not right.',
          link: reviewLink(Number(review.id)),
          // dates of service stay behind the sign-in
          mail: 'A week of your visits is ready to review and sign',
        },
        app.now(),
        app,
      );
    }
  }
  return created.length;
}

/** The claimed job that creates the reviews of the weeks that ended (a row of job_claims). */
export const REVIEW_SWEEP_JOB = 'work-service-reviews';

/**
 * Creates the due reviews of every organization (createDueReviews), so a client hears of their week when it
 * ends even without opening the portal. Run as a claimed job (routes.ts): once per period across processes.
 */
export async function sweepDueReviews(app: FastifyInstance): Promise<number> {
  let created = 0;
  for (const { id } of await app.db
    .select({ id: organizations.id })
    .from(organizations)
    .orderBy(asc(organizations.id))) {
    created += await createDueReviews(app, id);
  }
  return created;
}

/** The reviews waiting for the client's signature (Pending, or Disputed and not yet signed), oldest week first, for the welcome page. */
export async function awaitingSignature(app: FastifyInstance, organizationId: number, clientId: number) {
  await createDueReviews(app, organizationId, clientId);
  const rows = await app.db
    .select({
      id: workServiceReviews.id,
      weekStart: workServiceReviews.weekStart,
      weekEnd: workServiceReviews.weekEnd,
      status: workServiceReviews.status,
    })
    .from(workServiceReviews)
    .where(
      and(
        eq(workServiceReviews.organizationId, organizationId),
        eq(workServiceReviews.clientId, clientId),
        inArray(workServiceReviews.status, [...SIGNABLE_STATUSES]),
      ),
    )
    .orderBy(asc(workServiceReviews.weekStart), asc(workServiceReviews.id))
    .limit(20);
  return rows.map((row) => ({
    kind: 'work_service_review',
    id: row.id,
    title:
      row.status === 'DISPUTED'
        ? `${reviewTitle(row.weekStart, row.weekEnd)} (you disputed a visit)`
        : reviewTitle(row.weekStart, row.weekEnd),
    link: reviewLink(row.id),
    due_on: null,
  }));
}

export function createReviewService(app: FastifyInstance) {
  function selectReviews(db: Db = app.db) {
    return db
      .select({ review: workServiceReviews, clientFirst: clients.firstName, clientLast: clients.lastName })
      .from(workServiceReviews)
      .innerJoin(clients, eq(clients.id, workServiceReviews.clientId));
  }
  type Joined = Awaited<ReturnType<typeof selectReviews>>[number];

  /** The review as its caller may see it: the office any of the organization's, a client their own (404 otherwise). */
  async function findVisible(actor: Actor, id: number): Promise<Joined> {
    const organization = requireOrganization(actor);
    const [joined] = await selectReviews()
      .where(and(eq(workServiceReviews.id, id), eq(workServiceReviews.organizationId, organization.id)))
      .limit(1);
    if (!joined) throw notFound();
    if (!actor.can(OFFICE) && joined.review.clientId !== (await ownClientId(app, actor.user.id, organization)))
      throw notFound();
    return joined;
  }

  /** The week's visits that took place, as they are now (times corrected if corrected, else the clocks). */
  async function liveVisits(review: ReviewRow, timezone: string, db: Db = app.db): Promise<SignedVisit[]> {
    const { from, until } = weekWindow(timezone, review.weekStart, review.weekEnd);
    const rows = await db
      .select({ visit: visits, service: clientServices.service })
      .from(visits)
      .innerJoin(clientServices, eq(clientServices.id, visits.clientServiceId))
      .where(
        and(
          eq(visits.organizationId, review.organizationId),
          eq(visits.clientId, review.clientId),
          inArray(visits.status, [...REVIEWED_VISIT_STATUSES]),
          gte(visits.startsAt, from),
          lt(visits.startsAt, until),
        ),
      )
      .orderBy(asc(visits.startsAt), asc(visits.id));
    return rows.map(({ visit, service }) => {
      const start = visit.correctedStartAt ?? visit.clockInAt ?? visit.startsAt;
      const end = visit.correctedEndAt ?? visit.clockOutAt ?? visit.endsAt;
      return {
        visit_id: visit.id,
        service_date: visit.serviceDate,
        caregiver_id: visit.caregiverId,
        starts_at: start.toISOString(),
        ends_at: end.toISOString(),
        corrected: visit.correctedStartAt !== null || visit.correctedEndAt !== null,
        service,
        minutes: Math.max(0, minutesBetween(start, end)),
      };
    });
  }

  /** The people's names by id: in full, or as a client sees a caregiver (first name and initial). */
  async function people(
    ids: (number | null)[],
    naming: 'full' | 'first-and-initial' = 'full',
  ): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (!wanted.length) return new Map();
    const rows = await app.db
      .select({ id: users.id, ...nameColumns(users) })
      .from(users)
      .where(inArray(users.id, wanted));
    return new Map(
      rows.map((r) => [r.id, naming === 'full' ? personName(r) : firstNameAndInitial(r.firstName, r.lastName)]),
    );
  }

  const personRef = (names: Map<number, string>, id: number | null) =>
    id === null ? null : { id, name: names.get(id) ?? '' };

  function summaryOf(actor: Actor, joined: Joined, lines: SignedVisit[], names: Map<number, string>): ReviewSummaryOut {
    const { review } = joined;
    return {
      id: review.id,
      status: review.status,
      client: { id: review.clientId, first_name: joined.clientFirst, last_name: joined.clientLast },
      week_start: review.weekStart,
      week_end: review.weekEnd,
      title: reviewTitle(review.weekStart, review.weekEnd),
      visit_count: lines.length,
      total_minutes: lines.reduce((sum, line) => sum + line.minutes, 0),
      signed_by: personRef(names, review.signedById),
      signed_at: review.signedAt?.toISOString() ?? null,
      unable_reason: review.unableReason,
      unable_note: actor.can(OFFICE) ? review.unableNote : null,
      unable_recorded_by: personRef(names, review.unableRecordedById),
      unable_recorded_at: review.unableRecordedAt?.toISOString() ?? null,
      created_at: review.createdAt.toISOString(),
    };
  }

  async function linesOf(joined: Joined, timezone: string): Promise<SignedVisit[]> {
    return joined.review.status === 'SIGNED' && joined.review.signedVisits
      ? joined.review.signedVisits
      : liveVisits(joined.review, timezone);
  }

  async function serialize(actor: Actor, joined: Joined): Promise<ReviewOut> {
    const organization = requireOrganization(actor);
    const lines = await linesOf(joined, organization.timezone);
    const { review } = joined;
    const names = await people([review.signedById, review.unableRecordedById]);
    // a client or family member sees a caregiver's first name and initial ("Nora O."), the office the full name
    const caregivers = await people(
      lines.map((l) => l.caregiver_id),
      actor.can(OFFICE) ? 'full' : 'first-and-initial',
    );
    const disputes = lines.length
      ? await app.db
          .select()
          .from(visitExceptions)
          .where(
            and(
              eq(visitExceptions.code, 'DISPUTE'),
              inArray(
                visitExceptions.visitId,
                lines.map((l) => l.visit_id),
              ),
            ),
          )
      : [];
    const visitsOut: ReviewVisitOut[] = lines.map((line) => {
      const dispute = disputes.find((d) => d.visitId === line.visit_id);
      return {
        ...line,
        caregiver: personRef(caregivers, line.caregiver_id),
        dispute: dispute
          ? {
              exception_id: dispute.id,
              comment: dispute.detail,
              created_at: dispute.createdAt.toISOString(),
              resolution: dispute.resolution,
              resolved_at: dispute.resolvedAt?.toISOString() ?? null,
            }
          : null,
      };
    });
    return { ...summaryOf(actor, joined, lines, names), timezone: organization.timezone, visits: visitsOut };
  }

  async function reload(actor: Actor, id: number): Promise<ReviewOut> {
    const [joined] = await selectReviews().where(eq(workServiceReviews.id, id)).limit(1);
    return serialize(actor, joined);
  }

  async function audit(
    actor: Actor,
    review: ReviewRow,
    action: 'UPDATE' | 'READ' | 'SEARCH',
    changed: Record<string, unknown>,
  ) {
    await actor.audit({
      entity: 'work_service_review',
      entityId: review.id,
      action,
      clientId: review.clientId,
      changed,
    });
  }

  /** A review the client may no longer act on: signed (read-only), or the office recorded that they cannot sign. */
  function refuseClosed(review: ReviewRow) {
    if (review.status === 'SIGNED')
      throw conflict('This review is signed already: it can no longer change.', 'review_signed');
    if (review.status === 'UNABLE_TO_SIGN')
      throw conflict('The office recorded that this review cannot be signed.', 'review_closed');
  }

  return {
    async list(actor: Actor, filter: ReviewListFilter, page: Page): Promise<Listed<ReviewSummaryOut>> {
      const organization = requireOrganization(actor);
      const office = actor.can(OFFICE);
      const conditions: (SQL | undefined)[] = [eq(workServiceReviews.organizationId, organization.id)];
      let concerned = filter.client_id ?? null;
      if (office) {
        await createDueReviews(app, organization.id, filter.client_id);
        if (filter.client_id) conditions.push(eq(workServiceReviews.clientId, filter.client_id));
      } else {
        const clientId = await ownClientId(app, actor.user.id, organization);
        concerned = clientId ?? null;
        if (clientId) await createDueReviews(app, organization.id, clientId);
        conditions.push(clientId ? eq(workServiceReviews.clientId, clientId) : sql`false`);
      }
      if (filter.status) conditions.push(eq(workServiceReviews.status, filter.status));
      const where = and(...conditions)!;
      const [rows, [total]] = await Promise.all([
        selectReviews()
          .where(where)
          .orderBy(desc(workServiceReviews.weekStart), desc(workServiceReviews.id))
          .limit(page.limit)
          .offset(page.offset),
        app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(workServiceReviews)
          .where(where),
      ]);
      const count = Number(total?.n ?? 0);
      // every role's list names a client: the client's own reading is audited as the office's is
      await actor.audit({
        entity: 'work_service_review',
        action: 'SEARCH',
        clientId: concerned,
        changed: { query: { ...filter, ...page }, count },
      });
      const allLines = await Promise.all(rows.map((joined) => linesOf(joined, organization.timezone)));
      const names = await people(rows.flatMap(({ review }) => [review.signedById, review.unableRecordedById]));
      return { count, results: rows.map((joined, i) => summaryOf(actor, joined, allLines[i], names)) };
    },

    async retrieve(actor: Actor, id: number): Promise<ReviewOut> {
      const joined = await findVisible(actor, id);
      await audit(actor, joined.review, 'READ', { event: 'read' });
      return serialize(actor, joined);
    },

    /** The client's signature file, for the route to send. */
    async signature(actor: Actor, id: number): Promise<FileRow> {
      const organization = requireOrganization(actor);
      const { review } = await findVisible(actor, id);
      const file = await requireFile(app, review.signatureFileId, organization.id, 'This review is not signed.');
      await audit(actor, review, 'READ', { event: 'file-read', file: 'signature' });
      return file;
    },

    /** The client signs: the week's visits as they are now are kept with the signature; the review is read-only from then on. */
    async sign(actor: Actor, id: number, input: ReviewSignInput): Promise<ReviewOut> {
      const organization = requireOrganization(actor);
      const { review } = await findVisible(actor, id);
      refuseClosed(review);
      const png = await requireSignature(input.signature);
      const lines = await liveVisits(review, organization.timezone);
      if (!lines.length) throw conflict('This week has no visits to sign.', 'review_empty');
      const me = actor.user.id;
      const now = app.now();
      await withSignatureFile(app, png, { organizationId: organization.id, createdById: me }, (save) =>
        app.db.transaction(async (tx) => {
          const file = await save(tx);
          const updated = await tx
            .update(workServiceReviews)
            .set({ status: 'SIGNED', signedById: me, signedAt: now, signatureFileId: file.id, signedVisits: lines })
            .where(and(eq(workServiceReviews.id, id), inArray(workServiceReviews.status, [...SIGNABLE_STATUSES])))
            .returning({ id: workServiceReviews.id });
          if (!updated.length)
            throw conflict('This review is signed already: it can no longer change.', 'review_signed');
        }),
      );
      await audit(actor, review, 'UPDATE', {
        event: 'sign',
        status: { from: review.status, to: 'SIGNED' },
        visits: lines.map((l) => l.visit_id),
        signature: 'PNG',
      });
      return reload(actor, id);
    },

    /** The client disputes one visit of the week: a DISPUTE exception (their words) for the office's queue. */
    async dispute(actor: Actor, id: number, input: ReviewDisputeInput): Promise<ReviewOut> {
      const organization = requireOrganization(actor);
      const { review, clientFirst, clientLast } = await findVisible(actor, id);
      refuseClosed(review);
      const comment = input.comment.trim();
      if (!comment) throw invalid({ comment: ['Say what is not right about this visit.'] });
      const line = (await liveVisits(review, organization.timezone)).find((l) => l.visit_id === input.visit_id);
      if (!line) throw invalid({ visit_id: ['Choose one of the visits of this week.'] });
      const now = app.now();
      const from = review.status;
      await app.db.transaction(async (tx) => {
        const inserted = await tx
          .insert(visitExceptions)
          .values({
            organizationId: organization.id,
            visitId: line.visit_id,
            code: 'DISPUTE',
            detail: comment,
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: visitExceptions.id });
        if (!inserted.length)
          throw conflict('You disputed this visit already: the office is looking into it.', 'already_disputed');
        // an open exception: the visit is no longer Verified until the office resolves it
        await tx
          .update(visits)
          .set({ status: 'COMPLETED', verifiedAt: null, updatedAt: now })
          .where(and(eq(visits.id, line.visit_id), eq(visits.status, 'VERIFIED')));
        const moved = await tx
          .update(workServiceReviews)
          .set({ status: 'DISPUTED' })
          .where(and(eq(workServiceReviews.id, id), inArray(workServiceReviews.status, [...SIGNABLE_STATUSES])))
          .returning({ id: workServiceReviews.id });
        if (!moved.length) throw conflict('This review changed a moment ago. Reload and try again.', 'review_changed');
      });
      // after the transaction: on PGlite's one connection, a write outside it would wait for it forever
      await audit(actor, review, 'UPDATE', {
        event: 'dispute',
        visit_id: line.visit_id,
        status: { from, to: 'DISPUTED' },
      });
      // no health details and not the client's words: the office reads them in the queue
      await notifyAdmins(app, organization.id, {
        type: 'work_service_review',
        title: `${clientFirst.charAt(0)}. ${clientLast} disputed a visit`,
        body: `The visit of ${formatDay(line.service_date)} (week of ${weekLabel(review.weekStart, review.weekEnd)}) is in the exceptions queue.`,
        link: `/clients/${review.clientId}/reviews/${review.id}`,
        // the mail names neither the client nor the day: those wait behind the sign-in
        mail: 'A client disputed a visit',
      });
      return reload(actor, id);
    },

    /** The office records that the client cannot sign, and why. */
    async unable(actor: Actor, id: number, input: ReviewUnableInput): Promise<ReviewOut> {
      const { review } = await findVisible(actor, id);
      if (review.status === 'SIGNED') throw conflict('The client signed this review already.', 'review_signed');
      if (review.status === 'UNABLE_TO_SIGN')
        throw conflict('This review is already recorded as one the client cannot sign.', 'review_closed');
      const note = input.note.trim();
      if (!note) throw invalid({ note: ['Say why the client cannot sign.'] });
      const now = app.now();
      const updated = await app.db
        .update(workServiceReviews)
        .set({
          status: 'UNABLE_TO_SIGN',
          unableReason: input.reason,
          unableNote: note,
          unableRecordedById: actor.user.id,
          unableRecordedAt: now,
        })
        .where(and(eq(workServiceReviews.id, id), inArray(workServiceReviews.status, [...SIGNABLE_STATUSES])))
        .returning({ id: workServiceReviews.id });
      if (!updated.length) throw conflict('This review changed a moment ago. Reload and try again.', 'review_changed');
      await audit(actor, review, 'UPDATE', {
        event: 'unable_to_sign',
        reason: input.reason,
        status: { from: review.status, to: 'UNABLE_TO_SIGN' },
      });
      return reload(actor, id);
    },
  };
}
