import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GrievanceCategory } from '../../../src/domain/clients';
import { clientUsers, grievances } from '../../db/schema';
import { invalid } from '../../lib/api-error';
import type { Page } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import { notify, organizationAdminIds } from '../notifications/service';
import type { GrievanceOut } from './schemas';

const serialize = (row: typeof grievances.$inferSelect): GrievanceOut => ({
  id: row.id,
  category: row.category,
  description: row.description,
  state: row.state,
  created_at: row.createdAt.toISOString(),
});

export function createGrievanceService(app: FastifyInstance) {
  return {
    async list(request: FastifyRequest, page: Page): Promise<{ count: number; results: GrievanceOut[] }> {
      const organization = requireOrganization(request);
      const where = and(eq(grievances.organizationId, organization.id), eq(grievances.filedById, request.user!.user.id));
      const [rows, [total]] = await Promise.all([
        app.db.select().from(grievances).where(where).orderBy(desc(grievances.createdAt), desc(grievances.id)).limit(page.limit).offset(page.offset),
        app.db.select({ count: count() }).from(grievances).where(where),
      ]);
      return { count: Number(total?.count ?? 0), results: rows.map(serialize) };
    },

    /** Files a concern; the office hears of it at once (an abuse or neglect concern in its title, without its text). */
    async create(request: FastifyRequest, input: { category: GrievanceCategory; description: string }): Promise<GrievanceOut> {
      const organization = requireOrganization(request);
      const description = input.description.trim();
      if (!description) throw invalid({ description: ['Tell us what happened.'] });
      const me = request.user!.user;
      const [link] = await app.db
        .select({ clientId: clientUsers.clientId })
        .from(clientUsers)
        .where(and(eq(clientUsers.userId, me.id), eq(clientUsers.organizationId, organization.id)));
      const now = app.now();
      const [row] = await app.db
        .insert(grievances)
        .values({ organizationId: organization.id, clientId: link?.clientId ?? null, filedById: me.id, category: input.category, description, state: 'RECEIVED', createdAt: now })
        .returning();
      await request.audit({ entity: 'grievance', entityId: row.id, action: 'CREATE', clientId: row.clientId, changed: { event: 'create', category: row.category } });
      const urgent = row.category === 'ABUSE';
      for (const adminId of await organizationAdminIds(app.db, organization.id)) {
        await notify(
          app.db,
          {
            userId: adminId,
            organizationId: organization.id,
            type: urgent ? 'grievance_urgent' : 'grievance_new',
            title: urgent ? 'Urgent: a concern of abuse, neglect or mistreatment was reported' : 'A client reported a concern',
            body: 'Open the client record to read it and answer within the time your policy sets.',
            link: row.clientId ? `/clients/${row.clientId}/grievances` : '/clients',
          },
          now,
          app,
        );
      }
      return serialize(row);
    },
  };
}
