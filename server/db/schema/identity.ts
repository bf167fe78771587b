import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

import { createdAt, instant, legacySignature, requiredRef } from './columns';

/** A palette per colour name: `{ primary: { '50': '#..', ..., '900': '#..' } }`. */
export type OrganizationStyle = Record<string, Record<string, string>>;

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  token: text('token').notNull().unique(),
  favicon: text('favicon'),
  style: jsonb('style').$type<OrganizationStyle>().notNull().default({}),
  timezone: text('timezone').notNull().default('America/New_York'),
  /** A clock this close to the client's home counts as "home" (visit verification). */
  evvToleranceMeters: integer('evv_tolerance_meters').notNull().default(250),
  /** The first day of the organization's week and pay period: 0 Sunday … 6 Saturday. */
  weekStart: integer('week_start').notNull().default(0),
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
    legacySignature: legacySignature('signature'),
    /** The drawn signature (PNG) in `files`. */
    signatureFileId: integer('signature_file_id').references((): AnyPgColumn => files.id),
    lastLogin: instant('last_login'),
    createdAt: createdAt(),
    passwordChangedAt: instant('password_changed_at'),
    /** Moves on deactivation, reactivation, role and password change: every sign-up or reset link issued before stops working. */
    securityStamp: integer('security_stamp').notNull().default(0),
  },
  (t) => [
    // an email is unique within an organization (a caregiver may hold an account in each agency they work
    // for); a master's, who belongs to none, is unique among masters and refused to every organization
    uniqueIndex('users_organization_email_unique').on(t.organizationId, sql`lower(${t.email})`),
    uniqueIndex('users_master_email_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.organizationId} is null`),
    index('users_organization_idx').on(t.organizationId),
    // the start-up move of pre-0010 signatures finds what is left without reading the table
    index('users_legacy_signature_idx')
      .on(t.id)
      .where(sql`${t.legacySignature} is not null`),
    // Employees list: first page by (last_name, first_name, id) or by creation, straight from an index.
    index('users_organization_role_name_idx').on(t.organizationId, t.role, t.lastName, t.firstName, t.id),
    index('users_organization_role_created_idx').on(t.organizationId, t.role, t.createdAt, t.id),
  ],
);

/**
 * A stored file: the bytes live in the file storage (lib/file-storage.ts) under `storage_key`. Here beside
 * users because each refers to the other (a user's signature is a file, a file's uploader a user).
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    /** null only for a file of the master user's (their signature), who belongs to no organization. */
    organizationId: integer('organization_id').references(() => organizations.id),
    storageKey: text('storage_key').notNull().unique(),
    /** The uploader's file name (display only; the type comes from the content). */
    name: text('name').notNull(),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    /** null for a public upload (a job application's resume). */
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('files_organization_idx').on(t.organizationId)],
);

/** A refresh-token family: one per sign-in, rotated on each refresh (see modules/auth/sessions.ts). */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: text('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id),
    organizationId: integer('organization_id').references(() => organizations.id),
    generation: integer('generation').notNull().default(0),
    rotatedAt: instant('rotated_at'),
    createdAt: instant('created_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
    revokedAt: instant('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    index('session_families_user_idx').on(t.userId),
    index('session_families_organization_idx').on(t.organizationId),
  ],
);

/** Failed sign-in counters per key in a fixed window: `account:<organization>:<digest of the email>` (alone, or with `:address:<ip>`), `address:<ip>`, `device:<cookie nonce>` (server/modules/auth/service.ts). */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: instant('window_started_at').notNull(),
});
