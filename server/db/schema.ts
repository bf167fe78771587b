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
  bigint,
  date,
  primaryKey,
  doublePrecision,
  customType,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

import type {
  AuthorizationUnit,
  ClientRelationship,
  ClientStatus,
  DeclineReason,
  DischargeReason,
  GrievanceCategory,
  GrievanceState,
  Payer,
  ReferralPayer,
  ReferralSource,
  ReferralStatus,
  ServiceCode,
  ServiceStatus,
} from '../../src/domain/clients';
import type { ClientType } from '../../src/domain/labels';
import type { CancelReason, CorrectionReason, ExceptionCode, LocationType, Resolution, VisitStatus } from '../../src/domain/visits';
import type { ReviewStatus, UnableReason } from '../../src/domain/work-service-reviews';

/** bytea as a Buffer (drizzle-orm has no built-in bytea column). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

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
    /** Legacy: a PNG data URL written before migration 0010; moved to `files` at start-up (server/lib/signature-files.ts), then null. */
    legacySignature: text('signature'),
    /** The drawn signature (PNG) in `files`. */
    signatureFileId: integer('signature_file_id').references((): AnyPgColumn => files.id),
    lastLogin: timestamp('last_login', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
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
    index('users_legacy_signature_idx').on(t.id).where(sql`${t.legacySignature} is not null`),
    // Employees list: first page by (last_name, first_name, id) or by creation, straight from an index.
    index('users_organization_role_name_idx').on(t.organizationId, t.role, t.lastName, t.firstName, t.id),
    index('users_organization_role_created_idx').on(t.organizationId, t.role, t.createdAt, t.id),
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
    /** When the employee was marked ready to hire (forms due are derived from form_requests, never stored). */
    readyAt: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
    /** The application the employee was hired from, if any. */
    applicationId: integer('application_id').references((): AnyPgColumn => applications.id),
  },
  (t) => [index('employee_profiles_organization_idx').on(t.organizationId, t.status, t.userId)],
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

/**
 * Request counters of the public operations per key (`<limit>:<scope>:<subject>`) in a fixed window, in the
 * database so that every server process counts the same requests (server/lib/rate-limit.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limits_window_ends_idx').on(t.windowEndsAt)],
);

/** Failed sign-in counters per key in a fixed window: `account:<organization>:<digest of the email>` (alone, or with `:address:<ip>`), `address:<ip>`, `device:<cookie nonce>` (server/modules/auth/service.ts). */
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
    /** The mail as sent, with every sign-up and reset token redacted (the link goes to the recipient only). */
    text: text('text').notNull(),
    /** printed (console-mail mode: on the server's console only), sent (over SMTP) or failed. */
    state: text('state').notNull().default('printed'),
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
    index('audit_log_employee_idx').on(t.employeeId, t.createdAt).where(sql`${t.employeeId} is not null`),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_client_idx').on(t.clientId, t.createdAt).where(sql`${t.clientId} is not null`),
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

/* ---------------------------------------------------------------- issue 3: hire to ready */

/**
 * Employees per organization, status and position (position '' when unset), kept by statement triggers on
 * employee_profiles and users (migration 0003) so an unfiltered or status/position-filtered employees list
 * never counts a million rows. Only users whose role is ROLE_EMPLOYEE count.
 */
export const employeeCounts = pgTable(
  'employee_counts',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    status: text('status').notNull(),
    position: text('position').notNull().default(''),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.status, t.position] })],
);

/** A stored file: the bytes live in the file storage (lib/file-storage.ts) under `storage_key`. */
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

export interface ApplicationAvailability {
  days: string[];
  shifts: string[];
  start_date?: string;
  hours_per_week?: number;
}

