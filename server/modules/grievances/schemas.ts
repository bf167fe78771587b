import { Type, type Static } from '@fastify/type-provider-typebox';
import { GRIEVANCE_CATEGORIES, GRIEVANCE_CHANNELS, GRIEVANCE_STATES } from '#domain/grievances';
import { authenticatedErrors, IdParams, NoContent, Paged, PagingQuery } from '../../schemas/common';
import { CodeOf, Id, IsoDate, Nullable, PersonRef, Text, Timestamp } from '../../schemas/fields';

const tags = ['grievances'];

export const GrievanceStateCode = CodeOf(GRIEVANCE_STATES);

export const GrievanceSummarySchema = Type.Object(
  {
    id: Type.Integer(),
    category: CodeOf(GRIEVANCE_CATEGORIES),
    description: Type.String(),
    state: GrievanceStateCode,
    /** Abuse, neglect or mistreatment: heads the desk. */
    urgent: Type.Boolean(),
    /** No resolution 14 days after it was filed. */
    overdue: Type.Boolean(),
    channel: CodeOf(GRIEVANCE_CHANNELS),
    /** Who complains, in words. */
    complainant_name: Type.String(),
    /** The complainant's account (an employee or a client user), when they have one. */
    complainant: Nullable(PersonRef),
    /** The client record the grievance belongs to (a client's, or one the office named). */
    client: Nullable(PersonRef),
    occurred_on: Nullable(IsoDate),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: 'GrievanceSummary' },
);
export type GrievanceSummaryOut = Static<typeof GrievanceSummarySchema>;

export const GrievanceEventSchema = Type.Object(
  {
    id: Type.Integer(),
    /** FILED, TRANSITION or NOTE. */
    kind: Type.Enum(['FILED', 'TRANSITION', 'NOTE']),
    from_state: Nullable(GrievanceStateCode),
    to_state: Nullable(GrievanceStateCode),
    note: Type.String(),
    /** The office's own note: never in the complainant's answers. */
    internal: Type.Boolean(),
    by: Nullable(PersonRef),
    at: Timestamp,
  },
  { title: 'GrievanceEvent' },
);
export type GrievanceEventOut = Static<typeof GrievanceEventSchema>;

export const ReprisalChangeSchema = Type.Object(
  {
    id: Type.Integer(),
    at: Timestamp,
    /** visit, user or employee. */
    entity: Type.String(),
    entity_id: Nullable(Type.String()),
    action: Type.String(),
    /** The changed fields' names. */
    fields: Type.Array(Type.String()),
    by: Nullable(PersonRef),
  },
  { title: 'ReprisalChange' },
);
export type ReprisalChangeOut = Static<typeof ReprisalChangeSchema>;

export const GrievanceSchema = Type.Object(
  {
    ...GrievanceSummarySchema.properties,
    people_involved: Type.String(),
    desired_outcome: Type.String(),
    resolution: Nullable(Type.String()),
    resolved_at: Nullable(Timestamp),
    filed_by: Nullable(PersonRef),
    /** The trail, oldest first: filing, every move and note, dated, with who (internal notes to the office only). */
    events: Type.Array(GrievanceEventSchema),
    /**
     * The family members (other portal users of the grievance's client) its complainant shared it with, by
     * name: for the office and the complainant; null for anyone else (one it is shared with included).
     */
    shared_with: Nullable(Type.Array(PersonRef)),
    /** The moves the caller may make now (the office's; empty for the complainant). */
    moves: Type.Array(GrievanceStateCode),
    /**
     * The office's reprisal watch: for 90 days after filing, every change to the complainant's visits or
     * role (read from the audit log), newest first; null for the complainant.
     */
    reprisal_watch: Nullable(
      Type.Object({
        until: Timestamp,
        changes: Type.Array(ReprisalChangeSchema),
      }),
    ),
  },
  { title: 'Grievance' },
);
export type GrievanceOut = Static<typeof GrievanceSchema>;

export const GRIEVANCE_ORDERINGS = ['-created_at', 'created_at', '-updated_at'] as const;
export type GrievanceOrdering = (typeof GRIEVANCE_ORDERINGS)[number];

export const grievanceListSchema = {
  operationId: 'grievances_list',
  description:
    'Lists grievances, paged: an employee or client sees their own; the office sees the organization’s desk, urgent ones first, filtered by state, category and overdue.',
  tags,
  summary: "Grievances: an employee's or client's own; the office's desk of the organization's (urgent ones first)",
  querystring: Type.Object({
    state: Type.Optional(GrievanceStateCode),
    open: Type.Optional(Type.Boolean({ description: 'true: every state but Closed; false: only Closed' })),
    category: Type.Optional(CodeOf(GRIEVANCE_CATEGORIES)),
    overdue: Type.Optional(Type.Boolean({ description: 'true: only those without a resolution 14 days after filing' })),
    urgent: Type.Optional(Type.Boolean()),
    client_id: Type.Optional(Id),
    created_before: Type.Optional(IsoDate),
    created_after: Type.Optional(IsoDate),
    ordering: Type.Optional(
      Type.Enum([...GRIEVANCE_ORDERINGS], {
        default: '-created_at',
        description: 'Urgent open grievances come first whatever the order',
      }),
    ),
    ...PagingQuery,
  }),
  response: { 200: Paged(GrievanceSummarySchema), ...authenticatedErrors() },
};

