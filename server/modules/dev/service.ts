import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox, users } from '../../db/schema';
import type { RequestOrganization } from '../../types';
import type { Page } from '../../lib/paging';
import type { MailOut } from './schemas';

export function createOutboxService(app: FastifyInstance) {
  return {
    /**
     * The organization's mails: those carrying its id, and those without an organization addressed to one of
     * its users. A mail carrying another organization's id is never shown, whoever it is addressed to.
     */
    async list(organization: RequestOrganization, page: Page): Promise<{ count: number; results: MailOut[] }> {
      const members = app.db
        .select({ email: sql`lower(${users.email})` })
        .from(users)
        .where(eq(users.organizationId, organization.id));
      const where = or(
        eq(outbox.organizationId, organization.id),
        and(isNull(outbox.organizationId), inArray(sql`lower(${outbox.to})`, members)),
      );
      const [rows, [total]] = await Promise.all([
        app.db.select().from(outbox).where(where).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(page.limit).offset(page.offset),
        app.db.select({ count: count() }).from(outbox).where(where),
      ]);
      return {
        count: Number(total?.count ?? 0),
        results: rows.map((row) => ({ id: row.id, to: row.to, subject: row.subject, text: row.text, created_at: row.createdAt.toISOString() })),
      };
    },
  };
}
