import type { Readable } from 'node:stream';
import { Type, type Static, type TSchema } from '@fastify/type-provider-typebox';
import { SERVICES } from '#domain/clients';
import {
  CANCEL_REASONS,
  CORRECTION_REASONS,
  EXCEPTION_CODES,
  LOCATION_TYPES,
  MAX_PATTERN_DAYS,
  RESOLUTIONS,
  VISIT_STATUSES,
} from '#domain/visits';
import { authenticatedErrors, IdParams, Paged, PagingQuery } from '../../schemas/common';
import { ClientRef, CodeOf, Id, IsoDate, Nullable, PersonRef, Timestamp } from '../../schemas/fields';

export const VisitStatusCode = CodeOf(VISIT_STATUSES);
const Note = Type.String({ maxLength: 2_000 });
/** `HH:MM`, a wall-clock time in the organization's zone. */
const WallTime = Type.String({
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  description: 'HH:MM in the organization’s time zone',
});

/** A nullable field with its description in the document (who sees it). */
const Described = <T extends TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });
const FOR_OFFICE_AND_CAREGIVER = 'null in a client’s or family member’s view';

const ClockSchema = Type.Object(
  {
    at: Timestamp,
    /** HOME when the position placed it at the client's home; otherwise what the caregiver chose. */
    location: Described(
      CodeOf(LOCATION_TYPES),
      `HOME when the position placed it at the client’s home, otherwise what the caregiver chose; ${FOR_OFFICE_AND_CAREGIVER}`,
    ),
    latitude: Described(Type.Number(), `The caregiver’s position at the clock; ${FOR_OFFICE_AND_CAREGIVER}`),
    longitude: Described(Type.Number(), `The caregiver’s position at the clock; ${FOR_OFFICE_AND_CAREGIVER}`),
    accuracy: Described(Type.Number(), `Metres, as the phone reported it; ${FOR_OFFICE_AND_CAREGIVER}`),
    /** Metres from the client's home, when both positions are known. */
    distance: Described(
      Type.Number(),
      `Metres from the client’s home, when both positions are known; ${FOR_OFFICE_AND_CAREGIVER}`,
    ),
    /** Why the position was not used (the caregiver's words), or null. */
    reason: Described(
      Type.String(),
      `Why the position was not used (the caregiver’s words); ${FOR_OFFICE_AND_CAREGIVER}`,
    ),
  },
  { title: 'Clock' },
);
export type ClockOut = Static<typeof ClockSchema>;

export const VisitExceptionSchema = Type.Object(
  {
    id: Type.Integer(),
    visit_id: Type.Integer(),
    code: CodeOf(EXCEPTION_CODES),
    detail: Type.String(),
    resolution: Nullable(CodeOf(RESOLUTIONS)),
    resolution_note: Nullable(Type.String()),
    resolved_by: Nullable(PersonRef),
    resolved_at: Nullable(Timestamp),
    created_at: Timestamp,
  },
  { title: 'VisitException' },
);
export type VisitExceptionOut = Static<typeof VisitExceptionSchema>;

/**
 * One visit as its caller may see it (product.md, "What each person sees of a visit"): the office everything; a
 * caregiver their own visits without the home's position, and an Open visit not theirs (one that fits their
 * position and lies ahead) with only what deciding needs: the client's initials, the town for the address, no
 * notes; a client or family member times, service, status and the caregiver's first name and initial, with
 * no clock positions or reasons, no exceptions and no notes of the office.
 */
