import { Formik } from 'formik';
import { useCallback, useEffect, useState } from 'react';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { formatDateTime } from '../../app/date-time';
import { Alert } from '../../ui/alert';
import { apiErrorBody, apiErrorDetail } from '../../ui/api-error';
import { Button, ButtonLink, TextLink } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { SelectField, StackedForm } from '../../ui/fields';
import { SubmitButton } from '../../ui/submit-button';
import { DocumentStatusTag, ExpiryText } from './employee-documents-tab';
import type { EmployeeTabProps } from './employee-tab-props';
import {
  ALL_ROWS,
  personName,
  type Checklist,
  type CompetencyTest,
  type EmployeeDocument,
  type FormRequestStatus,
  type FormTemplate,
  type TestRequestStatus,
} from '../../api/hiring';
import { Messages, Panel, RowActions, TwoColumns } from '../../ui/layout';
import { Tag, type TagTone } from '../../ui/tag';

export const FORM_STATUS_LABELS: Record<FormRequestStatus, string> = {
  PENDING: 'Waiting for the employee',
  AWAITING_COUNTERSIGN: 'Waiting for your countersignature',
  COMPLETED: 'Completed',
};
export const FORM_STATUS_TONES: Record<FormRequestStatus, TagTone> = {
  PENDING: 'warning',
  AWAITING_COUNTERSIGN: 'warning',
  COMPLETED: 'success',
};

export const TEST_STATUS_LABELS: Record<TestRequestStatus, string> = {
  PENDING: 'Not taken yet',
  AWAITING_OBSERVATION: 'Waiting for the nurse’s observation',
  PASSED: 'Passed',
  FAILED: 'Failed',
};
const TEST_STATUS_TONES: Record<TestRequestStatus, TagTone> = {
  PENDING: 'warning',
  AWAITING_OBSERVATION: 'warning',
  PASSED: 'success',
  FAILED: 'error',
};

type ChecklistForm = Checklist['forms'][number];
type ChecklistTest = Checklist['tests'][number];

