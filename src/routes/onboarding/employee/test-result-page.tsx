import styled from '@emotion/styled';
import { Link, useSearchParams } from 'react-router-dom';
import { useApiClient } from '../../../app/api-client';
import { useAuthentication } from '../../../app/authentication';
import { formatDateTime } from '../../../app/date-time';
import { Alert } from '../../../ui/alert';
import { ButtonLink } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { PrivatePage } from '../../../app/page-shell';
import { Card, ItemList, Stack } from '../../../ui/layout';
import { needsObservation, type TestRequest } from '../../../api/onboarding';
import { StatusTag } from '../../../ui/tag';
import { TEST_STATUS_TEXT, statusOf } from '../../../domain/status-text';
import { useRecord } from '../../../app/use-record';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: ${({ theme }) => theme.spacing(1, 2)};
  margin: ${({ theme }) => theme.spacing(1, 0, 0)};
  dt {
    font-weight: 600;
    color: ${({ theme }) => theme.palette.text.secondary};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

function observationText(request: TestRequest): string {
  if (!needsObservation(request)) return 'Not needed for this position';
  if (request.status === 'PENDING') return 'After the written part';
  if (request.written_passed === false) return 'Not needed: the written part was not passed';
  if (request.status === 'AWAITING_OBSERVATION') return 'Waiting for a registered nurse';
  const results = request.skill_results ?? [];
  if (results.length === 0) return '—';
  return results.every((result) => result.satisfactory) ? 'All skills satisfactory' : 'Not all skills satisfactory';
}

function nextStepText(request: TestRequest, viewer: 'employee' | 'observer'): string {
  if (viewer === 'observer') {
    return request.status === 'PASSED'
      ? 'The aide passed. The office is notified and will continue their onboarding.'
      : 'The aide did not pass. The office is notified and will arrange further training and another check.';
  }
  switch (request.status) {
    case 'PENDING':
      return 'You have not taken this test yet.';
    case 'AWAITING_OBSERVATION':
      return 'You passed the written part. A registered nurse from the agency will watch you perform the required skills and record the result; you will get a notification.';
    case 'PASSED':
      return 'You passed. The office will mark you ready to hire once your forms and documents are complete too.';
    case 'FAILED':
      return 'You did not pass this time. Review the subjects above; the office has been told and will send you another attempt, with the questions in a new order.';
    default:
      return '';
  }
}

/** The outcome of a test request: score against the pass mark, written part, observation, final result, next step. */
export function TestOutcome({
  request,
  viewer = 'employee',
}: {
  request: TestRequest;
  viewer?: 'employee' | 'observer';
}) {
  const { user } = useAuthentication();
  const status = statusOf(TEST_STATUS_TEXT, request.status);
  const final = request.status === 'PASSED' ? 'Passed' : request.status === 'FAILED' ? 'Failed' : 'Not decided yet';
  const results = request.skill_results ?? [];
  return (
    <Card aria-labelledby={`test-outcome-${request.id}`}>
      <h2 id={`test-outcome-${request.id}`}>Result</h2>
      <p css={{ margin: '8px 0 0' }}>
        <StatusTag tone={status.tone}>{status.text}</StatusTag>
      </p>
      <Facts>
        <dt>Score</dt>
        <dd>{request.score == null ? '—' : `${request.score}% (pass mark ${request.test.pass_mark}%)`}</dd>
        <dt>Written part</dt>
        <dd>{request.written_passed == null ? 'Not taken yet' : request.written_passed ? 'Passed' : 'Not passed'}</dd>
        <dt>Skills observation</dt>
        <dd>{observationText(request)}</dd>
        {request.observer ? (
          <>
            <dt>Observed by</dt>
            <dd>
              {request.observer.name}, {formatDateTime(request.observed_at, user?.timezone)}
            </dd>
          </>
        ) : null}
        <dt>Final result</dt>
        <dd>
          <strong>{final}</strong>
        </dd>
      </Facts>
      {request.review_subjects.length ? (
        <>
          <h3 css={{ margin: '16px 0 0', fontSize: '1rem' }}>Subjects to review</h3>
          <ul css={{ margin: '4px 0 0', paddingLeft: 20 }}>
            {request.review_subjects.map((subject) => (
              <li key={subject}>{subject}</li>
            ))}
          </ul>
        </>
      ) : null}
      {results.length ? (
        <>
          <h3 css={{ margin: '16px 0 0', fontSize: '1rem' }}>Observed skills</h3>
          <ItemList>
            {results.map((result) => (
              <li key={String(result.skill_id)}>
                <span>
                  {result.label}
                  {result.comment ? (
                    <span css={{ display: 'block', fontWeight: 400 }}>Comment: {result.comment}</span>
                  ) : null}
                </span>
                <StatusTag tone={result.satisfactory ? 'success' : 'error'}>
                  {result.satisfactory ? 'Satisfactory' : 'Not satisfactory'}
                </StatusTag>
              </li>
            ))}
          </ItemList>
        </>
      ) : null}
      <h3 css={{ margin: '16px 0 4px', fontSize: '1rem' }}>What happens next</h3>
      <p css={{ margin: 0 }}>{nextStepText(request, viewer)}</p>
    </Card>
  );
}

/** /onboarding/test-request/result?id= — the outcome of one's competency test. */
export function TestResultPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const requestId = Number(id);
  const api = useApiClient();
  const valid = !!id && Number.isInteger(requestId) && requestId > 0;
  const resource = useRecord(
    async () => (valid ? api.test_requests_retrieve({ id: requestId }) : null),
    String(id),
    'The result could not be loaded.',
  );
  const request = resource.data;
  return (
    <PrivatePage title="Competency test result" description={request ? request.test.name : undefined}>
      {!valid ? (
        <EmptyState
          title="No test chosen"
          description="Open a test from your onboarding checklist to see its result."
          action={
            <ButtonLink to="/onboarding" variant="secondary">
              Go to onboarding
            </ButtonLink>
          }
        />
      ) : null}
      {resource.error ? <Alert tone="error">{resource.error}</Alert> : null}
      {valid && resource.loading && !request ? <p role="status">Loading…</p> : null}
      {request ? (
        <Stack>
          <TestOutcome request={request} />
          {request.status === 'PENDING' ? (
            <div>
              <ButtonLink to={`/onboarding/test-request/${request.id}`}>Take the test</ButtonLink>
            </div>
          ) : null}
          <p css={{ margin: 0 }}>
            <Link to="/onboarding">Back to onboarding</Link>
          </p>
        </Stack>
      ) : null}
    </PrivatePage>
  );
}

export default TestResultPage;