export const VisitSchema = Type.Object(
  {
    id: Type.Integer(),
    status: VisitStatusCode,
    /** The client; of an Open visit not yet the caregiver's, the initials only ("W." "N."). */
    client: ClientRef,
    /** The client's home, for the caregiver's way there ("open in maps"); of an Open visit not yet the caregiver's, the town only. */
    address: Type.String({ description: 'The client’s home; of an Open visit not yet the caregiver’s, the town only' }),
    /** The client's home position: the office's only (the server compares clocks with it; it never goes to a caregiver's phone). */
    latitude: Described(Type.Number(), 'The client’s home position: the office’s view only, null for everyone else'),
    longitude: Described(Type.Number(), 'The client’s home position: the office’s view only, null for everyone else'),
    service_id: Type.Integer(),
    service: CodeOf(SERVICES),
    /** The caregiver: a client or family member sees the first name and initial ("Nora O."). */
    caregiver: Type.Union([PersonRef, Type.Null()], {
      description: 'A client or family member sees the first name and initial (“Nora O.”)',
    }),
    starts_at: Timestamp,
    ends_at: Timestamp,
    /** The organization's local date of the start. */
    service_date: IsoDate,
    /** The organization's time zone, in which the window is shown. */
    timezone: Type.String(),
    /** The office's notes (entry notes, a gate code): the office's and the assigned caregiver's view, '' for others. */
    notes: Type.String({
      description:
        'The office’s notes (entry notes, a gate code): the office and the assigned caregiver; empty for anyone else',
    }),
    pattern_id: Nullable(Type.Integer()),
    cancel_reason: Nullable(CodeOf(CANCEL_REASONS)),
    cancel_note: Described(
      Type.String(),
      'The office’s note on the cancellation; null for clients and for an Open visit not the caregiver’s',
    ),
    clock_in: Nullable(ClockSchema),
    clock_out: Nullable(ClockSchema),
    corrected_start_at: Nullable(Timestamp),
    corrected_end_at: Nullable(Timestamp),
    correction_reason: Described(
      CodeOf(CORRECTION_REASONS),
      `Why the office corrected the times; ${FOR_OFFICE_AND_CAREGIVER}`,
    ),
    correction_note: Described(Type.String(), `The office’s note on the correction; ${FOR_OFFICE_AND_CAREGIVER}`),
    /** Minutes worked: the corrected times if any, else the clocks (null until both are known). */
    minutes: Nullable(Type.Integer()),
    /** The office's and the assigned caregiver's view; empty for a client or family member. */
    exceptions: Type.Array(VisitExceptionSchema, {
      description:
        'The office’s and the assigned caregiver’s view; empty for a client or family member and for an Open visit not the caregiver’s',
    }),
    /** Caregivers who asked for this Open visit (the office's view; a caregiver sees only whether they asked). */
    requested_by: Type.Array(PersonRef),
    verified_at: Nullable(Timestamp),
    /** When the window, caregiver or service last changed after booking. */
    changed_at: Nullable(Timestamp),
    created_at: Timestamp,
  },
  {
    title: 'Visit',
    description:
      'One visit as its caller may see it: the office everything; a caregiver their own visits (never the home’s position) and an Open visit that fits them and lies ahead with only what deciding needs (the client’s initials, the town, no notes); a client or family member times, service, status and the caregiver’s first name and initial, without clock positions, reasons, exceptions or the office’s notes.',
  },
);
export type VisitOut = Static<typeof VisitSchema>;

const tags = ['visits'];

export const visitListSchema = {
  operationId: 'visits_list',
  description:
    'Lists the visits of a period, paged: the office’s of any caregiver or client (filter by caregiver, client and status); a caregiver’s own, or with status=OPEN the open visits ahead that fit their position (reduced: initials, town, no notes); a client’s own (reduced). Every search is written to the audit log.',
  tags,
  summary:
    "Visits of a period: the office's of anyone; a caregiver's own (or, with status=OPEN, the open ones that fit their position); a client's own",
  querystring: Type.Object({
    from: Type.Optional(IsoDate),
    to: Type.Optional(IsoDate),
    caregiver_id: Type.Optional(Id),
    client_id: Type.Optional(Id),
    status: Type.Optional(VisitStatusCode),
    ordering: Type.Optional(Type.Enum(['starts_at', '-starts_at'], { default: 'starts_at' })),
    ...PagingQuery,
  }),
  response: { 200: Paged(VisitSchema), ...authenticatedErrors() },
};

const windowFields = {
  service_date: IsoDate,
  start_time: WallTime,
  end_time: WallTime,
  end_date: Type.Optional(IsoDate),
};

