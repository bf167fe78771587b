import { Type, type Static } from '@fastify/type-provider-typebox';
import {
  AUTHORIZATION_UNITS,
  CLIENT_RELATIONSHIPS,
  CLIENT_STATUSES,
  DISCHARGE_REASONS,
  PAYERS,
  SERVICE_STATUSES,
  SERVICES,
} from '#domain/clients';
import { CLIENT_TYPES } from '#domain/labels';
import { authenticatedErrors, IdParams, Paged, PagingQuery } from '../../schemas/common';
import {
  CodeOf,
  HomeAddressInput,
  Id,
  IsoDate,
  Nullable,
  PersonName,
  Phone,
  Text,
  Timestamp,
} from '../../schemas/fields';

export const ClientTypeCode = CodeOf(CLIENT_TYPES);
export const ClientStatusCode = CodeOf(CLIENT_STATUSES);
export const ServiceCode = CodeOf(SERVICES);

export const ClientSummarySchema = Type.Object(
  {
    id: Type.Integer(),
    first_name: Type.String(),
    last_name: Type.String(),
    type: ClientTypeCode,
    status: ClientStatusCode,
    date_of_birth: IsoDate,
    phone: Type.String(),
    city: Type.String(),
    created_at: Timestamp,
  },
  { title: 'ClientSummary' },
);
export type ClientSummaryOut = Static<typeof ClientSummarySchema>;

export const AuthorizationSchema = Type.Object(
  {
    id: Type.Integer(),
    service_id: Type.Integer(),
    unit: CodeOf(AUTHORIZATION_UNITS),
    amount: Type.Integer(),
    /** Units of the service's Verified visits dated inside the authorization: hours worked (2 decimals) or visits. */
    used: Type.Number(),
    remaining: Type.Number(),
    starts_on: IsoDate,
    ends_on: IsoDate,
    reference: Type.String(),
    /** Less than 10% of the amount remains. */
    low: Type.Boolean(),
    /** It ends within 14 days. */
    ending_soon: Type.Boolean(),
    ended: Type.Boolean(),
    created_at: Timestamp,
  },
  { title: 'Authorization' },
);
export type AuthorizationOut = Static<typeof AuthorizationSchema>;

export const ClientServiceSchema = Type.Object(
  {
    id: Type.Integer(),
    service: ServiceCode,
    status: CodeOf(SERVICE_STATUSES),
    authorizations: Type.Array(AuthorizationSchema),
    created_at: Timestamp,
  },
  { title: 'ClientService' },
);
export type ClientServiceOut = Static<typeof ClientServiceSchema>;

export const PortalUserSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    relationship: CodeOf(CLIENT_RELATIONSHIPS),
    invitation_pending: Type.Boolean(),
    is_active: Type.Boolean(),
  },
  { title: 'PortalUser' },
);
export type PortalUserOut = Static<typeof PortalUserSchema>;

const Period = Type.Object({ start: IsoDate, end: IsoDate });

export const ClientSchema = Type.Object(
  {
    ...ClientSummarySchema.properties,
    address: Type.String(),
    state: Type.String(),
    postal_code: Type.String(),
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
    preferred_language: Type.String(),
    emergency_contact_name: Type.String(),
    emergency_contact_phone: Type.String(),
    emergency_contact_relationship: Type.String(),
    notes: Type.String(),
    payer: Nullable(CodeOf(PAYERS)),
    member_id: Nullable(Type.String()),
    physician_name: Nullable(Type.String()),
    physician_npi: Nullable(Type.String()),
    diagnosis_code: Nullable(Type.String()),
    diagnosis_description: Nullable(Type.String()),
    certification_start: Nullable(IsoDate),
    certification_end: Nullable(IsoDate),
    /** The period that follows the current one, offered once the current one has ended or ends within 14 days. */
    next_certification: Nullable(Period),
    discharged_on: Nullable(IsoDate),
    discharge_reason: Nullable(CodeOf(DISCHARGE_REASONS)),
    discharge_note: Nullable(Type.String()),
    referral_id: Nullable(Type.Integer()),
    services: Type.Array(ClientServiceSchema),
    portal_users: Type.Array(PortalUserSchema),
    updated_at: Timestamp,
  },
  { title: 'Client' },
);
export type ClientOut = Static<typeof ClientSchema>;

export const CLIENT_ORDERINGS = ['last_name', '-last_name', 'created_at', '-created_at', 'status', '-status'] as const;
export type ClientOrdering = (typeof CLIENT_ORDERINGS)[number];

const tags = ['clients'];

