import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { organizations } from '../../db/schema';
import { notFound } from '../../lib/api-error';
import type { Page } from '../../lib/paging';
import type { OrganizationOut } from './schemas';

type OrganizationRow = typeof organizations.$inferSelect;

export function serializeOrganization(row: OrganizationRow): OrganizationOut {
  return {
    id: row.id,
    name: row.name,
    token: row.token,
    favicon: row.favicon,
    style: row.style,
    timezone: row.timezone,
  };
}

const MAX_ID = 2_147_483_647;

export function createOrganizationService(app: FastifyInstance) {
  return {
    /** A numeric key is an id, anything else a token; an unknown one is a 404 either way. */
    async retrieve(key: string): Promise<OrganizationOut> {
      const numeric = /^[1-9]\d{0,9}$/.test(key) && Number(key) <= MAX_ID;
      const [row] = await app.db
        .select()
        .from(organizations)
        .where(numeric ? eq(organizations.id, Number(key)) : eq(organizations.token, key))
        .limit(1);
      if (!row) throw notFound();
      return serializeOrganization(row);
    },

    async list(page: Page): Promise<{ count: number; results: OrganizationOut[] }> {
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(organizations)
          .orderBy(asc(organizations.name), asc(organizations.id))
          .limit(page.limit)
          .offset(page.offset),
        app.db.select({ count: count() }).from(organizations),
      ]);
      return { count: Number(total?.count ?? 0), results: rows.map(serializeOrganization) };
    },
  };
}