export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** PENDING, ACCEPTED or REJECTED. */
    status: text('status').notNull().default('PENDING'),
    position: text('position').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull().default(''),
    availability: jsonb('availability').$type<ApplicationAvailability>().notNull(),
    experience: text('experience').notNull().default(''),
    yearsExperience: integer('years_experience').notNull().default(0),
    /** Legacy: a PNG data URL written before migration 0010; moved to `files` at start-up (server/lib/signature-files.ts), then null. */
    legacyAttestationSignature: text('attestation_signature'),
    /** The applicant's drawn signature (PNG) in `files`. */
    attestationSignatureFileId: integer('attestation_signature_file_id').references(() => files.id),
    resumeFileId: integer('resume_file_id').references(() => files.id),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewedById: integer('reviewed_by_id').references(() => users.id),
    rejectionReason: text('rejection_reason'),
    employeeId: integer('employee_id').references(() => users.id),
  },
  (t) => [
    index('applications_organization_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('applications_legacy_signature_idx').on(t.id).where(sql`${t.legacyAttestationSignature} is not null`),
    index('applications_organization_status_idx').on(t.organizationId, t.status, t.createdAt, t.id),
  ],
);

/** The kinds of document an organization asks its employees for (CPR card, TB test...). */
export const documentTypes = pgTable(
  'document_types',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    required: boolean('required').notNull().default(true),
    requiresExpiry: boolean('requires_expiry').notNull().default(false),
    /** Position keys it applies to; empty = every position. */
    positions: text('positions').array().notNull().default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('document_types_organization_idx').on(t.organizationId, t.active)],
);

/** One document slot of an employee: requested (MISSING), uploaded (PENDING), then APPROVED or REJECTED. */
export const employeeDocuments = pgTable(
  'employee_documents',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => users.id),
    /** null for an ad-hoc slot requested by name. */
    documentTypeId: integer('document_type_id').references(() => documentTypes.id),
    name: text('name').notNull(),
    required: boolean('required').notNull().default(true),
    requiresExpiry: boolean('requires_expiry').notNull().default(false),
    /** MISSING, PENDING, APPROVED or REJECTED. Expiry is derived from expires_on, not a status. */
    status: text('status').notNull().default('MISSING'),
    fileId: integer('file_id').references(() => files.id),
    expiresOn: date('expires_on', { mode: 'string' }),
    reviewNote: text('review_note'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewedById: integer('reviewed_by_id').references(() => users.id),
    requestedById: integer('requested_by_id').references(() => users.id),
    createdAt: createdAt(),
    /** Set once by the expiry sweep (an atomic UPDATE ... WHERE ... IS NULL RETURNING): at most one warning each. */
    warned30At: timestamp('warned_30_at', { withTimezone: true, mode: 'date' }),
    warned7At: timestamp('warned_7_at', { withTimezone: true, mode: 'date' }),
    expiredWarnedAt: timestamp('expired_warned_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('employee_documents_employee_idx').on(t.employeeId, t.id),
    index('employee_documents_organization_expiry_idx')
      .on(t.organizationId, t.expiresOn, t.employeeId)
      .where(sql`${t.expiresOn} IS NOT NULL`),
    index('employee_documents_expiry_sweep_idx').on(t.expiresOn).where(sql`${t.expiresOn} IS NOT NULL AND ${t.expiredWarnedAt} IS NULL`),
  ],
);

/** The organization's employee note types (Interview, Reference check...). */
export const noteTypes = pgTable(
  'note_types',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('note_types_organization_idx').on(t.organizationId, t.active)],
);

export const employeeNotes = pgTable(
  'employee_notes',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => users.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => noteTypes.id),
    text: text('text').notNull(),
    authorId: integer('author_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('employee_notes_employee_idx').on(t.organizationId, t.employeeId, t.createdAt, t.id)],
);

export interface FormField {
  key: string;
  label: string;
  type: 'text' | 'textarea' | 'date' | 'checkbox' | 'select';
  required: boolean;
  options?: string[];
}

export const formTemplates = pgTable(
  'form_templates',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    fields: jsonb('fields').$type<FormField[]>().notNull().default([]),
    /** ['EMPLOYEE'] or ['EMPLOYEE', 'ADMIN']. */
    signers: jsonb('signers').$type<string[]>().notNull().default(['EMPLOYEE']),
    required: boolean('required').notNull().default(true),
    assignOnHire: boolean('assign_on_hire').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('form_templates_organization_idx').on(t.organizationId, t.active)],
);

