import { Type, type Static } from '@fastify/type-provider-typebox';
import { SERVICES } from '#domain/clients';
import { RESOLUTIONS } from '#domain/visits';
import { REVIEW_STATUSES, UNABLE_REASONS } from '#domain/work-service-reviews';
import { authenticatedErrors, FileDownload, IdParams, Paged, PagingQuery } from '../../schemas/common';
import { ClientRef, CodeOf, Id, IsoDate, Nullable, PersonRef, Timestamp } from '../../schemas/fields';
import { MAX_SIGNATURE_LENGTH } from '../../lib/signature-files';

export const ReviewStatusCode = CodeOf(REVIEW_STATUSES);

/** The client's dispute of one visit: the DISPUTE exception the office works in its queue. */
const DisputeSchema = Type.Object(
  {
    exception_id: Type.Integer(),
    /** The client's words. */
    comment: Type.String(),
    created_at: Timestamp,
    resolution: Nullable(CodeOf(RESOLUTIONS)),
    resolved_at: Nullable(Timestamp),
  },
  { title: 'ReviewDispute' },
);

export const ReviewVisitSchema = Type.Object(
  {
    visit_id: Type.Integer(),
    /** The organization's local date of the visit. */
    service_date: IsoDate,
    /** The caregiver: the office sees the full name, a client or family member the first name and initial ("Nora O."). */
    caregiver: Type.Union([PersonRef, Type.Null()], {
      description: 'The office sees the full name; a client or family member the first name and initial (“Nora O.”)',
    }),
    /** The office's corrected times if any, else the clocks. */
    starts_at: Timestamp,
    ends_at: Timestamp,
    corrected: Type.Boolean(),
    service: CodeOf(SERVICES),
    minutes: Type.Integer(),
    dispute: Nullable(DisputeSchema),
  },
  { title: 'ReviewVisit' },
);
export type ReviewVisitOut = Static<typeof ReviewVisitSchema>;

const reviewFields = {
  id: Type.Integer(),
  status: ReviewStatusCode,
  client: ClientRef,
  /** The organization's first day of the week, and the week's last day. */
  week_start: IsoDate,
  week_end: IsoDate,
  /** "Visits of Nov 16 – Nov 22". */
  title: Type.String(),
  visit_count: Type.Integer(),
  total_minutes: Type.Integer(),
  signed_by: Nullable(PersonRef),
  signed_at: Nullable(Timestamp),
  unable_reason: Nullable(CodeOf(UNABLE_REASONS)),
  /** The office's note on why the client cannot sign (the office's view only: null for the client). */
  unable_note: Nullable(Type.String()),
  unable_recorded_by: Nullable(PersonRef),
  unable_recorded_at: Nullable(Timestamp),
  created_at: Timestamp,
};

export const ReviewSummarySchema = Type.Object(reviewFields, { title: 'WorkServiceReviewSummary' });
export type ReviewSummaryOut = Static<typeof ReviewSummarySchema>;

export const ReviewSchema = Type.Object(
  {
    ...reviewFields,
    /** The organization's time zone, in which the times are shown. */
    timezone: Type.String(),
    /** The week's visits that took place: as signed once signed, else as they are now. */
    visits: Type.Array(ReviewVisitSchema),
  },
  { title: 'WorkServiceReview' },
);
export type ReviewOut = Static<typeof ReviewSchema>;

const tags = ['work-service-reviews'];
const Signature = Type.String({
  maxLength: MAX_SIGNATURE_LENGTH + 100_000,
  description: 'The drawn signature: data:image/png;base64,...',
});

export const reviewListSchema = {
  operationId: 'work_service_reviews_list',
  description:
    'Lists work-service reviews (one client’s completed visits of one week), newest week first, paged: the office’s, filtered by status or client; a client’s own.',
  tags,
  summary:
    "Work-service reviews, newest week first: the office's (by status or client), a client's own; the weeks that ended are reviewed first",
  querystring: Type.Object({
    status: Type.Optional(ReviewStatusCode),
    client_id: Type.Optional(Id),
    ...PagingQuery,
  }),
  response: { 200: Paged(ReviewSummarySchema), ...authenticatedErrors() },
};

export const reviewRetrieveSchema = {
  operationId: 'work_service_reviews_retrieve',
  description:
    'Answers one review with every visit of the week that took place: date, caregiver (the client sees the first name and initial), times, service, minutes, and any dispute with its resolution.',
  tags,
  summary:
    'One review with every visit of the week that took place: date, caregiver, times, service, minutes, any dispute',
  params: IdParams,
  response: { 200: ReviewSchema, ...authenticatedErrors(404) },
};

export const reviewSignatureSchema = {
  operationId: 'work_service_reviews_signature_retrieve',
  description: 'Answers the client’s drawn signature on a signed review as a PNG file (404 before it is signed).',
  tags,
  summary: "The client's drawn signature of a signed review (PNG)",
  params: IdParams,
  produces: ['image/png'],
  response: { 200: FileDownload, ...authenticatedErrors(404) },
};

export const reviewSignSchema = {
  operationId: 'work_service_reviews_sign_create',
  description:
    'The client signs the week with their drawn signature: the review becomes Signed and read-only (409 when it is already signed).',
  tags,
  summary:
    'The client signs the week with the signature pad: the review is Signed and read-only (409 when signed already)',
  params: IdParams,
  body: Type.Object({ signature: Signature }),
  response: { 200: ReviewSchema, ...authenticatedErrors(404, 409) },
};

export const reviewDisputeSchema = {
  operationId: 'work_service_reviews_dispute_create',
  description:
    'The client disputes one visit of the week with a comment: it becomes an exception in the office’s queue and the review is Disputed until the office resolves it.',
  tags,
  summary:
    "The client disputes one visit of the week with a comment: an exception in the office's queue; the review is Disputed",
  params: IdParams,
  body: Type.Object({ visit_id: Id, comment: Type.String({ minLength: 1, maxLength: 2_000 }) }),
  response: { 200: ReviewSchema, ...authenticatedErrors(404, 409) },
};

export const reviewUnableSchema = {
  operationId: 'work_service_reviews_unable_create',
  description: 'The office records that the client cannot sign the week, with a reason code and a note.',
  tags,
  summary: 'The office records that the client cannot sign, with a reason code and a note',
  params: IdParams,
  body: Type.Object({ reason: CodeOf(UNABLE_REASONS), note: Type.String({ minLength: 1, maxLength: 2_000 }) }),
  response: { 200: ReviewSchema, ...authenticatedErrors(404, 409) },
};

/** What the service takes: the inputs as the routes validated them (a list's paging goes apart, as a Page). */
export type ReviewListFilter = Omit<Static<typeof reviewListSchema.querystring>, 'limit' | 'offset'>;
export type ReviewSignInput = Static<typeof reviewSignSchema.body>;
export type ReviewDisputeInput = Static<typeof reviewDisputeSchema.body>;
export type ReviewUnableInput = Static<typeof reviewUnableSchema.body>;
