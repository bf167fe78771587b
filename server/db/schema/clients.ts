import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

import type {
  AuthorizationUnit,
  ClientRelationship,
  ClientStatus,
  DeclineReason,
  DischargeReason,
  Payer,
  ReferralPayer,
  ReferralSource,
  ReferralStatus,
  ServiceCode,
  ServiceStatus,
} from '#domain/clients';
import type { ClientType } from '#domain/labels';
import { createdAt, requiredRef, writtenAt } from './columns';
import { organizationId, organizationRow } from './tenancy';
import { users } from './identity';

/**
 * Who a client or a referral is and where they live: the client admitted from a referral starts with its
 * referral's.
 */
const personAtHome = () => ({
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
});

/**
 * A client of the organization (product.md, "Clients and referrals"): home care, home health or both. The
 * home health fields (payer, physician, diagnosis, certification period) are null for a home care client.
 */
export const clients = pgTable(
  'clients',
  {
    ...organizationRow(),
    /** HCC, HHP or 'HCC, HHP' (spec 3). */
    type: text('type').$type<ClientType>().notNull(),
    /** PENDING, ACTIVE, WAITING_LIST, ON_HOLD, DISCHARGED. */
    status: text('status').$type<ClientStatus>().notNull().default('PENDING'),
    ...personAtHome(),
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
    updatedAt: writtenAt('updated_at'),
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
    organizationId: organizationId(),
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
    ...organizationRow(),
    clientId: requiredRef('client_id', () => clients.id),
    service: text('service').$type<ServiceCode>().notNull(),
    /** ACTIVE, ON_HOLD, ENDED. */
    status: text('status').$type<ServiceStatus>().notNull().default('ACTIVE'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_services_client_service_unique').on(t.clientId, t.service),
    index('client_services_organization_idx').on(t.organizationId),
  ],
);

/** What a payer authorized for one service: so many hours or visits between two dates. */
export const clientAuthorizations = pgTable(
  'client_authorizations',
  {
    ...organizationRow(),
    clientId: requiredRef('client_id', () => clients.id),
    serviceId: requiredRef('service_id', () => clientServices.id),
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
  (t) => [
    index('client_authorizations_client_idx').on(t.clientId, t.serviceId, t.startsOn),
    index('client_authorizations_organization_idx').on(t.organizationId),
  ],
);

/** A person who signs in with role client for a client: the client, or a family member. */
export const clientUsers = pgTable(
  'client_users',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    organizationId: organizationId(),
    clientId: requiredRef('client_id', () => clients.id),
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
    ...organizationRow(),
    /** The marketer who brought it; null when the office entered it. */
    marketerId: integer('marketer_id').references(() => users.id),
    ...personAtHome(),
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
    statusChangedAt: writtenAt('status_changed_at'),
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
    ...organizationRow(),
    referralId: requiredRef('referral_id', () => referrals.id),
    kind: text('kind').notNull(),
    status: text('status').$type<ReferralStatus>(),
    assessmentOn: date('assessment_on', { mode: 'string' }),
    reason: text('reason'),
    note: text('note').notNull().default(''),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    byId: integer('by_id').references(() => users.id),
    at: writtenAt('at'),
  },
  (t) => [
    index('referral_events_referral_idx').on(t.referralId, t.at, t.id),
    index('referral_events_organization_idx').on(t.organizationId, t.status, t.at),
  ],
);
