import styled from '@emotion/styled';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { formatDateTime } from '../../app/date-time';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { Button, ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { downloadDocumentFile, formatDate, type Checklist, type EmployeeDocument } from '../../api/onboarding';
import { DOCUMENT_STATUS_TEXT, FORM_STATUS_TEXT, TEST_STATUS_TEXT, statusOf } from '../../domain/status-text';
import { DocumentStatusTags } from '../../ui/document-status-tags';
import { Card, ItemList, Stack } from '../../ui/layout';
import { StatusTag } from '../../ui/tag';
import { useRecord } from '../../app/use-record';
import { PrivatePage } from '../../app/page-shell';
import { DocumentUploadForm } from '../../app/document-upload-form';

const TitleLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1)};
  margin-bottom: ${({ theme }) => theme.spacing(1)};
`;

const Facts = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing(1)};
  color: ${({ theme }) => theme.palette.text.secondary};
  overflow-wrap: anywhere;
`;

/** Whether the employee has to (re)upload a file for this document. */
export function documentIsDue(document: EmployeeDocument): boolean {
  return (
    document.status === 'MISSING' ||
    document.status === 'REJECTED' ||
    (document.status === 'APPROVED' && document.expired)
  );
}

function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function DocumentCard({
  document,
  onUploaded,
}: {
  document: EmployeeDocument;
  onUploaded: (next: EmployeeDocument) => void;
}) {
  const api = useApiClient();
  const { user } = useAuthentication();
  const headingId = useId();
  const due = documentIsDue(document) || document.expiring_soon;
  const [replacing, setReplacing] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const file = document.file;
  return (
    <Card aria-labelledby={headingId} id={`document-${document.id}`}>
      <TitleLine>
        <h2 id={headingId}>{document.name}</h2>
        <DocumentStatusTags document={document} />
      </TitleLine>
      <Facts>
        {document.required ? 'Required' : 'Optional'}
        {document.expires_on
          ? ` · ${document.expired ? 'Expired' : 'Expires'} ${formatDate(document.expires_on)}`
          : document.requires_expiry
            ? ' · Needs an expiry date'
            : ''}
        {document.uploaded_at ? ` · Uploaded ${formatDateTime(document.uploaded_at, user?.timezone)}` : ''}
      </Facts>
      {document.status === 'REJECTED' && document.review_note ? (
        <Alert tone="error">Rejected: {document.review_note}</Alert>
      ) : null}
      {document.expired ? <Alert tone="error">This document has expired. Upload a current one.</Alert> : null}
      {!document.expired && document.expiring_soon ? (
        <Alert tone="warning">
          This document expires on {formatDate(document.expires_on)}. Upload the renewed one.
        </Alert>
      ) : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {file ? (
        <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, margin: '12px 0' }}>
          <span css={{ overflowWrap: 'anywhere' }}>
            {file.name} ({formatSize(file.size)})
          </span>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Download ${file.name}`}
            onClick={() => {
              setMessage(null);
              downloadDocumentFile(api, document.id, file.name).catch((failure: unknown) =>
                setMessage({ tone: 'error', text: apiErrorDetail(failure, 'The file could not be downloaded.') }),
              );
            }}
          >
            Download
          </Button>
        </div>
      ) : null}
      {due || replacing ? (
        <div css={{ marginTop: 12 }}>
          <DocumentUploadForm
            document={document}
            upload={(body) => api.profile_documents_upload_create({ id: document.id }, body)}
            onUploaded={(next) => {
              setReplacing(false);
              setMessage({ tone: 'success', text: 'Uploaded. The office will review it.' });
              onUploaded(next);
            }}
          />
        </div>
      ) : (
        <Button size="sm" variant="secondary" onClick={() => setReplacing(true)}>
          Replace file
        </Button>
      )}
    </Card>
  );
}

/** What /profile/documents says to someone who keeps no documents here (only employees do). */
const NOT_AN_EMPLOYEE: Record<string, { description: string; link?: { to: string; text: string } }> = {
  ROLE_ADMIN: {
    description: "Documents are kept for employees. An employee's documents are on their page under Employees.",
    link: { to: '/employees', text: 'Go to Employees' },
  },
  ROLE_MASTER: {
    description: "Documents are kept for employees. An employee's documents are on their page under Employees.",
    link: { to: '/employees', text: 'Go to Employees' },
  },
  ROLE_CLIENT: {
    description: 'Documents are kept for employees. What waits for your signature is on your welcome page.',
    link: { to: '/clients/welcome', text: 'Go to your welcome page' },
  },
  ROLE_MARKETER: { description: 'Documents are kept for employees; you have none to upload.' },
};

/** /profile/documents — one's documents: status, expiry, upload per requested slot, download of one's files. */
export function ProfileDocumentsPage() {
  const { user } = useAuthentication();
  if (user && user.role !== 'ROLE_EMPLOYEE') {
    const other = NOT_AN_EMPLOYEE[user.role] ?? NOT_AN_EMPLOYEE.ROLE_MARKETER!;
    return (
      <PrivatePage title="My documents">
        <EmptyState
          title="No documents to keep here"
          description={other.description}
          action={other.link ? <ButtonLink to={other.link.to}>{other.link.text}</ButtonLink> : undefined}
        />
      </PrivatePage>
    );
  }
  return <OwnDocuments />;
}

function OwnDocuments() {
  const api = useApiClient();
  const documents = useRecord(() => api.profile_documents_list(), 'documents', 'Your documents could not be loaded.');
  const rows = documents.data ?? [];
  return (
    <PrivatePage title="My documents" description="Upload the documents the office asked for and keep them up to date.">
      {documents.error ? <Alert tone="error">{documents.error}</Alert> : null}
      {documents.loading && !documents.data ? (
        <p role="status">Loading…</p>
      ) : rows.length === 0 && !documents.error ? (
        <EmptyState
          title="No documents yet"
          description="When the office asks you for a document, it will be listed here for you to upload."
        />
      ) : (
        <Stack>
          {rows.map((document) => (
            <DocumentCard
              key={document.id}
              document={document}
              onUploaded={(next) => documents.setData(rows.map((row) => (row.id === next.id ? next : row)))}
            />
          ))}
        </Stack>
      )}
    </PrivatePage>
  );
}

interface DueItem {
  key: string;
  name: ReactNode;
  status: { text: string; tone: 'neutral' | 'success' | 'warning' | 'error' };
  to?: string;
  action?: string;
}

/** What is still due on a checklist (to do) and what waits for someone else (waiting). */
export function dueItemsOf(checklist: Checklist): {
  forms: DueItem[];
  documents: DueItem[];
  tests: DueItem[];
  waiting: DueItem[];
} {
  const optional = (required: boolean) => (required ? '' : ' (optional)');
  const forms = checklist.forms
    .filter((form) => form.status === 'PENDING')
    .map((form) => ({
      key: `form-${form.id}`,
      name: `${form.name}${optional(form.required)}`,
      status: statusOf(FORM_STATUS_TEXT, form.status),
      to: `/onboarding/form-request/${form.id}`,
      action: 'Fill in and sign',
    }));
  const documents = checklist.documents.filter(documentIsDue).map((document) => ({
    key: `document-${document.id}`,
    name: `${document.name}${optional(document.required)}`,
    status: document.expired
      ? { text: 'Expired', tone: 'error' as const }
      : statusOf(DOCUMENT_STATUS_TEXT, document.status),
    to: '/profile/documents',
    action: 'Upload',
  }));
  const tests = checklist.tests
    .filter((test) => test.status === 'PENDING')
    .map((test) => ({
      key: `test-${test.id}`,
      name: test.name,
      status: statusOf(TEST_STATUS_TEXT, test.status),
      to: `/onboarding/test-request/${test.id}`,
      action: 'Take the test',
    }));
  const waiting = [
    ...checklist.forms
      .filter((form) => form.status === 'AWAITING_COUNTERSIGN')
      .map((form) => ({ key: `form-${form.id}`, name: form.name, status: statusOf(FORM_STATUS_TEXT, form.status) })),
    ...checklist.documents
      .filter((document) => document.status === 'PENDING')
      .map((document) => ({
        key: `document-${document.id}`,
        name: document.name,
        status: statusOf(DOCUMENT_STATUS_TEXT, document.status),
      })),
    ...checklist.tests
      .filter((test) => test.status === 'AWAITING_OBSERVATION')
      .map((test) => ({
        key: `test-${test.id}`,
        name: test.name,
        status: statusOf(TEST_STATUS_TEXT, test.status),
        to: `/onboarding/test-request/result?id=${test.id}`,
        action: 'See the result so far',
      })),
  ];
  return { forms, documents, tests, waiting };
}

export function DueList({ id, title, items }: { id: string; title: string; items: DueItem[] }) {
  if (items.length === 0) return null;
  return (
    <Card aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ItemList>
        {items.map((item) => (
          <li key={item.key}>
            {item.to ? (
              <Link to={item.to}>
                {item.action ? `${item.action}: ` : ''}
                {item.name}
              </Link>
            ) : (
              <span>{item.name}</span>
            )}
            <StatusTag tone={item.status.tone}>{item.status.text}</StatusTag>
          </li>
        ))}
      </ItemList>
    </Card>
  );
}

/** /profile/incomplete-documents — what is still due, each linking to the page that completes it. */
export function IncompleteDocumentsPage() {
  const api = useApiClient();
  const checklist = useRecord(
    () => api.onboarding_checklist_retrieve(),
    'checklist',
    'Your checklist could not be loaded.',
  );
  const due = checklist.data ? dueItemsOf(checklist.data) : null;
  const nothingDue = !!due && due.forms.length + due.documents.length + due.tests.length === 0;
  return (
    <PrivatePage title="Incomplete documents" description="What you still need to do before you can start work.">
      {checklist.error ? <Alert tone="error">{checklist.error}</Alert> : null}
      {checklist.loading && !checklist.data ? <p role="status">Loading…</p> : null}
      {due ? (
        <Stack>
          {nothingDue ? (
            <EmptyState
              title="Nothing is due"
              description={
                due.waiting.length
                  ? 'You have done your part. The office will review what is waiting below.'
                  : 'You have completed every form, document and test the office asked for.'
              }
              action={
                <ButtonLink to="/onboarding" variant="secondary">
                  See your onboarding checklist
                </ButtonLink>
              }
            />
          ) : null}
          <DueList id="due-forms" title="Forms to fill in and sign" items={due.forms} />
          <DueList id="due-documents" title="Documents to upload" items={due.documents} />
          <DueList id="due-tests" title="Competency tests to take" items={due.tests} />
          <DueList id="due-waiting" title="Waiting for review" items={due.waiting} />
        </Stack>
      ) : null}
    </PrivatePage>
  );
}