/** Onboarding: the checklist (forms, documents, tests), ready to hire, countersigning, sending a form or a test. */
export function EmployeeOnboardingTab({ employee, onEmployeeChange }: EmployeeTabProps) {
  const api = useApiClient();
  const { user } = useAuthentication();
  const [checklist, setChecklist] = useState<Checklist | null>(null);
  const [templates, setTemplates] = useState<FormTemplate[]>([]);
  const [tests, setTests] = useState<CompetencyTest[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const formLink = (form: ChecklistForm) => `/employees/${employee.id}/onboarding/form-request/${form.id}`;

  const load = useCallback(async () => {
    try {
      setChecklist(await api.employees_checklist_retrieve({ id: employee.id }));
    } catch (failure) {
      setError(apiErrorDetail(failure, 'The onboarding checklist could not be loaded.'));
    }
  }, [api, employee.id]);

  useEffect(() => {
    void load();
    api
      .form_templates_list(ALL_ROWS)
      .then((answer) => setTemplates(answer.results.filter((template) => template.active)))
      .catch(() => setTemplates([]));
    api
      .competency_tests_list(ALL_ROWS)
      .then((answer) => setTests(answer.results.filter((test) => test.active)))
      .catch(() => setTests([]));
  }, [api, load]);

  const markReady = async () => {
    setBusy(true);
    setNotice(null);
    setError(null);
    setMissing(null);
    try {
      const updated = await api.employees_ready_create({ id: employee.id });
      onEmployeeChange(updated);
      setNotice(`${personName(updated)} is ready to hire and has been notified.`);
      void load();
    } catch (failure) {
      const body = apiErrorBody(failure);
      const list = body?.fields?.checklist;
      if (body?.code === 'not_ready' || list?.length)
        setMissing(list?.length ? list : [body?.detail ?? 'Something required is missing.']);
      else setError(apiErrorDetail(failure, 'The employee could not be marked ready to hire.'));
    } finally {
      setBusy(false);
    }
  };

  const formColumns: DataTableColumn<ChecklistForm>[] = [
    {
      key: 'name',
      header: 'Form',
      render: (row) => (row.status === 'PENDING' ? row.name : <TextLink to={formLink(row)}>{row.name}</TextLink>),
    },
    { key: 'required', header: 'Required', render: (row) => (row.required ? 'Required' : 'Optional') },
    {
      key: 'status',
      header: 'Status',
      render: (row) => <Tag tone={FORM_STATUS_TONES[row.status]}>{FORM_STATUS_LABELS[row.status] ?? row.status}</Tag>,
    },
    { key: 'completed_at', header: 'Completed', render: (row) => formatDateTime(row.completed_at, user?.timezone) },
    {
      key: 'actions',
      header: 'Actions',
      hideLabelOnCards: true,
      render: (row) =>
        row.status === 'AWAITING_COUNTERSIGN' ? (
          <ButtonLink size="sm" to={formLink(row)} aria-label={`Countersign ${row.name}`}>
            Countersign
          </ButtonLink>
        ) : null,
    },
  ];
  const documentColumns: DataTableColumn<EmployeeDocument>[] = [
    { key: 'name', header: 'Document', render: (row) => `${row.name}${row.required ? '' : ' (optional)'}` },
    { key: 'status', header: 'Status', render: (row) => <DocumentStatusTag status={row.status} /> },
    { key: 'expires_on', header: 'Expires', render: (row) => <ExpiryText document={row} /> },
  ];
  const testColumns: DataTableColumn<ChecklistTest>[] = [
    { key: 'name', header: 'Test', render: (row) => row.name },
    {
      key: 'status',
      header: 'Status',
      render: (row) => <Tag tone={TEST_STATUS_TONES[row.status]}>{TEST_STATUS_LABELS[row.status] ?? row.status}</Tag>,
    },
    {
      key: 'score',
      header: 'Score',
      render: (row) => (row.score === null ? '—' : `${row.score}% (pass mark ${row.pass_mark}%)`),
    },
    { key: 'submitted_at', header: 'Submitted', render: (row) => formatDateTime(row.submitted_at, user?.timezone) },
  ];

  return (
    <>
      <Messages>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        {missing ? (
          <Alert tone="error">
            <span id="not-ready-title">{personName(employee)} cannot be marked ready to hire yet. Still missing:</span>
            <ul aria-labelledby="not-ready-title" css={{ margin: '8px 0 0', paddingLeft: 20 }}>
              {missing.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
      </Messages>

      <Panel aria-labelledby="ready-title">
        <h2 id="ready-title">Ready to hire</h2>
        {employee.status === 'READY' ? (
          <p css={{ margin: 0 }}>
            {personName(employee)} is ready to hire
            {employee.ready_at ? ` since ${formatDateTime(employee.ready_at, user?.timezone)}` : ''}.
          </p>
        ) : (
          <>
            <p css={{ marginTop: 0 }}>
              Every required form signed, every required document approved and not expired, and a competency test
              passed.
              {checklist
                ? checklist.ready
                  ? ' Everything required is done.'
                  : ` ${checklist.missing.length} item${checklist.missing.length === 1 ? '' : 's'} still missing.`
                : ''}
            </p>
            <Button onClick={() => void markReady()} disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Submitting' : 'Mark ready to hire'}
            </Button>
          </>
        )}
      </Panel>

      {!checklist ? (
        error ? null : (
          <p role="status">Loading…</p>
        )
      ) : (
        <>
          <h2 css={{ fontSize: '1.25rem' }}>Forms</h2>
          <DataTable
            caption="Forms"
            columns={formColumns}
            rows={checklist.forms}
            rowKey={(row) => row.id}
            empty={<EmptyState title="No forms requested" description="Send a form below." />}
          />
          <h2 css={{ fontSize: '1.25rem' }}>Documents</h2>
          <DataTable
            caption="Onboarding documents"
            columns={documentColumns}
            rows={checklist.documents}
            rowKey={(row) => row.id}
            empty={<EmptyState title="No documents requested" description="Request one on the Documents tab." />}
          />
          <h2 css={{ fontSize: '1.25rem' }}>Competency tests</h2>
          <DataTable
            caption="Competency tests"
            columns={testColumns}
            rows={checklist.tests}
            rowKey={(row) => row.id}
            empty={<EmptyState title="No test sent" description="Send a competency test below." />}
          />
        </>
      )}

      <TwoColumns css={{ marginTop: 24, alignItems: 'start' }}>
        <SendShortcut
          title="Send a form"
          label="Form template"
          options={templates.map((template) => ({ value: String(template.id), label: template.name }))}
          submitLabel="Send form"
          onSend={async (value) => {
            await api.form_requests_create(null, { template_id: Number(value), employee_ids: [employee.id] });
            return `The form was sent to ${personName(employee)}.`;
          }}
          onDone={(text) => {
            setNotice(text);
            void load();
          }}
        />
        <SendShortcut
          title="Send a competency test"
          label="Competency test"
          options={tests.map((test) => ({ value: String(test.id), label: test.name }))}
          submitLabel="Send test"
          onSend={async (value) => {
            await api.test_requests_create(null, { test_id: Number(value), employee_ids: [employee.id] });
            return `The test was sent to ${personName(employee)}.`;
          }}
          onDone={(text) => {
            setNotice(text);
            void load();
          }}
        />
      </TwoColumns>
    </>
  );
}

function SendShortcut({
  title,
  label,
  options,
  submitLabel,
  onSend,
  onDone,
}: {
  title: string;
  label: string;
  options: { value: string; label: string }[];
  submitLabel: string;
  onSend: (value: string) => Promise<string>;
  onDone: (notice: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const titleId = `${submitLabel.toLowerCase().replace(/\s+/g, '-')}-title`;
  return (
    <Panel aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {options.length === 0 ? (
        <p css={{ margin: 0 }}>Nothing to send yet: add one under Onboarding.</p>
      ) : (
        <Formik
          initialValues={{ value: '' }}
          validationSchema={yup.object({ value: yup.string().required(`Choose a ${label.toLowerCase()}`) })}
          onSubmit={async (values, { resetForm }) => {
            setError(null);
            try {
              onDone(await onSend(values.value));
              resetForm();
            } catch (failure) {
              setError(apiErrorDetail(failure, 'It could not be sent.'));
            }
          }}
        >
          <StackedForm aria-labelledby={titleId}>
            <SelectField name="value" label={label} placeholder="Choose…" options={options} />
            <RowActions>
              <SubmitButton>{submitLabel}</SubmitButton>
            </RowActions>
          </StackedForm>
        </Formik>
      )}
    </Panel>
  );
}