/** What a client's form sends: the details, then (home health) the clinical fields. */
const clientFields = {
  first_name: PersonName,
  last_name: PersonName,
  date_of_birth: IsoDate,
  phone: Type.Optional(Phone),
  ...HomeAddressInput,
  latitude: Type.Optional(Nullable(Type.Number({ minimum: -90, maximum: 90 }))),
  longitude: Type.Optional(Nullable(Type.Number({ minimum: -180, maximum: 180 }))),
  preferred_language: Type.Optional(Text(100)),
  emergency_contact_name: Type.Optional(Text(150)),
  emergency_contact_phone: Type.Optional(Phone),
  emergency_contact_relationship: Type.Optional(Text(100)),
  notes: Type.Optional(Text(10_000)),
  payer: Type.Optional(Nullable(CodeOf(PAYERS))),
  member_id: Type.Optional(Nullable(Text(50))),
  physician_name: Type.Optional(Nullable(Text(150))),
  physician_npi: Type.Optional(Nullable(Text(20))),
  diagnosis_code: Type.Optional(Nullable(Text(20))),
  diagnosis_description: Type.Optional(Nullable(Text(200))),
  certification_start: Type.Optional(Nullable(IsoDate)),
  certification_end: Type.Optional(Nullable(IsoDate)),
};

export const clientListSchema = {
  operationId: 'clients_list',
  description:
    'Lists the organization’s clients, paged: search by name or phone, filter by type and status, sort. The search is written to the audit log.',
  tags,
  summary: "The organization's clients (the search is audited)",
  querystring: Type.Object({
    search: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          'Words; each must begin the first or last name, or the digits begin the phone number. The count of a search stops at 10,000.',
      }),
    ),
    type: Type.Optional(
      Type.Enum(Object.keys(CLIENT_TYPES) as (keyof typeof CLIENT_TYPES)[], {
        description:
          "HCC: every home care client, HHP: every home health patient (each with those of both types); 'HCC, HHP': only those of both",
      }),
    ),
    status: Type.Optional(ClientStatusCode),
    ordering: Type.Optional(Type.Enum([...CLIENT_ORDERINGS], { default: 'last_name' })),
    ...PagingQuery,
  }),
  response: { 200: Paged(ClientSummarySchema), ...authenticatedErrors() },
};

export const clientCreateSchema = {
  operationId: 'clients_create',
  description:
    'Takes a client in with the fields of its type (home care, home health, or both). A home health patient also needs payer and member id, attending physician (name and NPI with a valid check digit), primary diagnosis (ICD-10) and certification period. Answers the new client.',
  tags,
  summary:
    'Take a client in: its type decides the fields (home health needs payer, physician, diagnosis and certification period)',
  body: Type.Object({
    type: ClientTypeCode,
    status: Type.Optional(
      CodeOf({
        PENDING: CLIENT_STATUSES.PENDING,
        ACTIVE: CLIENT_STATUSES.ACTIVE,
        WAITING_LIST: CLIENT_STATUSES.WAITING_LIST,
        ON_HOLD: CLIENT_STATUSES.ON_HOLD,
      }),
    ),
    services: Type.Optional(Type.Array(ServiceCode, { maxItems: 20, uniqueItems: true })),
    ...clientFields,
  }),
  response: { 201: ClientSchema, ...authenticatedErrors() },
};

export const clientRetrieveSchema = {
  operationId: 'clients_retrieve',
  description:
    'Answers one client with services, authorizations (authorized, used and remaining units, with warnings when little remains or the end is near) and portal users. The read is written to the audit log.',
  tags,
  summary: 'One client, with services, authorizations and portal users (the read is audited)',
  params: IdParams,
  response: { 200: ClientSchema, ...authenticatedErrors(404) },
};

export const clientUpdateSchema = {
  operationId: 'clients_partial_update',
  description:
    'Changes a client’s details or status; send only the fields to change. Discharging needs discharged_on and discharge_reason (400 naming them).',
  tags,
  summary: "Change a client's details or status; discharge needs discharged_on and discharge_reason",
  params: IdParams,
  body: Type.Object({
    ...Type.Partial(Type.Object(clientFields)).properties,
    type: Type.Optional(ClientTypeCode),
    status: Type.Optional(ClientStatusCode),
    discharged_on: Type.Optional(Nullable(IsoDate)),
    discharge_reason: Type.Optional(Nullable(CodeOf(DISCHARGE_REASONS))),
    discharge_note: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  }),
  response: { 200: ClientSchema, ...authenticatedErrors(404) },
};

export const serviceCreateSchema = {
  operationId: 'clients_services_create',
  description:
    'Adds a service to the client, of those allowed for the client’s type; each service then gets its own authorizations.',
  tags,
  summary: "Add a service of the client's type",
  params: IdParams,
  body: Type.Object({ service: ServiceCode, status: Type.Optional(CodeOf(SERVICE_STATUSES)) }),
  response: { 201: ClientServiceSchema, ...authenticatedErrors(404) },
};