export const formRequests = pgTable(
  'form_requests',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    templateId: integer('template_id')
      .notNull()
      .references(() => formTemplates.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => users.id),
    /** Copied from the template when requested: counts toward forms_due and ready to hire. */
    required: boolean('required').notNull().default(true),
    /** PENDING, AWAITING_COUNTERSIGN or COMPLETED. */
    status: text('status').notNull().default('PENDING'),
    answers: jsonb('answers').$type<Record<string, unknown>>(),
    /** Legacy: a PNG data URL written before migration 0010; moved to `files` at start-up (server/lib/signature-files.ts), then null. */
    legacySignature: text('signature'),
    signatureFileId: integer('signature_file_id').references(() => files.id),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }),
    /** Legacy: a PNG data URL written before migration 0010; moved to `files` at start-up (server/lib/signature-files.ts), then null. */
    legacyCountersignature: text('countersignature'),
    countersignatureFileId: integer('countersignature_file_id').references(() => files.id),
    countersignedById: integer('countersigned_by_id').references(() => users.id),
    countersignedAt: timestamp('countersigned_at', { withTimezone: true, mode: 'date' }),
    dueDate: date('due_date', { mode: 'string' }),
    requestedById: integer('requested_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('form_requests_employee_idx').on(t.employeeId, t.status, t.id),
    index('form_requests_organization_idx').on(t.organizationId, t.status, t.createdAt, t.id),
    // forms_due = count of these per employee, read with every user answer.
    index('form_requests_due_idx').on(t.employeeId).where(sql`${t.required} AND ${t.status} <> 'COMPLETED'`),
    index('form_requests_legacy_signature_idx').on(t.id).where(sql`${t.legacySignature} is not null`),
    index('form_requests_legacy_countersignature_idx').on(t.id).where(sql`${t.legacyCountersignature} is not null`),
  ],
);

export interface TestQuestion {
  id: string;
  text: string;
  choices: string[];
  answer: number;
  /** What the question covers ("Infection control"): a taker who got it wrong is told to review this. */
  subject?: string;
}

export interface ObservedSkill {
  id: string;
  label: string;
}

export interface SkillResult {
  skill_id: string;
  label: string;
  satisfactory: boolean;
  comment?: string | null;
}

export const competencyTests = pgTable(
  'competency_tests',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Percent, 1-100. */
    passMark: integer('pass_mark').notNull().default(80),
    questions: jsonb('questions').$type<TestQuestion[]>().notNull().default([]),
    observedSkills: jsonb('observed_skills').$type<ObservedSkill[]>().notNull().default([]),
    /** Position keys it applies to; empty = every position. */
    positions: text('positions').array().notNull().default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('competency_tests_organization_idx').on(t.organizationId, t.active)],
);

