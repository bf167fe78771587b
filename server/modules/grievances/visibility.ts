import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { GRIEVANCE_MOVES } from '#domain/grievances';
import { clientUsers, grievanceEvents, grievanceShares, grievances, users } from '../../db/schema';
import { OFFICE, type Actor } from '../../lib/actor';
import { notFound, permissionDenied } from '../../lib/api-error';
import { personName } from '../../lib/names';
import { requireOrganization } from '../../lib/request-organization';
import type { RequestOrganization } from '../../types';
import { organizationAdminIds } from '../notifications/service';
import type { GrievanceEventOut, GrievanceOut } from './schemas';
import { reprisalWatch, selectGrievances, summary, type Db, type GrievanceRow, type Selected } from './records';

/** Who sees which grievance and which of its trail, and who hears that it changed. */

/** A family member by name only (never their email: the complainant's family learn no more of each other than the names). */
const familyName = (person: { firstName: string; lastName: string }) => personName(person) || 'A family member';

/**
 * The grievances a caller sees (product.md, "Grievances"): the office the organization's; anyone else only
 * those they complain in, and a client user also those its complainant shared with them while they are
 * still a user of the grievance's client. Another family member of the client, or the person a grievance
 * names, sees nothing of it. Sharing is among a client's family, so it is the person's kind, not a
 * permission, that admits the shared ones.
 */
export function visibleTo(actor: Actor, organization: RequestOrganization): SQL {
  const me = actor.user;
  const inOrganization = eq(grievances.organizationId, organization.id);
  if (actor.can(OFFICE)) return inOrganization;
  if (actor.is('client'))
    return and(inOrganization, or(eq(grievances.complainantId, me.id), sharedWith(me.id, organization.id)))!;
  return and(inOrganization, eq(grievances.complainantId, me.id))!;
}

/** The grievance is shared with this user, who is still a user of its client. */
function sharedWith(userId: number, organizationId: number): SQL {
  return sql`exists (select 1 from ${grievanceShares} join ${clientUsers} on ${clientUsers.userId} = ${grievanceShares.userId} and ${clientUsers.organizationId} = ${grievanceShares.organizationId}
    where ${grievanceShares.grievanceId} = ${grievances.id} and ${grievanceShares.userId} = ${userId} and ${grievanceShares.organizationId} = ${organizationId}
      and ${clientUsers.clientId} = ${grievances.clientId})`;
}

/** The users a grievance is shared with (still users of its client), by name. */
export async function sharesOf(app: FastifyInstance, grievance: GrievanceRow): Promise<{ id: number; name: string }[]> {
  if (grievance.clientId === null) return [];
  const rows = await app.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(grievanceShares)
    .innerJoin(users, eq(users.id, grievanceShares.userId))
    .innerJoin(
      clientUsers,
      and(
        eq(clientUsers.userId, grievanceShares.userId),
        eq(clientUsers.organizationId, grievanceShares.organizationId),
      ),
    )
    .where(
      and(
        eq(grievanceShares.grievanceId, grievance.id),
        eq(grievanceShares.organizationId, grievance.organizationId),
        eq(clientUsers.clientId, grievance.clientId),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((row) => ({ id: row.id, name: familyName(row) }));
}

/** The other portal users of the grievance's client (its family), active ones, by name: whom its complainant may share it with. */
export async function familyOf(app: FastifyInstance, grievance: GrievanceRow): Promise<{ id: number; name: string }[]> {
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
export async function findOwn(app: FastifyInstance, actor: Actor, id: number): Promise<GrievanceRow> {
  const { grievance } = await find(app, actor, id);
  if (grievance.complainantId !== actor.user.id) throw notFound();
  return grievance;
}

/** Employees file and follow grievances with view-grievances (spec 7: READY employees); clients and the office always. */
export function mayUse(actor: Actor) {
  if (!actor.can(OFFICE) && !actor.is('client') && !actor.can('view-grievances')) throw permissionDenied();
}

export async function find(app: FastifyInstance, actor: Actor, id: number, db: Db = app.db): Promise<Selected> {
  const organization = requireOrganization(actor);
  const [row] = await selectGrievances(db)
    .where(and(eq(grievances.id, id), visibleTo(actor, organization)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function serialize(app: FastifyInstance, actor: Actor, row: Selected): Promise<GrievanceOut> {
  const { grievance } = row;
  const office = actor.can(OFFICE);
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
    ...summary(row, app.now()),
    people_involved: grievance.peopleInvolved,
    desired_outcome: grievance.desiredOutcome,
    resolution: grievance.resolution,
    resolved_at: grievance.resolvedAt ? grievance.resolvedAt.toISOString() : null,
    filed_by: grievance.filedById
      ? {
          id: grievance.filedById,
          name: personName({
            firstName: row.filerFirst ?? '',
            lastName: row.filerLast ?? '',
            email: row.filerEmail ?? '',
          }),
        }
      : null,
    events: events.map(({ event, firstName, lastName, email }): GrievanceEventOut => ({
      id: event.id,
      kind: event.kind as GrievanceEventOut['kind'],
      from_state: event.fromState,
      to_state: event.toState,
      note: event.note,
      internal: event.internal,
      by: event.byId
        ? {
            id: event.byId,
            name: personName({ firstName: firstName ?? '', lastName: lastName ?? '', email: email ?? '' }),
          }
        : null,
      at: event.at.toISOString(),
    })),
    shared_with:
      office || (grievance.complainantId === actor.user.id && actor.is('client'))
        ? await sharesOf(app, grievance)
        : null,
    moves: office ? [...GRIEVANCE_MOVES[grievance.state]] : [],
    reprisal_watch: office ? await reprisalWatch(app, grievance) : null,
  };
}

/**
 * A desk or page open elsewhere refreshes: the organization's admins, the complainant and those it is shared
 * with hear `grievance.changed` (and `also`: one it was just unshared from, whose open page then closes).
 */
export async function announce(app: FastifyInstance, grievance: GrievanceRow, also: number[] = []) {
  const recipients = new Set(await organizationAdminIds(app.db, grievance.organizationId));
  if (grievance.complainantId) recipients.add(grievance.complainantId);
  for (const shared of await sharesOf(app, grievance)) recipients.add(shared.id);
  for (const userId of also) recipients.add(userId);
  try {
    await app.events.publish(
      [...recipients].map((userId) => ({
        userId,
        organizationId: grievance.organizationId,
        type: 'grievance.changed',
        data: { grievance_id: grievance.id },
      })),
    );
  } catch (error) {
    app.log.error({ err: error }, 'grievance live event failed');
  }
}
