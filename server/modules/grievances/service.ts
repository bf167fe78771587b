import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addDays, dateIn } from '../../../src/domain/dates';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_MOVES,
  GRIEVANCE_OVERDUE_DAYS,
  GRIEVANCE_STATES,
  REPRISAL_WATCH_DAYS,
  RESOLVED_GRIEVANCE_STATES,
  canMoveGrievance,
  isUrgentCategory,
  type GrievanceCategory,
  type GrievanceState,
} from '../../../src/domain/grievances';
import { auditLog, clients, clientUsers, grievanceEvents, grievanceShares, grievances, users } from '../../db/schema';
import { ApiError, invalid, notFound, permissionDenied } from '../../lib/api-error';
import type { Page } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import type { Tx } from '../../lib/stored-files';
import type { RequestOrganization } from '../../types';
import { personName } from '../clients/service';
import { notify, organizationAdminIds } from '../notifications/service';
import type { GrievanceEventOut, GrievanceFamilyMemberOut, GrievanceOrdering, GrievanceOut, GrievanceSummaryOut, ReprisalChangeOut } from './schemas';

type GrievanceRow = typeof grievances.$inferSelect;

export interface GrievanceListFilter {
  state?: GrievanceState;
  open?: boolean;
  category?: GrievanceCategory;
  overdue?: boolean;
  urgent?: boolean;
  client_id?: number;
  created_before?: string;
  created_after?: string;
  ordering?: GrievanceOrdering;
}

export interface GrievanceInput {
  category: GrievanceCategory;
  description: string;
  occurred_on?: string | null;
  people_involved?: string;
  desired_outcome?: string;
  channel?: 'PHONE' | 'IN_PERSON';
  client_id?: number | null;
  employee_id?: number | null;
  complainant_name?: string;
}

const DAY_MS = 86_400_000;
const OVERDUE_MS = GRIEVANCE_OVERDUE_DAYS * DAY_MS;
const WATCH_MS = REPRISAL_WATCH_DAYS * DAY_MS;
/** States without a resolution: such a grievance 14 days old is overdue. */
const UNRESOLVED: GrievanceState[] = (Object.keys(GRIEVANCE_STATES) as GrievanceState[]).filter((state) => !RESOLVED_GRIEVANCE_STATES.includes(state));
const label = (state: GrievanceState) => GRIEVANCE_STATES[state];

const ORDERINGS: Record<GrievanceOrdering, SQL[]> = {
  '-created_at': [desc(grievances.createdAt), desc(grievances.id)],
  created_at: [asc(grievances.createdAt), asc(grievances.id)],
  '-updated_at': [desc(grievances.updatedAt), desc(grievances.id)],
};

const complainants = alias(users, 'complainant');
const filers = alias(users, 'filer');
const isOffice = (request: FastifyRequest) => ['ROLE_ADMIN', 'ROLE_MASTER'].includes(request.user!.user.role);

/** A family member by name only (never their email: the complainant's family learn no more of each other than the names). */
const familyName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim() || 'A family member';

function textOf(value: string | undefined): string {
  return (value ?? '').trim();
}