export const testRequests = pgTable(
  'test_requests',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    testId: integer('test_id')
      .notNull()
      .references(() => competencyTests.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => users.id),
    /** PENDING, AWAITING_OBSERVATION, PASSED or FAILED. */
    status: text('status').notNull().default('PENDING'),
    /** question id -> chosen index. */
    answers: jsonb('answers').$type<Record<string, number>>(),
    /** The order this attempt asks the questions in (ids); each new attempt gets a new one. */
    questionOrder: jsonb('question_order').$type<string[]>().notNull().default([]),
    score: integer('score'),
    writtenPassed: boolean('written_passed'),
    skillResults: jsonb('skill_results').$type<SkillResult[]>().notNull().default([]),
    observerId: integer('observer_id').references(() => users.id),
    /** Legacy: a PNG data URL written before migration 0010; moved to `files` at start-up (server/lib/signature-files.ts), then null. */
    legacyObserverSignature: text('observer_signature'),
    observerSignatureFileId: integer('observer_signature_file_id').references(() => files.id),
    observedAt: timestamp('observed_at', { withTimezone: true, mode: 'date' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    requestedById: integer('requested_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('test_requests_employee_idx').on(t.employeeId, t.status, t.id),
    index('test_requests_organization_idx').on(t.organizationId, t.status, t.createdAt, t.id),
    index('test_requests_legacy_signature_idx').on(t.id).where(sql`${t.legacyObserverSignature} is not null`),
  ],
);

/* ---------------------------------------------------------------- issue 9: clients and referrals */

/**
 * A client of the organization (product.md, "Clients and referrals"): home care, home health or both. The
 * home health fields (payer, physician, diagnosis, certification period) are null for a home care client.
 */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** HCC, HHP or 'HCC, HHP' (spec 3). */
    type: text('type').$type<ClientType>().notNull(),
    /** PENDING, ACTIVE, WAITING_LIST, ON_HOLD, DISCHARGED. */
    status: text('status').$type<ClientStatus>().notNull().default('PENDING'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    phone: text('phone').notNull().default(''),
    /** The digits of the phone, for search. */
    phoneDigits: text('phone_digits').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    /** The home's coordinates once known (visit verification compares clock-in positions with them). */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    preferredLanguage: text('preferred_language').notNull().default(''),
    emergencyContactName: text('emergency_contact_name').notNull().default(''),
    emergencyContactPhone: text('emergency_contact_phone').notNull().default(''),
    emergencyContactRelationship: text('emergency_contact_relationship').notNull().default(''),
    notes: text('notes').notNull().default(''),
    payer: text('payer').$type<Payer>(),
    memberId: text('member_id'),
    physicianName: text('physician_name'),
    physicianNpi: text('physician_npi'),
    diagnosisCode: text('diagnosis_code'),
    diagnosisDescription: text('diagnosis_description'),
    certificationStart: date('certification_start', { mode: 'string' }),
    certificationEnd: date('certification_end', { mode: 'string' }),
    dischargedOn: date('discharged_on', { mode: 'string' }),
    dischargeReason: text('discharge_reason').$type<DischargeReason>(),
    dischargeNote: text('discharge_note'),
    /** The referral the client was admitted from (the referral links back). */
    referralId: integer('referral_id').references((): AnyPgColumn => referrals.id),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('clients_organization_name_idx').on(t.organizationId, t.lastName, t.firstName, t.id),
    index('clients_organization_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('clients_organization_status_name_idx').on(t.organizationId, t.status, t.lastName, t.firstName, t.id),
    uniqueIndex('clients_referral_unique').on(t.referralId),
  ],
);

/**
 * Clients per organization, type and status, kept by statement triggers on clients (migration 0013) so the
 * clients list answers an unsearched `count` without counting a million rows.
 */
export const clientCounts = pgTable(
  'client_counts',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    type: text('type').notNull(),
    status: text('status').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.type, t.status] })],
);

/** A service a client receives (spec 3 codes), each with its own status. */
export const clientServices = pgTable(
  'client_services',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    service: text('service').$type<ServiceCode>().notNull(),
    /** ACTIVE, ON_HOLD, ENDED. */
    status: text('status').$type<ServiceStatus>().notNull().default('ACTIVE'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('client_services_client_service_unique').on(t.clientId, t.service), index('client_services_organization_idx').on(t.organizationId)],
);

/** What a payer authorized for one service: so many hours or visits between two dates. */
export const clientAuthorizations = pgTable(
  'client_authorizations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => clientServices.id),
    /** HOUR or VISIT. */
    unit: text('unit').$type<AuthorizationUnit>().notNull(),
    amount: integer('amount').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    /** The payer's authorization number. */
    reference: text('reference').notNull().default(''),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('client_authorizations_client_idx').on(t.clientId, t.serviceId, t.startsOn), index('client_authorizations_organization_idx').on(t.organizationId)],
);

/** A person who signs in with role client for a client: the client, or a family member. */
export const clientUsers = pgTable(
  'client_users',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** SELF or FAMILY. */
    relationship: text('relationship').$type<ClientRelationship>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('client_users_client_idx').on(t.clientId)],
);

