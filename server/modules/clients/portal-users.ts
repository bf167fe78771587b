import { and, asc, eq } from 'drizzle-orm';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/actor';
import { clientUsers, users } from '../../db/schema';
import { requireOrganization } from '../../lib/request-organization';
import type { RequestOrganization } from '../../types';
import { createUserService } from '../users/service';
import type { invitationCreateSchema, PortalUserOut } from './schemas';
import { auditClient, findClient } from './client-rows';

/** The client and family members who sign in to the portal for the client (an invitation not yet taken is pending). */
export async function portalUsersOf(
  app: FastifyInstance,
  organization: RequestOrganization,
  clientId: number,
): Promise<PortalUserOut[]> {
  const rows = await app.db
    .select({ link: clientUsers, user: users })
    .from(clientUsers)
    .innerJoin(users, eq(users.id, clientUsers.userId))
    .where(and(eq(clientUsers.organizationId, organization.id), eq(clientUsers.clientId, clientId)))
    .orderBy(asc(clientUsers.createdAt));
  return rows.map(({ link, user }) => ({
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    relationship: link.relationship,
    invitation_pending: user.passwordHash === null,
    is_active: user.isActive,
  }));
}

export type PortalInvitation = Static<typeof invitationCreateSchema.body>;

/** The office invites the client, or a family member, to the portal (`log`: the request's, for a mail that fails). */
export function createClientPortalUsers(app: FastifyInstance) {
  const userService = createUserService(app);
  return {
    async invite(actor: Actor, log: FastifyBaseLogger, id: number, input: PortalInvitation): Promise<PortalUserOut> {
      const organization = requireOrganization(actor);
      await findClient(app, organization, id);
      const user = await userService.invite(
        actor,
        log,
        { email: input.email, first_name: input.first_name, last_name: input.last_name, role: 'ROLE_CLIENT' },
        async (tx, userId) => {
          await tx.insert(clientUsers).values({
            userId,
            organizationId: organization.id,
            clientId: id,
            relationship: input.relationship,
            createdAt: app.now(),
          });
        },
      );
      await auditClient(actor, id, {
        action: 'CREATE',
        entity: 'client_user',
        entityId: user.id,
        changed: { event: 'invite', user_id: user.id, relationship: input.relationship },
      });
      return (await portalUsersOf(app, organization, id)).find((p) => p.id === user.id)!;
    },
  };
}