export const visitCreateSchema = {
  operationId: 'visits_create',
  description:
    'Books a visit of one caregiver for one client’s service in a time window (the organization’s time zone), or an Open visit without a caregiver. Refused, naming the conflict, when the caregiver is not READY or is booked elsewhere in the window (409), the window is over 24 hours or ends before it starts, or the client does not have the service.',
  tags,
  summary: 'Book a visit (Open without a caregiver); refused with the conflict named',
  body: Type.Object({
    client_id: Id,
    service_id: Id,
    caregiver_id: Type.Optional(Nullable(Id)),
    ...windowFields,
    notes: Type.Optional(Note),
  }),
  response: { 201: VisitSchema, ...authenticatedErrors(404, 409) },
};

export const visitRetrieveSchema = {
  operationId: 'visits_retrieve',
  description:
    'Answers one visit with its clocks (time, location, distance from home), any corrections beside the original clock times, and its exceptions, as its caller may see it: the office any; a caregiver their own, or an Open visit that fits their position and lies ahead (reduced to what deciding needs: initials, town, no notes); a client or family member their own, reduced (no positions, reasons, exceptions or notes; the caregiver’s first name and initial). Anything else is 404. Every read is written to the audit log.',
  tags,
  summary: 'One visit with its clocks, corrections and exceptions',
  params: IdParams,
  response: { 200: VisitSchema, ...authenticatedErrors(404) },
};

export const visitUpdateSchema = {
  operationId: 'visits_partial_update',
  description:
    'Moves a visit not yet clocked to another window, reassigns it (caregiver null makes it Open), or changes its note, with the same checks as booking.',
  tags,
  summary: 'Move, reassign (null: Open) or annotate a visit not yet clocked',
  params: IdParams,
  body: Type.Object({
    caregiver_id: Type.Optional(Nullable(Id)),
    service_id: Type.Optional(Id),
    service_date: Type.Optional(IsoDate),
    start_time: Type.Optional(WallTime),
    end_time: Type.Optional(WallTime),
    end_date: Type.Optional(IsoDate),
    notes: Type.Optional(Note),
  }),
  response: { 200: VisitSchema, ...authenticatedErrors(404, 409) },
};

export const RecurrenceResultSchema = Type.Object(
  {
    created: Type.Array(VisitSchema),
    /** Each day of the pattern not booked, and why. */
    skipped: Type.Array(Type.Object({ service_date: IsoDate, reason: Type.String() })),
  },
  { title: 'RecurrenceResult' },
);
export type RecurrenceResultOut = Static<typeof RecurrenceResultSchema>;

export const visitRecurrenceSchema = {
  operationId: 'visits_recurrences_create',
  tags,
  summary: 'Book a weekly pattern at once (days of the week, times, until a date); lists what it skipped and why',
  body: Type.Object({
    client_id: Id,
    service_id: Id,
    caregiver_id: Type.Optional(Nullable(Id)),
    starts_on: IsoDate,
    until: IsoDate,
    weekdays: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), {
      minItems: 1,
      maxItems: 7,
      uniqueItems: true,
      description: '0 Sunday … 6 Saturday',
    }),
    start_time: WallTime,
    end_time: WallTime,
    notes: Type.Optional(Note),
  }),
  response: { 201: RecurrenceResultSchema, ...authenticatedErrors(404) },
  description: `Books a weekly pattern at once (days of the week, times, until a date) with the same checks as visits_create, and answers the visits made and each one skipped with why. A pattern books at most ${MAX_PATTERN_DAYS} days.`,
};

export const visitCancelSchema = {
  operationId: 'visits_cancel_create',
  description:
    'Cancels a visit not yet clocked, with a reason code (client request, client in hospital, caregiver call-out, weather, other).',
  tags,
  summary: 'Cancel a visit not yet clocked, with a reason code',
  params: IdParams,
  body: Type.Object({ reason: CodeOf(CANCEL_REASONS), note: Type.Optional(Note) }),
  response: { 200: VisitSchema, ...authenticatedErrors(404, 409) },
};

/** Either the position, or where the caregiver says they are and why. */
const ClockBody = Type.Object(
  {
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    accuracy: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
    location_type: Type.Optional(CodeOf(LOCATION_TYPES)),
    reason: Type.Optional(Note),
  },
  { title: 'ClockInput' },
);
export type ClockInput = Static<typeof ClockBody>;

