import { and, asc, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/actor';
import { SERVICES } from '#domain/clients';
import { clients, clientServices, clientUsers, users, visits } from '../../db/schema';
import { requireOrganization } from '../../lib/request-organization';
import { awaitingSignature } from '../work-service-reviews/service';
import type { WelcomeOut } from './schemas';
import { auditClient } from './client-rows';

/** The signed-in client's (or family member's) home: the client, who comes next, who came, what waits to be signed. */
export function createClientWelcome(app: FastifyInstance) {
  async function welcome(actor: Actor): Promise<WelcomeOut> {
    const organization = requireOrganization(actor);
    const userId = actor.user.id;
    const [link] = await app.db
      .select({ link: clientUsers, client: clients })
      .from(clientUsers)
      .innerJoin(clients, and(eq(clients.id, clientUsers.clientId), eq(clients.organizationId, organization.id)))
      .where(and(eq(clientUsers.userId, userId), eq(clientUsers.organizationId, organization.id)))
      .limit(1);
    if (!link)
      return { client: null, relationship: null, upcoming_visits: [], past_visits: [], awaiting_signature: [] };
    const services = await app.db
      .select({ service: clientServices.service, status: clientServices.status })
      .from(clientServices)
      .where(and(eq(clientServices.clientId, link.client.id), inArray(clientServices.status, ['ACTIVE', 'ON_HOLD'])))
      .orderBy(asc(clientServices.id));
    const now = app.now();
    const visitRows = (where: SQL, order: SQL[]) =>
      app.db
        .select({ visit: visits, service: clientServices.service, first: users.firstName, last: users.lastName })
        .from(visits)
        .innerJoin(clientServices, eq(clientServices.id, visits.clientServiceId))
        .leftJoin(users, eq(users.id, visits.caregiverId))
        .where(and(eq(visits.organizationId, organization.id), eq(visits.clientId, link.client.id), where))
        .orderBy(...order)
        .limit(20);
    const [upcoming, past] = await Promise.all([
      // who comes in the next two weeks; a visit cancelled or moved shows so
      visitRows(and(gte(visits.endsAt, now), lt(visits.startsAt, new Date(now.getTime() + 14 * 86_400_000)))!, [
        asc(visits.startsAt),
        asc(visits.id),
      ]),
      visitRows(
        and(
          lt(visits.endsAt, now),
          gte(visits.startsAt, new Date(now.getTime() - 14 * 86_400_000)),
          inArray(visits.status, ['COMPLETED', 'VERIFIED', 'MISSED']),
        )!,
        [desc(visits.startsAt), desc(visits.id)],
      ),
    ]);
    const welcomeVisit = ({ visit, service, first, last }: (typeof upcoming)[number]) => ({
      id: visit.id,
      caregiver: visit.caregiverId && first !== null ? `${first} ${(last ?? '').charAt(0)}.`.trim() : null,
      service: SERVICES[service],
      starts_at: visit.startsAt.toISOString(),
      ends_at: visit.endsAt.toISOString(),
      status: visit.status,
      changed: visit.changedAt !== null,
    });
    await auditClient(actor, link.client.id, { action: 'READ', changed: { event: 'read', what: 'welcome' } });
    return {
      client: {
        id: link.client.id,
        first_name: link.client.firstName,
        last_name: link.client.lastName,
        type: link.client.type,
        status: link.client.status,
        services,
      },
      relationship: link.link.relationship,
      upcoming_visits: upcoming.map(welcomeVisit),
      past_visits: past.map(welcomeVisit),
      // the weeks that ended wait for the client's signature (created now if missing: createDueReviews)
      awaiting_signature: await awaitingSignature(app, organization.id, link.client.id),
    };
  }

  return { welcome };
}
