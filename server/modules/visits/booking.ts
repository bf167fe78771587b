import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SERVICES, type ServiceCode } from '#domain/clients';
import { dateIn, formatDay, isIsoDate, zonedTime } from '#domain/dates';
import { POSITIONS } from '#domain/labels';
import {
  BOOKED_STATUSES,
  CANCEL_REASONS,
  conflictMessage,
  positionFits,
  SERVICE_POSITIONS,
  timeIn,
  windowIn,
  windowProblem,
  type VisitStatus,
} from '#domain/visits';
import { clients, clientServices, employeeProfiles, users, visitRequests, visits } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { invalid } from '../../lib/api-error';
import type { Listed, Page } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import { snakeCase } from '../../lib/search';
import type { RequestOrganization } from '../../types';
import { personName } from '../../lib/names';
import { notify } from '../notifications/service';
import type { CancelInput, VisitCreateInput, VisitFilter, VisitOut, VisitUpdateInput } from './schemas';
import { auditVisit, conflict, dayIn, isExclusionViolation, selectVisits, type Db } from './visit-rows';
import { findVisible, listWhere, one, serialize } from './visibility';

/** A window as a local date and wall-clock times; `end_date` when it ends after midnight (an overnight visit). */
type WindowInput = Pick<VisitCreateInput, 'service_date' | 'start_time' | 'end_time' | 'end_date'>;

/** The instants of a window given as a local date and wall-clock times in the zone (an end at or before the start is the next day only when `end_date` says so). */
export function windowOf(timezone: string, input: WindowInput): { startsAt: Date; endsAt: Date } {
  return {
    startsAt: zonedTime(timezone, input.service_date, input.start_time),
    endsAt: zonedTime(timezone, input.end_date ?? input.service_date, input.end_time),
  };
}

/** The caregiver, checked: this organization's READY employee whose position may provide the service. */
export async function checkCaregiver(
  app: FastifyInstance,
  organization: RequestOrganization,
  caregiverId: number,
  service: ServiceCode,
) {
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
    const position = row.position ? (POSITIONS[row.position as keyof typeof POSITIONS] ?? row.position) : 'no position';
    const fits = SERVICE_POSITIONS[service].map((p) => POSITIONS[p]).join(', ');
    throw invalid({ caregiver_id: [`${name} (${position}) cannot provide ${SERVICES[service]}: it needs ${fits}.`] });
  }
  return { name };
}

