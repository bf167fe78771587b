import { Formik } from 'formik';
import { useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import * as yup from 'yup';
import { useApiClient } from '../../../app/api-client';
import { useAuthentication } from '../../../app/authentication';
import { POSITIONS } from '../../../domain/labels';
import { Alert } from '../../../ui/alert';
import { apiErrorDetail, apiFieldErrors } from '../../../ui/api-error';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FieldHint, FormStack, StackedForm, TextAreaField } from '../../../ui/fields';
import { SignatureField } from '../../../ui/signature-pad';
import { SubmitButton } from '../../../ui/submit-button';
import { PrivatePage } from '../../../app/page-shell';
import { Card, Stack } from '../../../ui/layout';
import { needsObservation, type TestRequest } from '../../../api/onboarding';
import { StatusTag } from '../../../ui/tag';
import { TEST_STATUS_TEXT, statusOf } from '../../../domain/status-text';
import { useRecord } from '../../../app/use-record';
import { RadioGroupField } from './radio-group-field';
import { TestOutcome } from './test-result-page';
import { isObservingNurse } from '../../../app/session-user';

export const resultPathOf = (id: number | string) => `/onboarding/test-request/result?id=${id}`;

function WrittenTest({ request }: { request: TestRequest }) {
  const api = useApiClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  /** The answers waiting for the person to confirm that they are final. */
  const [toConfirm, setToConfirm] = useState<Record<string, string> | null>(null);
  const [sending, setSending] = useState(false);
  const questions = request.test.questions;
  const send = async (chosen: Record<string, string>) => {
    setSending(true);
    try {
      const answers = Object.fromEntries(
        Object.entries(chosen).map(([questionId, choice]) => [questionId, Number(choice)]),
      );
      await api.test_requests_submit_create({ id: request.id }, { answers });
      navigate(resultPathOf(request.id), { replace: true });
    } catch (failure) {
      setToConfirm(null);
      setSending(false);
      setError(apiErrorDetail(failure, 'Your answers could not be submitted. Please try again.'));
    }
  };
  const schema = useMemo(
    () =>
      yup.object({
        answers: yup.object(
          Object.fromEntries(
            questions.map((question) => [String(question.id), yup.string().required('Choose an answer')]),
          ),
        ),
      }),
    [questions],
  );
  return (
    <Formik
      initialValues={{
        answers: Object.fromEntries(questions.map((question) => [String(question.id), ''])) as Record<string, string>,
      }}
      validationSchema={schema}
      onSubmit={(values, { setSubmitting }) => {
        setError(null);
        setSubmitting(false);
        setToConfirm(values.answers);
      }}
    >
      <>
        <StackedForm aria-label={request.test.name}>
          <FieldHint>
            {questions.length} {questions.length === 1 ? 'question' : 'questions'} · pass mark {request.test.pass_mark}%
            · answer every question, then submit. You cannot change your answers afterwards.
          </FieldHint>
          {questions.map((question, index) => (
            <Card key={String(question.id)} as="div">
              <RadioGroupField
                name={`answers.${String(question.id)}`}
                legend={`${index + 1}. ${question.text}`}
                options={question.choices.map((choice, choiceIndex) => ({
                  value: String(choiceIndex),
                  label: choice,
                }))}
              />
            </Card>
          ))}
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div>
            <SubmitButton>Submit test</SubmitButton>
          </div>
        </StackedForm>
        {toConfirm ? (
          <ConfirmDialog
            title="Submit your answers?"
            confirmLabel="Submit answers"
            busy={sending}
            onConfirm={() => void send(toConfirm)}
            onCancel={() => setToConfirm(null)}
          >
            <p>
              You answered all {questions.length} {questions.length === 1 ? 'question' : 'questions'}. Once submitted,
              your answers cannot be changed.
            </p>
          </ConfirmDialog>
        ) : null}
      </>
    </Formik>
  );
}

interface ObservationValues {
  skills: Record<string, { satisfactory: string; comment: string }>;
  signature: string | null;
}

