import { Type, type Static } from '@fastify/type-provider-typebox';
import { authenticatedErrors, FileDownload, IdParams } from '../../schemas/common';
import { Id, IsoDate, Nullable, Timestamp } from '../../schemas/fields';

export const StoredFileSchema = Type.Object(
  { name: Type.String(), size: Type.Integer(), content_type: Type.String() },
  { title: 'StoredFile' },
);

export const DOCUMENT_STATUSES = ['MISSING', 'PENDING', 'APPROVED', 'REJECTED'] as const;

/** The Document of the contract. */
export const DocumentSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    required: Type.Boolean(),
    requires_expiry: Type.Boolean(),
    status: Type.Enum([...DOCUMENT_STATUSES]),
    file: Nullable(StoredFileSchema),
    expires_on: Nullable(IsoDate),
    expired: Type.Boolean(),
    expiring_soon: Type.Boolean({ description: 'Expires within 30 days (and not yet expired)' }),
    review_note: Nullable(Type.String()),
    uploaded_at: Nullable(Timestamp),
    reviewed_at: Nullable(Timestamp),
  },
  { title: 'Document' },
);
export type DocumentOut = Static<typeof DocumentSchema>;

/** A file download (the body is the file itself). */
const BinaryField = Type.Unsafe<unknown>({ type: 'string', format: 'binary' });
/** A document's file as multipart/form-data, with its expiry date when its type requires one. */
const DocumentUpload = Type.Object(
  {
    file: Type.Optional(BinaryField),
    expires_on: Type.Optional(
      Type.String({ description: 'YYYY-MM-DD; required when the document requires an expiry date' }),
    ),
  },
  { title: 'DocumentUpload' },
);

export const documentFileSchema = {
  operationId: 'documents_file_retrieve',
  description:
    'Answers the stored file of an employee document, as an attachment with its own content type: to the employee it belongs to, or to the office of its organization.',
  tags: ['documents'],
  summary: "A document's file: for its owner, or an admin (master) of its organization",
  params: IdParams,
  produces: ['application/octet-stream'],
  response: { 200: FileDownload, ...authenticatedErrors(404) },
};

export const profileDocumentListSchema = {
  operationId: 'profile_documents_list',
  description:
    'Lists the signed-in employee’s own document slots: what is requested, uploaded, approved or rejected (with the office’s note), and the expiry dates.',
  tags: ['profile'],
  summary: "The signed-in employee's documents",
  response: { 200: Type.Array(DocumentSchema), ...authenticatedErrors() },
};

export const profileDocumentUploadSchema = {
  operationId: 'profile_documents_upload_create',
  description:
    'Uploads the file of one of one’s own document slots as multipart/form-data: PDF, PNG or JPEG up to 10 MB (413 beyond), with the expiry date when the document type requires one. It then waits for the office’s review.',
  tags: ['profile'],
  summary: 'Upload the file of one of one’s document slots (PDF, PNG or JPEG, at most 10 MB); it waits for review',
  params: IdParams,
  consumes: ['multipart/form-data'],
  body: DocumentUpload,
  response: { 200: DocumentSchema, ...authenticatedErrors(404, 413) },
};

export const employeeDocumentUploadSchema = {
  operationId: 'employees_documents_upload_create',
  description:
    'Uploads, for the office, the file of one of an employee’s document slots received on paper, as multipart/form-data: PDF, PNG or JPEG up to 10 MB (413 beyond), with the expiry date when the document type requires one. It then waits for review like an employee’s own upload.',
  tags: ['employees'],
  summary:
    "The office uploads the file of one of an employee's document slots, received on paper: the same checks and expiry date as the employee's own upload (PDF, PNG or JPEG, at most 10 MB); it waits for review, and the audit log records who uploaded it",
  params: Type.Object({ id: Id, document_id: Id }),
  consumes: ['multipart/form-data'],
  body: DocumentUpload,
  response: { 200: DocumentSchema, ...authenticatedErrors(404, 413) },
};