export function createGrievanceService(app: FastifyInstance) {
  function select(db: FastifyInstance['db'] | Tx = app.db) {
    return db
      .select({
        grievance: grievances,
        complainantFirst: complainants.firstName,
        complainantLast: complainants.lastName,
        complainantEmail: complainants.email,
        clientFirst: clients.firstName,
        clientLast: clients.lastName,
        filerFirst: filers.firstName,
        filerLast: filers.lastName,
        filerEmail: filers.email,
      })
      .from(grievances)
      .leftJoin(complainants, eq(complainants.id, grievances.complainantId))
      .leftJoin(clients, eq(clients.id, grievances.clientId))
      .leftJoin(filers, eq(filers.id, grievances.filedById));
  }
  type Selected = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

  const overdueAt = (row: GrievanceRow, now: Date) => UNRESOLVED.includes(row.state) && now.getTime() - row.createdAt.getTime() > OVERDUE_MS;

  function summary(row: Selected): GrievanceSummaryOut {
    const { grievance } = row;
    return {
      id: grievance.id,
      category: grievance.category,
      description: grievance.description,
      state: grievance.state,
      urgent: grievance.urgent,
      overdue: overdueAt(grievance, app.now()),
      channel: grievance.channel as GrievanceSummaryOut['channel'],
      complainant_name: grievance.complainantName,
      complainant: grievance.complainantId
        ? { id: grievance.complainantId, name: personName({ firstName: row.complainantFirst ?? '', lastName: row.complainantLast ?? '', email: row.complainantEmail ?? '' }) }
        : null,
      client: grievance.clientId ? { id: grievance.clientId, name: personName({ firstName: row.clientFirst ?? '', lastName: row.clientLast ?? '' }) } : null,
      occurred_on: grievance.occurredOn,
      created_at: grievance.createdAt.toISOString(),
      updated_at: grievance.updatedAt.toISOString(),
    };
  }

  /**
   * The grievances a caller sees (product.md, "Grievances"): the office the organization's; anyone else only
   * those they complain in, and a client user also those its complainant shared with them while they are
   * still a user of the grievance's client. Another family member of the client, or the person a grievance
   * names, sees nothing of it.
   */
  function visibleTo(request: FastifyRequest, organization: RequestOrganization): SQL {
    const me = request.user!.user;
    const inOrganization = eq(grievances.organizationId, organization.id);
    if (isOffice(request)) return inOrganization;
    if (me.role === 'ROLE_CLIENT') return and(inOrganization, or(eq(grievances.complainantId, me.id), sharedWith(me.id, organization.id)))!;
    return and(inOrganization, eq(grievances.complainantId, me.id))!;
  }

  /** The grievance is shared with this user, who is still a user of its client. */
  function sharedWith(userId: number, organizationId: number): SQL {
    return sql`exists (select 1 from ${grievanceShares} join ${clientUsers} on ${clientUsers.userId} = ${grievanceShares.userId} and ${clientUsers.organizationId} = ${grievanceShares.organizationId}
      where ${grievanceShares.grievanceId} = ${grievances.id} and ${grievanceShares.userId} = ${userId} and ${grievanceShares.organizationId} = ${organizationId}
        and ${clientUsers.clientId} = ${grievances.clientId})`;
  }

  /** The users a grievance is shared with (still users of its client), by name. */
  async function sharesOf(grievance: GrievanceRow): Promise<{ id: number; name: string }[]> {
    if (grievance.clientId === null) return [];
    const rows = await app.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(grievanceShares)
      .innerJoin(users, eq(users.id, grievanceShares.userId))
      .innerJoin(clientUsers, and(eq(clientUsers.userId, grievanceShares.userId), eq(clientUsers.organizationId, grievanceShares.organizationId)))
      .where(and(eq(grievanceShares.grievanceId, grievance.id), eq(grievanceShares.organizationId, grievance.organizationId), eq(clientUsers.clientId, grievance.clientId)))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
    return rows.map((row) => ({ id: row.id, name: familyName(row) }));
  }

  /** The other portal users of the grievance's client (its family), active ones, by name: whom its complainant may share it with. */
  async function familyOf(grievance: GrievanceRow): Promise<{ id: number; name: string }[]> {
    if (grievance.clientId === null || grievance.complainantId === null) return [];
    const rows = await app.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(clientUsers)
      .innerJoin(users, eq(users.id, clientUsers.userId))
      .where(
        and(
          eq(clientUsers.clientId, grievance.clientId),
          eq(clientUsers.organizationId, grievance.organizationId),
          eq(users.organizationId, grievance.organizationId),
          eq(users.role, 'ROLE_CLIENT'),
          eq(users.isActive, true),
          sql`${users.id} <> ${grievance.complainantId}`,
        ),
      )
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
    return rows.map((row) => ({ id: row.id, name: familyName(row) }));
  }

  /** The complainant's own grievance, for sharing: anyone else (a family member it is shared with included) gets 404. */
  async function findOwn(request: FastifyRequest, id: number): Promise<GrievanceRow> {
    const me = request.user!.user;
    const { grievance } = await find(request, id);
    if (grievance.complainantId !== me.id) throw notFound();
    return grievance;
  }

  /** Employees file and follow grievances with view-grievances (spec 7: READY employees); clients and the office always. */
  function mayUse(request: FastifyRequest) {
    const me = request.user!.user;
    if (me.role === 'ROLE_EMPLOYEE' && !request.user!.permissions.includes('view-grievances')) throw permissionDenied();
  }

  async function find(request: FastifyRequest, id: number, db: FastifyInstance['db'] | Tx = app.db): Promise<Selected> {
    const organization = requireOrganization(request);
    const [row] = await select(db)
      .where(and(eq(grievances.id, id), visibleTo(request, organization)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  /** Changes to the complainant's visits or role (the audit log) from filing for 90 days, newest first; not their own doings. */
  async function reprisalWatch(grievance: GrievanceRow): Promise<NonNullable<GrievanceOut['reprisal_watch']>> {
    const until = new Date(grievance.createdAt.getTime() + WATCH_MS);
    const concerns: SQL[] = [];
    if (grievance.clientId !== null) concerns.push(and(eq(auditLog.clientId, grievance.clientId), eq(auditLog.entity, 'visit'))!);
    if (grievance.complainantId !== null) {
      concerns.push(and(eq(auditLog.employeeId, grievance.complainantId), eq(auditLog.entity, 'visit'))!);
      concerns.push(and(inArray(auditLog.entity, ['user', 'employee']), eq(auditLog.entityId, String(grievance.complainantId)))!);
    }
    if (!concerns.length) return { until: until.toISOString(), changes: [] };
    const actors = alias(users, 'actor');
    const rows = await app.db
      .select({ row: auditLog, firstName: actors.firstName, lastName: actors.lastName, email: actors.email })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.actorId))
      .where(
        and(
          eq(auditLog.organizationId, grievance.organizationId),
          gte(auditLog.createdAt, grievance.createdAt),
          lt(auditLog.createdAt, until),
          inArray(auditLog.action, ['CREATE', 'UPDATE', 'DELETE']),
          or(...concerns),
          grievance.complainantId !== null ? or(isNull(auditLog.actorId), sql`${auditLog.actorId} <> ${grievance.complainantId}`) : undefined,
        ),
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(200);
    return {
      until: until.toISOString(),
      changes: rows.map(
        ({ row, firstName, lastName, email }): ReprisalChangeOut => ({
          id: row.id,
          at: row.createdAt.toISOString(),
          entity: row.entity,
          entity_id: row.entityId,
          action: row.action ?? 'UPDATE',
          fields: Object.keys(row.changedFields ?? {}).filter((key) => key !== 'event'),
          by: row.actorId ? { id: row.actorId, name: personName({ firstName: firstName ?? '', lastName: lastName ?? '', email: email ?? '' }) } : null,
        }),
      ),
    };
  }

  async function serialize(request: FastifyRequest, row: Selected): Promise<GrievanceOut> {
    const { grievance } = row;
    const office = isOffice(request);
    const events = await app.db
      .select({ event: grievanceEvents, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(grievanceEvents)
      .leftJoin(users, eq(users.id, grievanceEvents.byId))
      .where(
        and(
          eq(grievanceEvents.grievanceId, grievance.id),
          eq(grievanceEvents.organizationId, grievance.organizationId),
          // the office's internal notes never reach the complainant
          office ? undefined : eq(grievanceEvents.internal, false),
        ),
      )
      .orderBy(asc(grievanceEvents.at), asc(grievanceEvents.id));
    return {
      ...summary(row),
      people_involved: grievance.peopleInvolved,
      desired_outcome: grievance.desiredOutcome,
      resolution: grievance.resolution,
      resolved_at: grievance.resolvedAt ? grievance.resolvedAt.toISOString() : null,
      filed_by: grievance.filedById
        ? { id: grievance.filedById, name: personName({ firstName: row.filerFirst ?? '', lastName: row.filerLast ?? '', email: row.filerEmail ?? '' }) }
        : null,
      events: events.map(
        ({ event, firstName, lastName, email }): GrievanceEventOut => ({
          id: event.id,
          kind: event.kind as GrievanceEventOut['kind'],
          from_state: event.fromState,
          to_state: event.toState,
          note: event.note,
          internal: event.internal,
          by: event.byId ? { id: event.byId, name: personName({ firstName: firstName ?? '', lastName: lastName ?? '', email: email ?? '' }) } : null,
          at: event.at.toISOString(),
        }),
      ),
      shared_with: office || (grievance.complainantId === request.user!.user.id && request.user!.user.role === 'ROLE_CLIENT') ? await sharesOf(grievance) : null,
      moves: office ? [...GRIEVANCE_MOVES[grievance.state]] : [],
      reprisal_watch: office ? await reprisalWatch(grievance) : null,
    };
  }

  async function addEvent(tx: Tx, grievance: GrievanceRow, by: number, event: Omit<typeof grievanceEvents.$inferInsert, 'organizationId' | 'grievanceId' | 'byId' | 'at'>) {
    await tx.insert(grievanceEvents).values({ ...event, organizationId: grievance.organizationId, grievanceId: grievance.id, byId: by, at: app.now() });
  }

  /**
   * A desk or page open elsewhere refreshes: the organization's admins, the complainant and those it is shared
   * with hear `grievance.changed` (and `also`: one it was just unshared from, whose open page then closes).
   */
  async function announce(grievance: GrievanceRow, also: number[] = []) {
    const recipients = new Set(await organizationAdminIds(app.db, grievance.organizationId));
    if (grievance.complainantId) recipients.add(grievance.complainantId);
    for (const shared of await sharesOf(grievance)) recipients.add(shared.id);
    for (const userId of also) recipients.add(userId);
    try {
      await app.events.publish([...recipients].map((userId) => ({ userId, organizationId: grievance.organizationId, type: 'grievance.changed', data: { grievance_id: grievance.id } })));
    } catch (error) {
      app.log.error({ err: error }, 'grievance live event failed');
    }
  }

  /** Every admin hears of a new grievance; an urgent one (abuse, neglect or mistreatment) also every master, by mail (they have no notifications page). */
  async function tellOffice(grievance: GrievanceRow) {
    const link = `/clients/grievances/${grievance.id}`;
    const urgent = grievance.urgent;
    const title = urgent ? 'Urgent: a grievance of abuse, neglect or mistreatment was filed' : 'A grievance was filed';
    const body = urgent
      ? 'Open it now: every admin and the owner were told. Protect the person first, then investigate.'
      : `${GRIEVANCE_CATEGORIES[grievance.category]}. Open the grievance desk to investigate it; it is overdue without a resolution after ${GRIEVANCE_OVERDUE_DAYS} days.`;
    const recipients = await organizationAdminIds(app.db, grievance.organizationId);
    if (urgent) {
      const masters = await app.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'ROLE_MASTER'), isNull(users.organizationId), eq(users.isActive, true)));
      recipients.push(...masters.map((master) => master.id));
    }
    for (const userId of recipients) {
      await notify(app.db, { userId, organizationId: grievance.organizationId, type: urgent ? 'grievance_urgent' : 'grievance_new', title, body, link }, app.now(), app);
    }
  }

  return {
    async list(request: FastifyRequest, filter: GrievanceListFilter, page: Page): Promise<{ count: number; results: GrievanceSummaryOut[] }> {
      mayUse(request);
      const organization = requireOrganization(request);
      const conditions: SQL[] = [visibleTo(request, organization)];
      if (filter.state) conditions.push(eq(grievances.state, filter.state));
      if (filter.open === true) conditions.push(sql`${grievances.state} <> 'CLOSED'`);
      if (filter.open === false) conditions.push(eq(grievances.state, 'CLOSED'));
      if (filter.category) conditions.push(eq(grievances.category, filter.category));
      if (filter.urgent !== undefined) conditions.push(eq(grievances.urgent, filter.urgent));
      if (filter.client_id) conditions.push(eq(grievances.clientId, filter.client_id));
      const overdueSince = new Date(app.now().getTime() - OVERDUE_MS);
      if (filter.overdue === true) conditions.push(inArray(grievances.state, UNRESOLVED), lt(grievances.createdAt, overdueSince));
      if (filter.overdue === false) conditions.push(sql`not (${inArray(grievances.state, UNRESOLVED)} and ${grievances.createdAt} < ${overdueSince.toISOString()})`);
      // dates of the organization's calendar, read as its midnight by the database's own zone rules
      if (filter.created_after) conditions.push(gte(grievances.createdAt, sql`(${filter.created_after}::date)::timestamp at time zone ${organization.timezone}`));
      if (filter.created_before) conditions.push(lt(grievances.createdAt, sql`(${addDays(filter.created_before, 1)}::date)::timestamp at time zone ${organization.timezone}`));
      const where = and(...conditions)!;
      const [rows, [total]] = await Promise.all([
        select()
          .where(where)
          // urgent grievances head the desk, whatever the order
          .orderBy(desc(grievances.urgent), ...ORDERINGS[filter.ordering ?? '-created_at'])
          .limit(page.limit)
          .offset(page.offset),
        app.db.select({ count: count() }).from(grievances).where(where),
      ]);
      const found = Number(total?.count ?? 0);
      // every role's search of grievances is audited (product.md, "Audit"), not only the office's
      await request.audit({ entity: 'grievance', action: 'SEARCH', clientId: filter.client_id ?? null, changed: { query: { ...filter, ...page }, count: found } });
      return { count: found, results: rows.map(summary) };
    },

    async create(request: FastifyRequest, input: GrievanceInput): Promise<GrievanceOut> {
      mayUse(request);
      const organization = requireOrganization(request);
      const me = request.user!.user;
      const office = isOffice(request);
      const problems: Record<string, string[]> = {};
      const description = textOf(input.description);
      if (!description) problems.description = ['Tell us what happened.'];
      if (input.occurred_on && input.occurred_on > dateIn(organization.timezone, app.now())) problems.occurred_on = ['The date cannot be in the future.'];
      let complainant: Pick<GrievanceRow, 'clientId' | 'complainantId' | 'complainantName' | 'channel'>;
      if (!office) {
        for (const field of ['channel', 'client_id', 'employee_id', 'complainant_name'] as const) {
          if (input[field] !== undefined && input[field] !== null) problems[field] = ['Only the office records a grievance for someone else.'];
        }
        const [link] =
          me.role === 'ROLE_CLIENT'
            ? await app.db
                .select({ clientId: clientUsers.clientId })
                .from(clientUsers)
                .where(and(eq(clientUsers.userId, me.id), eq(clientUsers.organizationId, organization.id)))
                .limit(1)
            : [];
        complainant = { clientId: link?.clientId ?? null, complainantId: me.id, complainantName: personName(me), channel: 'PORTAL' };
      } else {
        if (!input.channel) problems.channel = ['Choose how the grievance was taken: by phone or in person.'];
        const name = textOf(input.complainant_name);
        if (input.client_id && input.employee_id) problems.employee_id = ['Name a client or an employee, not both.'];
        complainant = { clientId: null, complainantId: null, complainantName: name, channel: input.channel ?? 'PHONE' };
        if (input.client_id) {
          const [client] = await app.db
            .select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName })
            .from(clients)
            .where(and(eq(clients.id, input.client_id), eq(clients.organizationId, organization.id)));
          if (!client) problems.client_id = ["Choose one of the organization's clients."];
          else complainant = { ...complainant, clientId: client.id, complainantName: name || personName(client) };
        } else if (input.employee_id) {
          const [employee] = await app.db
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
            .from(users)
            .where(and(eq(users.id, input.employee_id), eq(users.organizationId, organization.id), eq(users.role, 'ROLE_EMPLOYEE')));
          if (!employee) problems.employee_id = ["Choose one of the organization's employees."];
          else complainant = { ...complainant, complainantId: employee.id, complainantName: personName(employee) };
        } else if (!name) {
          problems.complainant_name = ['Name the complainant: choose a client or an employee, or enter their name.'];
        }
      }
      if (Object.keys(problems).length) throw invalid(problems);
      const now = app.now();
      const row = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(grievances)
          .values({
            organizationId: organization.id,
            ...complainant,
            filedById: me.id,
            category: input.category,
            description,
            occurredOn: input.occurred_on ?? null,
            peopleInvolved: textOf(input.people_involved),
            desiredOutcome: textOf(input.desired_outcome),
            state: 'RECEIVED',
            urgent: isUrgentCategory(input.category),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await addEvent(tx, row, me.id, { kind: 'FILED', toState: 'RECEIVED', note: '' });
        return row;
      });
      await request.audit({ entity: 'grievance', entityId: row.id, action: 'CREATE', clientId: row.clientId, changed: { event: 'create', category: row.category, channel: row.channel, urgent: row.urgent } });
      await tellOffice(row);
      await announce(row);
      return serialize(request, await find(request, row.id));
    },

    async retrieve(request: FastifyRequest, id: number): Promise<GrievanceOut> {
      mayUse(request);
      const row = await find(request, id);
      await request.audit({ entity: 'grievance', entityId: id, action: 'READ', clientId: row.grievance.clientId, changed: { event: 'read' } });
      return serialize(request, row);
    },

    async transition(request: FastifyRequest, id: number, input: { state: GrievanceState; note?: string; resolution?: string }): Promise<GrievanceOut> {
      const me = request.user!.user.id;
      const note = textOf(input.note);
      const resolution = textOf(input.resolution);
      const { before, after } = await app.db.transaction(async (tx) => {
        const { grievance } = await find(request, id, tx);
        if (!canMoveGrievance(grievance.state, input.state)) {
          const allowed = GRIEVANCE_MOVES[grievance.state].map(label);
          throw new ApiError(
            409,
            'grievance_state',
            `A grievance that is ${label(grievance.state)} cannot move to ${label(input.state)}; from ${label(grievance.state)} it moves to ${allowed.join(' or ')}.`,
            { state: [`${label(grievance.state)} cannot move to ${label(input.state)}.`] },
          );
        }
        if (input.state === 'RESOLVED' && !resolution) throw invalid({ resolution: ['Write the resolution: what was found and what was done.'] });
        const now = app.now();
        const [moved] = await tx
          .update(grievances)
          .set({
            state: input.state,
            updatedAt: now,
            ...(input.state === 'RESOLVED' ? { resolution, resolvedAt: now } : {}),
            ...(input.state === 'REOPENED' ? { resolution: null, resolvedAt: null } : {}),
          })
          .where(and(eq(grievances.id, id), eq(grievances.organizationId, grievance.organizationId), eq(grievances.state, grievance.state)))
          .returning();
        if (!moved) throw new ApiError(409, 'grievance_changed', 'Someone else moved this grievance a moment ago. Reload it and try again.');
        const trailNote = input.state === 'RESOLVED' ? [`Resolution: ${resolution}`, note].filter(Boolean).join('\n') : note;
        await addEvent(tx, grievance, me, { kind: 'TRANSITION', fromState: grievance.state, toState: input.state, note: trailNote });
        return { before: grievance, after: moved };
      });
      await request.audit({ entity: 'grievance', entityId: id, action: 'UPDATE', clientId: after.clientId, changed: { state: { from: before.state, to: after.state } } });
      if (after.state === 'RESOLVED' && after.complainantId) {
        const [complainant] = await app.db.select({ role: users.role }).from(users).where(eq(users.id, after.complainantId));
        const link = complainant?.role === 'ROLE_CLIENT' ? `/clients/welcome/concerns/${id}` : `/grievances/${id}`;
        // the complainant, and the family members they shared it with
        const told = [after.complainantId, ...(complainant?.role === 'ROLE_CLIENT' ? (await sharesOf(after)).map((shared) => shared.id) : [])];
        for (const userId of told) {
          await notify(
            app.db,
            { userId, organizationId: after.organizationId, type: 'grievance_resolved', title: 'There is an answer to your concern', body: 'Open it to read the resolution.', link },
            app.now(),
            app,
          );
        }
      }
      await announce(after);
      return serialize(request, await find(request, id));
    },

    /** The complainant's family (the other users of the grievance's client), by name, each with whether it is shared with them. */
    async family(request: FastifyRequest, id: number): Promise<GrievanceFamilyMemberOut[]> {
      const grievance = await findOwn(request, id);
      const shared = new Set((await sharesOf(grievance)).map((member) => member.id));
      return (await familyOf(grievance)).map((member) => ({ ...member, shared: shared.has(member.id) }));
    },

    /** The complainant shares their grievance with one named family member of the same client. */
    async share(request: FastifyRequest, id: number, userId: number): Promise<GrievanceOut> {
      const me = request.user!.user;
      const grievance = await findOwn(request, id);
      if (!(await familyOf(grievance)).some((member) => member.id === userId)) throw invalid({ user_id: ['Choose one of your family members in the portal.'] });
      const added = await app.db
        .insert(grievanceShares)
        .values({ organizationId: grievance.organizationId, grievanceId: grievance.id, userId, sharedById: me.id, createdAt: app.now() })
        .onConflictDoNothing()
        .returning({ userId: grievanceShares.userId });
      if (added.length) {
        await request.audit({ entity: 'grievance_share', entityId: grievance.id, action: 'CREATE', clientId: grievance.clientId, changed: { event: 'share', grievance_id: grievance.id, user_id: userId } });
        await announce(grievance);
      }
      return serialize(request, await find(request, id));
    },

    /** The complainant stops sharing with one family member, who then sees nothing of it (404 when it was not shared with them). */
    async unshare(request: FastifyRequest, id: number, userId: number): Promise<void> {
      const grievance = await findOwn(request, id);
      const removed = await app.db
        .delete(grievanceShares)
        .where(and(eq(grievanceShares.grievanceId, grievance.id), eq(grievanceShares.organizationId, grievance.organizationId), eq(grievanceShares.userId, userId)))
        .returning({ userId: grievanceShares.userId });
      if (!removed.length) throw notFound();
      await request.audit({ entity: 'grievance_share', entityId: grievance.id, action: 'DELETE', clientId: grievance.clientId, changed: { event: 'unshare', grievance_id: grievance.id, user_id: userId } });
      await announce(grievance, [userId]);
    },

    async addNote(request: FastifyRequest, id: number, input: { note: string; internal?: boolean }): Promise<GrievanceOut> {
      mayUse(request);
      const office = isOffice(request);
      const note = textOf(input.note);
      if (!note) throw invalid({ note: ['Write the note.'] });
      if (input.internal && !office) throw invalid({ internal: ['Only the office writes internal notes.'] });
      const grievance = await app.db.transaction(async (tx) => {
        const { grievance } = await find(request, id, tx);
        await addEvent(tx, grievance, request.user!.user.id, { kind: 'NOTE', note, internal: office && input.internal === true });
        await tx.update(grievances).set({ updatedAt: app.now() }).where(eq(grievances.id, grievance.id));
        return grievance;
      });
      await request.audit({ entity: 'grievance', entityId: id, action: 'UPDATE', clientId: grievance.clientId, changed: { event: 'note', internal: office && input.internal === true } });
      await announce(grievance);
      return serialize(request, await find(request, id));
    },
  };
}