/** A prospective client brought by a marketer or entered by the office. */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The marketer who brought it; null when the office entered it. */
    marketerId: integer('marketer_id').references(() => users.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    phone: text('phone').notNull().default(''),
    phoneDigits: text('phone_digits').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    type: text('type').$type<ClientType>().notNull(),
    requestedServices: jsonb('requested_services').$type<ServiceCode[]>().notNull().default([]),
    payer: text('payer').$type<ReferralPayer>(),
    /** HOSPITAL, PHYSICIAN, FAMILY, SELF, COMMUNITY, OTHER. */
    source: text('source').$type<ReferralSource>().notNull(),
    sourceName: text('source_name').notNull().default(''),
    sourceContact: text('source_contact').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** The latest of referral_events' statuses (kept in the same transaction as the event, for the board). */
    status: text('status').$type<ReferralStatus>().notNull().default('NEW'),
    assessmentOn: date('assessment_on', { mode: 'string' }),
    declineReason: text('decline_reason').$type<DeclineReason>(),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('referrals_organization_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('referrals_organization_status_idx').on(t.organizationId, t.status, t.createdAt, t.id),
    index('referrals_marketer_idx').on(t.organizationId, t.marketerId, t.createdAt, t.id),
  ],
);

/**
 * A referral's history, one dated row per change, never overwritten (a trigger refuses UPDATE and DELETE,
 * migration 0012): CREATED, STATUS (to `status`, with the assessment date or decline reason), NOTE, EDIT
 * (the corrected fields, before and after).
 */
export const referralEvents = pgTable(
  'referral_events',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id),
    kind: text('kind').notNull(),
    status: text('status').$type<ReferralStatus>(),
    assessmentOn: date('assessment_on', { mode: 'string' }),
    reason: text('reason'),
    note: text('note').notNull().default(''),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    byId: integer('by_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('referral_events_referral_idx').on(t.referralId, t.at, t.id), index('referral_events_organization_idx').on(t.organizationId, t.status, t.at)],
);

/**
 * A concern (grievance) a client or their family filed from their home page. Its desk, its states and its
 * trail come with the grievances issue; until then it is kept and listed to its filer as Received.
 */
export const grievances = pgTable(
  'grievances',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    clientId: integer('client_id').references(() => clients.id),
    filedById: integer('filed_by_id').references(() => users.id),
    /** The person the grievance is about them: the employee or client user who complains (null for a family member or caller without an account). */
    complainantId: integer('complainant_id').references(() => users.id),
    /** Who complains, in words (a caller's name and relation when taken by phone). */
    complainantName: text('complainant_name').notNull().default(''),
    /** How it came in: PORTAL (filed by the complainant), PHONE or IN_PERSON (recorded by the office). */
    channel: text('channel').notNull().default('PORTAL'),
    category: text('category').$type<GrievanceCategory>().notNull(),
    description: text('description').notNull(),
    /** When it happened (the complainant's words may be vaguer: then null). */
    occurredOn: date('occurred_on', { mode: 'string' }),
    peopleInvolved: text('people_involved').notNull().default(''),
    desiredOutcome: text('desired_outcome').notNull().default(''),
    state: text('state').$type<GrievanceState>().notNull().default('RECEIVED'),
    /** Abuse, neglect or mistreatment: heads the desk, every admin and the master told at once. */
    urgent: boolean('urgent').notNull().default(false),
    resolution: text('resolution'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('grievances_organization_idx').on(t.organizationId, t.state, t.createdAt),
    index('grievances_filed_by_idx').on(t.filedById, t.createdAt),
    index('grievances_desk_idx').on(t.organizationId, t.urgent, t.createdAt, t.id),
    index('grievances_complainant_idx').on(t.complainantId, t.createdAt),
  ],
);

