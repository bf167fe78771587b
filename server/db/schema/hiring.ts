import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, type AnyPgColumn } from 'drizzle-orm/pg-core';

import { createdAt, instant, legacySignature, requiredRef } from './columns';
import { organizationId, organizationRow } from './tenancy';
import { files, users } from './identity';

export const employeeProfiles = pgTable(
  'employee_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    organizationId: organizationId(),
    status: text('status').notNull().default('NEW'),
    position: text('position'),
    /** When the employee was marked ready to hire (forms due are derived from form_requests, never stored). */
    readyAt: instant('ready_at'),
    /** The application the employee was hired from, if any. */
    applicationId: integer('application_id').references((): AnyPgColumn => applications.id),
  },
  (t) => [index('employee_profiles_organization_idx').on(t.organizationId, t.status, t.userId)],
);

/**
 * Employees per organization, status and position (position '' when unset), kept by statement triggers on
 * employee_profiles and users (migration 0003) so an unfiltered or status/position-filtered employees list
 * never counts a million rows. Only users whose role is ROLE_EMPLOYEE count.
 */
export const employeeCounts = pgTable(
  'employee_counts',
  {
    organizationId: organizationId(),
    status: text('status').notNull(),
    position: text('position').notNull().default(''),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.status, t.position] })],
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
    ...organizationRow(),
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
    legacyAttestationSignature: legacySignature('attestation_signature'),
    /** The applicant's drawn signature (PNG) in `files`. */
    attestationSignatureFileId: integer('attestation_signature_file_id').references(() => files.id),
    resumeFileId: integer('resume_file_id').references(() => files.id),
    createdAt: createdAt(),
    reviewedAt: instant('reviewed_at'),
    reviewedById: integer('reviewed_by_id').references(() => users.id),
    rejectionReason: text('rejection_reason'),
    employeeId: integer('employee_id').references(() => users.id),
  },
  (t) => [
    index('applications_organization_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('applications_legacy_signature_idx')
      .on(t.id)
      .where(sql`${t.legacyAttestationSignature} is not null`),
    index('applications_organization_status_idx').on(t.organizationId, t.status, t.createdAt, t.id),
  ],
);

/** The position keys a document type or competency test applies to; empty = every position. */
const appliesToPositions = () =>
  text('positions')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/** The kinds of document an organization asks its employees for (CPR card, TB test...). */
