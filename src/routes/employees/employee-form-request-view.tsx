import { Formik } from 'formik';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { formatDateTime } from '../../app/date-time';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { TextLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { StackedForm } from '../../ui/fields';
import { SignatureField } from '../../ui/signature-pad';
import { SignatureImage } from '../../ui/signature-image';
import { SubmitButton } from '../../ui/submit-button';
import { FormAnswers } from '../../app/form-answers';
import { formatDate } from '../../api/onboarding';
import { useRecord } from '../../app/use-record';
import { FORM_STATUS_LABELS, FORM_STATUS_TONES } from './employee-onboarding-tab';
import type { EmployeeTabProps } from './employee-tab-props';
import { personName } from '../../api/hiring';
import { Messages, Panel } from '../../ui/layout';
import { Tag } from '../../ui/tag';

/**
 * /employees/:id/onboarding/form-request/:formId — the office's view of one of the employee's forms: the
 * answers and the employee's signature as signed, then (when the form waits for it) the countersign pad.
 */
export function EmployeeFormRequestView({ employee }: EmployeeTabProps) {
  const { formId } = useParams();
  const id = Number(formId);
  const api = useApiClient();
  const { user } = useAuthentication();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = useRecord(() => api.form_requests_retrieve({ id }), String(id), 'The form could not be loaded.');
  const form = request.data;
  const back = (
    <TextLink to={`/employees/${employee.id}/onboarding`}>Back to {employee.first_name}’s onboarding</TextLink>
  );

  if (request.status === 404 || (form && form.employee.id !== employee.id)) {
    return <EmptyState title="Form not found" description={back} />;
  }
  if (!form) return request.error ? <Alert tone="error">{request.error}</Alert> : <p role="status">Loading…</p>;

  const name = personName(employee);
  return (
    <>
      <Messages>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </Messages>
      <Panel aria-labelledby="office-form-title">
        <h2 id="office-form-title">{form.template.name}</h2>
        <p css={{ margin: 0, display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          <Tag tone={FORM_STATUS_TONES[form.status]}>{FORM_STATUS_LABELS[form.status] ?? form.status}</Tag>
          {form.required ? 'Required' : 'Optional'}
          {form.due_date && form.status === 'PENDING' ? ` · due ${formatDate(form.due_date)}` : ''}
        </p>
        {form.status === 'PENDING' ? (
          <p>{name} has not filled and signed this form yet.</p>
        ) : (
          <>
            <h3>{name}’s answers</h3>
            <FormAnswers request={form} />
            <h3>{name}’s signature</h3>
            <SignatureImage
              key={form.signed_at ?? ''}
              load={() => api.form_requests_signature_retrieve({ id: form.id }, null, { responseType: 'blob' })}
              alt={`Signature of ${name}`}
            />
            <p css={{ margin: '8px 0 0' }}>
              Signed {formatDateTime(form.signed_at, user?.timezone)}
              {form.countersigned_at
                ? ` · countersigned by the office ${formatDateTime(form.countersigned_at, user?.timezone)}`
                : ''}
            </p>
          </>
        )}
      </Panel>
      {form.status === 'AWAITING_COUNTERSIGN' ? (
        <Panel aria-labelledby="countersign-title">
          <h2 id="countersign-title">Countersign</h2>
          <Formik
            initialValues={{ signature: null as string | null }}
            validationSchema={yup.object({ signature: yup.string().nullable().required('Sign in the box') })}
            onSubmit={async (values) => {
              setNotice(null);
              setError(null);
              try {
                request.setData(
                  await api.form_requests_countersign_create({ id: form.id }, { signature: values.signature! }),
                );
                setNotice(`${form.template.name} was countersigned.`);
              } catch (failure) {
                setError(apiErrorDetail(failure, 'The form could not be countersigned.'));
              }
            }}
          >
            <StackedForm aria-label={`Countersign ${form.template.name}`}>
              <p css={{ margin: 0 }}>
                {name} has filled and signed this form. Read the answers above; your signature completes it.
              </p>
              <SignatureField name="signature" label="Your signature" />
              <div>
                <SubmitButton>Countersign</SubmitButton>
              </div>
            </StackedForm>
          </Formik>
        </Panel>
      ) : null}
      <p>{back}</p>
    </>
  );
}