export const visitClockInSchema = {
  operationId: 'visits_clock_in_create',
  description:
    'The caregiver clocks in at the server’s time (never the phone’s). Send the position once (latitude, longitude, accuracy): within the organization’s tolerance of the client’s home it counts as home. Away from it, or without a position, send location_type (home or community) and a reason: the visit gets an exception, as does a clock-in more than 15 minutes late.',
  tags,
  summary: "Clock in at the server's time, with the position or (away, or declined) home|community and a reason",
  params: IdParams,
  body: ClockBody,
  response: { 200: VisitSchema, ...authenticatedErrors(404, 409) },
};

export const visitClockOutSchema = {
  operationId: 'visits_clock_out_create',
  description:
    'The caregiver clocks out at the server’s time, with the position or location_type and reason as for clocking in. The visit is Completed, and Verified when both clocks are in order.',
  tags,
  summary: "Clock out at the server's time: the visit is Completed (Verified when both clocks are in order)",
  params: IdParams,
  body: ClockBody,
  response: { 200: VisitSchema, ...authenticatedErrors(404, 409) },
};

export const visitCalloutSchema = {
  operationId: 'visits_callout_create',
  description:
    'The caregiver gives up a future visit (“I can’t make it”) with a reason: it turns Open and the office is told.',
  tags,
  summary: '"I can\'t make it": the caregiver gives up a future visit, which turns Open; the office is told',
  params: IdParams,
  body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 2_000 }) }),
  response: { 200: VisitSchema, ...authenticatedErrors(404, 409) },
};

export const visitRequestSchema = {
  operationId: 'visits_request_create',
  description: 'A READY caregiver asks for an Open visit that fits their position; the office is told and assigns it.',
  tags,
  summary: 'A READY caregiver asks for an Open visit that fits their position; the office assigns it',
  params: IdParams,
  response: { 201: VisitSchema, ...authenticatedErrors(404, 409) },
};

export const ExceptionListItemSchema = Type.Object(
  {
    ...VisitExceptionSchema.properties,
    visit: Type.Object({
      id: Type.Integer(),
      status: VisitStatusCode,
      client: ClientRef,
      caregiver: Nullable(PersonRef),
      service: CodeOf(SERVICES),
      starts_at: Timestamp,
      ends_at: Timestamp,
      service_date: IsoDate,
      clock_in_at: Nullable(Timestamp),
      clock_out_at: Nullable(Timestamp),
      /** The office's corrected times, beside the original clocks above. */
      corrected_start_at: Nullable(Timestamp),
      corrected_end_at: Nullable(Timestamp),
      correction_reason: Nullable(CodeOf(CORRECTION_REASONS)),
      minutes: Nullable(Type.Integer()),
    }),
  },
  { title: 'VisitExceptionItem' },
);
export type ExceptionListItemOut = Static<typeof ExceptionListItemSchema>;

export const exceptionListSchema = {
  operationId: 'visit_exceptions_list',
  description:
    'Lists the office’s exceptions queue, oldest visit first, paged: open exceptions (default) or resolved ones, with the visit each belongs to.',
  tags,
  summary: "The office's exceptions queue: open ones (default) or resolved, oldest visit first",
  querystring: Type.Object({
    resolved: Type.Optional(Type.Boolean({ default: false })),
    code: Type.Optional(CodeOf(EXCEPTION_CODES)),
    ...PagingQuery,
  }),
  response: { 200: Paged(ExceptionListItemSchema), ...authenticatedErrors() },
};

export const exceptionResolveSchema = {
  operationId: 'visit_exceptions_resolve_create',
  description:
    'Resolves an exception: approve it, or correct the visit’s times with a reason code and note. The original clock times are kept beside the corrected ones. Answers the visit, Verified once all its exceptions are resolved.',
  tags,
  summary: 'Approve an exception, or correct the visit’s times with a reason code (the original clocks are kept)',
  params: IdParams,
  body: Type.Object({
    resolution: CodeOf(RESOLUTIONS),
    note: Type.Optional(Note),
    correction_reason: Type.Optional(CodeOf(CORRECTION_REASONS)),
    corrected_start_at: Type.Optional(Timestamp),
    corrected_end_at: Type.Optional(Timestamp),
  }),
  response: { 200: VisitSchema, ...authenticatedErrors(404, 409) },
};

