import { Type, type Static } from '@fastify/type-provider-typebox';
import { authenticatedErrors, errorResponses, FileDownload, IdParams, Paged, PagingQuery } from '../../schemas/common';
import { Nullable, PersonRef, Timestamp } from '../../schemas/fields';
import { StoredFileSchema } from '../documents/schemas';
import { EmployeeSchema, PositionKey } from '../employees/schemas';

export const APPLICATION_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export const WEEK_DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export const SHIFTS = ['MORNING', 'AFTERNOON', 'EVENING', 'OVERNIGHT'] as const;

export const AvailabilitySchema = Type.Object({
  days: Type.Array(Type.Enum([...WEEK_DAYS])),
  shifts: Type.Array(Type.Enum([...SHIFTS])),
  start_date: Type.Optional(Type.String({ description: 'YYYY-MM-DD' })),
  hours_per_week: Type.Optional(Type.Integer()),
});

export const ApplicationSchema = Type.Object(
  {
    id: Type.Integer(),
    status: Type.Enum([...APPLICATION_STATUSES]),
    position: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    email: Type.String(),
    phone: Type.String(),
    address: Type.String(),
    availability: AvailabilitySchema,
    experience: Type.String(),
    years_experience: Type.Integer(),
    resume: Nullable(StoredFileSchema),
    attestation_signature_url: Nullable(
      Type.String({ description: 'Where the drawn signature (PNG) is read: applications_signature_retrieve' }),
    ),
    created_at: Timestamp,
    reviewed_at: Nullable(Timestamp),
    reviewed_by: Nullable(PersonRef),
    rejection_reason: Nullable(Type.String()),
    employee_id: Nullable(Type.Integer()),
  },
  { title: 'Application' },
);
export type ApplicationOut = Static<typeof ApplicationSchema>;

export const APPLICATION_ORDERINGS = ['created_at', '-created_at', 'last_name', '-last_name'] as const;
export type ApplicationOrdering = (typeof APPLICATION_ORDERINGS)[number];

const tags = ['applications'];
const Text = (maxLength: number, description?: string) =>
  Type.Optional(Type.String({ maxLength, ...(description ? { description } : {}) }));

export const applicationCreateSchema = {
  operationId: 'applications_create',
  description:
    'Files a job application with an agency (named by X-ORGANIZATION-TOKEN, required): position, contact details, availability, experience, a resume file and the applicant’s drawn attestation signature, sent as multipart/form-data. The office is told. Rate limited per address (429).',
  tags,
  summary: 'Apply for a position (public; the organization comes from X-ORGANIZATION-TOKEN). multipart/form-data',
  consumes: ['multipart/form-data'],
  body: Type.Object({
    position: Type.Optional(PositionKey),
    first_name: Text(150),
    last_name: Text(150),
    email: Text(254),
    phone: Text(40),
    address: Text(500),
    availability: Text(
      2000,
      'JSON: {days: ["MON".."SUN"], shifts: ["MORNING","AFTERNOON","EVENING","OVERNIGHT"], start_date?, hours_per_week?}',
    ),
    experience: Text(10_000),
    years_experience: Text(3, 'Whole years, 0-80'),
    attestation: Type.Optional(Type.String({ description: "Must be 'true'" })),
    attestation_signature: Type.Optional(Type.String({ description: 'PNG data URL of the signature' })),
    resume: Type.Optional(
      Type.Unsafe<unknown>({
        type: 'string',
        format: 'binary',
        description: 'PDF or Word (.pdf, .doc, .docx), at most 10 MB',
      }),
    ),
  }),
  response: {
    201: Type.Object(
      { id: Type.Integer(), status: Type.Enum([...APPLICATION_STATUSES]) },
      { description: 'The application was filed: its id and status (PENDING)' },
    ),
    ...errorResponses(400, 413, 429),
  },
};

export const applicationListSchema = {
  operationId: 'applications_list',
  description:
    'Lists the organization’s job applications, newest first, paged; filter by status and position, or search names and email.',
  tags,
  summary: "The organization's job applications (newest first)",
  querystring: Type.Object({
    status: Type.Optional(Type.Enum([...APPLICATION_STATUSES])),
    position: Type.Optional(PositionKey),
    search: Type.Optional(
      Type.String({ maxLength: 200, description: 'Words matched against first name, last name, email and phone' }),
    ),
    ordering: Type.Optional(Type.Enum([...APPLICATION_ORDERINGS], { default: '-created_at' })),
    ...PagingQuery,
  }),
  response: { 200: Paged(ApplicationSchema), ...authenticatedErrors() },
};

export const applicationRetrieveSchema = {
  operationId: 'applications_retrieve',
  description:
    'Answers one job application with its review (who reviewed it, when, and the rejection reason or the employee it became).',
  tags,
  summary: 'One application',
  params: IdParams,
  response: { 200: ApplicationSchema, ...authenticatedErrors(404) },
};

export const applicationResumeSchema = {
  operationId: 'applications_resume_retrieve',
  description:
    'Answers the resume file the applicant uploaded, as an attachment with its own content type (404 when there is none).',
  tags,
  summary: "The application's resume file",
  params: IdParams,
  produces: ['application/octet-stream'],
  response: { 200: FileDownload, ...authenticatedErrors(404) },
};

export const applicationSignatureSchema = {
  operationId: 'applications_signature_retrieve',
  description: 'Answers the applicant’s drawn attestation signature as a PNG file.',
  tags,
  summary: "The applicant's drawn attestation signature (PNG)",
  params: IdParams,
  produces: ['image/png'],
  response: { 200: FileDownload, ...authenticatedErrors(404) },
};

export const applicationAcceptSchema = {
  operationId: 'applications_accept_create',
  description:
    'Accepts a pending application: creates the employee in status NEW from it, mails the sign-up link and assigns the onboarding items (forms, documents and competency tests for the position). 409 when the application was already decided; 502 when the mail could not be sent.',
  tags,
  summary: 'Accept: creates the employee (NEW), mails the sign-up link, assigns the onboarding items',
  params: IdParams,
  response: {
    200: Type.Object(
      { application: ApplicationSchema, employee: EmployeeSchema },
      { description: 'The accepted application and the employee it created' },
    ),
    ...authenticatedErrors(404, 409, 502),
  },
};

export const applicationRejectSchema = {
  operationId: 'applications_reject_create',
  description:
    'Rejects a pending application with a reason, kept on the application (409 when it was already decided).',
  tags,
  summary: 'Reject with a reason (kept on the application)',
  params: IdParams,
  body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 2000 }) }),
  response: { 200: ApplicationSchema, ...authenticatedErrors(404, 409) },
};
