import { Readable } from 'node:stream';
import { and, asc, desc, eq, gt, gte, inArray, isNull, isNotNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVICES, type ServiceCode } from '../../../src/domain/clients';
import { addDays, dateIn, formatDay, isIsoDate, zonedTime } from '../../../src/domain/dates';
import { POSITIONS } from '../../../src/domain/labels';
import {
  BOOKED_STATUSES,
  CANCEL_REASONS,
  conflictMessage,
  distanceMeters,
  firstNameAndInitial,
  implausiblePosition,
  LATE_AFTER_MINUTES,
  MAX_PATTERN_DAYS,
  minutesBetween,
  positionFits,
  SERVICE_POSITIONS,
  timeIn,
  weekdayOf,
  weekStartOf,
  windowIn,
  windowProblem,
  type CancelReason,
  type CorrectionReason,
  type ExceptionCode,
  type LocationType,
  type Resolution,
  type VisitStatus,
} from '../../../src/domain/visits';
import { clients, clientServices, employeeProfiles, organizations, users, visitExceptions, visitRequests, visits } from '../../db/schema';
import { ApiError, invalid, notFound, permissionDenied } from '../../lib/api-error';
import { csvLine } from '../../lib/csv';
import type { Page } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import { prefixPattern, searchTerms, snakeCase } from '../../lib/search';
import type { Tx } from '../../lib/stored-files';
import type { RequestOrganization } from '../../types';
import { ownClientId } from '../clients/own-client';
import { personName } from '../clients/service';
import { notify, organizationAdminIds } from '../notifications/service';
import type { BoardOut, BoardVisitOut, ClockInput, ClockOut, ExceptionListItemOut, RecurrenceResultOut, VisitExceptionOut, VisitOut } from './schemas';

type VisitRow = typeof visits.$inferSelect;
type Db = FastifyInstance['db'] | Tx;
interface ExportRow {
  visit: Pick<VisitRow, 'id' | 'clientId' | 'caregiverId' | 'serviceDate' | 'startsAt' | 'clockInAt' | 'clockOutAt' | 'clockInLocation' | 'clockInLatitude' | 'clockInLongitude' | 'clockOutLocation' | 'clockOutLatitude' | 'clockOutLongitude' | 'correctedStartAt' | 'correctedEndAt' | 'correctionReason'>;
  clientFirst: string;
  clientLast: string;
  memberId: string | null;
  service: ServiceCode;
  caregiverFirst: string | null;
  caregiverLast: string | null;
  codes: string;
}

/** A caregiver may clock in this long before the window starts (at the door early), not sooner. */
const EARLY_CLOCK_IN_MINUTES = 60;
/** A visit still In progress this long after its window ended has a missing clock-out. */
const MISSING_CLOCK_OUT_AFTER_MINUTES = 60;
/** The export reads the database in batches of this many visits (memory stays flat however long the period). */
const EXPORT_BATCH = 500;

export interface VisitFilter {
  from?: string;
  to?: string;
  caregiver_id?: number;
  client_id?: number;
  status?: VisitStatus;
  ordering?: 'starts_at' | '-starts_at';
}

interface WindowInput {
  service_date: string;
  start_time: string;
  end_time: string;
  /** The date the window ends on, when it ends after midnight (an overnight visit); else the service date. */
  end_date?: string;
}

const conflict = (detail: string, code = 'visit_conflict') => new ApiError(409, code, detail);
const isExclusionViolation = (error: unknown) => (error as { code?: string; cause?: { code?: string } })?.code === '23P01' || (error as { cause?: { code?: string } })?.cause?.code === '23P01';

/** The instants of a window given as a local date and wall-clock times in the zone (an end at or before the start is the next day only when `end_date` says so). */
export function windowOf(timezone: string, input: WindowInput): { startsAt: Date; endsAt: Date } {
  return { startsAt: zonedTime(timezone, input.service_date, input.start_time), endsAt: zonedTime(timezone, input.end_date ?? input.service_date, input.end_time) };
}

