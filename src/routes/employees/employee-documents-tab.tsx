import { Formik } from 'formik';
import { useCallback, useEffect, useState } from 'react';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { formatDateTime } from '../../app/date-time';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { Button } from '../../ui/button';
import { Dialog, DialogActions } from '../../ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { CheckboxField, SelectField, StackedForm, TextAreaField, TextField } from '../../ui/fields';
import { DateField, parseMaskedDate } from '../../ui/masked-input';
import { SubmitButton, SubmitOrCancel } from '../../ui/submit-button';
import { DocumentUploadForm } from '../../app/document-upload-form';
import type { EmployeeTabProps } from './employee-tab-props';
import {
  ALL_ROWS,
  downloadFile,
  formatCalendarDate,
  isoToMaskedDate,
  maskedToIsoDate,
  type DocumentStatus,
  type DocumentType,
  type EmployeeDocument,
} from '../../api/hiring';
import { Messages, Panel, RowActions } from '../../ui/layout';
import { Tag, TagList, type TagTone } from '../../ui/tag';

export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  MISSING: 'Not uploaded',
  PENDING: 'Waiting for review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};
const DOCUMENT_STATUS_TONES: Record<DocumentStatus, TagTone> = {
  MISSING: 'neutral',
  PENDING: 'warning',
  APPROVED: 'success',
  REJECTED: 'error',
};

export function DocumentStatusTag({ status }: { status: DocumentStatus }) {
  return <Tag tone={DOCUMENT_STATUS_TONES[status]}>{DOCUMENT_STATUS_LABELS[status] ?? status}</Tag>;
}

/** The expiry date with its flag in words: "Expired" or "Expiring soon". */
export function ExpiryText({
  document,
}: {
  document: Pick<EmployeeDocument, 'expires_on' | 'expired' | 'expiring_soon' | 'requires_expiry'>;
}) {
  if (!document.expires_on) return <span>{document.requires_expiry ? 'No date yet' : 'Does not expire'}</span>;
  return (
    <TagList>
      <span>{formatCalendarDate(document.expires_on)}</span>
      {document.expired ? (
        <Tag tone="error">Expired</Tag>
      ) : document.expiring_soon ? (
        <Tag tone="warning">Expiring soon</Tag>
      ) : null}
    </TagList>
  );
}

type Review = { document: EmployeeDocument; action: 'reject' | 'expiry' | 'approve' };

/** Whether a file can go into this slot (an approved document without an expiry date is done for good). */
const canUpload = (document: EmployeeDocument) => !(document.status === 'APPROVED' && !document.requires_expiry);

const dateSchema = (required: boolean) =>
  yup
    .string()
    .test('date', 'Enter a date as dd.mm.yyyy', (value) => !value || !!parseMaskedDate(value))
    .test('required', 'Enter the expiry date', (value) => !required || !!value);

const CUSTOM = 'custom';

