import { Readable } from 'node:stream';
import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, zonedTime } from '#domain/dates';
import { auditLog, organizations, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { invalid } from '../../lib/api-error';
import { csvLine } from '../../lib/csv';
import type { Listed, Page } from '../../lib/paging';
import { prefixPattern, searchTerms } from '../../lib/search';
import { nameColumns, personName } from '../../lib/names';
import { AUDIT_COUNT_LIMIT, type AuditEntryOut, type AuditFilter } from './schemas';

/** Rows the export reads at a time (never the whole log in memory). */
const EXPORT_BATCH = 1_000;
const PEOPLE_LIMIT = 20;

const entryColumns = {
  entry: auditLog,
  ...nameColumns(users),
  organizationName: organizations.name,
};
type EntryRow = {
  entry: typeof auditLog.$inferSelect;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  organizationName: string | null;
};

function serialize({ entry, firstName, lastName, email, organizationName }: EntryRow): AuditEntryOut {
  return {
    id: entry.id,
    created_at: entry.createdAt.toISOString(),
    action: (entry.action as AuditEntryOut['action']) ?? null,
    entity: entry.entity,
    entity_id: entry.entityId,
    operation_id: entry.operationId,
    actor:
      entry.actorId !== null && email !== null
        ? {
            id: entry.actorId,
            name: personName({ firstName: firstName ?? '', lastName: lastName ?? '', email }),
            email,
          }
        : null,
    role: entry.role,
    organization:
      entry.organizationId !== null && organizationName !== null
        ? { id: entry.organizationId, name: organizationName }
        : null,
    client_id: entry.clientId,
    employee_id: entry.employeeId,
    changed_fields: entry.changedFields ?? null,
    ip: entry.ip,
    user_agent: entry.userAgent,
  };
}

/** The audit log for the master: filtered, paged and exported in SQL, each listing and export itself audited. */
export function createAuditLogService(app: FastifyInstance) {
  /** The filters as SQL; the dates are days in the caller's own time zone (the one the page shows times in). */
  function whereOf(actor: Actor, filter: AuditFilter): SQL | undefined {
    const fields: Record<string, string[]> = {};
    if (filter.entity_id !== undefined && filter.entity === undefined)
      fields.entity_id = ['Choose the kind of record (entity) this id belongs to.'];
    // from and to are real dates already: the schema's IsoDate (the validator refuses 2021-02-31, naming the field)
    if (filter.from && filter.to && filter.to < filter.from)
      fields.to = ['The period must end on or after its first day.'];
    if (Object.keys(fields).length) throw invalid(fields, Object.values(fields)[0][0]);
    const tz = actor.user.timezone || 'UTC';
    const conditions: (SQL | undefined)[] = [
      filter.organization !== undefined ? eq(auditLog.organizationId, filter.organization) : undefined,
      filter.person !== undefined ? eq(auditLog.actorId, filter.person) : undefined,
      filter.action !== undefined ? eq(auditLog.action, filter.action) : undefined,
      filter.entity !== undefined ? eq(auditLog.entity, filter.entity) : undefined,
      filter.entity_id !== undefined ? eq(auditLog.entityId, filter.entity_id) : undefined,
      filter.from ? gte(auditLog.createdAt, zonedTime(tz, filter.from, '00:00')) : undefined,
      filter.to ? lt(auditLog.createdAt, zonedTime(tz, addDays(filter.to, 1), '00:00')) : undefined,
    ];
    return and(...conditions);
  }

  const selectEntries = () =>
    app.db
      .select(entryColumns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .leftJoin(organizations, eq(organizations.id, auditLog.organizationId));

  return {
    async list(
      actor: Actor,
      filter: AuditFilter,
      page: Page,
    ): Promise<Listed<AuditEntryOut> & { countLimited: boolean }> {
      const where = whereOf(actor, filter);
      if (page.offset >= AUDIT_COUNT_LIMIT) {
        throw invalid({
          offset: ['Only the first 10,000 rows page: narrow the filters (a person, a date range) to reach older ones.'],
        });
      }
      // the count stops past the limit: counting millions of rows would cost more than the page itself
      const bounded = app.db
        .select({ one: sql`1` })
        .from(auditLog)
        .where(where)
        .limit(AUDIT_COUNT_LIMIT + 1)
        .as('matches');
      const [rows, [counted]] = await Promise.all([
        selectEntries()
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(page.limit)
          .offset(page.offset),
        app.db.select({ n: sql<number>`count(*)::int` }).from(bounded),
      ]);
      const matched = Number(counted?.n ?? 0);
      const count = Math.min(matched, AUDIT_COUNT_LIMIT);
      // reading the log is itself recorded (product.md: a search keeps its query)
      await actor.audit({ entity: 'audit_log', action: 'SEARCH', changed: { query: { ...filter, ...page }, count } });
      return { count, countLimited: matched > AUDIT_COUNT_LIMIT, results: rows.map(serialize) };
    },

    /** The filtered rows as CSV, newest first, read in keyset batches on (created_at, id) as they are sent. */
    async exportCsv(actor: Actor, filter: AuditFilter): Promise<Readable> {
      const where = whereOf(actor, filter);
      await actor.audit({ entity: 'audit_log', action: 'EXPORT', changed: { event: 'export', query: { ...filter } } });
      async function* lines() {
        yield csvLine([
          'Time (UTC)',
          'Action',
          'Entity',
          'Entity id',
          'Actor id',
          'Actor',
          'Actor email',
          'Role',
          'Organization id',
          'Organization',
          'Client id',
          'Employee id',
          'Changed fields',
          'IP address',
          'User agent',
          'Operation',
        ]);
        let after: { createdAt: Date; id: number } | null = null;
        for (;;) {
          const rows: EntryRow[] = await selectEntries()
            .where(
              and(
                where,
                after
                  ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
                  : undefined,
              ),
            )
            .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
            .limit(EXPORT_BATCH);
          for (const row of rows) {
            const out = serialize(row);
            yield csvLine([
              out.created_at,
              out.action ?? '',
              out.entity,
              out.entity_id ?? '',
              out.actor?.id ?? '',
              out.actor?.name ?? '',
              out.actor?.email ?? '',
              out.role ?? '',
              out.organization?.id ?? '',
              out.organization?.name ?? '',
              out.client_id ?? '',
              out.employee_id ?? '',
              out.changed_fields ? JSON.stringify(out.changed_fields) : '',
              out.ip ?? '',
              out.user_agent ?? '',
              out.operation_id ?? '',
            ]);
          }
          if (rows.length < EXPORT_BATCH) return;
          const last = rows[rows.length - 1].entry;
          after = { createdAt: last.createdAt, id: last.id };
        }
      }
      return Readable.from(lines());
    },

    /** Users of any organization (and masters) whose name or email begins with each word: the person filter's choices. */
    async people(search: string, organization?: number) {
      const terms = searchTerms(search);
      if (!terms.length) throw invalid({ search: ['Type a name or an email.'] });
      const conditions: (SQL | undefined)[] = terms.map((term) => {
        const pattern = prefixPattern(term);
        return or(
          sql`lower(${users.firstName}) like ${pattern}`,
          sql`lower(${users.lastName}) like ${pattern}`,
          sql`lower(${users.email}) like ${pattern}`,
        );
      });
      if (organization !== undefined)
        conditions.push(or(eq(users.organizationId, organization), eq(users.role, 'ROLE_MASTER')));
      const rows = await app.db
        .select({
          id: users.id,
          ...nameColumns(users),
          role: users.role,
          organizationId: users.organizationId,
          organizationName: organizations.name,
        })
        .from(users)
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .where(and(...conditions))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
        .limit(PEOPLE_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        name: personName(row),
        email: row.email,
        role: row.role,
        organization:
          row.organizationId !== null && row.organizationName !== null
            ? { id: row.organizationId, name: row.organizationName }
            : null,
      }));
    },
  };
}
