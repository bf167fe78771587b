import { and, asc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ServiceCode } from '#domain/clients';
import { addDays, zonedTime } from '#domain/dates';
import {
  distanceMeters,
  firstNameAndInitial,
  implausiblePosition,
  positionFits,
  SERVICE_POSITIONS,
  type LocationType,
} from '#domain/visits';
import { clientServices, users, visitExceptions, visitRequests, visits } from '../../db/schema';
import { OFFICE, type Actor } from '../../lib/actor';
import { invalid, notFound, permissionDenied } from '../../lib/api-error';
import { requireOrganization } from '../../lib/request-organization';
import { ownClientId } from '../clients/own-client';
import { personName } from '../../lib/names';
import type { ClockInput, ClockOut, VisitFilter, VisitOut } from './schemas';
import {
  positionOf,
  selectVisits,
  serializeException,
  workedMinutes,
  type Db,
  type Joined,
  type VisitRow,
} from './visit-rows';

/** Who sees which visit and which of its fields (product.md, "What each person sees of a visit"), and where a clock happened. */

export type Viewer = 'office' | 'caregiver' | 'client';

/**
 * Whose view of a visit the caller gets: the office's (everything), a caregiver's, or a client's (or family
 * member's). A client is a kind of person, not a permission: the table gives clients nothing others lack.
 */
export const viewOf = (actor: Actor): Viewer =>
  actor.can(OFFICE) ? 'office' : actor.is('client') ? 'client' : 'caregiver';

/** An employee still onboarding (NEW) has no schedule yet: spec 7 gives view-workschedules to READY employees. */
function requireSchedule(actor: Actor) {
  if (viewOf(actor) === 'caregiver' && !actor.can('view-workschedules')) throw permissionDenied();
}

const initialOf = (name: string) => (name.trim() ? `${name.trim().charAt(0)}.` : '');

/** A clock as the caller sees it: a client or family member the time only (never the caregiver's position or reason). */
export function clockOf(row: VisitRow, which: 'In' | 'Out', view: Viewer): ClockOut | null {
  const at = row[`clock${which}At`];
  if (!at) return null;
  if (view === 'client')
    return {
      at: at.toISOString(),
      location: null,
      latitude: null,
      longitude: null,
      accuracy: null,
      distance: null,
      reason: null,
    };
  return {
    at: at.toISOString(),
    location: row[`clock${which}Location`] ?? 'HOME',
    latitude: row[`clock${which}Latitude`],
    longitude: row[`clock${which}Longitude`],
    accuracy: row[`clock${which}Accuracy`],
    distance: row[`clock${which}Distance`] === null ? null : Math.round(row[`clock${which}Distance`]!),
    reason: row[`clock${which}Reason`],
  };
}