/** Documents: status, file, expiry and flags; approve, reject with a note, set the expiry date; request one. */
export function EmployeeDocumentsTab({ employee }: EmployeeTabProps) {
  const client = useApiClient();
  const api = client;
  const { user } = useAuthentication();
  const [documents, setDocuments] = useState<EmployeeDocument[]>([]);
  const [types, setTypes] = useState<DocumentType[]>([]);
  const [loading, setLoading] = useState(true);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [review, setReview] = useState<Review | null>(null);
  const [requestOpen, setRequestOpen] = useState(false);
  const [uploading, setUploading] = useState<EmployeeDocument | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setDocuments(await api.employees_documents_list({ id: employee.id }));
    } catch (failure) {
      setError(apiErrorDetail(failure, 'The documents could not be loaded.'));
    } finally {
      setLoading(false);
    }
  }, [api, employee.id]);

  useEffect(() => {
    void load();
    api
      .document_types_list(ALL_ROWS)
      .then((answer) => setTypes(answer.results.filter((type) => type.active)))
      .catch(() => setTypes([]));
  }, [api, load]);

  const replace = (next: EmployeeDocument) =>
    setDocuments((current) => current.map((row) => (row.id === next.id ? next : row)));

  const update = async (
    document: EmployeeDocument,
    body: Parameters<typeof api.employees_documents_partial_update>[1],
    done: string,
  ) => {
    setNotice(null);
    setError(null);
    try {
      replace(await api.employees_documents_partial_update({ id: employee.id, document_id: document.id }, body));
      setNotice(done);
      return true;
    } catch (failure) {
      setError(apiErrorDetail(failure, `${document.name} could not be updated.`));
      return false;
    }
  };

  const approve = (document: EmployeeDocument) => {
    if (document.requires_expiry && !document.expires_on) setReview({ document, action: 'approve' });
    else void update(document, { status: 'APPROVED' }, `${document.name} was approved.`);
  };

  const download = async (document: EmployeeDocument) => {
    if (!document.file) return;
    setError(null);
    try {
      await downloadFile(client, 'documents_file_retrieve', document.id, document.file.name);
    } catch (failure) {
      setError(apiErrorDetail(failure, 'The file could not be downloaded.'));
    }
  };

  const columns: DataTableColumn<EmployeeDocument>[] = [
    {
      key: 'name',
      header: 'Document',
      render: (row) => (
        <span>
          {row.name}
          {row.required ? <span css={{ display: 'block', fontSize: '0.875rem' }}>Required</span> : null}
        </span>
      ),
    },
    { key: 'status', header: 'Status', render: (row) => <DocumentStatusTag status={row.status} /> },
    {
      key: 'file',
      header: 'File',
      render: (row) =>
        row.file ? (
          <span>
            <Button
              size="sm"
              variant="text"
              onClick={() => void download(row)}
              aria-label={`Download ${row.name}: ${row.file.name}`}
            >
              {row.file.name}
            </Button>
            <span css={{ display: 'block', fontSize: '0.875rem' }}>
              Uploaded {formatDateTime(row.uploaded_at, user?.timezone)}
            </span>
          </span>
        ) : (
          'No file yet'
        ),
    },
    { key: 'expires_on', header: 'Expires', render: (row) => <ExpiryText document={row} /> },
    { key: 'review_note', header: 'Review note', render: (row) => row.review_note || '—' },
    {
      key: 'actions',
      header: 'Actions',
      hideLabelOnCards: true,
      render: (row) => (
        <RowActions>
          {row.file && row.status !== 'APPROVED' ? (
            <Button size="sm" onClick={() => approve(row)} aria-label={`Approve ${row.name}`}>
              Approve
            </Button>
          ) : null}
          {row.file && row.status !== 'REJECTED' ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setReview({ document: row, action: 'reject' })}
              aria-label={`Reject ${row.name}`}
            >
              Reject
            </Button>
          ) : null}
          {row.file ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setReview({ document: row, action: 'expiry' })}
              aria-label={`Set expiry date of ${row.name}`}
            >
              Set expiry date
            </Button>
          ) : null}
          {canUpload(row) ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setUploading(row)}
              aria-label={`Upload ${row.name} received on paper`}
            >
              Upload
            </Button>
          ) : null}
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <Messages>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </Messages>
      <RowActions css={{ justifyContent: 'space-between', marginBottom: 16 }}>
        <h2 css={{ margin: 0, fontSize: '1.25rem' }}>Documents</h2>
        <Button variant="secondary" aria-expanded={requestOpen} onClick={() => setRequestOpen((open) => !open)}>
          Request document
        </Button>
      </RowActions>

      {requestOpen ? (
        <Panel aria-labelledby="request-document-title">
          <h3 id="request-document-title" css={{ marginTop: '0 !important' }}>
            Request a document
          </h3>
          <Formik
            initialValues={{ document_type_id: '', name: '', required: true, requires_expiry: false }}
            validationSchema={yup.object({
              document_type_id: yup.string().required('Choose a document type'),
              name: yup.string().when('document_type_id', {
                is: CUSTOM,
                then: (schema) => schema.trim().required('Enter the name of the document'),
              }),
            })}
            onSubmit={async (values, { resetForm }) => {
              setNotice(null);
              setError(null);
              const body =
                values.document_type_id === CUSTOM
                  ? { name: values.name.trim(), required: values.required, requires_expiry: values.requires_expiry }
                  : { document_type_id: Number(values.document_type_id) };
              try {
                const created = await api.employees_documents_create({ id: employee.id }, body);
                setDocuments((current) => [...current, created]);
                setNotice(`${created.name} was requested; ${employee.first_name} is notified.`);
                resetForm();
                setRequestOpen(false);
              } catch (failure) {
                setError(apiErrorDetail(failure, 'The document could not be requested.'));
              }
            }}
          >
            {({ values }) => (
              <StackedForm aria-labelledby="request-document-title">
                <SelectField
                  name="document_type_id"
                  label="Document type"
                  placeholder="Choose a document type"
                  options={[
                    ...types.map((type) => ({ value: String(type.id), label: type.name })),
                    { value: CUSTOM, label: 'Another document (custom name)' },
                  ]}
                />
                {values.document_type_id === CUSTOM ? (
                  <>
                    <TextField name="name" label="Document name" autoComplete="off" />
                    <CheckboxField name="required" label="Required for ready to hire" />
                    <CheckboxField name="requires_expiry" label="Has an expiry date" />
                  </>
                ) : null}
                <SubmitOrCancel onCancel={() => setRequestOpen(false)}>Send request</SubmitOrCancel>
              </StackedForm>
            )}
          </Formik>
        </Panel>
      ) : null}

      <DataTable
        caption={`Documents of ${employee.first_name} ${employee.last_name}`}
        columns={columns}
        rows={documents}
        rowKey={(row) => row.id}
        loading={loading}
        empty={
          <EmptyState
            title="No documents yet"
            description="Request a document; the employee uploads it from their profile."
          />
        }
      />

      {review ? <ReviewDialog review={review} onClose={() => setReview(null)} onSubmit={update} /> : null}
      {uploading ? (
        <Dialog title={`Upload ${uploading.name}`} onClose={() => setUploading(null)} wide>
          <p css={{ marginTop: 0 }}>
            A document {employee.first_name} gave the office on paper: scan or photograph it. It waits for review like{' '}
            {employee.first_name}’s own upload, and {employee.first_name} is told.
          </p>
          <DocumentUploadForm
            document={uploading}
            upload={(body) =>
              api.employees_documents_upload_create({ id: employee.id, document_id: uploading.id }, body)
            }
            onUploaded={(next) => {
              replace(next);
              setUploading(null);
              setError(null);
              setNotice(`${next.name} was uploaded; it waits for review.`);
            }}
          />
          <DialogActions>
            <Button variant="secondary" onClick={() => setUploading(null)}>
              Cancel
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}

function ReviewDialog({
  review: { document, action },
  onClose,
  onSubmit,
}: {
  review: Review;
  onClose: () => void;
  onSubmit: (
    document: EmployeeDocument,
    body: { status?: 'APPROVED' | 'REJECTED'; review_note?: string; expires_on?: string | null },
    done: string,
  ) => Promise<boolean>;
}) {
  if (action === 'reject') {
    return (
      <Dialog title={`Reject ${document.name}?`} onClose={onClose}>
        <Formik
          initialValues={{ review_note: '' }}
          validationSchema={yup.object({ review_note: yup.string().trim().required('Tell the employee what to fix') })}
          onSubmit={async (values) => {
            if (
              await onSubmit(
                document,
                { status: 'REJECTED', review_note: values.review_note.trim() },
                `${document.name} was rejected.`,
              )
            )
              onClose();
          }}
        >
          <StackedForm aria-label={`Reject ${document.name}`}>
            <TextAreaField name="review_note" label="Note to the employee" data-autofocus />
            <DialogActions>
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <SubmitButton variant="danger">Reject document</SubmitButton>
            </DialogActions>
          </StackedForm>
        </Formik>
      </Dialog>
    );
  }
  const approving = action === 'approve';
  return (
    <Dialog title={approving ? `Approve ${document.name}` : `Expiry date of ${document.name}`} onClose={onClose}>
      <Formik
        initialValues={{ expires_on: isoToMaskedDate(document.expires_on) }}
        validationSchema={yup.object({ expires_on: dateSchema(approving || document.requires_expiry) })}
        onSubmit={async (values) => {
          const expires_on = maskedToIsoDate(values.expires_on);
          const body = approving ? { status: 'APPROVED' as const, expires_on } : { expires_on };
          if (
            await onSubmit(
              document,
              body,
              approving ? `${document.name} was approved.` : `The expiry date of ${document.name} was saved.`,
            )
          )
            onClose();
        }}
      >
        <StackedForm aria-label={approving ? `Approve ${document.name}` : `Expiry date of ${document.name}`}>
          {approving ? <p>This document needs an expiry date before it can be approved.</p> : null}
          <DateField name="expires_on" label="Expiry date" data-autofocus />
          <DialogActions>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton>{approving ? 'Approve' : 'Save date'}</SubmitButton>
          </DialogActions>
        </StackedForm>
      </Formik>
    </Dialog>
  );
}
