import { Type, type Static } from '@fastify/type-provider-typebox';
import { DECLINE_REASONS, REFERRAL_PAYERS, REFERRAL_SOURCES, REFERRAL_STATUSES, SERVICES } from '#domain/clients';
import { CLIENT_TYPES } from '#domain/labels';
import { authenticatedErrors, IdParams, Paged, PagingQuery } from '../../schemas/common';
import {
  CodeOf,
  HomeAddressInput,
  Id,
  IsoDate,
  Nullable,
  PersonName,
  PersonRef,
  Text,
  Timestamp,
} from '../../schemas/fields';

export const ReferralStatusCode = CodeOf(REFERRAL_STATUSES);
export const ReferralSourceCode = CodeOf(REFERRAL_SOURCES);

export const ReferralSummarySchema = Type.Object(
  {
    id: Type.Integer(),
    first_name: Type.String(),
    last_name: Type.String(),
    date_of_birth: IsoDate,
    phone: Type.String(),
    type: CodeOf(CLIENT_TYPES),
    payer: Nullable(CodeOf(REFERRAL_PAYERS)),
    source: ReferralSourceCode,
    source_name: Type.String(),
    status: ReferralStatusCode,
    assessment_on: Nullable(IsoDate),
    decline_reason: Nullable(CodeOf(DECLINE_REASONS)),
    /** Still New 48 hours after it came in. */
    overdue: Type.Boolean(),
    marketer: Nullable(PersonRef),
    /** The client admitted from this referral. */
    client_id: Nullable(Type.Integer()),
    status_changed_at: Timestamp,
    created_at: Timestamp,
  },
  { title: 'ReferralSummary' },
);
export type ReferralSummaryOut = Static<typeof ReferralSummarySchema>;

export const ReferralEventSchema = Type.Object(
  {
    id: Type.Integer(),
    /** CREATED, STATUS, NOTE or EDIT. */
    kind: Type.Enum(['CREATED', 'STATUS', 'NOTE', 'EDIT']),
    status: Nullable(ReferralStatusCode),
    assessment_on: Nullable(IsoDate),
    reason: Nullable(CodeOf(DECLINE_REASONS)),
    note: Type.String(),
    /** EDIT: each corrected field, before and after. */
    changes: Nullable(Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() }))),
    by: Nullable(PersonRef),
    at: Timestamp,
  },
  { title: 'ReferralEvent' },
);
export type ReferralEventOut = Static<typeof ReferralEventSchema>;

export const ReferralSchema = Type.Object(
  {
    ...ReferralSummarySchema.properties,
    address: Type.String(),
    city: Type.String(),
    state: Type.String(),
    postal_code: Type.String(),
    requested_services: Type.Array(CodeOf(SERVICES)),
    source_contact: Type.String(),
    notes: Type.String(),
    /** Details can still be corrected (it is not decided). */
    editable: Type.Boolean(),
    /** The timeline, oldest first: every change, dated, with who made it. */
    events: Type.Array(ReferralEventSchema),
  },
  { title: 'Referral' },
);
export type ReferralOut = Static<typeof ReferralSchema>;

export const REFERRAL_ORDERINGS = [
  '-created_at',
  'created_at',
  'last_name',
  '-last_name',
  '-status_changed_at',
  'status_changed_at',
] as const;
export type ReferralOrdering = (typeof REFERRAL_ORDERINGS)[number];

const tags = ['referrals'];

const referralFields = {
  first_name: PersonName,
  last_name: PersonName,
  date_of_birth: IsoDate,
  phone: Type.String({ minLength: 1, maxLength: 40 }),
  ...HomeAddressInput,
  type: CodeOf(CLIENT_TYPES),
  requested_services: Type.Optional(Type.Array(CodeOf(SERVICES), { maxItems: 20, uniqueItems: true })),
  payer: Type.Optional(Nullable(CodeOf(REFERRAL_PAYERS))),
  source: ReferralSourceCode,
  source_name: Type.Optional(Text(200)),
  source_contact: Type.Optional(Text(200)),
  notes: Type.Optional(Text(10_000)),
};

