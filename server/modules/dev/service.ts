import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../../db/schema';
import type { RequestOrganization } from '../../types';
import type { Listed, Page } from '../../lib/paging';
import type { MailOut } from './schemas';

export function createOutboxService(app: FastifyInstance) {
  return {
    /**
     * The organization's mails, newest first, as the outbox keeps them: sign-up and reset tokens redacted, so
     * nothing here opens another person's account. Mails without an organization (the master's) show to no admin.
     */
    async list(organization: RequestOrganization, page: Page): Promise<Listed<MailOut>> {
      const where = eq(outbox.organizationId, organization.id);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(outbox)
          .where(where)
          .orderBy(desc(outbox.createdAt), desc(outbox.id))
          .limit(page.limit)
          .offset(page.offset),
        app.db.select({ count: count() }).from(outbox).where(where),
      ]);
      return {
        count: Number(total?.count ?? 0),
        results: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          state: row.state as MailOut['state'],
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  };
}
