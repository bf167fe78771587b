import { and, asc, count, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_MOVES,
  GRIEVANCE_OVERDUE_DAYS,
  GRIEVANCE_STATES,
  canMoveGrievance,
  isUrgentCategory,
  type GrievanceState,
} from '#domain/grievances';
import { clients, clientUsers, grievanceEvents, grievanceShares, grievances, users } from '../../db/schema';
import type { Tx } from '../../db/connection';
import { OFFICE, type Actor } from '../../lib/actor';
import { onDays, organizationToday } from '../../lib/dates';
import { ApiError, invalid, notFound } from '../../lib/api-error';
import { nameColumns, personName } from '../../lib/names';
import type { Listed, Page } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import { notify, organizationAdminIds } from '../notifications/service';
import type {
  GrievanceFamilyMemberOut,
  GrievanceListFilter,
  GrievanceInput,
  GrievanceNoteInput,
  GrievanceOrdering,
  GrievanceOut,
  GrievanceSummaryOut,
  GrievanceTransitionInput,
} from './schemas';
import { OVERDUE_MS, selectGrievances, summary, UNRESOLVED, type GrievanceRow } from './records';
import { announce, familyOf, find, findOwn, mayUse, serialize, sharesOf, visibleTo } from './visibility';

const label = (state: GrievanceState) => GRIEVANCE_STATES[state];

const ORDERINGS: Record<GrievanceOrdering, SQL[]> = {
  '-created_at': [desc(grievances.createdAt), desc(grievances.id)],
  created_at: [asc(grievances.createdAt), asc(grievances.id)],
  '-updated_at': [desc(grievances.updatedAt), desc(grievances.id)],
};

function textOf(value: string | undefined): string {
  return (value ?? '').trim();
}

