import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatDay } from '#domain/dates';
import { LATE_AFTER_MINUTES, minutesBetween, timeIn, windowIn } from '#domain/visits';
import { visitRequests, visits } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { invalid } from '../../lib/api-error';
import { requireOrganization } from '../../lib/request-organization';
import type { ClockInput, VisitOut } from './schemas';
import { overlapping } from './booking';
import { addException, verifyIfClear } from './exceptions';
import {
  auditVisit,
  conflict,
  dayIn,
  selectVisits,
  settingsOf,
  tellOffice,
  type Db,
  type VisitRow,
} from './visit-rows';
import { findVisible, one, placeClock, serialize } from './visibility';

type Place = ReturnType<typeof placeClock>;

/** A caregiver may clock in this long before the window starts (at the door early), not sooner. */
const EARLY_CLOCK_IN_MINUTES = 60;

/** What a caregiver does with a visit: clock in and out at the server's time, give one up, ask for an Open one. */
export function createVisitClock(app: FastifyInstance) {
  /**
   * The caller's own visit in the state a clock needs (`expected`), or the refusal: an Open visit is asked for
   * first; a visit in the other clockable state gets `otherwise` (already clocked in, or not yet).
   */
  async function visitToClock(actor: Actor, id: number, expected: 'SCHEDULED' | 'IN_PROGRESS', otherwise: string) {
    const organization = requireOrganization(actor);
    const joined = await findVisible(app, actor, id);
    const current = joined.visit;
    if (current.caregiverId !== actor.user.id)
      throw conflict('This visit is Open: ask the office for it before you clock it.', 'visit_not_yours');
    if (current.status !== expected) {
      const clockable = current.status === 'SCHEDULED' || current.status === 'IN_PROGRESS';
      throw conflict(
        clockable ? otherwise : `This visit is ${current.status.toLowerCase()}: it cannot be clocked.`,
        'visit_locked',
      );
    }
    return { organization, joined, current, now: app.now() };
  }

  /** Where the clock happened, by the organization's tolerance around the client's home. */
  async function placeOf(organizationId: number, input: ClockInput, home: Parameters<typeof placeClock>[1]) {
    const { tolerance } = await settingsOf(app, organizationId);
    return placeClock(input, home, tolerance);
  }

  /** The exceptions a clock's place raises: away from the home (with the caregiver's reason), or not believable. */
  async function placeExceptions(tx: Db, row: VisitRow, place: Place, clock: 'CLOCK_IN' | 'CLOCK_OUT') {
    if (place.exception)
      await addException(
        app,
        tx,
        row,
        `LOCATION_${clock}`,
        `${place.location === 'HOME' ? 'At the home' : 'In the community'}: ${place.reason}`,
      );
    if (place.implausible) await addException(app, tx, row, `IMPLAUSIBLE_${clock}`, place.implausible);
  }

  /** A clock's audit row: when, where, and how far from the home (in whole metres). */
  const auditClock = (actor: Actor, visit: VisitRow, event: 'clock_in' | 'clock_out', now: Date, place: Place) =>
    auditVisit(actor, visit, 'UPDATE', {
      event,
      at: now.toISOString(),
      location: place.location,
      distance: place.distance === null ? null : Math.round(place.distance),
    });

  return {
    async clockIn(actor: Actor, id: number, input: ClockInput): Promise<VisitOut> {
      const { organization, joined, current, now } = await visitToClock(
        actor,
        id,
        'SCHEDULED',
        'You already clocked in to this visit.',
      );
      const earliest = new Date(current.startsAt.getTime() - EARLY_CLOCK_IN_MINUTES * 60_000);
      if (now < earliest)
        throw conflict(
          `This visit starts ${formatDay(current.serviceDate)} at ${timeIn(organization.timezone, current.startsAt)}: you can clock in from an hour before.`,
          'too_early',
        );
      if (now >= current.endsAt)
        throw conflict('This visit’s window has ended: ask the office to record your times.', 'window_ended');
      const place = await placeOf(organization.id, input, joined);
      await app.db.transaction(async (tx) => {
        const moved = await tx
          .update(visits)
          .set({
            status: 'IN_PROGRESS',
            clockInAt: now,
            clockInLatitude: place.latitude,
            clockInLongitude: place.longitude,
            clockInAccuracy: place.accuracy,
            clockInDistance: place.distance,
            clockInLocation: place.location,
            clockInReason: place.reason,
            updatedAt: now,
          })
          .where(and(eq(visits.id, id), eq(visits.status, 'SCHEDULED')))
          .returning();
        if (!moved.length) throw conflict('You already clocked in to this visit.', 'visit_locked');
        const row = moved[0];
        await placeExceptions(tx, row, place, 'CLOCK_IN');
        const late = minutesBetween(current.startsAt, now);
        if (late > LATE_AFTER_MINUTES)
          await addException(app, tx, row, 'LATE_CLOCK_IN', `Clocked in ${late} minutes after the start.`);
        const [other] = await tx
          .select({ id: visits.id })
          .from(visits)
          .where(and(eq(visits.caregiverId, row.caregiverId!), eq(visits.status, 'IN_PROGRESS'), ne(visits.id, id)))
          .limit(1);
        if (other)
          await addException(app, tx, row, 'OVERLAP', `Clocked in while visit ${other.id} was still in progress.`);
      });
      await auditClock(actor, current, 'clock_in', now, place);
      return one(app, actor, id);
    },

    async clockOut(actor: Actor, id: number, input: ClockInput): Promise<VisitOut> {
      const { organization, joined, current, now } = await visitToClock(
        actor,
        id,
        'IN_PROGRESS',
        'Clock in to this visit first.',
      );
      const place = await placeOf(organization.id, input, joined);
      await app.db.transaction(async (tx) => {
        const moved = await tx
          .update(visits)
          .set({
            status: 'COMPLETED',
            clockOutAt: now,
            clockOutLatitude: place.latitude,
            clockOutLongitude: place.longitude,
            clockOutAccuracy: place.accuracy,
            clockOutDistance: place.distance,
            clockOutLocation: place.location,
            clockOutReason: place.reason,
            updatedAt: now,
          })
          .where(and(eq(visits.id, id), eq(visits.status, 'IN_PROGRESS')))
          .returning();
        if (!moved.length) throw conflict('You already clocked out of this visit.', 'visit_locked');
        await placeExceptions(tx, moved[0], place, 'CLOCK_OUT');
        await verifyIfClear(app, tx, id);
      });
      await auditClock(actor, current, 'clock_out', now, place);
      return one(app, actor, id);
    },

    async callout(actor: Actor, id: number, reason: string): Promise<VisitOut> {
      const organization = requireOrganization(actor);
      const { visit: current } = await findVisible(app, actor, id);
      if (current.caregiverId !== actor.user.id) throw conflict('This visit is Open already.', 'visit_not_yours');
      const now = app.now();
      if (current.status !== 'SCHEDULED' || current.startsAt <= now)
        throw conflict('Only a visit that has not started can be given up; call the office.', 'visit_locked');
      const text = reason.trim();
      if (!text) throw invalid({ reason: ['Say why you cannot make it.'] });
      const moved = await app.db
        .update(visits)
        .set({
          status: 'OPEN',
          caregiverId: null,
          calloutReason: text,
          calledOutAt: now,
          updatedAt: now,
          changedAt: now,
        })
        .where(and(eq(visits.id, id), eq(visits.status, 'SCHEDULED'), eq(visits.caregiverId, current.caregiverId)))
        .returning({ id: visits.id });
      if (!moved.length) throw conflict('This visit changed a moment ago. Reload and try again.', 'visit_changed');
      await auditVisit(actor, current, 'UPDATE', {
        event: 'callout',
        caregiver_id: { from: current.caregiverId, to: null },
        status: { from: 'SCHEDULED', to: 'OPEN' },
      });
      await tellOffice(
        app,
        organization,
        'A visit needs a caregiver',
        `${formatDay(current.serviceDate)}, ${windowIn(organization.timezone, current.startsAt, current.endsAt, dayIn(organization))}: the caregiver cannot make it and the visit is Open.`,
        `/clients/${current.clientId}/visits`,
      );
      const [joined] = await selectVisits(app.db).where(eq(visits.id, id));
      return (await serialize(app, actor, [joined]))[0];
    },

    async ask(actor: Actor, id: number): Promise<VisitOut> {
      const organization = requireOrganization(actor);
      // findVisible answers 404 for an Open visit that does not fit the caller's position or has started
      const { visit: current } = await findVisible(app, actor, id);
      const me = actor.user.id;
      if (current.status !== 'OPEN') throw conflict('This visit is no longer open.', 'visit_not_open');
      const other = await overlapping(app.db, me, current.startsAt, current.endsAt);
      if (other)
        throw conflict(
          `You are booked ${windowIn(organization.timezone, other.visit.startsAt, other.visit.endsAt, dayIn(organization))} with ${other.first_name.charAt(0)}. ${other.last_name} then.`,
        );
      const inserted = await app.db
        .insert(visitRequests)
        .values({ visitId: id, caregiverId: me, organizationId: organization.id, createdAt: app.now() })
        .onConflictDoNothing()
        .returning();
      if (inserted.length) {
        await auditVisit(actor, { id, clientId: current.clientId, caregiverId: me }, 'UPDATE', {
          event: 'request',
          caregiver_id: me,
        });
        await tellOffice(
          app,
          organization,
          'A caregiver asked for an open visit',
          `${formatDay(current.serviceDate)}, ${windowIn(organization.timezone, current.startsAt, current.endsAt, dayIn(organization))}.`,
          `/clients/${current.clientId}/visits`,
        );
      }
      return one(app, actor, id);
    },
  };
}
