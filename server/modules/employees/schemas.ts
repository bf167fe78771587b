import { Type, type Static } from '@fastify/type-provider-typebox';
import { POSITIONS } from '#domain/labels';
import { authenticatedErrors, IdParams, NoContent, Paged, PagingQuery } from '../../schemas/common';
import { Id, IsoDate, Nullable, PersonName, PersonRef, Phone, Timestamp } from '../../schemas/fields';
import { DocumentSchema } from '../documents/schemas';

export const POSITION_KEYS = Object.keys(POSITIONS) as (keyof typeof POSITIONS)[];
export const PositionKey = Type.Enum([...POSITION_KEYS], { description: POSITION_KEYS.join(', ') });

export const EmployeeSummarySchema = Type.Object(
  {
    id: Type.Integer(),
    first_name: Type.String(),
    last_name: Type.String(),
    email: Type.String(),
    phone: Nullable(Type.String()),
    position: Nullable(Type.String()),
    status: Type.Enum(['NEW', 'READY']),
    is_active: Type.Boolean(),
    invitation_pending: Type.Boolean(),
    forms_due: Type.Integer(),
    expired_documents: Type.Integer(),
    expiring_documents: Type.Integer(),
    created_at: Timestamp,
  },
  { title: 'EmployeeSummary' },
);
export type EmployeeSummaryOut = Static<typeof EmployeeSummarySchema>;

export const EmployeeSchema = Type.Object(
  { ...EmployeeSummarySchema.properties, ready_at: Nullable(Timestamp), application_id: Nullable(Type.Integer()) },
  { title: 'Employee' },
);
export type EmployeeOut = Static<typeof EmployeeSchema>;

export const ChecklistSchema = Type.Object(
  {
    ready: Type.Boolean(),
    missing: Type.Array(Type.String()),
    forms: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        required: Type.Boolean(),
        status: Type.Enum(['PENDING', 'AWAITING_COUNTERSIGN', 'COMPLETED']),
        completed_at: Nullable(Timestamp),
      }),
    ),
    documents: Type.Array(DocumentSchema),
    tests: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        status: Type.Enum(['PENDING', 'AWAITING_OBSERVATION', 'PASSED', 'FAILED']),
        score: Nullable(Type.Integer()),
        pass_mark: Type.Integer(),
        submitted_at: Nullable(Timestamp),
      }),
    ),
  },
  { title: 'Checklist' },
);
export type ChecklistOut = Static<typeof ChecklistSchema>;

const NoteTypeRef = Type.Object({ id: Type.Integer(), name: Type.String() }, { title: 'NoteTypeRef' });
export const NoteSchema = Type.Object(
  { id: Type.Integer(), type: NoteTypeRef, text: Type.String(), author: Nullable(PersonRef), created_at: Timestamp },
  { title: 'Note' },
);
export type NoteOut = Static<typeof NoteSchema>;

export const EMPLOYEE_ORDERINGS = ['last_name', '-last_name', 'created_at', '-created_at'] as const;
export type EmployeeOrdering = (typeof EMPLOYEE_ORDERINGS)[number];

const tags = ['employees'];

export const employeeListSchema = {
  operationId: 'employees_list',
  description:
    'Lists the organization’s employees, paged: filter by status (NEW or READY), position and expired documents, search names and email, and sort. Each row counts forms due and expired or expiring documents.',
  tags,
  summary: "The organization's employees",
  querystring: Type.Object({
    status: Type.Optional(Type.Enum(['NEW', 'READY'])),
    position: Type.Optional(PositionKey),
    search: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          'Words; each must begin the first name, last name or email (case-insensitive). The count of a search stops at 10,000.',
      }),
    ),
    expired: Type.Optional(
      Type.Boolean({ description: 'true: only employees with an expired document; false: only those without' }),
    ),
    ordering: Type.Optional(Type.Enum([...EMPLOYEE_ORDERINGS], { default: 'last_name' })),
    ...PagingQuery,
  }),
  response: { 200: Paged(EmployeeSummarySchema), ...authenticatedErrors() },
};

export const employeeCreateSchema = {
  operationId: 'employees_create',
  description:
    'Creates an employee in status NEW, mails them the sign-up link and assigns the onboarding items for their position. 502 when the mail could not be sent (the employee exists: resend the invitation from users_invitation_create).',
  tags,
  summary: 'Create an employee (NEW): mails the sign-up link and assigns the onboarding items',
  body: Type.Object({
    email: Type.String({ format: 'email', minLength: 3, maxLength: 254 }),
    first_name: PersonName,
    last_name: PersonName,
    phone: Type.Optional(Nullable(Phone)),
    position: PositionKey,
  }),
  response: { 201: EmployeeSchema, ...authenticatedErrors(502) },
};

