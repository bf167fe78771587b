import styled from '@emotion/styled';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useApiClient } from '../../../app/api-client';
import { useAuthentication } from '../../../app/authentication';
import { formatDateTime } from '../../../app/date-time';
import { POSITIONS } from '../../../domain/labels';
import { Alert } from '../../../ui/alert';
import { EmptyState } from '../../../ui/empty-state';
import { Card, ItemList, Stack } from '../../../ui/layout';
import { DocumentStatusTags } from '../../../ui/document-status-tags';
import type { Checklist } from '../../../api/onboarding';
import { FORM_STATUS_TEXT, TEST_STATUS_TEXT, statusOf } from '../../../domain/status-text';
import { StatusTag } from '../../../ui/tag';
import { useRecord } from '../../../app/use-record';

const Progress = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  progress {
    width: 100%;
    height: 12px;
    accent-color: ${({ theme }) => theme.palette.primaryText};
  }
`;

/** Done and total items of a checklist: forms completed, documents approved and valid, a test passed. */
export function progressOf(checklist: Checklist): { done: number; total: number } {
  const forms = checklist.forms.filter((form) => form.required);
  const documents = checklist.documents.filter((document) => document.required);
  const done =
    forms.filter((form) => form.status === 'COMPLETED').length +
    documents.filter((document) => document.status === 'APPROVED' && !document.expired).length +
    (checklist.tests.some((test) => test.status === 'PASSED') ? 1 : 0);
  return { done, total: forms.length + documents.length + 1 };
}

/** A part of the checklist: its items, one a row, or the sentence that says none was asked for. */
function ChecklistCard({
  id,
  title,
  none,
  children,
}: {
  id: string;
  title: string;
  none: string;
  children: ReactNode[];
}) {
  return (
    <Card aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children.length === 0 ? <p>{none}</p> : <ItemList>{children}</ItemList>}
    </Card>
  );
}

/** The employee's onboarding: progress, then forms, documents and tests with their status. */
export function EmployeeChecklist() {
  const api = useApiClient();
  const { user } = useAuthentication();
  const progressId = useId();
  const checklist = useRecord(
    () => api.onboarding_checklist_retrieve(),
    'checklist',
    'Your checklist could not be loaded.',
  );
  const data = checklist.data;
  if (checklist.error) return <Alert tone="error">{checklist.error}</Alert>;
  if (!data) return <p role="status">Loading…</p>;
  const { done, total } = progressOf(data);
  const ready = user?.profile?.status === 'READY';
  return (
    <Stack>
      <Card aria-labelledby="onboarding-progress">
        <h2 id="onboarding-progress">Your progress</h2>
        <Progress>
          <p css={{ margin: '8px 0 0' }} id={progressId}>
            {done} of {total} required steps done
          </p>
          <progress max={total} value={done} aria-labelledby={progressId} />
          {ready ? (
            <Alert tone="success">You are ready to hire. Your work schedule is open.</Alert>
          ) : data.ready ? (
            <Alert tone="success">Everything required is done. The office will mark you ready to hire.</Alert>
          ) : data.missing.length ? (
            <div>
              <p css={{ margin: 0, fontWeight: 600 }}>Still needed before you can start work:</p>
              <ul css={{ margin: '4px 0 0', paddingLeft: '1.25rem' }}>
                {data.missing.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </Progress>
      </Card>
      <ChecklistCard id="onboarding-forms" title="Forms" none="No forms were requested.">
        {data.forms.map((form) => {
          const status = statusOf(FORM_STATUS_TEXT, form.status);
          return (
            <li key={form.id}>
              <Link to={`/onboarding/form-request/${form.id}/onboarding`}>
                {form.name}
                {form.required ? '' : ' (optional)'}
              </Link>
              <StatusTag tone={status.tone}>{status.text}</StatusTag>
            </li>
          );
        })}
      </ChecklistCard>
      <ChecklistCard id="onboarding-documents" title="Documents" none="No documents were requested.">
        {data.documents.map((document) => (
          <li key={document.id}>
            <Link to="/profile/documents">
              {document.name}
              {document.required ? '' : ' (optional)'}
            </Link>
            <span css={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
              <DocumentStatusTags document={document} />
            </span>
          </li>
        ))}
      </ChecklistCard>
      <ChecklistCard
        id="onboarding-tests"
        title="Competency tests"
        none="No competency test was assigned yet. The office will send one."
      >
        {data.tests.map((test) => {
          const status = statusOf(TEST_STATUS_TEXT, test.status);
          return (
            <li key={test.id}>
              <Link
                to={
                  test.status === 'PENDING'
                    ? `/onboarding/test-request/${test.id}`
                    : `/onboarding/test-request/result?id=${test.id}`
                }
              >
                {test.name}
                {test.score != null ? ` · ${test.score}% (pass mark ${test.pass_mark}%)` : ''}
              </Link>
              <StatusTag tone={status.tone}>{status.text}</StatusTag>
            </li>
          );
        })}
      </ChecklistCard>
    </Stack>
  );
}

/** For a READY registered nurse: the HHA skills checks of the organization waiting for an observation. */
export function SkillsChecksAwaitingObservation() {
  const api = useApiClient();
  const { user } = useAuthentication();
  const list = useRecord(
    async () => (await api.test_requests_list({ awaiting_observation: true, limit: 100 })).results,
    'awaiting',
    'The skills checks could not be loaded.',
  );
  const rows = (list.data ?? []).filter(
    (request) => request.status === 'AWAITING_OBSERVATION' && request.employee.id !== user?.id,
  );
  return (
    <Card aria-labelledby="skills-checks">
      <h2 id="skills-checks">Skills checks awaiting observation</h2>
      <p css={{ margin: '4px 0 0' }}>
        Home health aides who passed the written part and need a registered nurse to watch their skills.
      </p>
      {list.error ? <Alert tone="error">{list.error}</Alert> : null}
      {list.loading && !list.data ? <p role="status">Loading…</p> : null}
      {list.data && rows.length === 0 ? (
        <EmptyState
          title="No skills checks waiting"
          description="You will get a notification when an aide needs an observation."
        />
      ) : null}
      {rows.length ? (
        <ItemList>
          {rows.map((request) => (
            <li key={request.id}>
              <Link to={`/onboarding/test-request/${request.id}`}>
                Observe {request.employee.name}
                {request.employee.position
                  ? ` (${POSITIONS[request.employee.position as keyof typeof POSITIONS] ?? request.employee.position})`
                  : ''}
                : {request.test.name}
              </Link>
              <span css={{ fontSize: '0.875rem' }}>
                Written part {request.score ?? '—'}% · {formatDateTime(request.submitted_at, user?.timezone)}
              </span>
            </li>
          ))}
        </ItemList>
      ) : null}
    </Card>
  );
}