/** A grievance's trail: each transition and each note, dated, with who; `internal` notes never reach the complainant. */
export const grievanceEvents = pgTable(
  'grievance_events',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    grievanceId: integer('grievance_id')
      .notNull()
      .references(() => grievances.id),
    /** TRANSITION or NOTE. */
    kind: text('kind').notNull(),
    fromState: text('from_state').$type<GrievanceState>(),
    toState: text('to_state').$type<GrievanceState>(),
    note: text('note').notNull().default(''),
    internal: boolean('internal').notNull().default(false),
    byId: integer('by_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('grievance_events_grievance_idx').on(t.grievanceId, t.at, t.id)],
);

/**
 * The family members a client complainant shares their grievance with (product.md, "Grievances"): outside the
 * office only the complainant sees a grievance, and these named users of the same client besides.
 */
export const grievanceShares = pgTable(
  'grievance_shares',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    grievanceId: integer('grievance_id')
      .notNull()
      .references(() => grievances.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    sharedById: integer('shared_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.grievanceId, t.userId] }), index('grievance_shares_user_idx').on(t.userId, t.organizationId)],
);

/* ---------------------------------------------------------------- issue 10: visits */

/**
 * One caregiver serving one client one service in a window (product.md, "Visits"). Times are instants (UTC);
 * `service_date` is the organization's local date of the start. A caregiver's booked windows never overlap:
 * the exclusion constraint `visits_caregiver_no_overlap` (migration 0014) refuses the second of two
 * concurrent bookings. Clock times, once recorded, never change (a trigger refuses it); the office's
 * correction goes beside them with its reason.
 */
export const visits = pgTable(
  'visits',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    clientServiceId: integer('client_service_id')
      .notNull()
      .references(() => clientServices.id),
    /** Null while the visit is Open. */
    caregiverId: integer('caregiver_id').references(() => users.id),
    status: text('status').$type<VisitStatus>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    /** The weekly pattern that booked it, if any (its visits share the id of the first). */
    patternId: integer('pattern_id'),
    /** The last caregiver's "I can't make it", in their words, and when. */
    calloutReason: text('callout_reason'),
    calledOutAt: timestamp('called_out_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason').$type<CancelReason>(),
    cancelNote: text('cancel_note'),
    clockInAt: timestamp('clock_in_at', { withTimezone: true, mode: 'date' }),
    clockInLatitude: doublePrecision('clock_in_latitude'),
    clockInLongitude: doublePrecision('clock_in_longitude'),
    clockInAccuracy: doublePrecision('clock_in_accuracy'),
    /** Metres from the client's home, when both positions are known. */
    clockInDistance: doublePrecision('clock_in_distance'),
    clockInLocation: text('clock_in_location').$type<LocationType>(),
    clockInReason: text('clock_in_reason'),
    clockOutAt: timestamp('clock_out_at', { withTimezone: true, mode: 'date' }),
    clockOutLatitude: doublePrecision('clock_out_latitude'),
    clockOutLongitude: doublePrecision('clock_out_longitude'),
    clockOutAccuracy: doublePrecision('clock_out_accuracy'),
    clockOutDistance: doublePrecision('clock_out_distance'),
    clockOutLocation: text('clock_out_location').$type<LocationType>(),
    clockOutReason: text('clock_out_reason'),
    /** The office's corrected times, beside the original clocks, with the kept reason. */
    correctedStartAt: timestamp('corrected_start_at', { withTimezone: true, mode: 'date' }),
    correctedEndAt: timestamp('corrected_end_at', { withTimezone: true, mode: 'date' }),
    correctionReason: text('correction_reason').$type<CorrectionReason>(),
    correctionNote: text('correction_note'),
    correctedById: integer('corrected_by_id').references(() => users.id),
    correctedAt: timestamp('corrected_at', { withTimezone: true, mode: 'date' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    /** When the window, caregiver or service last changed after booking (the client sees "changed"). */
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('visits_organization_start_idx').on(t.organizationId, t.startsAt, t.id),
    index('visits_caregiver_start_idx').on(t.caregiverId, t.startsAt, t.id),
    index('visits_client_start_idx').on(t.clientId, t.startsAt, t.id),
    index('visits_organization_status_start_idx').on(t.organizationId, t.status, t.startsAt, t.id),
  ],
);

/** Why a visit needs the office's eye before it is Verified (late, missing or away clocks, overlaps, disputes). */
export const visitExceptions = pgTable(
  'visit_exceptions',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id),
    code: text('code').$type<ExceptionCode>().notNull(),
    /** The caregiver's reason or the client's comment, in their words. */
    detail: text('detail').notNull().default(''),
    resolution: text('resolution').$type<Resolution>(),
    resolutionNote: text('resolution_note'),
    resolvedById: integer('resolved_by_id').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('visit_exceptions_visit_code_unique').on(t.visitId, t.code),
    index('visit_exceptions_open_idx').on(t.organizationId, t.resolvedAt, t.createdAt, t.id),
  ],
);

/** A READY caregiver asking for an Open visit; the office assigns one of them. */
export const visitRequests = pgTable(
  'visit_requests',
  {
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => users.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.visitId, t.caregiverId] }), index('visit_requests_organization_idx').on(t.organizationId)],
);