export function createGrievanceService(app: FastifyInstance) {
  async function addEvent(
    tx: Tx,
    grievance: GrievanceRow,
    by: number,
    event: Omit<typeof grievanceEvents.$inferInsert, 'organizationId' | 'grievanceId' | 'byId' | 'at'>,
  ) {
    await tx.insert(grievanceEvents).values({
      ...event,
      organizationId: grievance.organizationId,
      grievanceId: grievance.id,
      byId: by,
      at: app.now(),
    });
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
      await notify(
        app.db,
        {
          userId,
          organizationId: grievance.organizationId,
          type: urgent ? 'grievance_urgent' : 'grievance_new',
          title,
          body,
          link,
        },
        app.now(),
        app,
      );
    }
  }

  /** A share given or taken back, audited against the grievance (its client named). */
  const auditShare = (actor: Actor, grievance: GrievanceRow, userId: number, shared: boolean) =>
    actor.audit({
      entity: 'grievance_share',
      entityId: grievance.id,
      action: shared ? 'CREATE' : 'DELETE',
      clientId: grievance.clientId,
      changed: { event: shared ? 'share' : 'unshare', grievance_id: grievance.id, user_id: userId },
    });

  return {
    async list(actor: Actor, filter: GrievanceListFilter, page: Page): Promise<Listed<GrievanceSummaryOut>> {
      mayUse(actor);
      const organization = requireOrganization(actor);
      const conditions: SQL[] = [visibleTo(actor, organization)];
      if (filter.state) conditions.push(eq(grievances.state, filter.state));
      if (filter.open === true) conditions.push(sql`${grievances.state} <> 'CLOSED'`);
      if (filter.open === false) conditions.push(eq(grievances.state, 'CLOSED'));
      if (filter.category) conditions.push(eq(grievances.category, filter.category));
      if (filter.urgent !== undefined) conditions.push(eq(grievances.urgent, filter.urgent));
      if (filter.client_id) conditions.push(eq(grievances.clientId, filter.client_id));
      const overdueSince = new Date(app.now().getTime() - OVERDUE_MS);
      if (filter.overdue === true)
        conditions.push(inArray(grievances.state, UNRESOLVED), lt(grievances.createdAt, overdueSince));
      if (filter.overdue === false)
        conditions.push(
          sql`not (${inArray(grievances.state, UNRESOLVED)} and ${grievances.createdAt} < ${overdueSince.toISOString()})`,
        );
      conditions.push(
        ...onDays(grievances.createdAt, organization.timezone, filter.created_after, filter.created_before),
      );
      const where = and(...conditions)!;
      const [rows, [total]] = await Promise.all([
        selectGrievances(app.db)
          .where(where)
          // urgent grievances head the desk, whatever the order
          .orderBy(desc(grievances.urgent), ...ORDERINGS[filter.ordering ?? '-created_at'])
          .limit(page.limit)
          .offset(page.offset),
        app.db.select({ count: count() }).from(grievances).where(where),
      ]);
      const found = Number(total?.count ?? 0);
      // every role's search of grievances is audited (product.md, "Audit"), not only the office's
      await actor.audit({
        entity: 'grievance',
        action: 'SEARCH',
        clientId: filter.client_id ?? null,
        changed: { query: { ...filter, ...page }, count: found },
      });
      return { count: found, results: rows.map((row) => summary(row, app.now())) };
    },

    async create(actor: Actor, input: GrievanceInput): Promise<GrievanceOut> {
      mayUse(actor);
      const organization = requireOrganization(actor);
      const me = actor.user;
      const office = actor.can(OFFICE);
      const problems: Record<string, string[]> = {};
      const description = textOf(input.description);
      if (!description) problems.description = ['Tell us what happened.'];
      if (input.occurred_on && input.occurred_on > organizationToday(app, organization))
        problems.occurred_on = ['The date cannot be in the future.'];
      let complainant: Pick<GrievanceRow, 'clientId' | 'complainantId' | 'complainantName' | 'channel'>;
      if (!office) {
        for (const field of ['channel', 'client_id', 'employee_id', 'complainant_name'] as const) {
          if (input[field] !== undefined && input[field] !== null)
            problems[field] = ['Only the office records a grievance for someone else.'];
        }
        const [link] = actor.is('client')
          ? await app.db
              .select({ clientId: clientUsers.clientId })
              .from(clientUsers)
              .where(and(eq(clientUsers.userId, me.id), eq(clientUsers.organizationId, organization.id)))
              .limit(1)
          : [];
        complainant = {
          clientId: link?.clientId ?? null,
          complainantId: me.id,
          complainantName: personName(me),
          channel: 'PORTAL',
        };
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
            .select({ id: users.id, ...nameColumns(users) })
            .from(users)
            .where(
              and(
                eq(users.id, input.employee_id),
                eq(users.organizationId, organization.id),
                eq(users.role, 'ROLE_EMPLOYEE'),
              ),
            );
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
      await actor.audit({
        entity: 'grievance',
        entityId: row.id,
        action: 'CREATE',
        clientId: row.clientId,
        changed: { event: 'create', category: row.category, channel: row.channel, urgent: row.urgent },
      });
      await tellOffice(row);
      await announce(app, row);
      return serialize(app, actor, await find(app, actor, row.id));
    },

    async retrieve(actor: Actor, id: number): Promise<GrievanceOut> {
      mayUse(actor);
      const row = await find(app, actor, id);
      await actor.audit({
        entity: 'grievance',
        entityId: id,
        action: 'READ',
        clientId: row.grievance.clientId,
        changed: { event: 'read' },
      });
      return serialize(app, actor, row);
    },

    async transition(actor: Actor, id: number, input: GrievanceTransitionInput): Promise<GrievanceOut> {
      const me = actor.user.id;
      const note = textOf(input.note);
      const resolution = textOf(input.resolution);
      const { before, after } = await app.db.transaction(async (tx) => {
        const { grievance } = await find(app, actor, id, tx);
        if (!canMoveGrievance(grievance.state, input.state)) {
          const allowed = GRIEVANCE_MOVES[grievance.state].map(label);
          throw new ApiError(
            409,
            'grievance_state',
            `A grievance that is ${label(grievance.state)} cannot move to ${label(input.state)}; from ${label(grievance.state)} it moves to ${allowed.join(' or ')}.`,
            { state: [`${label(grievance.state)} cannot move to ${label(input.state)}.`] },
          );
        }
        if (input.state === 'RESOLVED' && !resolution)
          throw invalid({ resolution: ['Write the resolution: what was found and what was done.'] });
        const now = app.now();
        const [moved] = await tx
          .update(grievances)
          .set({
            state: input.state,
            updatedAt: now,
            ...(input.state === 'RESOLVED' ? { resolution, resolvedAt: now } : {}),
            ...(input.state === 'REOPENED' ? { resolution: null, resolvedAt: null } : {}),
          })
          .where(
            and(
              eq(grievances.id, id),
              eq(grievances.organizationId, grievance.organizationId),
              eq(grievances.state, grievance.state),
            ),
          )
          .returning();
        if (!moved)
          throw new ApiError(
            409,
            'grievance_changed',
            'Someone else moved this grievance a moment ago. Reload it and try again.',
          );
        const trailNote =
          input.state === 'RESOLVED' ? [`Resolution: ${resolution}`, note].filter(Boolean).join('\n') : note;
        await addEvent(tx, grievance, me, {
          kind: 'TRANSITION',
          fromState: grievance.state,
          toState: input.state,
          note: trailNote,
        });
        return { before: grievance, after: moved };
      });
      await actor.audit({
        entity: 'grievance',
        entityId: id,
        action: 'UPDATE',
        clientId: after.clientId,
        changed: { state: { from: before.state, to: after.state } },
      });
      if (after.state === 'RESOLVED' && after.complainantId) {
        const [complainant] = await app.db
          .select({ role: users.role })
          .from(users)
          .where(eq(users.id, after.complainantId));
        const link = complainant?.role === 'ROLE_CLIENT' ? `/clients/welcome/concerns/${id}` : `/grievances/${id}`;
        // the complainant, and the family members they shared it with
        const told = [
          after.complainantId,
          ...(complainant?.role === 'ROLE_CLIENT' ? (await sharesOf(app, after)).map((shared) => shared.id) : []),
        ];
        for (const userId of told) {
          await notify(
            app.db,
            {
              userId,
              organizationId: after.organizationId,
              type: 'grievance_resolved',
              title: 'There is an answer to your concern',
              body: 'Open it to read the resolution.',
              link,
            },
            app.now(),
            app,
          );
        }
      }
      await announce(app, after);
      return serialize(app, actor, await find(app, actor, id));
    },

    /** The complainant's family (the other users of the grievance's client), by name, each with whether it is shared with them. */
    async family(actor: Actor, id: number): Promise<GrievanceFamilyMemberOut[]> {
      const grievance = await findOwn(app, actor, id);
      const shared = new Set((await sharesOf(app, grievance)).map((member) => member.id));
      return (await familyOf(app, grievance)).map((member) => ({ ...member, shared: shared.has(member.id) }));
    },

    /** The complainant shares their grievance with one named family member of the same client. */
    async share(actor: Actor, id: number, userId: number): Promise<GrievanceOut> {
      const me = actor.user;
      const grievance = await findOwn(app, actor, id);
      if (!(await familyOf(app, grievance)).some((member) => member.id === userId))
        throw invalid({ user_id: ['Choose one of your family members in the portal.'] });
      const added = await app.db
        .insert(grievanceShares)
        .values({
          organizationId: grievance.organizationId,
          grievanceId: grievance.id,
          userId,
          sharedById: me.id,
          createdAt: app.now(),
        })
        .onConflictDoNothing()
        .returning({ userId: grievanceShares.userId });
      if (added.length) {
        await auditShare(actor, grievance, userId, true);
        await announce(app, grievance);
      }
      return serialize(app, actor, await find(app, actor, id));
    },

    /** The complainant stops sharing with one family member, who then sees nothing of it (404 when it was not shared with them). */
    async unshare(actor: Actor, id: number, userId: number): Promise<void> {
      const grievance = await findOwn(app, actor, id);
      const removed = await app.db
        .delete(grievanceShares)
        .where(
          and(
            eq(grievanceShares.grievanceId, grievance.id),
            eq(grievanceShares.organizationId, grievance.organizationId),
            eq(grievanceShares.userId, userId),
          ),
        )
        .returning({ userId: grievanceShares.userId });
      if (!removed.length) throw notFound();
      await auditShare(actor, grievance, userId, false);
      await announce(app, grievance, [userId]);
    },

    async addNote(actor: Actor, id: number, input: GrievanceNoteInput): Promise<GrievanceOut> {
      mayUse(actor);
      const office = actor.can(OFFICE);
      const note = textOf(input.note);
      if (!note) throw invalid({ note: ['Write the note.'] });
      if (input.internal && !office) throw invalid({ internal: ['Only the office writes internal notes.'] });
      const grievance = await app.db.transaction(async (tx) => {
        const { grievance } = await find(app, actor, id, tx);
        await addEvent(tx, grievance, actor.user.id, {
          kind: 'NOTE',
          note,
          internal: office && input.internal === true,
        });
        await tx.update(grievances).set({ updatedAt: app.now() }).where(eq(grievances.id, grievance.id));
        return grievance;
      });
      await actor.audit({
        entity: 'grievance',
        entityId: id,
        action: 'UPDATE',
        clientId: grievance.clientId,
        changed: { event: 'note', internal: office && input.internal === true },
      });
      await announce(app, grievance);
      return serialize(app, actor, await find(app, actor, id));
    },
  };
}