export const grievanceCreateSchema = {
  operationId: 'grievances_create',
  description:
    'Files a grievance in state Received with its category, what happened and when, who was involved and the outcome wanted. An employee or client files their own; the office records one taken by phone or in person, naming the complainant. Abuse, neglect or mistreatment is urgent: every admin and the master are told at once.',
  tags,
  summary:
    'File a grievance (Received): an employee or client files their own; the office records one taken by phone or in person, naming the complainant (a client, an employee, or a name)',
  body: Type.Object({
    category: CodeOf(GRIEVANCE_CATEGORIES),
    description: Type.String({ minLength: 1, maxLength: 5000 }),
    occurred_on: Type.Optional(Nullable(IsoDate)),
    people_involved: Type.Optional(Text(1000)),
    desired_outcome: Type.Optional(Text(2000)),
    // the office: how it was taken (required when the office records one)
    channel: Type.Optional(CodeOf({ PHONE: GRIEVANCE_CHANNELS.PHONE, IN_PERSON: GRIEVANCE_CHANNELS.IN_PERSON })),
    client_id: Type.Optional(Nullable(Id)),
    employee_id: Type.Optional(Nullable(Id)),
    complainant_name: Type.Optional(Text(200)),
  }),
  response: { 201: GrievanceSchema, ...authenticatedErrors(404) },
};

export const grievanceRetrieveSchema = {
  operationId: 'grievances_retrieve',
  description:
    'Answers one grievance with its dated trail. The complainant never sees the office’s internal notes; the office also sees the reprisal watch: changes to the complainant’s visits or role in the 90 days after filing.',
  tags,
  summary:
    'One grievance with its trail (the complainant sees no internal note) and, for the office, the reprisal watch',
  params: IdParams,
  response: { 200: GrievanceSchema, ...authenticatedErrors(404) },
};

export const grievanceTransitionSchema = {
  operationId: 'grievances_transition_create',
  description:
    'Moves a grievance to its next state with a note: Investigating, Resolved (needs the resolution), Complainant notified, Closed, or Reopened. A move the state does not allow answers 409.',
  tags,
  summary:
    'Move a grievance along (Investigating, Resolved with the resolution, Complainant notified, Closed, Reopened) with a note',
  params: IdParams,
  body: Type.Object({
    state: GrievanceStateCode,
    note: Type.Optional(Text(5000)),
    resolution: Type.Optional(Text(5000)),
  }),
  response: { 200: GrievanceSchema, ...authenticatedErrors(404, 409) },
};

export const grievanceNoteSchema = {
  operationId: 'grievances_notes_create',
  description: 'Adds a note to the grievance’s trail; the office’s may be internal, hidden from the complainant.',
  tags,
  summary: "Add a note to the trail; the office's may be internal (hidden from the complainant)",
  params: IdParams,
  body: Type.Object({
    note: Type.String({ minLength: 1, maxLength: 5000 }),
    internal: Type.Optional(Type.Boolean({ default: false })),
  }),
  response: { 201: GrievanceSchema, ...authenticatedErrors(404) },
};

const GrievanceFamilyMemberSchema = Type.Object(
  {
    id: Type.Integer(),
    /** Their name only. */
    name: Type.String(),
    /** The grievance is shared with them. */
    shared: Type.Boolean(),
  },
  { title: 'GrievanceFamilyMember' },
);
export type GrievanceFamilyMemberOut = Static<typeof GrievanceFamilyMemberSchema>;

export const grievanceSharesListSchema = {
  operationId: 'grievances_shares_list',
  description:
    'Answers the family members a client complainant may share their grievance with (the other portal users of the same client), names only, each saying whether it is shared with them. Only the complainant: anyone else gets 404.',
  tags,
  summary: "The complainant's family members to share the grievance with, by name, and whether it is shared with each",
  params: IdParams,
  response: { 200: Type.Array(GrievanceFamilyMemberSchema), ...authenticatedErrors(404) },
};

export const grievanceShareCreateSchema = {
  operationId: 'grievances_shares_create',
  description:
    'The complainant (a client user) shares their grievance with one named family member of the same client, who then sees it as the complainant does (never the internal notes) and may add notes. Anyone else gets 404; a user who is not of the family is a 400 on user_id.',
  tags,
  summary: 'Share the grievance with a family member of the same client (the complainant only)',
  params: IdParams,
  body: Type.Object({ user_id: Id }),
  response: { 201: GrievanceSchema, ...authenticatedErrors(404) },
};

export const grievanceShareDestroySchema = {
  operationId: 'grievances_shares_destroy',
  description:
    'The complainant stops sharing their grievance with one family member, who then sees nothing of it. 404 when it is not shared with them.',
  tags,
  summary: 'Stop sharing the grievance with a family member (the complainant only)',
  params: Type.Object({ id: Id, user_id: Id }),
  response: { 204: NoContent, ...authenticatedErrors(404) },
};

/** What the service takes: the inputs as the routes validated them (a list's paging goes apart, as a Page). */
export type GrievanceListFilter = Omit<Static<typeof grievanceListSchema.querystring>, 'limit' | 'offset'>;
export type GrievanceInput = Static<typeof grievanceCreateSchema.body>;
export type GrievanceTransitionInput = Static<typeof grievanceTransitionSchema.body>;
export type GrievanceNoteInput = Static<typeof grievanceNoteSchema.body>;