/* ---------------------------------------------------------------- issue 10: work-service reviews */

/** One visit as the client signed it (ids, instants, minutes and a service code: names come from their rows). */
export interface SignedVisit {
  visit_id: number;
  service_date: string;
  caregiver_id: number | null;
  starts_at: string;
  ends_at: string;
  /** The times are the office's correction, not the clocks. */
  corrected: boolean;
  service: ServiceCode;
  minutes: number;
}

/**
 * One client's completed visits of one of the organization's weeks (product.md, "Visits": the work-service
 * review). Created once the week has ended (one per client and week); the client signs it (the signature is
 * a PNG in `files`, and the visits as signed are kept in `signed_visits`) or disputes a visit (a DISPUTE
 * exception on that visit); the office records why a client cannot sign. A signed review never changes
 * (trigger `work_service_reviews_keep_signed`, migration 0015).
 */
export const workServiceReviews = pgTable(
  'work_service_reviews',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** The organization's first day of the week (organizations.week_start) and the week's last day. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    weekEnd: date('week_end', { mode: 'string' }).notNull(),
    status: text('status').$type<ReviewStatus>().notNull().default('PENDING'),
    signedById: integer('signed_by_id').references(() => users.id),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }),
    signatureFileId: integer('signature_file_id').references(() => files.id),
    signedVisits: jsonb('signed_visits').$type<SignedVisit[]>(),
    unableReason: text('unable_reason').$type<UnableReason>(),
    unableNote: text('unable_note'),
    unableRecordedById: integer('unable_recorded_by_id').references(() => users.id),
    unableRecordedAt: timestamp('unable_recorded_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('work_service_reviews_client_week_unique').on(t.clientId, t.weekStart),
    index('work_service_reviews_organization_idx').on(t.organizationId, t.weekStart, t.id),
    index('work_service_reviews_organization_status_idx').on(t.organizationId, t.status, t.weekStart, t.id),
  ],
);

/* ---------------------------------------------------------------- issue 11: messages, live events, several processes */

/**
 * A conversation: an employee with the office (every admin of the organization, as one inbox), or two admins
 * (`employee_id` null, `counterpart_id` the other admin). Topics: SCHEDULE, PAY, ONBOARDING, OTHER.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    topic: text('topic').notNull(),
    subject: text('subject').notNull().default(''),
    /** The employee side of an office conversation. */
    employeeId: integer('employee_id').references(() => users.id),
    /** The other admin of an admin-to-admin conversation. */
    counterpartId: integer('counterpart_id').references(() => users.id),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversations_organization_idx').on(t.organizationId, t.lastMessageAt, t.id),
    index('conversations_employee_idx').on(t.employeeId, t.lastMessageAt).where(sql`${t.employeeId} is not null`),
    index('conversations_counterpart_idx').on(t.counterpartId, t.lastMessageAt).where(sql`${t.counterpartId} is not null`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.id)],
);

/** How far each person has read a conversation: every message up to `last_read_message_id` is read by them. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_reads_user_idx').on(t.userId)],
);

/**
 * Live events, one row per recipient: the stream pushes them as they are written (PostgreSQL NOTIFY between
 * processes, in process on PGlite) and a reconnecting stream replays those after its Last-Event-ID. Rows older
 * than a day are swept. Payloads carry ids and counts, never a message's text.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    organizationId: integer('organization_id'),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_user_idx').on(t.userId, t.id), index('live_events_created_idx').on(t.createdAt)],
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
  claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }).notNull(),
  claimedBy: text('claimed_by').notNull().default(''),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
});