export const visitExportSchema = {
  operationId: 'visits_export_retrieve',
  description:
    'Answers a CSV of a period’s verified visits for the state’s aggregator: the six elements of electronic visit verification (service, client, caregiver, date, location, start and end time) and the exception codes. The export is written to the audit log.',
  tags,
  summary: "A period's verified visits as CSV for the state's aggregator: the six elements and the exception codes",
  querystring: Type.Object({ from: IsoDate, to: IsoDate }),
  produces: ['text/csv'],
  response: {
    200: Type.Unsafe<Readable>({
      type: 'string',
      description:
        'CSV, one visit a line: visit, service, client, member id, caregiver, service date, clock locations and positions, start and end (UTC), clocks, minutes, time zone, exception codes, correction reason',
    }),
    ...authenticatedErrors(),
  },
};

/** One visit as the schedule board shows it: compact, with what needs the office's eye. */
export const BoardVisitSchema = Type.Object(
  {
    id: Type.Integer(),
    status: VisitStatusCode,
    starts_at: Timestamp,
    ends_at: Timestamp,
    service_date: IsoDate,
    service: CodeOf(SERVICES),
    client: PersonRef,
    caregiver: Nullable(PersonRef),
    /** Open exceptions of the visit (late, missing or away clocks, overlaps, disputes). */
    open_exceptions: Type.Integer(),
    /** Open visits: how many caregivers asked for it. */
    requests: Type.Integer(),
    changed: Type.Boolean(),
  },
  { title: 'BoardVisit' },
);
export type BoardVisitOut = Static<typeof BoardVisitSchema>;

export const BoardRowSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    /** By caregiver: the position code; by client: the services it receives, comma separated. */
    detail: Type.String(),
    /** Booked minutes of the week (cancelled and missed visits aside). */
    minutes: Type.Integer(),
    visits: Type.Array(BoardVisitSchema),
  },
  { title: 'BoardRow' },
);

export const BoardSchema = Type.Object(
  {
    by: Type.Enum(['caregiver', 'client']),
    week_start: IsoDate,
    days: Type.Array(IsoDate),
    timezone: Type.String(),
    /** Rows (caregivers or clients) in all, for paging. */
    count: Type.Integer(),
    rows: Type.Array(BoardRowSchema),
    /** The week's visits with no caregiver, by start. */
    open: Type.Array(BoardVisitSchema),
  },
  { title: 'Board' },
);
export type BoardOut = Static<typeof BoardSchema>;

export const visitBoardSchema = {
  operationId: 'visits_board_retrieve',
  description:
    'Answers the schedule board for a week: rows by caregiver (READY employees) or by client (active clients), each day’s visits, the open visits, and what needs attention (gaps and conflicts).',
  tags,
  summary:
    'The schedule board: a week by caregiver (READY employees) or by client (active clients), with open visits and what needs attention',
  querystring: Type.Object({
    week: Type.Optional(IsoDate),
    by: Type.Optional(Type.Enum(['caregiver', 'client'], { default: 'caregiver' })),
    search: Type.Optional(
      Type.String({ maxLength: 200, description: 'Words; each must begin the first or last name' }),
    ),
    ...PagingQuery,
  }),
  response: { 200: BoardSchema, ...authenticatedErrors() },
};

/** What the services take: the inputs as the routes validated them (a list's paging goes apart, as a Page). */
type QueryOf<T extends { querystring: TSchema }> = Omit<Static<T['querystring']>, 'limit' | 'offset'>;
export type VisitFilter = QueryOf<typeof visitListSchema>;
export type VisitCreateInput = Static<typeof visitCreateSchema.body>;
export type VisitUpdateInput = Static<typeof visitUpdateSchema.body>;
export type RecurrenceInput = Static<typeof visitRecurrenceSchema.body>;
export type CancelInput = Static<typeof visitCancelSchema.body>;
export type BoardQuery = QueryOf<typeof visitBoardSchema>;
export type ExceptionFilter = QueryOf<typeof exceptionListSchema>;
export type ResolveInput = Static<typeof exceptionResolveSchema.body>;
export type ExportPeriod = Static<typeof visitExportSchema.querystring>;
