import { and, asc, desc, eq, inArray, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/actor';
import { clientCounts, clients } from '../../db/schema';
import type { Listed, Page } from '../../lib/paging';
import { prefixPattern, SEARCH_COUNT_LIMIT, searchTerms } from '../../lib/search';
import { requireOrganization } from '../../lib/request-organization';
import type { clientListSchema, ClientOrdering, ClientSummaryOut } from './schemas';
import { summary } from './client-rows';

export type ClientListFilter = Omit<Static<typeof clientListSchema.querystring>, 'limit' | 'offset'>;

const ORDERINGS: Record<ClientOrdering, SQL[]> = {
  last_name: [asc(clients.lastName), asc(clients.firstName), asc(clients.id)],
  '-last_name': [desc(clients.lastName), desc(clients.firstName), desc(clients.id)],
  created_at: [asc(clients.createdAt), asc(clients.id)],
  '-created_at': [desc(clients.createdAt), desc(clients.id)],
  status: [asc(clients.status), asc(clients.lastName), asc(clients.firstName), asc(clients.id)],
  '-status': [desc(clients.status), desc(clients.lastName), desc(clients.firstName), desc(clients.id)],
};

export const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** Every condition of a search word: it begins the first or last name, or (digits) begins the phone. */
export function nameOrPhoneMatches(
  table: { firstName: Column; lastName: Column; phoneDigits: Column },
  search: string | undefined,
): SQL[] {
  return searchTerms(search).map((term) => {
    const pattern = prefixPattern(term);
    const digits = digitsOf(term);
    const byName = [sql`lower(${table.lastName}) like ${pattern}`, sql`lower(${table.firstName}) like ${pattern}`];
    return or(
      ...byName,
      ...(digits.length >= 3 && digits.length === term.replace(/[\s().+-]/g, '').length
        ? [sql`${table.phoneDigits} like ${`${digits}%`}`]
        : []),
    )!;
  });
}

/** The office's list of clients: filtered, searched by name or phone, ordered and counted. */
export function createClientList(app: FastifyInstance) {
  /** Without a search, from the counts the triggers keep (no scan however many clients); a search's stops at 10,000. */
  async function countClients(organizationId: number, filter: ClientListFilter, where: SQL): Promise<number> {
    if (!searchTerms(filter.search).length) {
      const conditions = [eq(clientCounts.organizationId, organizationId)];
      if (filter.type)
        conditions.push(
          filter.type === 'HCC, HHP'
            ? eq(clientCounts.type, filter.type)
            : inArray(clientCounts.type, [filter.type, 'HCC, HHP']),
        );
      if (filter.status) conditions.push(eq(clientCounts.status, filter.status));
      const [row] = await app.db
        .select({ total: sql<number>`coalesce(sum(${clientCounts.count}), 0)::int` })
        .from(clientCounts)
        .where(and(...conditions));
      return Number(row?.total ?? 0);
    }
    const bounded = app.db
      .select({ one: sql`1` })
      .from(clients)
      .where(where)
      .limit(SEARCH_COUNT_LIMIT)
      .as('matches');
    const [row] = await app.db.select({ total: sql<number>`count(*)::int` }).from(bounded);
    return Number(row?.total ?? 0);
  }

  async function list(actor: Actor, filter: ClientListFilter, page: Page): Promise<Listed<ClientSummaryOut>> {
    const organization = requireOrganization(actor);
    const conditions: SQL[] = [eq(clients.organizationId, organization.id)];
    // home care (or home health) means every client receiving it: those of both types too
    if (filter.type)
      conditions.push(
        filter.type === 'HCC, HHP' ? eq(clients.type, filter.type) : inArray(clients.type, [filter.type, 'HCC, HHP']),
      );
    if (filter.status) conditions.push(eq(clients.status, filter.status));
    conditions.push(...nameOrPhoneMatches(clients, filter.search));
    const where = and(...conditions)!;
    const [rows, total] = await Promise.all([
      app.db
        .select()
        .from(clients)
        .where(where)
        .orderBy(...ORDERINGS[filter.ordering ?? 'last_name'])
        .limit(page.limit)
        .offset(page.offset),
      countClients(organization.id, filter, where),
    ]);
    // a list of clients is a search of health records: the query is kept (product.md, "Audit")
    await actor.audit({
      entity: 'client',
      action: 'SEARCH',
      changed: { query: { ...filter, ...page }, count: total },
    });
    return { count: total, results: rows.map(summary) };
  }

  return { list };
}
