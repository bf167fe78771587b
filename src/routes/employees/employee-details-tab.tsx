import { Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { formatDateTime } from '../../app/date-time';
import { POSITIONS, type Position } from '../../domain/labels';
import { Alert } from '../../ui/alert';
import { apiErrorDetail, showSubmitFailure } from '../../ui/api-error';
import { Button, TextLink } from '../../ui/button';
import { NameFields, SelectField, StackedForm, TextField } from '../../ui/fields';
import { nameRules, optionalPhone } from '../../ui/person-rules';
import { SubmitButton } from '../../ui/submit-button';
import type { EmployeeTabProps } from './employee-tab-props';
import { ProfileStatusTag } from '../../ui/profile-status-tag';
import { POSITION_OPTIONS } from './new-employee-page';
import { Details, Messages, Panel, RowActions, TwoColumns } from '../../ui/layout';

const schema = yup.object({
  ...nameRules(),
  phone: optionalPhone(),
  position: yup.string().oneOf(Object.keys(POSITIONS), 'Choose a position').required('Choose a position'),
});

/** Details: edit name, phone and position; status, invitation state and the application it came from. */
export function EmployeeDetailsTab({ employee, onEmployeeChange }: EmployeeTabProps) {
  const client = useApiClient();
  const api = client;
  const { user } = useAuthentication();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const resend = async () => {
    setNotice(null);
    setError(null);
    try {
      await client.users_invitation_create({ id: employee.id });
      setNotice(`The invitation was sent again to ${employee.email}.`);
    } catch (failure) {
      setError(apiErrorDetail(failure, 'The invitation could not be sent.'));
    }
  };

  return (
    <>
      <Messages>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </Messages>
      <TwoColumns css={{ alignItems: 'start' }}>
        <Panel aria-labelledby="employee-details-title">
          <h2 id="employee-details-title">Details</h2>
          <Formik
            enableReinitialize
            initialValues={{
              first_name: employee.first_name,
              last_name: employee.last_name,
              phone: employee.phone ?? '',
              position: employee.position,
            }}
            validationSchema={schema}
            onSubmit={async (values, { setErrors, resetForm }) => {
              setNotice(null);
              setError(null);
              try {
                const updated = await api.employees_partial_update(
                  { id: employee.id },
                  {
                    first_name: values.first_name.trim(),
                    last_name: values.last_name.trim(),
                    phone: values.phone.trim() || null,
                    position: values.position as Position,
                  },
                );
                onEmployeeChange(updated);
                resetForm();
                setNotice('The details were saved.');
              } catch (failure) {
                showSubmitFailure(failure, {
                  known: ['first_name', 'last_name', 'phone', 'position'],
                  setErrors,
                  setError,
                  fallback: 'The details could not be saved.',
                });
              }
            }}
          >
            <StackedForm aria-labelledby="employee-details-title">
              <NameFields />
              <TextField name="phone" label="Phone" type="tel" inputMode="tel" autoComplete="off" />
              <SelectField name="position" label="Position" options={POSITION_OPTIONS} />
              <RowActions>
                <SubmitButton>Save details</SubmitButton>
              </RowActions>
            </StackedForm>
          </Formik>
        </Panel>
        <Panel aria-labelledby="employee-account-title">
          <h2 id="employee-account-title">Account</h2>
          <Details>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${employee.email}`}>{employee.email}</a>
            </dd>
            <dt>Status</dt>
            <dd>
              <ProfileStatusTag status={employee.status} />
              {employee.ready_at ? ` since ${formatDateTime(employee.ready_at, user?.timezone)}` : ''}
            </dd>
            <dt>Invitation</dt>
            <dd>
              {!employee.is_active
                ? 'Deactivated'
                : employee.invitation_pending
                  ? 'Sent, not accepted yet'
                  : 'Accepted: the employee has signed up'}
              {employee.is_active && employee.invitation_pending ? (
                <div css={{ marginTop: 8 }}>
                  <Button size="sm" variant="secondary" onClick={() => void resend()}>
                    Resend invitation
                  </Button>
                </div>
              ) : null}
            </dd>
            <dt>Added</dt>
            <dd>{formatDateTime(employee.created_at, user?.timezone)}</dd>
            <dt>Application</dt>
            <dd>
              {employee.application_id ? (
                <TextLink to={`/applications?id=${employee.application_id}`}>Open the application</TextLink>
              ) : (
                'Added directly, without an application'
              )}
            </dd>
          </Details>
        </Panel>
      </TwoColumns>
    </>
  );
}