export async function serialize(
  app: FastifyInstance,
  actor: Actor,
  joined: Joined[],
  db: Db = app.db,
): Promise<VisitOut[]> {
  if (!joined.length) return [];
  const organization = requireOrganization(actor);
  const ids = joined.map((j) => j.visit.id);
  const view = viewOf(actor);
  const me = actor.user.id;
  const [exceptionRows, requestRows] = await Promise.all([
    db
      .select({ exception: visitExceptions, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(visitExceptions)
      .leftJoin(users, eq(users.id, visitExceptions.resolvedById))
      .where(inArray(visitExceptions.visitId, ids))
      .orderBy(asc(visitExceptions.createdAt), asc(visitExceptions.id)),
    db
      .select({
        visitId: visitRequests.visitId,
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(visitRequests)
      .innerJoin(users, eq(users.id, visitRequests.caregiverId))
      .where(
        and(inArray(visitRequests.visitId, ids), view === 'office' ? undefined : eq(visitRequests.caregiverId, me)),
      )
      .orderBy(asc(visitRequests.createdAt)),
  ]);
  return joined.map((j) => {
    const row = j.visit;
    // a caregiver's own visit in full but the home's position; an Open visit not theirs only what deciding needs;
    // a client's reduced view
    const offered = view === 'caregiver' && row.caregiverId !== me;
    const client = view === 'client';
    const reduced = client || offered;
    const caregiverName = row.caregiverId
      ? client
        ? firstNameAndInitial(j.caregiverFirst, j.caregiverLast)
        : personName({
            firstName: j.caregiverFirst ?? '',
            lastName: j.caregiverLast ?? '',
            email: j.caregiverEmail ?? '',
          })
      : null;
    return {
      id: row.id,
      status: row.status,
      client: offered
        ? { id: row.clientId, first_name: initialOf(j.clientFirst), last_name: initialOf(j.clientLast) }
        : { id: row.clientId, first_name: j.clientFirst, last_name: j.clientLast },
      address: offered ? j.city : j.address,
      // the home's position is the server's to compare clocks with, and the office's: never a phone's
      latitude: view === 'office' ? j.latitude : null,
      longitude: view === 'office' ? j.longitude : null,
      service_id: row.clientServiceId,
      service: j.service,
      caregiver: row.caregiverId ? { id: row.caregiverId, name: caregiverName! } : null,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      service_date: row.serviceDate,
      timezone: organization.timezone,
      notes: reduced ? '' : row.notes,
      pattern_id: row.patternId,
      cancel_reason: row.cancelReason,
      cancel_note: reduced ? null : row.cancelNote,
      clock_in: offered ? null : clockOf(row, 'In', view),
      clock_out: offered ? null : clockOf(row, 'Out', view),
      corrected_start_at: row.correctedStartAt?.toISOString() ?? null,
      corrected_end_at: row.correctedEndAt?.toISOString() ?? null,
      correction_reason: reduced ? null : row.correctionReason,
      correction_note: reduced ? null : row.correctionNote,
      minutes: workedMinutes(row),
      exceptions: reduced
        ? []
        : exceptionRows
            .filter((e) => e.exception.visitId === row.id)
            .map(({ exception, firstName, lastName, email }) =>
              serializeException(exception, firstName, lastName, email),
            ),
      requested_by: requestRows
        .filter((r) => r.visitId === row.id)
        .map((r) => ({ id: r.id, name: personName({ firstName: r.firstName, lastName: r.lastName, email: r.email }) })),
      verified_at: row.verifiedAt?.toISOString() ?? null,
      changed_at: row.changedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    };
  });
}

/**
 * The visit as its caller may see it, else 404: the office any of the organization's; a caregiver their own, or
 * an Open one that fits their position and lies ahead (the list's rule, listWhere); a client their own.
 */
export async function findVisible(app: FastifyInstance, actor: Actor, id: number, db: Db = app.db): Promise<Joined> {
  const organization = requireOrganization(actor);
  const [joined] = await selectVisits(db)
    .where(and(eq(visits.id, id), eq(visits.organizationId, organization.id)))
    .limit(1);
  if (!joined) throw notFound();
  const view = viewOf(actor);
  requireSchedule(actor);
  if (view === 'caregiver' && joined.visit.caregiverId !== actor.user.id) {
    const offered =
      joined.visit.status === 'OPEN' &&
      joined.visit.startsAt > app.now() &&
      positionFits(joined.service, await positionOf(app, actor.user.id));
    if (!offered) throw notFound();
  }
  if (view === 'client' && joined.visit.clientId !== (await ownClientId(app, actor.user.id, organization)))
    throw notFound();
  return joined;
}

/** One visit, as the caller sees it (no visibility check: the caller has just written it). */
export async function one(app: FastifyInstance, actor: Actor, id: number, db: Db = app.db): Promise<VisitOut> {
  const [joined] = await selectVisits(db).where(eq(visits.id, id)).limit(1);
  return (await serialize(app, actor, [joined], db))[0];
}

export async function listWhere(
  app: FastifyInstance,
  actor: Actor,
  filter: Omit<VisitFilter, 'ordering'>,
): Promise<SQL> {
  const organization = requireOrganization(actor);
  const conditions: (SQL | undefined)[] = [eq(visits.organizationId, organization.id)];
  if (filter.from) conditions.push(gte(visits.startsAt, zonedTime(organization.timezone, filter.from, '00:00')));
  if (filter.to) conditions.push(lt(visits.startsAt, zonedTime(organization.timezone, addDays(filter.to, 1), '00:00')));
  if (filter.status) conditions.push(eq(visits.status, filter.status));
  const view = viewOf(actor);
  const me = actor.user.id;
  requireSchedule(actor);
  if (view === 'caregiver') {
    if (filter.status === 'OPEN') {
      // open visits still ahead that the caregiver's position may provide
      const position = await positionOf(app, me);
      const services = (Object.keys(SERVICE_POSITIONS) as ServiceCode[]).filter((s) => positionFits(s, position));
      conditions.push(gt(visits.startsAt, app.now()));
      conditions.push(
        services.length
          ? inArray(
              visits.clientServiceId,
              app.db
                .select({ id: clientServices.id })
                .from(clientServices)
                .where(
                  and(eq(clientServices.organizationId, organization.id), inArray(clientServices.service, services)),
                ),
            )
          : sql`false`,
      );
    } else conditions.push(eq(visits.caregiverId, me));
    if (filter.client_id) conditions.push(eq(visits.clientId, filter.client_id));
  } else if (view === 'client') {
    const clientId = await ownClientId(app, me, organization);
    conditions.push(clientId ? eq(visits.clientId, clientId) : sql`false`);
  } else {
    if (filter.caregiver_id) conditions.push(eq(visits.caregiverId, filter.caregiver_id));
    if (filter.client_id) conditions.push(eq(visits.clientId, filter.client_id));
  }
  return and(...conditions)!;
}

/** Where a clock happened: HOME within the tolerance of the client's home; otherwise what the caregiver says, with a reason. */
export function placeClock(
  input: ClockInput,
  home: { latitude: number | null; longitude: number | null },
  tolerance: number,
) {
  const hasPosition = input.latitude !== undefined && input.longitude !== undefined;
  if ((input.latitude === undefined) !== (input.longitude === undefined))
    throw invalid({
      [input.latitude === undefined ? 'latitude' : 'longitude']: ['Send both coordinates, or neither.'],
    });
  const distance =
    hasPosition && home.latitude !== null && home.longitude !== null
      ? distanceMeters(
          { latitude: input.latitude!, longitude: input.longitude! },
          { latitude: home.latitude, longitude: home.longitude },
        )
      : null;
  const atHome = distance !== null && distance <= tolerance;
  const position = {
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    accuracy: hasPosition ? (input.accuracy ?? null) : null,
    distance,
  };
  // the home's coordinates sent back exactly, or an accuracy no phone reports: recorded, and an exception
  const implausible = hasPosition ? implausiblePosition(distance, position.accuracy) : null;
  if (atHome) return { ...position, location: 'HOME' as LocationType, reason: null, exception: false, implausible };
  const why = !hasPosition
    ? 'Without your position, choose where you are and say why.'
    : distance === null
      ? "The client's home has no position on file: choose where you are and say why."
      : `You are ${distance >= 1000 ? `${(distance / 1000).toFixed(1)} km` : `${Math.round(distance)} m`} from the client's home. Choose where you are and say why.`;
  const fields: Record<string, string[]> = {};
  if (!input.location_type) fields.location_type = [why];
  if (!input.reason?.trim()) fields.reason = ['Say why the position does not place you at the home.'];
  if (Object.keys(fields).length) throw invalid(fields, why);
  return { ...position, location: input.location_type!, reason: input.reason!.trim(), exception: true, implausible };
}
