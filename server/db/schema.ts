import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  bigserial,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A palette per colour name: `{ primary: { '50': '#..', ..., '900': '#..' } }`. */
export type OrganizationStyle = Record<string, Record<string, string>>;

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  token: text('token').notNull().unique(),
  favicon: text('favicon'),
  style: jsonb('style').$type<OrganizationStyle>().notNull().default({}),
  timezone: text('timezone').notNull().default('America/New_York'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** null only for the master user, who works across organizations. */
    organizationId: integer('organization_id').references(() => organizations.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role').notNull(),
    /** null while an invitation is pending (no password set yet). */
    passwordHash: text('password_hash'),
    isActive: boolean('is_active').notNull().default(true),
    timezone: text('timezone').notNull().default('America/New_York'),
    phone: text('phone'),
    signature: text('signature'),
    lastLogin: timestamp('last_login', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_organization_idx').on(t.organizationId),
  ],
);

export const employeeProfiles = pgTable(
  'employee_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    status: text('status').notNull().default('NEW'),
    position: text('position'),
    /** Required forms not yet completed; later derived from the onboarding records. */
    formsDue: integer('forms_due').notNull().default(0),
  },
  (t) => [index('employee_profiles_organization_idx').on(t.organizationId, t.status)],
);

/** A refresh-token family: one per sign-in, rotated on each refresh (see modules/auth/sessions.ts). */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    organizationId: integer('organization_id').references(() => organizations.id),
    generation: integer('generation').notNull().default(0),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('session_families_user_idx').on(t.userId), index('session_families_organization_idx').on(t.organizationId)],
);

/** Failed sign-in counters per key (`account:<email>` or `address:<ip>`) in a fixed window. */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_organization_idx').on(t.organizationId, t.createdAt)],
);

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
    changedFields: jsonb('changed_fields').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_organization_idx').on(t.organizationId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.organizationId, t.userId, t.createdAt)],
);
