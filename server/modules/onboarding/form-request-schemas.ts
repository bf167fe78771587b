import { Type, type Static } from '@fastify/type-provider-typebox';
import { authenticatedErrors, FileDownload, IdParams, Paged, PagingQuery } from '../../schemas/common';
import { Id, IsoDate, Nullable, PersonRef, Timestamp } from '../../schemas/fields';
import { FormFieldSchema } from './settings-schemas';

export const FORM_REQUEST_STATUSES = ['PENDING', 'AWAITING_COUNTERSIGN', 'COMPLETED'] as const;

/** The FormRequest of contract-3 (the template as it is now; answers null until signed). */
export const FormRequestSchema = Type.Object(
  {
    id: Type.Integer(),
    template: Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      description: Type.String(),
      fields: Type.Array(FormFieldSchema),
      signers: Type.Array(Type.String()),
    }),
    employee: PersonRef,
    required: Type.Boolean(),
    status: Type.Enum([...FORM_REQUEST_STATUSES]),
    answers: Nullable(Type.Record(Type.String(), Type.Union([Type.String(), Type.Boolean(), Type.Null()]))),
    signed_at: Nullable(Timestamp),
    countersigned_at: Nullable(Timestamp),
    due_date: Nullable(IsoDate),
    created_at: Timestamp,
  },
  { title: 'FormRequest' },
);
export type FormRequestOut = Static<typeof FormRequestSchema>;

const tags = ['onboarding'];
const Signature = Type.String({ maxLength: 600_000, description: 'The drawn signature: data:image/png;base64,...' });

export const formRequestCreateSchema = {
  operationId: 'form_requests_create',
  description:
    'Sends a form (from one of the organization’s form templates) to one or many employees at once, with an optional due date; all are created or none. Each employee is notified in the app and by mail. Answers the new requests.',
  tags,
  summary: 'Send a form to one or many employees (all or nothing); each is notified in the app and by mail',
  body: Type.Object({
    template_id: Id,
    employee_ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
    due_date: Type.Optional(Nullable(IsoDate)),
  }),
  response: { 201: Type.Array(FormRequestSchema), ...authenticatedErrors() },
};

export const formRequestListSchema = {
  operationId: 'form_requests_list',
  description:
    'Lists form requests, newest first, paged: an employee’s own; for the office, the organization’s, optionally of one employee, and filtered by status.',
  tags,
  summary: "One's own form requests, newest first (admins: the organization's, optionally of one employee)",
  querystring: Type.Object({
    status: Type.Optional(Type.Enum([...FORM_REQUEST_STATUSES])),
    employee: Type.Optional(Id),
    ...PagingQuery,
  }),
  response: { 200: Paged(FormRequestSchema), ...authenticatedErrors() },
};

export const formRequestRetrieveSchema = {
  operationId: 'form_requests_retrieve',
  description:
    'Answers one form request with its template fields and, once filled, the answers and signing times. An employee reads only their own; the office reads any of the organization’s, and that read is written to the audit log.',
  tags,
  summary: 'One form request (own; admins: any of the organization, audited)',
  params: IdParams,
  response: { 200: FormRequestSchema, ...authenticatedErrors(404) },
};

export const formRequestSignatureSchema = {
  operationId: 'form_requests_signature_retrieve',
  description:
    'Answers, as a PNG file, the employee’s drawn signature on a signed form request: to that employee, or to the office, which reads it before countersigning (the read is audited). 404 before the form is signed.',
  tags,
  summary:
    "The employee's drawn signature of a signed form request (PNG): its employee's, or the office's to read before countersigning (audited)",
  params: IdParams,
  produces: ['image/png'],
  response: { 200: FileDownload, ...authenticatedErrors(404) },
};

export const formRequestSubmitSchema = {
  operationId: 'form_requests_submit_create',
  description:
    'Fills and signs one of one’s own form requests: the answers to the template’s fields (each required field checked, 400 naming it) and the drawn signature. The request becomes COMPLETED, or AWAITING_COUNTERSIGN when the template needs the office’s signature too.',
  tags,
  summary:
    'Fill and sign one of one’s form requests (then COMPLETED, or AWAITING_COUNTERSIGN when the office signs too)',
  params: IdParams,
  body: Type.Object({
    answers: Type.Record(
      Type.String({ maxLength: 60 }),
      Type.Union([Type.String({ maxLength: 10_000 }), Type.Boolean(), Type.Null()]),
    ),
    signature: Signature,
  }),
  response: { 200: FormRequestSchema, ...authenticatedErrors(404) },
};

export const formRequestCountersignSchema = {
  operationId: 'form_requests_countersign_create',
  description:
    'The office signs, with its drawn signature, a form the employee has signed whose template needs an admin signature; the request becomes COMPLETED.',
  tags,
  summary: 'The office countersigns a signed form whose template needs an admin signature (then COMPLETED)',
  params: IdParams,
  body: Type.Object({ signature: Signature }),
  response: { 200: FormRequestSchema, ...authenticatedErrors(404) },
};