export const serviceUpdateSchema = {
  operationId: 'clients_services_partial_update',
  description: 'Changes the status of one of the client’s services.',
  tags,
  summary: "Change a service's status",
  params: Type.Object({ id: Id, service_id: Id }),
  body: Type.Object({ status: CodeOf(SERVICE_STATUSES) }),
  response: { 200: ClientServiceSchema, ...authenticatedErrors(404) },
};

export const authorizationCreateSchema = {
  operationId: 'clients_authorizations_create',
  description:
    'Records what a payer authorized for one of the client’s services: a unit (hour or visit), an amount and a date range. Visits outside any authorization are refused unless the office gives a reason.',
  tags,
  summary: 'Record what a payer authorized for one of the client’s services',
  params: IdParams,
  body: Type.Object({
    service_id: Id,
    unit: CodeOf(AUTHORIZATION_UNITS),
    amount: Type.Integer({ minimum: 1, maximum: 100_000 }),
    starts_on: IsoDate,
    ends_on: IsoDate,
    reference: Type.Optional(Text(100)),
  }),
  response: { 201: AuthorizationSchema, ...authenticatedErrors(404) },
};

export const invitationCreateSchema = {
  operationId: 'clients_invitation_create',
  description:
    'Invites the client or a family member to the portal as a user with role client, linked to this client, and mails the sign-up link. 502 when the mail could not be sent.',
  tags,
  summary:
    'Invite the client or a family member to the portal (role client, linked to this client); mails the sign-up link',
  params: IdParams,
  body: Type.Object({
    email: Type.String({ format: 'email', minLength: 3, maxLength: 254 }),
    first_name: PersonName,
    last_name: PersonName,
    relationship: CodeOf(CLIENT_RELATIONSHIPS),
  }),
  response: { 201: PortalUserSchema, ...authenticatedErrors(404, 502) },
};

export const AccessEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    at: Timestamp,
    actor: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), role: Type.String() })),
    action: Type.String(),
    entity: Type.String(),
    /** What was read or changed, in words (field names of a change; never its values). */
    what: Type.String(),
  },
  { title: 'AccessEntry' },
);
export type AccessEntryOut = Static<typeof AccessEntrySchema>;

export const accessHistorySchema = {
  operationId: 'clients_access_history_list',
  description:
    'Lists who opened, searched or changed this client’s record, newest first, paged: the audit log rows about this client.',
  tags,
  summary: "Who opened or changed this client's record, newest first (from the audit log)",
  params: IdParams,
  querystring: Type.Object({ ...PagingQuery }),
  response: { 200: Paged(AccessEntrySchema), ...authenticatedErrors(404) },
};

export const WelcomeVisitSchema = Type.Object(
  {
    id: Type.Integer(),
    /** The caregiver's first name and initial ("Ana R."). */
    caregiver: Nullable(Type.String()),
    service: Type.String(),
    starts_at: Timestamp,
    ends_at: Timestamp,
    status: Type.String(),
    /** The visit was moved or its caregiver changed since it was booked. */
    changed: Type.Boolean(),
  },
  { title: 'WelcomeVisit' },
);

export const WelcomeSchema = Type.Object(
  {
    client: Nullable(
      Type.Object({
        id: Type.Integer(),
        first_name: Type.String(),
        last_name: Type.String(),
        type: ClientTypeCode,
        status: ClientStatusCode,
        services: Type.Array(Type.Object({ service: ServiceCode, status: CodeOf(SERVICE_STATUSES) })),
      }),
    ),
    relationship: Nullable(CodeOf(CLIENT_RELATIONSHIPS)),
    upcoming_visits: Type.Array(WelcomeVisitSchema),
    past_visits: Type.Array(WelcomeVisitSchema),
    /** Forms and work-service reviews waiting for the signed-in person's signature, each with its page. */
    awaiting_signature: Type.Array(
      Type.Object({
        kind: Type.String(),
        id: Type.Integer(),
        title: Type.String(),
        link: Type.String(),
        due_on: Nullable(IsoDate),
      }),
    ),
  },
  { title: 'Welcome' },
);
export type WelcomeOut = Static<typeof WelcomeSchema>;

export const welcomeSchema = {
  operationId: 'clients_welcome_retrieve',
  description:
    'Answers the signed-in client’s own home: the next visits (caregiver’s first name and initial, service, time window, marked when changed), the past month of visits, and the reviews and forms waiting for their signature.',
  tags,
  summary: "The signed-in client's own home: who comes when, what waits for their signature",
  response: { 200: WelcomeSchema, ...authenticatedErrors() },
};
