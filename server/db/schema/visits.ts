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
} from 'drizzle-orm/pg-core';

import type { ServiceCode } from '#domain/clients';
import type {
  CancelReason,
  CorrectionReason,
  ExceptionCode,
  LocationType,
  Resolution,
  VisitStatus,
} from '#domain/visits';
import type { ReviewStatus, UnableReason } from '#domain/work-service-reviews';
import { createdAt, instant, requiredRef, writtenAt } from './columns';
import { organizationId, organizationRow } from './tenancy';
import { files, users } from './identity';
import { clientServices, clients } from './clients';

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
    ...organizationRow(),
    clientId: requiredRef('client_id', () => clients.id),
    clientServiceId: requiredRef('client_service_id', () => clientServices.id),
    /** Null while the visit is Open. */
    caregiverId: integer('caregiver_id').references(() => users.id),
    status: text('status').$type<VisitStatus>().notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    /** The weekly pattern that booked it, if any (its visits share the id of the first). */
    patternId: integer('pattern_id'),
    /** The last caregiver's "I can't make it", in their words, and when. */
    calloutReason: text('callout_reason'),
    calledOutAt: instant('called_out_at'),
    cancelReason: text('cancel_reason').$type<CancelReason>(),
    cancelNote: text('cancel_note'),
    clockInAt: instant('clock_in_at'),
    clockInLatitude: doublePrecision('clock_in_latitude'),
    clockInLongitude: doublePrecision('clock_in_longitude'),
    clockInAccuracy: doublePrecision('clock_in_accuracy'),
    /** Metres from the client's home, when both positions are known. */
    clockInDistance: doublePrecision('clock_in_distance'),
    clockInLocation: text('clock_in_location').$type<LocationType>(),
    clockInReason: text('clock_in_reason'),
    clockOutAt: instant('clock_out_at'),
    clockOutLatitude: doublePrecision('clock_out_latitude'),
    clockOutLongitude: doublePrecision('clock_out_longitude'),
    clockOutAccuracy: doublePrecision('clock_out_accuracy'),
    clockOutDistance: doublePrecision('clock_out_distance'),
    clockOutLocation: text('clock_out_location').$type<LocationType>(),
    clockOutReason: text('clock_out_reason'),
    /** The office's corrected times, beside the original clocks, with the kept reason. */
    correctedStartAt: instant('corrected_start_at'),
    correctedEndAt: instant('corrected_end_at'),
    correctionReason: text('correction_reason').$type<CorrectionReason>(),
    correctionNote: text('correction_note'),
    correctedById: integer('corrected_by_id').references(() => users.id),
    correctedAt: instant('corrected_at'),
    verifiedAt: instant('verified_at'),
    /** When the window, caregiver or service last changed after booking (the client sees "changed"). */
    changedAt: instant('changed_at'),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: writtenAt('updated_at'),
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
    ...organizationRow(),
    visitId: requiredRef('visit_id', () => visits.id),
    code: text('code').$type<ExceptionCode>().notNull(),
    /** The caregiver's reason or the client's comment, in their words. */
    detail: text('detail').notNull().default(''),
    resolution: text('resolution').$type<Resolution>(),
    resolutionNote: text('resolution_note'),
    resolvedById: integer('resolved_by_id').references(() => users.id),
    resolvedAt: instant('resolved_at'),
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
    visitId: requiredRef('visit_id', () => visits.id),
    caregiverId: requiredRef('caregiver_id', () => users.id),
    organizationId: organizationId(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.visitId, t.caregiverId] }),
    index('visit_requests_organization_idx').on(t.organizationId),
  ],
);

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
    ...organizationRow(),
    clientId: requiredRef('client_id', () => clients.id),
    /** The organization's first day of the week (organizations.week_start) and the week's last day. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    weekEnd: date('week_end', { mode: 'string' }).notNull(),
    status: text('status').$type<ReviewStatus>().notNull().default('PENDING'),
    signedById: integer('signed_by_id').references(() => users.id),
    signedAt: instant('signed_at'),
    signatureFileId: integer('signature_file_id').references(() => files.id),
    signedVisits: jsonb('signed_visits').$type<SignedVisit[]>(),
    unableReason: text('unable_reason').$type<UnableReason>(),
    unableNote: text('unable_note'),
    unableRecordedById: integer('unable_recorded_by_id').references(() => users.id),
    unableRecordedAt: instant('unable_recorded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('work_service_reviews_client_week_unique').on(t.clientId, t.weekStart),
    index('work_service_reviews_organization_idx').on(t.organizationId, t.weekStart, t.id),
    index('work_service_reviews_organization_status_idx').on(t.organizationId, t.status, t.weekStart, t.id),
  ],
);
