import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { clientUsers } from '../../db/schema';
import type { RequestOrganization } from '../../types';

/**
 * The client the signed-in client (or family member) holds in the organization, or null. In its own file so
 * that the visits and work-service reviews services, which the clients service reads, can use it too.
 */
export async function ownClientId(
  app: FastifyInstance,
  userId: number,
  organization: RequestOrganization,
): Promise<number | null> {
  const [link] = await app.db
    .select({ clientId: clientUsers.clientId })
    .from(clientUsers)
    .where(and(eq(clientUsers.userId, userId), eq(clientUsers.organizationId, organization.id)))
    .limit(1);
  return link?.clientId ?? null;
}