export function createVisitService(app: FastifyInstance) {
  const dayIn = (organization: RequestOrganization) => (at: Date) => dateIn(organization.timezone, at);

  async function settingsOf(organizationId: number) {
    const [row] = await app.db
      .select({ tolerance: organizations.evvToleranceMeters, weekStart: organizations.weekStart })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    return row ?? { tolerance: 250, weekStart: 0 };
  }

  /** The rows behind visits, with their client, service and caregiver. */
  function selectVisits(db: Db = app.db) {
    return db
      .select({
        visit: visits,
        clientFirst: clients.firstName,
        clientLast: clients.lastName,
        address: sql<string>`concat_ws(', ', nullif(${clients.address}, ''), nullif(${clients.city}, ''), nullif(concat_ws(' ', nullif(${clients.state}, ''), nullif(${clients.postalCode}, '')), ''))`,
        city: clients.city,
        latitude: clients.latitude,
        longitude: clients.longitude,
        service: clientServices.service,
        caregiverFirst: users.firstName,
        caregiverLast: users.lastName,
        caregiverEmail: users.email,
      })
      .from(visits)
      .innerJoin(clients, eq(clients.id, visits.clientId))
      .innerJoin(clientServices, eq(clientServices.id, visits.clientServiceId))
      .leftJoin(users, eq(users.id, visits.caregiverId));
  }
  type Joined = Awaited<ReturnType<typeof selectVisits>>[number];

  /** A clock as the caller sees it: a client or family member the time only (never the caregiver's position or reason). */
  function clockOf(row: VisitRow, which: 'In' | 'Out', view: 'office' | 'caregiver' | 'client'): ClockOut | null {
    const at = row[`clock${which}At`];
    if (!at) return null;
    if (view === 'client') return { at: at.toISOString(), location: null, latitude: null, longitude: null, accuracy: null, distance: null, reason: null };
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

  /** Minutes worked: the office's corrected times if any, else the clocks. */
  function workedMinutes(row: VisitRow): number | null {
    const start = row.correctedStartAt ?? row.clockInAt;
    const end = row.correctedEndAt ?? row.clockOutAt;
    return start && end ? Math.max(0, minutesBetween(start, end)) : null;
  }

  async function serialize(request: FastifyRequest, joined: Joined[], db: Db = app.db): Promise<VisitOut[]> {
    if (!joined.length) return [];
    const organization = requireOrganization(request);
    const ids = joined.map((j) => j.visit.id);
    const office = isOffice(request);
    const me = request.user!.user.id;
    const [exceptionRows, requestRows] = await Promise.all([
      db
        .select({ exception: visitExceptions, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(visitExceptions)
        .leftJoin(users, eq(users.id, visitExceptions.resolvedById))
        .where(inArray(visitExceptions.visitId, ids))
        .orderBy(asc(visitExceptions.createdAt), asc(visitExceptions.id)),
      db
        .select({ visitId: visitRequests.visitId, id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(visitRequests)
        .innerJoin(users, eq(users.id, visitRequests.caregiverId))
        .where(and(inArray(visitRequests.visitId, ids), office ? undefined : eq(visitRequests.caregiverId, me)))
        .orderBy(asc(visitRequests.createdAt)),
    ]);
    const view = viewOf(request);
    return joined.map((j) => {
      const row = j.visit;
      // product.md, "What each person sees of a visit": a caregiver's own visit in full but the home's position;
      // an Open visit not theirs only what deciding needs; a client's reduced view
      const offered = view === 'caregiver' && row.caregiverId !== me;
      const client = view === 'client';
      const reduced = client || offered;
      const caregiverName = row.caregiverId
        ? client
          ? firstNameAndInitial(j.caregiverFirst, j.caregiverLast)
          : personName({ firstName: j.caregiverFirst ?? '', lastName: j.caregiverLast ?? '', email: j.caregiverEmail ?? '' })
        : null;
      return {
        id: row.id,
        status: row.status,
        client: offered ? { id: row.clientId, first_name: initialOf(j.clientFirst), last_name: initialOf(j.clientLast) } : { id: row.clientId, first_name: j.clientFirst, last_name: j.clientLast },
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
              .map(({ exception, firstName, lastName, email }) => serializeException(exception, firstName, lastName, email)),
        requested_by: requestRows
          .filter((r) => r.visitId === row.id)
          .map((r) => ({ id: r.id, name: personName({ firstName: r.firstName, lastName: r.lastName, email: r.email }) })),
        verified_at: row.verifiedAt?.toISOString() ?? null,
        changed_at: row.changedAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
      };
    });
  }

  function serializeException(row: typeof visitExceptions.$inferSelect, firstName: string | null, lastName: string | null, email: string | null): VisitExceptionOut {
    return {
      id: row.id,
      visit_id: row.visitId,
      code: row.code,
      detail: row.detail,
      resolution: row.resolution,
      resolution_note: row.resolutionNote,
      resolved_by: row.resolvedById ? { id: row.resolvedById, name: personName({ firstName: firstName ?? '', lastName: lastName ?? '', email: email ?? '' }) } : null,
      resolved_at: row.resolvedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    };
  }

  /** An employee still onboarding (NEW) has no schedule yet: spec 7 gives view-workschedules to READY employees. */
  const requireSchedule = (request: FastifyRequest) => {
    if (request.user!.user.role === 'ROLE_EMPLOYEE' && !request.user!.permissions.includes('view-workschedules')) throw permissionDenied();
  };

  const isOffice = (request: FastifyRequest) => ['ROLE_ADMIN', 'ROLE_MASTER'].includes(request.user!.user.role);
  /** Whose view of a visit the caller gets: the office's (everything), a caregiver's, or a client's (or family member's). */
  const viewOf = (request: FastifyRequest): 'office' | 'caregiver' | 'client' => (isOffice(request) ? 'office' : request.user!.user.role === 'ROLE_CLIENT' ? 'client' : 'caregiver');
  const initialOf = (name: string) => (name.trim() ? `${name.trim().charAt(0)}.` : '');

  async function positionOf(userId: number): Promise<string | null> {
    const [profile] = await app.db.select({ position: employeeProfiles.position }).from(employeeProfiles).where(eq(employeeProfiles.userId, userId));
    return profile?.position ?? null;
  }

  /**
   * The visit as its caller may see it, else 404: the office any of the organization's; a caregiver their own, or
   * an Open one that fits their position and lies ahead (the list's rule, listWhere); a client their own.
   */
  async function findVisible(request: FastifyRequest, id: number, db: Db = app.db): Promise<Joined> {
    const organization = requireOrganization(request);
    const [joined] = await selectVisits(db)
      .where(and(eq(visits.id, id), eq(visits.organizationId, organization.id)))
      .limit(1);
    if (!joined) throw notFound();
    const role = request.user!.user.role;
    requireSchedule(request);
    if (role === 'ROLE_EMPLOYEE' && joined.visit.caregiverId !== request.user!.user.id) {
      const offered = joined.visit.status === 'OPEN' && joined.visit.startsAt > app.now() && positionFits(joined.service, await positionOf(request.user!.user.id));
      if (!offered) throw notFound();
    }
    if (role === 'ROLE_CLIENT' && joined.visit.clientId !== (await ownClientId(app, request, organization))) throw notFound();
    return joined;
  }

  async function one(request: FastifyRequest, id: number, db: Db = app.db): Promise<VisitOut> {
    const [joined] = await selectVisits(db).where(eq(visits.id, id)).limit(1);
    return (await serialize(request, [joined], db))[0];
  }

  /** The caregiver, checked: this organization's READY employee whose position may provide the service. */
  async function checkCaregiver(organization: RequestOrganization, caregiverId: number, service: ServiceCode) {
    const [row] = await app.db
      .select({ user: users, status: employeeProfiles.status, position: employeeProfiles.position })
      .from(users)
      .innerJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
      .where(and(eq(users.id, caregiverId), eq(users.organizationId, organization.id), eq(users.role, 'ROLE_EMPLOYEE')))
      .limit(1);
    if (!row) throw invalid({ caregiver_id: ['Choose one of your employees.'] });
    const name = personName(row.user);
    if (!row.user.isActive) throw invalid({ caregiver_id: [`${name} is deactivated.`] });
    if (row.status !== 'READY') throw invalid({ caregiver_id: [`${name} is not READY: finish their onboarding first.`] });
    if (!positionFits(service, row.position)) {
      const position = row.position ? POSITIONS[row.position as keyof typeof POSITIONS] ?? row.position : 'no position';
      const fits = SERVICE_POSITIONS[service].map((p) => POSITIONS[p]).join(', ');
      throw invalid({ caregiver_id: [`${name} (${position}) cannot provide ${SERVICES[service]}: it needs ${fits}.`] });
    }
    return { name };
  }

  /** The first booked visit of the caregiver overlapping the window by a minute or more (another than `except`). */
  async function overlapping(db: Db, caregiverId: number, startsAt: Date, endsAt: Date, except?: number) {
    const [row] = await db
      .select({ visit: visits, first_name: clients.firstName, last_name: clients.lastName })
      .from(visits)
      .innerJoin(clients, eq(clients.id, visits.clientId))
      .where(
        and(
          eq(visits.caregiverId, caregiverId),
          inArray(visits.status, [...BOOKED_STATUSES]),
          lt(visits.startsAt, endsAt),
          gt(visits.endsAt, startsAt),
          except ? ne(visits.id, except) : undefined,
        ),
      )
      .orderBy(asc(visits.startsAt))
      .limit(1);
    return row ?? null;
  }

  async function conflictError(organization: RequestOrganization, db: Db, caregiverId: number, caregiverName: string, startsAt: Date, endsAt: Date, except?: number) {
    const other = await overlapping(db, caregiverId, startsAt, endsAt, except);
    if (!other) return conflict(`${caregiverName} is already booked at that time.`);
    return conflict(`${conflictMessage(caregiverName, windowIn(organization.timezone, other.visit.startsAt, other.visit.endsAt, dayIn(organization)), other)}.`);
  }

  /** The client's service, checked: it is this client's and active. */
  async function checkService(organization: RequestOrganization, clientId: number, serviceId: number) {
    const [client] = await app.db
      .select()
      .from(clients)
      .where(and(eq(clients.id, clientId), eq(clients.organizationId, organization.id)))
      .limit(1);
    if (!client) throw invalid({ client_id: ['Choose one of your clients.'] });
    if (client.status === 'DISCHARGED') throw invalid({ client_id: [`${personName(client)} was discharged.`] });
    const [service] = await app.db
      .select()
      .from(clientServices)
      .where(and(eq(clientServices.id, serviceId), eq(clientServices.organizationId, organization.id)))
      .limit(1);
    if (!service || service.clientId !== clientId) throw invalid({ service_id: [`${personName(client)} does not receive this service.`] });
    if (service.status !== 'ACTIVE') throw invalid({ service_id: [`${personName(client)}'s ${SERVICES[service.service]} is ${service.status === 'ON_HOLD' ? 'on hold' : 'ended'}.`] });
    return { client, service };
  }

  function checkWindow(organization: RequestOrganization, input: WindowInput): { startsAt: Date; endsAt: Date; serviceDate: string } {
    if (!isIsoDate(input.service_date)) throw invalid({ service_date: ['Enter a real date.'] });
    if (input.end_date !== undefined && !isIsoDate(input.end_date)) throw invalid({ end_date: ['Enter a real date.'] });
    const { startsAt, endsAt } = windowOf(organization.timezone, input);
    const problem = windowProblem(startsAt, endsAt);
    if (problem) throw invalid({ end_time: [problem] });
    return { startsAt, endsAt, serviceDate: dateIn(organization.timezone, startsAt) };
  }

  /** Inserts a visit, refusing an overlap with the conflict named; the exclusion constraint decides a race. */
  /** A new visit's row: Open without a caregiver, else Scheduled. */
  function newVisit(request: FastifyRequest, organization: RequestOrganization, input: { client_id: number; caregiver_id?: number | null; notes?: string }, serviceId: number, window: { startsAt: Date; endsAt: Date; serviceDate: string }, patternId: number | null = null): typeof visits.$inferInsert {
    const now = app.now();
    return {
      organizationId: organization.id,
      clientId: input.client_id,
      clientServiceId: serviceId,
      caregiverId: input.caregiver_id ?? null,
      status: input.caregiver_id ? 'SCHEDULED' : 'OPEN',
      ...window,
      notes: input.notes?.trim() ?? '',
      patternId,
      createdById: request.user!.user.id,
      createdAt: now,
      updatedAt: now,
    };
  }

  async function insertVisit(organization: RequestOrganization, values: typeof visits.$inferInsert, caregiverName: string | null): Promise<number> {
    if (values.caregiverId && caregiverName) {
      const other = await overlapping(app.db, values.caregiverId, values.startsAt, values.endsAt);
      if (other) throw await conflictError(organization, app.db, values.caregiverId, caregiverName, values.startsAt, values.endsAt);
    }
    try {
      const [row] = await app.db.insert(visits).values(values).returning({ id: visits.id });
      return row.id;
    } catch (error) {
      if (isExclusionViolation(error) && values.caregiverId && caregiverName) {
        throw await conflictError(organization, app.db, values.caregiverId, caregiverName, values.startsAt, values.endsAt);
      }
      throw error;
    }
  }

  /** `row.caregiverId`: the caregiver the visit concerns (the one it had before a change, else the one it gets). */
  async function audit(request: FastifyRequest, row: { id: number; clientId: number; caregiverId: number | null }, action: 'CREATE' | 'UPDATE' | 'READ' | 'SEARCH' | 'EXPORT', changed: Record<string, unknown>) {
    await request.audit({ entity: 'visit', entityId: row.id, action, clientId: row.clientId, employeeId: row.caregiverId, changed });
  }

  async function tellOffice(organization: RequestOrganization, title: string, body: string, link: string) {
    const now = app.now();
    for (const adminId of await organizationAdminIds(app.db, organization.id)) {
      await notify(app.db, { userId: adminId, organizationId: organization.id, type: 'visit', title, body, link }, now, app);
    }
  }

  /** Where a clock happened: HOME within the tolerance of the client's home; otherwise what the caregiver says, with a reason. */
  function placeClock(input: ClockInput, home: { latitude: number | null; longitude: number | null }, tolerance: number) {
    const hasPosition = input.latitude !== undefined && input.longitude !== undefined;
    if ((input.latitude === undefined) !== (input.longitude === undefined)) throw invalid({ [input.latitude === undefined ? 'latitude' : 'longitude']: ['Send both coordinates, or neither.'] });
    const distance = hasPosition && home.latitude !== null && home.longitude !== null ? distanceMeters({ latitude: input.latitude!, longitude: input.longitude! }, { latitude: home.latitude, longitude: home.longitude }) : null;
    const atHome = distance !== null && distance <= tolerance;
    const position = { latitude: input.latitude ?? null, longitude: input.longitude ?? null, accuracy: hasPosition ? input.accuracy ?? null : null, distance };
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

  /**
   * The caller's own visit in the state a clock needs (`expected`), or the refusal: an Open visit is asked for
   * first; a visit in the other clockable state gets `otherwise` (already clocked in, or not yet).
   */
  async function visitToClock(request: FastifyRequest, id: number, expected: 'SCHEDULED' | 'IN_PROGRESS', otherwise: string) {
    const organization = requireOrganization(request);
    const joined = await findVisible(request, id);
    const current = joined.visit;
    if (current.caregiverId !== request.user!.user.id) throw conflict('This visit is Open: ask the office for it before you clock it.', 'visit_not_yours');
    if (current.status !== expected) {
      const clockable = current.status === 'SCHEDULED' || current.status === 'IN_PROGRESS';
      throw conflict(clockable ? otherwise : `This visit is ${current.status.toLowerCase()}: it cannot be clocked.`, 'visit_locked');
    }
    return { organization, joined, current, now: app.now() };
  }

  async function addException(db: Db, row: VisitRow, code: ExceptionCode, detail: string) {
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

  /**
   * Turns the organization's past visits with a missing clock into exceptions (idempotent: one per visit and
   * code). Run before the queue is read, so the queue is right without a background job.
   */
  async function detectMissingClocks(organizationId: number) {
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
      .where(and(eq(visits.organizationId, organizationId), eq(visits.status, 'IN_PROGRESS'), lt(visits.endsAt, outBefore)))
      .limit(5_000);
    for (const row of missedIn) await addException(app.db, row, 'MISSING_CLOCK_IN', 'No clock-in was recorded for this visit.');
    for (const row of missedOut) await addException(app.db, row, 'MISSING_CLOCK_OUT', 'No clock-out was recorded for this visit.');
  }

  /** Completed with nothing open: Verified. */
  async function verifyIfClear(db: Db, visitId: number) {
    const [row] = await db.select().from(visits).where(eq(visits.id, visitId));
    if (!row || row.status !== 'COMPLETED') return;
    if ((await openExceptionCount(db, visitId)) === 0) {
      await db.update(visits).set({ status: 'VERIFIED', verifiedAt: app.now(), updatedAt: app.now() }).where(eq(visits.id, visitId));
    }
  }

  async function listWhere(request: FastifyRequest, filter: VisitFilter): Promise<SQL> {
    const organization = requireOrganization(request);
    const conditions: (SQL | undefined)[] = [eq(visits.organizationId, organization.id)];
    if (filter.from) conditions.push(gte(visits.startsAt, zonedTime(organization.timezone, filter.from, '00:00')));
    if (filter.to) conditions.push(lt(visits.startsAt, zonedTime(organization.timezone, addDays(filter.to, 1), '00:00')));
    if (filter.status) conditions.push(eq(visits.status, filter.status));
    const role = request.user!.user.role;
    const me = request.user!.user.id;
    requireSchedule(request);
    if (role === 'ROLE_EMPLOYEE') {
      if (filter.status === 'OPEN') {
        // open visits still ahead that the caregiver's position may provide
        const position = await positionOf(me);
        const services = (Object.keys(SERVICE_POSITIONS) as ServiceCode[]).filter((s) => positionFits(s, position));
        conditions.push(gt(visits.startsAt, app.now()));
        conditions.push(
          services.length
            ? inArray(visits.clientServiceId, app.db.select({ id: clientServices.id }).from(clientServices).where(and(eq(clientServices.organizationId, organization.id), inArray(clientServices.service, services))))
            : sql`false`,
        );
      } else conditions.push(eq(visits.caregiverId, me));
      if (filter.client_id) conditions.push(eq(visits.clientId, filter.client_id));
    } else if (role === 'ROLE_CLIENT') {
      const clientId = await ownClientId(app, request, organization);
      conditions.push(clientId ? eq(visits.clientId, clientId) : sql`false`);
    } else {
      if (filter.caregiver_id) conditions.push(eq(visits.caregiverId, filter.caregiver_id));
      if (filter.client_id) conditions.push(eq(visits.clientId, filter.client_id));
    }
    return and(...conditions)!;
  }

  return {
    workedMinutes,

    /**
     * The schedule board: a page of rows (READY caregivers, or clients under care, by name) with each row's
     * visits of the week, and the week's open visits. Two queries for the page whatever the agency's size:
     * the rows, then their visits (index on caregiver or client and start).
     */
    async board(request: FastifyRequest, query: { week?: string; by?: 'caregiver' | 'client'; search?: string }, page: Page): Promise<BoardOut> {
      const organization = requireOrganization(request);
      const tz = organization.timezone;
      const by = query.by ?? 'caregiver';
      if (query.week && !isIsoDate(query.week)) throw invalid({ week: ['Enter a real date.'] });
      const { weekStart } = await settingsOf(organization.id);
      const start = weekStartOf(query.week ?? dateIn(tz, app.now()), weekStart);
      const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
      const from = zonedTime(tz, start, '00:00');
      const until = zonedTime(tz, addDays(start, 7), '00:00');
      const words = searchTerms(query.search);
      let rows: { id: number; name: string; detail: string }[];
      let count: number;
      if (by === 'caregiver') {
        const where = and(
          eq(users.organizationId, organization.id),
          eq(users.role, 'ROLE_EMPLOYEE'),
          eq(users.isActive, true),
          eq(employeeProfiles.status, 'READY'),
          ...words.map((w) => or(sql`lower(${users.lastName}) like ${prefixPattern(w)}`, sql`lower(${users.firstName}) like ${prefixPattern(w)}`)),
        );
        const [found, [total]] = await Promise.all([
          app.db
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, position: employeeProfiles.position })
            .from(users)
            .innerJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
            .where(where)
            .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
            .limit(page.limit)
            .offset(page.offset),
          app.db.select({ n: sql<number>`count(*)::int` }).from(users).innerJoin(employeeProfiles, eq(employeeProfiles.userId, users.id)).where(where),
        ]);
        rows = found.map((r) => ({ id: r.id, name: personName(r), detail: r.position ?? '' }));
        count = Number(total?.n ?? 0);
      } else {
        const where = and(
          eq(clients.organizationId, organization.id),
          inArray(clients.status, ['ACTIVE', 'ON_HOLD', 'PENDING']),
          ...words.map((w) => or(sql`lower(${clients.lastName}) like ${prefixPattern(w)}`, sql`lower(${clients.firstName}) like ${prefixPattern(w)}`)),
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
          app.db.select({ n: sql<number>`count(*)::int` }).from(clients).where(where),
        ]);
        rows = found.map((r) => ({ id: r.id, name: personName(r), detail: r.services }));
        count = Number(total?.n ?? 0);
      }
      const ids = rows.map((r) => r.id);
      const key = by === 'caregiver' ? visits.caregiverId : visits.clientId;
      const inWeek = and(eq(visits.organizationId, organization.id), gte(visits.startsAt, from), lt(visits.startsAt, until));
      const compact = () =>
        app.db
          .select({
            visit: visits,
            clientFirst: clients.firstName,
            clientLast: clients.lastName,
            service: clientServices.service,
            caregiverFirst: users.firstName,
            caregiverLast: users.lastName,
            caregiverEmail: users.email,
            openExceptions: sql<number>`(select count(*)::int from ${visitExceptions} where ${visitExceptions.visitId} = ${visits.id} and ${visitExceptions.resolvedAt} is null)`,
            requests: sql<number>`(select count(*)::int from ${visitRequests} where ${visitRequests.visitId} = ${visits.id})`,
          })
          .from(visits)
          .innerJoin(clients, eq(clients.id, visits.clientId))
          .innerJoin(clientServices, eq(clientServices.id, visits.clientServiceId))
          .leftJoin(users, eq(users.id, visits.caregiverId));
      const [weekVisits, openVisits] = await Promise.all([
        ids.length ? compact().where(and(inWeek, inArray(key, ids), ne(visits.status, 'CANCELLED'))).orderBy(asc(visits.startsAt), asc(visits.id)) : Promise.resolve([]),
        compact().where(and(inWeek, eq(visits.status, 'OPEN'))).orderBy(asc(visits.startsAt), asc(visits.id)).limit(200),
      ]);
      const toBoard = (r: (typeof openVisits)[number]): BoardVisitOut => ({
        id: r.visit.id,
        status: r.visit.status,
        starts_at: r.visit.startsAt.toISOString(),
        ends_at: r.visit.endsAt.toISOString(),
        service_date: r.visit.serviceDate,
        service: r.service,
        client: { id: r.visit.clientId, name: `${r.clientFirst} ${r.clientLast}` },
        caregiver: r.visit.caregiverId ? { id: r.visit.caregiverId, name: personName({ firstName: r.caregiverFirst ?? '', lastName: r.caregiverLast ?? '', email: r.caregiverEmail ?? '' }) } : null,
        open_exceptions: Number(r.openExceptions),
        requests: Number(r.requests),
        changed: r.visit.changedAt !== null,
      });
      const byRow = new Map<number, BoardVisitOut[]>();
      const minutes = new Map<number, number>();
      for (const r of weekVisits) {
        const rowId = by === 'caregiver' ? r.visit.caregiverId! : r.visit.clientId;
        (byRow.get(rowId) ?? byRow.set(rowId, []).get(rowId)!).push(toBoard(r));
        if (r.visit.status !== 'MISSED') minutes.set(rowId, (minutes.get(rowId) ?? 0) + minutesBetween(r.visit.startsAt, r.visit.endsAt));
      }
      await request.audit({ entity: 'visit', action: 'SEARCH', changed: { event: 'board', query: { week: start, by, search: query.search ?? null, ...page }, count } });
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

    async list(request: FastifyRequest, filter: VisitFilter, page: Page): Promise<{ count: number; results: VisitOut[] }> {
      const where = await listWhere(request, filter);
      const order = filter.ordering === '-starts_at' ? [desc(visits.startsAt), desc(visits.id)] : [asc(visits.startsAt), asc(visits.id)];
      const [rows, [total]] = await Promise.all([
        selectVisits().where(where).orderBy(...order).limit(page.limit).offset(page.offset),
        app.db.select({ n: sql<number>`count(*)::int` }).from(visits).where(where),
      ]);
      // every role's search is audited (product.md, "Audit"): a caregiver's day and a client's visits name people too
      await request.audit({ entity: 'visit', action: 'SEARCH', changed: { query: { ...filter, ...page }, count: Number(total?.n ?? 0) } });
      return { count: Number(total?.n ?? 0), results: await serialize(request, rows) };
    },

    async create(request: FastifyRequest, input: WindowInput & { client_id: number; service_id: number; caregiver_id?: number | null; notes?: string }): Promise<VisitOut> {
      const organization = requireOrganization(request);
      const { service } = await checkService(organization, input.client_id, input.service_id);
      const caregiver = input.caregiver_id ? await checkCaregiver(organization, input.caregiver_id, service.service) : null;
      const window = checkWindow(organization, input);
      const { startsAt, endsAt } = window;
      const id = await insertVisit(organization, newVisit(request, organization, input, service.id, window), caregiver?.name ?? null);
      await audit(request, { id, clientId: input.client_id, caregiverId: input.caregiver_id ?? null }, 'CREATE', { event: 'create', caregiver_id: input.caregiver_id ?? null, starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString(), service: service.service });
      return one(request, id);
    },

    async retrieve(request: FastifyRequest, id: number): Promise<VisitOut> {
      const joined = await findVisible(request, id);
      await audit(request, { id, clientId: joined.visit.clientId, caregiverId: joined.visit.caregiverId }, 'READ', { event: 'read' });
      return (await serialize(request, [joined]))[0];
    },

    async update(request: FastifyRequest, id: number, input: Partial<WindowInput> & { caregiver_id?: number | null; service_id?: number; notes?: string }): Promise<VisitOut> {
      const organization = requireOrganization(request);
      const { visit: current } = await findVisible(request, id);
      const timing = input.service_date !== undefined || input.start_time !== undefined || input.end_time !== undefined || input.end_date !== undefined;
      if ((timing || input.caregiver_id !== undefined || input.service_id !== undefined) && !['OPEN', 'SCHEDULED'].includes(current.status)) {
        throw conflict(`This visit is ${current.status === 'IN_PROGRESS' ? 'in progress' : current.status.toLowerCase()}: its window and caregiver can no longer change.`, 'visit_locked');
      }
      const serviceId = input.service_id ?? current.clientServiceId;
      const { service } = serviceId !== current.clientServiceId ? await checkService(organization, current.clientId, serviceId) : { service: (await app.db.select().from(clientServices).where(eq(clientServices.id, serviceId)))[0] };
      const caregiverId = input.caregiver_id === undefined ? current.caregiverId : input.caregiver_id;
      const caregiver = caregiverId ? await checkCaregiver(organization, caregiverId, service.service) : null;
      const tz = organization.timezone;
      const window = timing
        ? checkWindow(organization, {
            service_date: input.service_date ?? current.serviceDate,
            start_time: input.start_time ?? timeIn(tz, current.startsAt),
            end_time: input.end_time ?? timeIn(tz, current.endsAt),
            end_date: input.end_date ?? (input.service_date && input.service_date !== current.serviceDate ? undefined : dateIn(tz, current.endsAt)),
          })
        : { startsAt: current.startsAt, endsAt: current.endsAt, serviceDate: current.serviceDate };
      const values = {
        caregiverId,
        clientServiceId: service.id,
        status: (caregiverId ? 'SCHEDULED' : 'OPEN') as VisitStatus,
        startsAt: window.startsAt,
        endsAt: window.endsAt,
        serviceDate: window.serviceDate,
        notes: input.notes?.trim() ?? current.notes,
      };
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      const before = { caregiverId: current.caregiverId, clientServiceId: current.clientServiceId, status: current.status, startsAt: current.startsAt.toISOString(), endsAt: current.endsAt.toISOString(), serviceDate: current.serviceDate, notes: current.notes };
      const after = { ...values, startsAt: values.startsAt.toISOString(), endsAt: values.endsAt.toISOString() };
      for (const key of Object.keys(after) as (keyof typeof after)[]) if (before[key] !== after[key]) changes[snakeCase(key)] = { from: before[key], to: after[key] };
      if (!Object.keys(changes).length) return one(request, id);
      const material = Object.keys(changes).some((key) => key !== 'notes');
      if (caregiverId && caregiver) {
        const other = await overlapping(app.db, caregiverId, values.startsAt, values.endsAt, id);
        if (other) throw await conflictError(organization, app.db, caregiverId, caregiver.name, values.startsAt, values.endsAt, id);
      }
      try {
        const updated = await app.db
          .update(visits)
          .set({ ...values, updatedAt: app.now(), ...(material ? { changedAt: app.now() } : {}) })
          .where(and(eq(visits.id, id), inArray(visits.status, ['OPEN', 'SCHEDULED'])))
          .returning({ id: visits.id });
        if (!updated.length) throw conflict('Someone else changed this visit a moment ago. Reload it and try again.', 'visit_changed');
      } catch (error) {
        if (isExclusionViolation(error) && caregiverId && caregiver) throw await conflictError(organization, app.db, caregiverId, caregiver.name, values.startsAt, values.endsAt, id);
        throw error;
      }
      // the caregiver assigned: the other askers hear nothing more of it, and their requests go
      if (caregiverId && caregiverId !== current.caregiverId) await app.db.delete(visitRequests).where(eq(visitRequests.visitId, id));
      await audit(request, { id, clientId: current.clientId, caregiverId: current.caregiverId ?? caregiverId }, 'UPDATE', changes);
      if (caregiverId && caregiverId !== current.caregiverId) {
        await notify(
          app.db,
          { userId: caregiverId, organizationId: organization.id, type: 'visit', title: 'A visit was added to your schedule', body: `${formatDay(values.serviceDate)}, ${windowIn(tz, values.startsAt, values.endsAt, dayIn(organization))}.`, link: '/work-schedule' },
          app.now(),
          app,
        );
      }
      return one(request, id);
    },

    async recur(
      request: FastifyRequest,
      input: { client_id: number; service_id: number; caregiver_id?: number | null; starts_on: string; until: string; weekdays: number[]; start_time: string; end_time: string; notes?: string },
    ): Promise<RecurrenceResultOut> {
      const organization = requireOrganization(request);
      for (const field of ['starts_on', 'until'] as const) if (!isIsoDate(input[field])) throw invalid({ [field]: ['Enter a real date.'] });
      if (input.until < input.starts_on) throw invalid({ until: ['The pattern must end on or after its first day.'] });
      if (input.until > addDays(input.starts_on, MAX_PATTERN_DAYS)) throw invalid({ until: [`A pattern books at most ${MAX_PATTERN_DAYS} days at once.`] });
      const { service } = await checkService(organization, input.client_id, input.service_id);
      const caregiver = input.caregiver_id ? await checkCaregiver(organization, input.caregiver_id, service.service) : null;
      const overnight = input.end_time <= input.start_time;
      const today = dateIn(organization.timezone, app.now());
      const created: number[] = [];
      const skipped: RecurrenceResultOut['skipped'] = [];
      let patternId: number | null = null;
      for (let day = input.starts_on; day <= input.until; day = addDays(day, 1)) {
        if (!input.weekdays.includes(weekdayOf(day))) continue;
        if (day < today) {
          skipped.push({ service_date: day, reason: 'This day has passed.' });
          continue;
        }
        const { startsAt, endsAt } = windowOf(organization.timezone, { service_date: day, start_time: input.start_time, end_time: input.end_time, end_date: overnight ? addDays(day, 1) : day });
        const problem = windowProblem(startsAt, endsAt);
        if (problem) throw invalid({ end_time: [problem] });
        try {
          const id = await insertVisit(organization, newVisit(request, organization, input, service.id, { startsAt, endsAt, serviceDate: day }, patternId), caregiver?.name ?? null);
          if (patternId === null) {
            patternId = id;
            await app.db.update(visits).set({ patternId: id }).where(eq(visits.id, id));
          }
          created.push(id);
        } catch (error) {
          if (error instanceof ApiError && error.statusCode === 409) skipped.push({ service_date: day, reason: error.detail });
          else throw error;
        }
      }
      if (created.length) {
        await audit(request, { id: patternId!, clientId: input.client_id, caregiverId: input.caregiver_id ?? null }, 'CREATE', { event: 'create', pattern: { weekdays: input.weekdays, starts_on: input.starts_on, until: input.until, start_time: input.start_time, end_time: input.end_time }, created: created.length, skipped: skipped.length, caregiver_id: input.caregiver_id ?? null });
      }
      const rows = created.length ? await selectVisits().where(inArray(visits.id, created)).orderBy(asc(visits.startsAt)) : [];
      return { created: await serialize(request, rows), skipped };
    },

    async cancel(request: FastifyRequest, id: number, input: { reason: CancelReason; note?: string }): Promise<VisitOut> {
      const { visit: current } = await findVisible(request, id);
      const updated = await app.db
        .update(visits)
        .set({ status: 'CANCELLED', cancelReason: input.reason, cancelNote: input.note?.trim() || null, updatedAt: app.now(), changedAt: app.now() })
        .where(and(eq(visits.id, id), inArray(visits.status, ['OPEN', 'SCHEDULED'])))
        .returning({ id: visits.id });
      if (!updated.length) throw conflict(`This visit is ${current.status === 'IN_PROGRESS' ? 'in progress' : current.status.toLowerCase()} and cannot be cancelled.`, 'visit_locked');
      await audit(request, { id, clientId: current.clientId, caregiverId: current.caregiverId }, 'UPDATE', { status: { from: current.status, to: 'CANCELLED' }, cancel_reason: input.reason });
      if (current.caregiverId) {
        const organization = requireOrganization(request);
        await notify(
          app.db,
          { userId: current.caregiverId, organizationId: organization.id, type: 'visit', title: 'A visit of yours was cancelled', body: `${formatDay(current.serviceDate)}, ${windowIn(organization.timezone, current.startsAt, current.endsAt, dayIn(organization))}: ${CANCEL_REASONS[input.reason]}.`, link: '/work-schedule' },
          app.now(),
          app,
        );
      }
      return one(request, id);
    },

    async clockIn(request: FastifyRequest, id: number, input: ClockInput): Promise<VisitOut> {
      const { organization, joined, current, now } = await visitToClock(request, id, 'SCHEDULED', 'You already clocked in to this visit.');
      const earliest = new Date(current.startsAt.getTime() - EARLY_CLOCK_IN_MINUTES * 60_000);
      if (now < earliest) throw conflict(`This visit starts ${formatDay(current.serviceDate)} at ${timeIn(organization.timezone, current.startsAt)}: you can clock in from an hour before.`, 'too_early');
      if (now >= current.endsAt) throw conflict('This visit’s window has ended: ask the office to record your times.', 'window_ended');
      const { tolerance } = await settingsOf(organization.id);
      const place = placeClock(input, joined, tolerance);
      await app.db.transaction(async (tx) => {
        const moved = await tx
          .update(visits)
          .set({ status: 'IN_PROGRESS', clockInAt: now, clockInLatitude: place.latitude, clockInLongitude: place.longitude, clockInAccuracy: place.accuracy, clockInDistance: place.distance, clockInLocation: place.location, clockInReason: place.reason, updatedAt: now })
          .where(and(eq(visits.id, id), eq(visits.status, 'SCHEDULED')))
          .returning();
        if (!moved.length) throw conflict('You already clocked in to this visit.', 'visit_locked');
        const row = moved[0];
        if (place.exception) await addException(tx, row, 'LOCATION_CLOCK_IN', `${place.location === 'HOME' ? 'At the home' : 'In the community'}: ${place.reason}`);
        if (place.implausible) await addException(tx, row, 'IMPLAUSIBLE_CLOCK_IN', place.implausible);
        const late = minutesBetween(current.startsAt, now);
        if (late > LATE_AFTER_MINUTES) await addException(tx, row, 'LATE_CLOCK_IN', `Clocked in ${late} minutes after the start.`);
        const [other] = await tx
          .select({ id: visits.id })
          .from(visits)
          .where(and(eq(visits.caregiverId, row.caregiverId!), eq(visits.status, 'IN_PROGRESS'), ne(visits.id, id)))
          .limit(1);
        if (other) await addException(tx, row, 'OVERLAP', `Clocked in while visit ${other.id} was still in progress.`);
      });
      await audit(request, { id, clientId: current.clientId, caregiverId: current.caregiverId }, 'UPDATE', { event: 'clock_in', at: now.toISOString(), location: place.location, distance: place.distance === null ? null : Math.round(place.distance) });
      return one(request, id);
    },

    async clockOut(request: FastifyRequest, id: number, input: ClockInput): Promise<VisitOut> {
      const { organization, joined, current, now } = await visitToClock(request, id, 'IN_PROGRESS', 'Clock in to this visit first.');
      const { tolerance } = await settingsOf(organization.id);
      const place = placeClock(input, joined, tolerance);
      await app.db.transaction(async (tx) => {
        const moved = await tx
          .update(visits)
          .set({ status: 'COMPLETED', clockOutAt: now, clockOutLatitude: place.latitude, clockOutLongitude: place.longitude, clockOutAccuracy: place.accuracy, clockOutDistance: place.distance, clockOutLocation: place.location, clockOutReason: place.reason, updatedAt: now })
          .where(and(eq(visits.id, id), eq(visits.status, 'IN_PROGRESS')))
          .returning();
        if (!moved.length) throw conflict('You already clocked out of this visit.', 'visit_locked');
        if (place.exception) await addException(tx, moved[0], 'LOCATION_CLOCK_OUT', `${place.location === 'HOME' ? 'At the home' : 'In the community'}: ${place.reason}`);
        if (place.implausible) await addException(tx, moved[0], 'IMPLAUSIBLE_CLOCK_OUT', place.implausible);
        await verifyIfClear(tx, id);
      });
      await audit(request, { id, clientId: current.clientId, caregiverId: current.caregiverId }, 'UPDATE', { event: 'clock_out', at: now.toISOString(), location: place.location, distance: place.distance === null ? null : Math.round(place.distance) });
      return one(request, id);
    },

    async callout(request: FastifyRequest, id: number, reason: string): Promise<VisitOut> {
      const organization = requireOrganization(request);
      const { visit: current } = await findVisible(request, id);
      if (current.caregiverId !== request.user!.user.id) throw conflict('This visit is Open already.', 'visit_not_yours');
      const now = app.now();
      if (current.status !== 'SCHEDULED' || current.startsAt <= now) throw conflict('Only a visit that has not started can be given up; call the office.', 'visit_locked');
      const text = reason.trim();
      if (!text) throw invalid({ reason: ['Say why you cannot make it.'] });
      const moved = await app.db
        .update(visits)
        .set({ status: 'OPEN', caregiverId: null, calloutReason: text, calledOutAt: now, updatedAt: now, changedAt: now })
        .where(and(eq(visits.id, id), eq(visits.status, 'SCHEDULED'), eq(visits.caregiverId, current.caregiverId)))
        .returning({ id: visits.id });
      if (!moved.length) throw conflict('This visit changed a moment ago. Reload and try again.', 'visit_changed');
      await audit(request, { id, clientId: current.clientId, caregiverId: current.caregiverId }, 'UPDATE', { event: 'callout', caregiver_id: { from: current.caregiverId, to: null }, status: { from: 'SCHEDULED', to: 'OPEN' } });
      await tellOffice(
        organization,
        'A visit needs a caregiver',
        `${formatDay(current.serviceDate)}, ${windowIn(organization.timezone, current.startsAt, current.endsAt, dayIn(organization))}: the caregiver cannot make it and the visit is Open.`,
        `/clients/${current.clientId}/visits`,
      );
      const [joined] = await selectVisits().where(eq(visits.id, id));
      return (await serialize(request, [joined]))[0];
    },

    async ask(request: FastifyRequest, id: number): Promise<VisitOut> {
      const organization = requireOrganization(request);
      // findVisible answers 404 for an Open visit that does not fit the caller's position or has started
      const { visit: current } = await findVisible(request, id);
      const me = request.user!.user.id;
      if (current.status !== 'OPEN') throw conflict('This visit is no longer open.', 'visit_not_open');
      const other = await overlapping(app.db, me, current.startsAt, current.endsAt);
      if (other) throw conflict(`You are booked ${windowIn(organization.timezone, other.visit.startsAt, other.visit.endsAt, dayIn(organization))} with ${other.first_name.charAt(0)}. ${other.last_name} then.`);
      const inserted = await app.db.insert(visitRequests).values({ visitId: id, caregiverId: me, organizationId: organization.id, createdAt: app.now() }).onConflictDoNothing().returning();
      if (inserted.length) {
        await audit(request, { id, clientId: current.clientId, caregiverId: me }, 'UPDATE', { event: 'request', caregiver_id: me });
        await tellOffice(organization, 'A caregiver asked for an open visit', `${formatDay(current.serviceDate)}, ${windowIn(organization.timezone, current.startsAt, current.endsAt, dayIn(organization))}.`, `/clients/${current.clientId}/visits`);
      }
      return one(request, id);
    },

    async exceptions(request: FastifyRequest, filter: { resolved?: boolean; code?: ExceptionCode }, page: Page): Promise<{ count: number; results: ExceptionListItemOut[] }> {
      const organization = requireOrganization(request);
      await detectMissingClocks(organization.id);
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
            visit: visits,
            clientFirst: clients.firstName,
            clientLast: clients.lastName,
            service: clientServices.service,
            caregiverFirst: users.firstName,
            caregiverLast: users.lastName,
            caregiverEmail: users.email,
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
        app.db.select({ n: sql<number>`count(*)::int` }).from(visitExceptions).where(where),
      ]);
      await request.audit({ entity: 'visit', action: 'SEARCH', changed: { event: 'exceptions', query: { ...filter, ...page }, count: Number(total?.n ?? 0) } });
      return {
        count: Number(total?.n ?? 0),
        results: rows.map((r) => ({
          ...serializeException(r.exception, r.resolver, '', ''),
          visit: {
            id: r.visit.id,
            status: r.visit.status,
            client: { id: r.visit.clientId, first_name: r.clientFirst, last_name: r.clientLast },
            caregiver: r.visit.caregiverId ? { id: r.visit.caregiverId, name: personName({ firstName: r.caregiverFirst ?? '', lastName: r.caregiverLast ?? '', email: r.caregiverEmail ?? '' }) } : null,
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

    async resolve(
      request: FastifyRequest,
      exceptionId: number,
      input: { resolution: Resolution; note?: string; correction_reason?: CorrectionReason; corrected_start_at?: string; corrected_end_at?: string },
    ): Promise<VisitOut> {
      const organization = requireOrganization(request);
      const me = request.user!.user.id;
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
        const changes: Record<string, unknown> = { event: 'resolve', exception: row.exception.code, resolution: input.resolution };
        if (input.resolution === 'CORRECTED') {
          const fields: Record<string, string[]> = {};
          if (!input.correction_reason) fields.correction_reason = ['Choose why the times are corrected: the reason is kept with them.'];
          const start = input.corrected_start_at ? new Date(input.corrected_start_at) : visit.correctedStartAt ?? visit.clockInAt;
          const end = input.corrected_end_at ? new Date(input.corrected_end_at) : visit.correctedEndAt ?? visit.clockOutAt;
          if (!start) fields.corrected_start_at = ['Enter when the visit started.'];
          if (!end) fields.corrected_end_at = ['Enter when the visit ended.'];
          if (start && end) {
            const problem = windowProblem(start, end);
            if (problem) fields.corrected_end_at = [problem];
            else if (end > now) fields.corrected_end_at = ['A corrected end cannot be in the future.'];
          }
          if (!input.note?.trim() && input.correction_reason === 'OTHER') fields.note = ['Say what happened: the reason "Other" needs a note.'];
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
            corrected_start_at: { from: (visit.correctedStartAt ?? visit.clockInAt)?.toISOString() ?? null, to: start!.toISOString() },
            corrected_end_at: { from: (visit.correctedEndAt ?? visit.clockOutAt)?.toISOString() ?? null, to: end!.toISOString() },
            correction_reason: input.correction_reason,
          });
        } else if (row.exception.code === 'MISSING_CLOCK_IN' && visit.status === 'SCHEDULED') {
          // approving a missing clock-in without times: the visit did not happen
          await tx.update(visits).set({ status: 'MISSED', updatedAt: now }).where(eq(visits.id, visit.id));
          changes.status = { from: visit.status, to: 'MISSED' };
        } else if (row.exception.code === 'MISSING_CLOCK_OUT' && visit.status === 'IN_PROGRESS') {
          throw invalid({ resolution: ['A missing clock-out is resolved by entering when the visit ended (Correct).'] });
        }
        await tx
          .update(visitExceptions)
          .set({ resolution: input.resolution, resolutionNote: input.note?.trim() || null, resolvedById: me, resolvedAt: now })
          .where(eq(visitExceptions.id, exceptionId));
        await verifyIfClear(tx, visit.id);
        return { visitId: visit.id, clientId: visit.clientId, caregiverId: visit.caregiverId, changes };
      });
      // after the transaction: on PGlite's one connection, a write outside it would wait for it forever
      await request.audit({ entity: 'visit', entityId: resolved.visitId, action: 'UPDATE', clientId: resolved.clientId, employeeId: resolved.caregiverId, changed: resolved.changes });
      return one(request, resolved.visitId);
    },

    /** The CSV of a period's verified visits, read in batches as it is sent (never the whole period in memory). */
    async exportCsv(request: FastifyRequest, period: { from: string; to: string }): Promise<Readable> {
      const organization = requireOrganization(request);
      if (period.to < period.from) throw invalid({ to: ['The period must end on or after its first day.'] });
      await request.audit({ entity: 'visit', action: 'EXPORT', changed: { event: 'export', from: period.from, to: period.to } });
      const tz = organization.timezone;
      const db = app.db;
      async function* lines() {
        yield csvLine(['Visit id', 'Service code', 'Service', 'Client id', 'Client', 'Member id', 'Caregiver id', 'Caregiver', 'Service date', 'Location in', 'Latitude in', 'Longitude in', 'Location out', 'Latitude out', 'Longitude out', 'Start', 'End', 'Clock-in', 'Clock-out', 'Minutes', 'Time zone', 'Exception codes', 'Correction reason']);
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
            .where(and(eq(visits.organizationId, organization.id), eq(visits.status, 'VERIFIED'), gte(visits.startsAt, from), lt(visits.startsAt, until), after ? sql`(${visits.startsAt}, ${visits.id}) > (${after.startsAt.toISOString()}::timestamptz, ${after.id})` : undefined))
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