/** The first booked visit of the caregiver overlapping the window by a minute or more (another than `except`). */
export async function overlapping(db: Db, caregiverId: number, startsAt: Date, endsAt: Date, except?: number) {
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

async function conflictError(
  organization: RequestOrganization,
  db: Db,
  caregiverId: number,
  caregiverName: string,
  startsAt: Date,
  endsAt: Date,
  except?: number,
) {
  const other = await overlapping(db, caregiverId, startsAt, endsAt, except);
  if (!other) return conflict(`${caregiverName} is already booked at that time.`);
  return conflict(
    `${conflictMessage(caregiverName, windowIn(organization.timezone, other.visit.startsAt, other.visit.endsAt, dayIn(organization)), other)}.`,
  );
}

/** The client's service, checked: it is this client's and active. */
export async function checkService(
  app: FastifyInstance,
  organization: RequestOrganization,
  clientId: number,
  serviceId: number,
) {
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
  if (!service || service.clientId !== clientId)
    throw invalid({ service_id: [`${personName(client)} does not receive this service.`] });
  if (service.status !== 'ACTIVE')
    throw invalid({
      service_id: [
        `${personName(client)}'s ${SERVICES[service.service]} is ${service.status === 'ON_HOLD' ? 'on hold' : 'ended'}.`,
      ],
    });
  return { client, service };
}

function checkWindow(
  organization: RequestOrganization,
  input: WindowInput,
): { startsAt: Date; endsAt: Date; serviceDate: string } {
  if (!isIsoDate(input.service_date)) throw invalid({ service_date: ['Enter a real date.'] });
  if (input.end_date !== undefined && !isIsoDate(input.end_date)) throw invalid({ end_date: ['Enter a real date.'] });
  const { startsAt, endsAt } = windowOf(organization.timezone, input);
  const problem = windowProblem(startsAt, endsAt);
  if (problem) throw invalid({ end_time: [problem] });
  return { startsAt, endsAt, serviceDate: dateIn(organization.timezone, startsAt) };
}

/** A new visit's row: Open without a caregiver, else Scheduled. */
export function newVisit(
  app: FastifyInstance,
  actor: Actor,
  organization: RequestOrganization,
  input: { client_id: number; caregiver_id?: number | null; notes?: string },
  serviceId: number,
  window: { startsAt: Date; endsAt: Date; serviceDate: string },
  patternId: number | null = null,
): typeof visits.$inferInsert {
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
    createdById: actor.user.id,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Writes a visit of the caregiver (none: an Open visit) in the window, refusing an overlap with the conflict named:
 * checked first, and the exclusion constraint decides a race. `except` is the visit being changed.
 */
async function writeWithoutOverlap<T>(
  organization: RequestOrganization,
  db: Db,
  caregiver: { id: number; name: string } | null,
  window: { startsAt: Date; endsAt: Date },
  except: number | undefined,
  write: () => Promise<T>,
): Promise<T> {
  const refusal = (booked: { id: number; name: string }) =>
    conflictError(organization, db, booked.id, booked.name, window.startsAt, window.endsAt, except);
  if (caregiver && (await overlapping(db, caregiver.id, window.startsAt, window.endsAt, except)))
    throw await refusal(caregiver);
  try {
    return await write();
  } catch (error) {
    if (isExclusionViolation(error) && caregiver) throw await refusal(caregiver);
    throw error;
  }
}

/** Inserts a visit, refusing an overlap with the conflict named. */
export async function insertVisit(
  app: FastifyInstance,
  organization: RequestOrganization,
  values: typeof visits.$inferInsert,
  caregiverName: string | null,
): Promise<number> {
  const caregiver = values.caregiverId && caregiverName ? { id: values.caregiverId, name: caregiverName } : null;
  return writeWithoutOverlap(organization, app.db, caregiver, values, undefined, async () => {
    const [row] = await app.db.insert(visits).values(values).returning({ id: visits.id });
    return row.id;
  });
}

/** Visits as the office books, moves and cancels them, and as anyone reads those they may see. */
export function createVisitBooking(app: FastifyInstance) {
  return {
    async list(actor: Actor, filter: VisitFilter, page: Page): Promise<Listed<VisitOut>> {
      const where = await listWhere(app, actor, filter);
      const order =
        filter.ordering === '-starts_at'
          ? [desc(visits.startsAt), desc(visits.id)]
          : [asc(visits.startsAt), asc(visits.id)];
      const [rows, [total]] = await Promise.all([
        selectVisits(app.db)
          .where(where)
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset),
        app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(visits)
          .where(where),
      ]);
      // every role's search is audited (product.md, "Audit"): a caregiver's day and a client's visits name people too
      await actor.audit({
        entity: 'visit',
        action: 'SEARCH',
        changed: { query: { ...filter, ...page }, count: Number(total?.n ?? 0) },
      });
      return { count: Number(total?.n ?? 0), results: await serialize(app, actor, rows) };
    },

    async create(actor: Actor, input: VisitCreateInput): Promise<VisitOut> {
      const organization = requireOrganization(actor);
      const { service } = await checkService(app, organization, input.client_id, input.service_id);
      const caregiver = input.caregiver_id
        ? await checkCaregiver(app, organization, input.caregiver_id, service.service)
        : null;
      const window = checkWindow(organization, input);
      const { startsAt, endsAt } = window;
      const id = await insertVisit(
        app,
        organization,
        newVisit(app, actor, organization, input, service.id, window),
        caregiver?.name ?? null,
      );
      await auditVisit(actor, { id, clientId: input.client_id, caregiverId: input.caregiver_id ?? null }, 'CREATE', {
        event: 'create',
        caregiver_id: input.caregiver_id ?? null,
        starts_at: startsAt.toISOString(),
        ends_at: endsAt.toISOString(),
        service: service.service,
      });
      return one(app, actor, id);
    },

    async retrieve(actor: Actor, id: number): Promise<VisitOut> {
      const joined = await findVisible(app, actor, id);
      await auditVisit(actor, { id, clientId: joined.visit.clientId, caregiverId: joined.visit.caregiverId }, 'READ', {
        event: 'read',
      });
      return (await serialize(app, actor, [joined]))[0];
    },

    async update(actor: Actor, id: number, input: VisitUpdateInput): Promise<VisitOut> {
      const organization = requireOrganization(actor);
      const { visit: current } = await findVisible(app, actor, id);
      const timing =
        input.service_date !== undefined ||
        input.start_time !== undefined ||
        input.end_time !== undefined ||
        input.end_date !== undefined;
      if (
        (timing || input.caregiver_id !== undefined || input.service_id !== undefined) &&
        !['OPEN', 'SCHEDULED'].includes(current.status)
      ) {
        throw conflict(
          `This visit is ${current.status === 'IN_PROGRESS' ? 'in progress' : current.status.toLowerCase()}: its window and caregiver can no longer change.`,
          'visit_locked',
        );
      }
      const serviceId = input.service_id ?? current.clientServiceId;
      const { service } =
        serviceId !== current.clientServiceId
          ? await checkService(app, organization, current.clientId, serviceId)
          : { service: (await app.db.select().from(clientServices).where(eq(clientServices.id, serviceId)))[0] };
      const caregiverId = input.caregiver_id === undefined ? current.caregiverId : input.caregiver_id;
      const caregiver = caregiverId ? await checkCaregiver(app, organization, caregiverId, service.service) : null;
      const tz = organization.timezone;
      const window = timing
        ? checkWindow(organization, {
            service_date: input.service_date ?? current.serviceDate,
            start_time: input.start_time ?? timeIn(tz, current.startsAt),
            end_time: input.end_time ?? timeIn(tz, current.endsAt),
            end_date:
              input.end_date ??
              (input.service_date && input.service_date !== current.serviceDate
                ? undefined
                : dateIn(tz, current.endsAt)),
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
      const before = {
        caregiverId: current.caregiverId,
        clientServiceId: current.clientServiceId,
        status: current.status,
        startsAt: current.startsAt.toISOString(),
        endsAt: current.endsAt.toISOString(),
        serviceDate: current.serviceDate,
        notes: current.notes,
      };
      const after = { ...values, startsAt: values.startsAt.toISOString(), endsAt: values.endsAt.toISOString() };
      for (const key of Object.keys(after) as (keyof typeof after)[])
        if (before[key] !== after[key]) changes[snakeCase(key)] = { from: before[key], to: after[key] };
      if (!Object.keys(changes).length) return one(app, actor, id);
      const material = Object.keys(changes).some((key) => key !== 'notes');
      const booked = caregiverId && caregiver ? { id: caregiverId, name: caregiver.name } : null;
      await writeWithoutOverlap(organization, app.db, booked, values, id, async () => {
        const updated = await app.db
          .update(visits)
          .set({ ...values, updatedAt: app.now(), ...(material ? { changedAt: app.now() } : {}) })
          .where(and(eq(visits.id, id), inArray(visits.status, ['OPEN', 'SCHEDULED'])))
          .returning({ id: visits.id });
        if (!updated.length)
          throw conflict('Someone else changed this visit a moment ago. Reload it and try again.', 'visit_changed');
      });
      // the caregiver assigned: the other askers hear nothing more of it, and their requests go
      if (caregiverId && caregiverId !== current.caregiverId)
        await app.db.delete(visitRequests).where(eq(visitRequests.visitId, id));
      await auditVisit(
        actor,
        { id, clientId: current.clientId, caregiverId: current.caregiverId ?? caregiverId },
        'UPDATE',
        changes,
      );
      if (caregiverId && caregiverId !== current.caregiverId) {
        await notify(
          app.db,
          {
            userId: caregiverId,
            organizationId: organization.id,
            type: 'visit',
            title: 'A visit was added to your schedule',
            body: `${formatDay(values.serviceDate)}, ${windowIn(tz, values.startsAt, values.endsAt, dayIn(organization))}.`,
            link: '/work-schedule',
          },
          app.now(),
          app,
        );
      }
      return one(app, actor, id);
    },

    async cancel(actor: Actor, id: number, input: CancelInput): Promise<VisitOut> {
      const { visit: current } = await findVisible(app, actor, id);
      const updated = await app.db
        .update(visits)
        .set({
          status: 'CANCELLED',
          cancelReason: input.reason,
          cancelNote: input.note?.trim() || null,
          updatedAt: app.now(),
          changedAt: app.now(),
        })
        .where(and(eq(visits.id, id), inArray(visits.status, ['OPEN', 'SCHEDULED'])))
        .returning({ id: visits.id });
      if (!updated.length)
        throw conflict(
          `This visit is ${current.status === 'IN_PROGRESS' ? 'in progress' : current.status.toLowerCase()} and cannot be cancelled.`,
          'visit_locked',
        );
      await auditVisit(actor, current, 'UPDATE', {
        status: { from: current.status, to: 'CANCELLED' },
        cancel_reason: input.reason,
      });
      if (current.caregiverId) {
        const organization = requireOrganization(actor);
        await notify(
          app.db,
          {
            userId: current.caregiverId,
            organizationId: organization.id,
            type: 'visit',
            title: 'A visit of yours was cancelled',
            body: `${formatDay(current.serviceDate)}, ${windowIn(organization.timezone, current.startsAt, current.endsAt, dayIn(organization))}: ${CANCEL_REASONS[input.reason]}.`,
            link: '/work-schedule',
          },
          app.now(),
          app,
        );
      }
      return one(app, actor, id);
    },
  };
}