export const employeeRetrieveSchema = {
  operationId: 'employees_retrieve',
  description: 'Answers one employee of the organization with their profile. The read is written to the audit log.',
  tags,
  summary: 'One employee (the read is audited)',
  params: IdParams,
  response: { 200: EmployeeSchema, ...authenticatedErrors(404) },
};

export const employeeUpdateSchema = {
  operationId: 'employees_partial_update',
  description: 'Changes an employee’s name, phone or position; send only the fields to change.',
  tags,
  summary: "Edit an employee's name, phone or position",
  params: IdParams,
  body: Type.Object({
    first_name: Type.Optional(PersonName),
    last_name: Type.Optional(PersonName),
    phone: Type.Optional(Nullable(Phone)),
    position: Type.Optional(PositionKey),
  }),
  response: { 200: EmployeeSchema, ...authenticatedErrors(404) },
};

export const employeeChecklistSchema = {
  operationId: 'employees_checklist_retrieve',
  description:
    'Answers an employee’s onboarding checklist: every form request, document and competency test with its state, and what is still missing before they can be marked ready to hire.',
  tags,
  summary: "An employee's onboarding checklist",
  params: IdParams,
  response: { 200: ChecklistSchema, ...authenticatedErrors(404) },
};

export const employeeReadySchema = {
  operationId: 'employees_ready_create',
  description:
    'Moves an employee from NEW to READY (ready to hire). Refused with 400, code not_ready and fields.checklist listing what is missing, until every required form is signed, every required document approved and not expired, and the competency test passed.',
  tags,
  summary: 'Mark ready to hire (READY); refused with code not_ready and fields.checklist listing what is missing',
  params: IdParams,
  response: { 200: EmployeeSchema, ...authenticatedErrors(404) },
};

export const noteListSchema = {
  operationId: 'employees_notes_list',
  description:
    'Lists the notes on an employee, newest first, paged; each has a note type (from the organization’s note types), its text and author.',
  tags,
  summary: "An employee's notes, newest first",
  params: IdParams,
  querystring: Type.Object({ type_id: Type.Optional(Id), ...PagingQuery }),
  response: { 200: Paged(NoteSchema), ...authenticatedErrors(404) },
};

export const noteCreateSchema = {
  operationId: 'employees_notes_create',
  description: 'Adds a note on an employee, typed by one of the organization’s active note types (note_types_list).',
  tags,
  summary: 'Add a note typed by one of the organization’s note types',
  params: IdParams,
  body: Type.Object({ type_id: Id, text: Type.String({ minLength: 1, maxLength: 10_000 }) }),
  response: { 201: NoteSchema, ...authenticatedErrors(404) },
};

export const noteDestroySchema = {
  operationId: 'employees_notes_destroy',
  description: 'Deletes a note on an employee (404 once deleted).',
  tags,
  summary: 'Delete a note',
  params: Type.Object({ id: Id, note_id: Id }),
  response: { 204: NoContent, ...authenticatedErrors(404) },
};

export const employeeDocumentListSchema = {
  operationId: 'employees_documents_list',
  description:
    'Lists an employee’s document slots: each with its type, status (MISSING, PENDING review, APPROVED, REJECTED), file and expiry date, and whether it has expired or expires soon.',
  tags,
  summary: "An employee's documents",
  params: IdParams,
  response: { 200: Type.Array(DocumentSchema), ...authenticatedErrors(404) },
};

export const employeeDocumentCreateSchema = {
  operationId: 'employees_documents_create',
  description:
    'Adds a document slot for an employee to fill: of one of the organization’s document types, or by a name (then say whether it is required and needs an expiry date). The employee uploads it from their profile.',
  tags,
  summary: 'Request a document: of a document type, or by name',
  params: IdParams,
  body: Type.Object({
    document_type_id: Type.Optional(Id),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    required: Type.Optional(Type.Boolean()),
    requires_expiry: Type.Optional(Type.Boolean()),
  }),
  response: { 201: DocumentSchema, ...authenticatedErrors(404) },
};

export const employeeDocumentReviewSchema = {
  operationId: 'employees_documents_partial_update',
  description:
    'Reviews an uploaded document: approve it, or reject it with a review_note saying what is wrong, or set its expiry date.',
  tags,
  summary: 'Approve or reject an uploaded document (a rejection needs review_note), or set its expiry date',
  params: Type.Object({ id: Id, document_id: Id }),
  body: Type.Object({
    status: Type.Optional(Type.Enum(['APPROVED', 'REJECTED'])),
    review_note: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    expires_on: Type.Optional(Nullable(IsoDate)),
  }),
  response: { 200: DocumentSchema, ...authenticatedErrors(404) },
};