function ObservationForm({ request, onRecorded }: { request: TestRequest; onRecorded: (next: TestRequest) => void }) {
  const api = useApiClient();
  const [error, setError] = useState<string | null>(null);
  const skills = request.test.observed_skills;
  const schema = useMemo(
    () =>
      yup.object({
        skills: yup.object(
          Object.fromEntries(
            skills.map((skill) => [
              String(skill.id),
              yup.object({
                satisfactory: yup.string().required('Mark this skill satisfactory or not'),
                comment: yup.string().max(1000, 'Use at most 1000 characters'),
              }),
            ]),
          ),
        ),
        signature: yup.string().nullable().required('Sign in the box to record the observation'),
      }),
    [skills],
  );
  return (
    <Formik<ObservationValues>
      initialValues={{
        skills: Object.fromEntries(skills.map((skill) => [String(skill.id), { satisfactory: '', comment: '' }])),
        signature: null,
      }}
      validationSchema={schema}
      onSubmit={async (values, { setErrors }) => {
        setError(null);
        try {
          const next = await api.test_requests_observation_create(
            { id: request.id },
            {
              skills: skills.map((skill) => {
                const answer = values.skills[String(skill.id)]!;
                const comment = answer.comment.trim();
                return {
                  skill_id: skill.id,
                  satisfactory: answer.satisfactory === 'yes',
                  ...(comment ? { comment } : {}),
                };
              }),
              signature: values.signature!,
            },
          );
          onRecorded(next);
        } catch (failure) {
          const fields = apiFieldErrors(failure, { known: ['signature'] });
          if (Object.keys(fields).length) setErrors(fields);
          setError(apiErrorDetail(failure, 'The observation could not be recorded. Please try again.'));
        }
      }}
    >
      <StackedForm aria-label="Skills observation">
        {skills.map((skill) => (
          <Card key={String(skill.id)} as="div">
            <FormStack>
              <RadioGroupField
                name={`skills.${String(skill.id)}.satisfactory`}
                legend={skill.label}
                inline
                options={[
                  { value: 'yes', label: 'Satisfactory' },
                  { value: 'no', label: 'Not satisfactory' },
                ]}
              />
              <TextAreaField
                name={`skills.${String(skill.id)}.comment`}
                label={`Comment on ${skill.label} (optional)`}
                rows={2}
              />
            </FormStack>
          </Card>
        ))}
        <SignatureField
          name="signature"
          label="Your signature (registered nurse)"
          hint="Your signature confirms that you watched the aide perform each skill."
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div>
          <SubmitButton>Record observation</SubmitButton>
        </div>
      </StackedForm>
    </Formik>
  );
}

/** /onboarding/test-request/:id — the employee takes the written test; the RN observer records the HHA skills. */
export function TestRequestPage() {
  const { id } = useParams();
  const requestId = Number(id);
  const api = useApiClient();
  const { user } = useAuthentication();
  const resource = useRecord(
    () => api.test_requests_retrieve({ id: requestId }),
    String(id),
    'The test could not be loaded.',
  );
  const request = resource.data;
  const [recorded, setRecorded] = useState<TestRequest | null>(null);
  const isOwn = !!request && !!user && request.employee.id === user.id;
  const observing =
    !!request &&
    !isOwn &&
    isObservingNurse(user) &&
    request.status === 'AWAITING_OBSERVATION' &&
    needsObservation(request);

  if (
    request &&
    isOwn &&
    (request.status === 'PASSED' || request.status === 'FAILED' || request.status === 'AWAITING_OBSERVATION')
  ) {
    return <Navigate to={resultPathOf(request.id)} replace />;
  }

  const title = request
    ? observing || recorded
      ? `Skills check: ${request.employee.name}`
      : request.test.name
    : 'Competency test';
  const status = request ? statusOf(TEST_STATUS_TEXT, (recorded ?? request).status) : null;
  const position = request?.employee.position
    ? (POSITIONS[request.employee.position as keyof typeof POSITIONS] ?? request.employee.position)
    : null;

  return (
    <PrivatePage
      title={title}
      description={
        request
          ? observing || recorded
            ? `${request.test.name} · ${[request.employee.name, position].filter(Boolean).join(', ')} · written part ${request.score ?? '—'}% (pass mark ${request.test.pass_mark}%)`
            : request.test.description || undefined
          : undefined
      }
    >
      {resource.error ? <Alert tone="error">{resource.error}</Alert> : null}
      {resource.loading && !request ? <p role="status">Loading…</p> : null}
      {request && status ? (
        <Stack>
          {recorded ? (
            <>
              <Alert tone="success">The observation was recorded.</Alert>
              <TestOutcome request={recorded} viewer="observer" />
              <p css={{ margin: 0 }}>
                <Link to="/onboarding">Back to skills checks</Link>
              </p>
            </>
          ) : observing ? (
            <>
              <FieldHint>
                Watch {request.employee.name} perform each skill (42 CFR 484.80(c)), mark it satisfactory or not, add a
                comment where useful, and sign.
              </FieldHint>
              <ObservationForm request={request} onRecorded={setRecorded} />
            </>
          ) : isOwn && request.status === 'PENDING' ? (
            <WrittenTest request={request} />
          ) : (
            <>
              <p css={{ margin: 0 }}>
                <StatusTag tone={status.tone}>{status.text}</StatusTag>
              </p>
              <Alert tone="info">There is nothing for you to do on this test.</Alert>
              <p css={{ margin: 0 }}>
                <Link to="/onboarding">Back to onboarding</Link>
              </p>
            </>
          )}
        </Stack>
      ) : null}
    </PrivatePage>
  );
}

export default TestRequestPage;