export const documentTypes = pgTable(
  'document_types',
  {
    ...organizationRow(),
    name: text('name').notNull(),
    required: boolean('required').notNull().default(true),
    requiresExpiry: boolean('requires_expiry').notNull().default(false),
    positions: appliesToPositions(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('document_types_organization_idx').on(t.organizationId, t.active)],
);

/** One document slot of an employee: requested (MISSING), uploaded (PENDING), then APPROVED or REJECTED. */
export const employeeDocuments = pgTable(
  'employee_documents',
  {
    ...organizationRow(),
    employeeId: requiredRef('employee_id', () => users.id),
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
    uploadedAt: instant('uploaded_at'),
    reviewedAt: instant('reviewed_at'),
    reviewedById: integer('reviewed_by_id').references(() => users.id),
    requestedById: integer('requested_by_id').references(() => users.id),
    createdAt: createdAt(),
    /** Set once by the expiry sweep (an atomic UPDATE ... WHERE ... IS NULL RETURNING): at most one warning each. */
    warned30At: instant('warned_30_at'),
    warned7At: instant('warned_7_at'),
    expiredWarnedAt: instant('expired_warned_at'),
  },
  (t) => [
    index('employee_documents_employee_idx').on(t.employeeId, t.id),
    index('employee_documents_organization_expiry_idx')
      .on(t.organizationId, t.expiresOn, t.employeeId)
      .where(sql`${t.expiresOn} IS NOT NULL`),
    index('employee_documents_expiry_sweep_idx')
      .on(t.expiresOn)
      .where(sql`${t.expiresOn} IS NOT NULL AND ${t.expiredWarnedAt} IS NULL`),
  ],
);

/** The organization's employee note types (Interview, Reference check...). */
export const noteTypes = pgTable(
  'note_types',
  {
    ...organizationRow(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('note_types_organization_idx').on(t.organizationId, t.active)],
);

export const employeeNotes = pgTable(
  'employee_notes',
  {
    ...organizationRow(),
    employeeId: requiredRef('employee_id', () => users.id),
    typeId: requiredRef('type_id', () => noteTypes.id),
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
    ...organizationRow(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    fields: jsonb('fields').$type<FormField[]>().notNull().default([]),
    /** ['EMPLOYEE'] or ['EMPLOYEE', 'ADMIN']. */
    signers: jsonb('signers').$type<string[]>().notNull().default(['EMPLOYEE']),
    required: boolean('required').notNull().default(true),
    assignOnHire: boolean('assign_on_hire').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: instant('updated_at'),
  },
  (t) => [index('form_templates_organization_idx').on(t.organizationId, t.active)],
);

export const formRequests = pgTable(
  'form_requests',
  {
    ...organizationRow(),
    templateId: requiredRef('template_id', () => formTemplates.id),
    employeeId: requiredRef('employee_id', () => users.id),
    /** Copied from the template when requested: counts toward forms_due and ready to hire. */
    required: boolean('required').notNull().default(true),
    /** PENDING, AWAITING_COUNTERSIGN or COMPLETED. */
    status: text('status').notNull().default('PENDING'),
    answers: jsonb('answers').$type<Record<string, unknown>>(),
    legacySignature: legacySignature('signature'),
    signatureFileId: integer('signature_file_id').references(() => files.id),
    signedAt: instant('signed_at'),
    legacyCountersignature: legacySignature('countersignature'),
    countersignatureFileId: integer('countersignature_file_id').references(() => files.id),
    countersignedById: integer('countersigned_by_id').references(() => users.id),
    countersignedAt: instant('countersigned_at'),
    dueDate: date('due_date', { mode: 'string' }),
    requestedById: integer('requested_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('form_requests_employee_idx').on(t.employeeId, t.status, t.id),
    index('form_requests_organization_idx').on(t.organizationId, t.status, t.createdAt, t.id),
    // forms_due = count of these per employee, read with every user answer.
    index('form_requests_due_idx')
      .on(t.employeeId)
      .where(sql`${t.required} AND ${t.status} <> 'COMPLETED'`),
    index('form_requests_legacy_signature_idx')
      .on(t.id)
      .where(sql`${t.legacySignature} is not null`),
    index('form_requests_legacy_countersignature_idx')
      .on(t.id)
      .where(sql`${t.legacyCountersignature} is not null`),
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
    ...organizationRow(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Percent, 1-100. */
    passMark: integer('pass_mark').notNull().default(80),
    questions: jsonb('questions').$type<TestQuestion[]>().notNull().default([]),
    observedSkills: jsonb('observed_skills').$type<ObservedSkill[]>().notNull().default([]),
    positions: appliesToPositions(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: instant('updated_at'),
  },
  (t) => [index('competency_tests_organization_idx').on(t.organizationId, t.active)],
);

export const testRequests = pgTable(
  'test_requests',
  {
    ...organizationRow(),
    testId: requiredRef('test_id', () => competencyTests.id),
    employeeId: requiredRef('employee_id', () => users.id),
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
    legacyObserverSignature: legacySignature('observer_signature'),
    observerSignatureFileId: integer('observer_signature_file_id').references(() => files.id),
    observedAt: instant('observed_at'),
    submittedAt: instant('submitted_at'),
    requestedById: integer('requested_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('test_requests_employee_idx').on(t.employeeId, t.status, t.id),
    index('test_requests_organization_idx').on(t.organizationId, t.status, t.createdAt, t.id),
    index('test_requests_legacy_signature_idx')
      .on(t.id)
      .where(sql`${t.legacyObserverSignature} is not null`),
  ],
);
