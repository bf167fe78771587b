import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';

import { bytea, createdAt, instant } from './columns';
import { organizations } from './identity';

/** Append-only: a trigger (migration 0001) refuses UPDATE, DELETE and TRUNCATE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id'),
    organizationId: integer('organization_id'),
    operationId: text('operation_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** READ, SEARCH, EXPORT, CREATE, UPDATE, DELETE, ... (null on rows written before migration 0012). */
    action: text('action'),
    /** The client the row concerns (a client's access history lists these). */
    clientId: integer('client_id'),
    /** The employee the row concerns (their record read or changed, their visits): a grievance's reprisal watch reads these. */
    employeeId: integer('employee_id'),
    /** The actor's role when the row was written (ROLE_ADMIN, ...); null for an anonymous attempt. */
    role: text('role'),
    changedFields: jsonb('changed_fields').$type<Record<string, unknown>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_organization_idx').on(t.organizationId, t.createdAt),
    index('audit_log_actor_created_idx').on(t.actorId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_employee_idx')
      .on(t.employeeId, t.createdAt)
      .where(sql`${t.employeeId} is not null`),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_client_idx')
      .on(t.clientId, t.createdAt)
      .where(sql`${t.clientId} is not null`),
  ],
);

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** The mail as sent, with every sign-up and reset token redacted (the link goes to the recipient only). */
    text: text('text').notNull(),
    /** printed (console-mail mode: on the server's console only), sent (over SMTP) or failed. */
    state: text('state').notNull().default('printed'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_organization_idx').on(t.organizationId, t.createdAt)],
);

/**
 * Request counters of the public operations per key (`<limit>:<scope>:<subject>`) in a fixed window, in the
 * database so that every server process counts the same requests (server/lib/rate-limit.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    windowStartedAt: instant('window_started_at').notNull(),
    windowEndsAt: instant('window_ends_at').notNull(),
  },
  (t) => [index('rate_limits_window_ends_idx').on(t.windowEndsAt)],
);

/** Stored files' bytes when every process must reach them (DATABASE_URL without FILES_URL). */
export const fileBlobs = pgTable('file_blobs', {
  key: text('key').primaryKey(),
  data: bytea('data').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});

/**
 * Work that runs once across processes (document expiry, weekly reviews, event pruning): a process claims a
 * job by moving `claimed_until` forward in one UPDATE ... WHERE claimed_until < now; the others find it claimed.
 */
export const jobClaims = pgTable('job_claims', {
  name: text('name').primaryKey(),
  claimedUntil: instant('claimed_until').notNull(),
  claimedBy: text('claimed_by').notNull().default(''),
  lastRunAt: instant('last_run_at'),
});