export const referralListSchema = {
  operationId: 'referrals_list',
  description:
    'Lists referrals, paged: a marketer sees their own; the office sees all of the organization’s (its board), filtered by status, marketer, source, creation dates and overdue (New for over 48 hours), or searched by name.',
  tags,
  summary: "Referrals: a marketer's own; the office's board of all of the organization's",
  querystring: Type.Object({
    status: Type.Optional(ReferralStatusCode),
    marketer_id: Type.Optional(Id),
    source: Type.Optional(ReferralSourceCode),
    overdue: Type.Optional(Type.Boolean({ description: 'true: only referrals still New after 48 hours' })),
    created_before: Type.Optional(IsoDate),
    created_after: Type.Optional(IsoDate),
    search: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'Words; each must begin the first or last name. The count stops at 10,000.',
      }),
    ),
    ordering: Type.Optional(Type.Enum([...REFERRAL_ORDERINGS], { default: '-created_at' })),
    ...PagingQuery,
  }),
  response: { 200: Paged(ReferralSummarySchema), ...authenticatedErrors() },
};

export const referralCreateSchema = {
  operationId: 'referrals_create',
  description:
    'Enters a referral in status New: name, date of birth, contact, type, requested services, payer, source with its name and contact, and notes. A marketer brings it as their own; the office may name the marketer.',
  tags,
  summary: 'Enter a referral (status New); a marketer brings it as their own, the office may name the marketer',
  body: Type.Object({ ...referralFields, marketer_id: Type.Optional(Nullable(Id)) }),
  response: { 201: ReferralSchema, ...authenticatedErrors() },
};

export const referralRetrieveSchema = {
  operationId: 'referrals_retrieve',
  description:
    'Answers one referral with its timeline: every status change, correction and note, dated and with who made it.',
  tags,
  summary: 'One referral with its timeline',
  params: IdParams,
  response: { 200: ReferralSchema, ...authenticatedErrors(404) },
};

export const referralUpdateSchema = {
  operationId: 'referrals_partial_update',
  description:
    'Corrects a referral’s details until it is decided; send only the fields to change. Each correction enters the timeline.',
  tags,
  summary: "Correct a referral's details until it is decided (each correction enters the timeline)",
  params: IdParams,
  body: Type.Partial(Type.Object(referralFields)),
  response: { 200: ReferralSchema, ...authenticatedErrors(404) },
};

export const referralNoteSchema = {
  operationId: 'referrals_notes_create',
  description: 'Adds a dated note to the referral’s timeline.',
  tags,
  summary: 'Add a note to the timeline',
  params: IdParams,
  body: Type.Object({ note: Type.String({ minLength: 1, maxLength: 5000 }) }),
  response: { 201: ReferralSchema, ...authenticatedErrors(404) },
};

export const referralStatusSchema = {
  operationId: 'referrals_status_create',
  description:
    'Moves a referral along: Contacted, Assessment scheduled (needs assessment_on), Declined (needs a reason from the list) or Lost. Admission goes through referrals_admit_create; a decided referral no longer moves (409).',
  tags,
  summary:
    'Move a referral: Contacted, Assessment scheduled (assessment_on), Declined (reason) or Lost; admission is referrals_admit_create',
  params: IdParams,
  body: Type.Object({
    status: CodeOf({
      CONTACTED: REFERRAL_STATUSES.CONTACTED,
      ASSESSMENT_SCHEDULED: REFERRAL_STATUSES.ASSESSMENT_SCHEDULED,
      DECLINED: REFERRAL_STATUSES.DECLINED,
      LOST: REFERRAL_STATUSES.LOST,
    }),
    assessment_on: Type.Optional(IsoDate),
    reason: Type.Optional(CodeOf(DECLINE_REASONS)),
    note: Type.Optional(Type.String({ maxLength: 5000 })),
  }),
  response: { 200: ReferralSchema, ...authenticatedErrors(404, 409) },
};

export const referralAdmitSchema = {
  operationId: 'referrals_admit_create',
  description:
    'Admits a referral: creates the client (status Pending) from its details, links the two both ways and tells the marketer. Refused (409) when it is already admitted or decided.',
  tags,
  summary:
    'Admit: creates the client (Pending) from the referral, links the two, tells the marketer; refused once admitted or decided',
  params: IdParams,
  body: Type.Object({ note: Type.Optional(Type.String({ maxLength: 5000 })) }),
  response: { 200: ReferralSchema, ...authenticatedErrors(404, 409) },
};

/** What the service takes: the inputs as the routes validated them (a list's paging goes apart, as a Page). */
export type ReferralListFilter = Omit<Static<typeof referralListSchema.querystring>, 'limit' | 'offset'>;
export type ReferralCreateInput = Static<typeof referralCreateSchema.body>;
export type ReferralInput = Static<typeof referralUpdateSchema.body>;
export type ReferralStatusInput = Static<typeof referralStatusSchema.body>;
export type ReferralAdmitInput = Static<typeof referralAdmitSchema.body>;
