import { Formik } from 'formik';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { POSITIONS, type Position } from '../../domain/labels';
import { Alert } from '../../ui/alert';
import { showSubmitFailure } from '../../ui/api-error';
import { ButtonLink, TextLink } from '../../ui/button';
import { EmailField, labelOptions, NameFields, SelectField, StackedForm, TextField } from '../../ui/fields';
import { nameRules, optionalPhone, requiredEmail } from '../../ui/person-rules';
import { SubmitButton } from '../../ui/submit-button';
import { PrivatePage } from '../../app/page-shell';
import { personName } from '../../api/hiring';
import { Messages, Panel, RowActions, TwoColumns } from '../../ui/layout';

export const POSITION_OPTIONS = labelOptions(POSITIONS);

const FIELDS = ['email', 'first_name', 'last_name', 'phone', 'position'] as const;

const schema = yup.object({
  email: requiredEmail(),
  ...nameRules(),
  phone: optionalPhone(),
  position: yup.string().oneOf(Object.keys(POSITIONS), 'Choose a position').required('Choose a position'),
});

/** /employees/new/*: an employee the agency already knows, with the same sign-up invitation. */
export function NewEmployeePage() {
  const api = useApiClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  return (
    <PrivatePage title="New employee" description={<TextLink to="/employees">Back to employees</TextLink>}>
      <Panel aria-labelledby="new-employee-title" css={{ maxWidth: 720 }}>
        <h2 id="new-employee-title">Employee details</h2>
        <p css={{ marginTop: 0 }}>
          We send the sign-up invitation to this email; the onboarding items of the position are assigned at once.
        </p>
        <Messages>{error ? <Alert tone="error">{error}</Alert> : null}</Messages>
        <Formik
          initialValues={{ email: '', first_name: '', last_name: '', phone: '', position: '' }}
          validationSchema={schema}
          onSubmit={async (values, { setErrors }) => {
            setError(null);
            const phone = values.phone.trim();
            try {
              const created = await api.employees_create(null, {
                email: values.email.trim(),
                first_name: values.first_name.trim(),
                last_name: values.last_name.trim(),
                ...(phone ? { phone } : {}),
                position: values.position as Position,
              });
              navigate(`/employees/${created.id}`, {
                state: {
                  notice: `${personName(created)} was added and the sign-up invitation was sent to ${created.email}.`,
                },
              });
            } catch (failure) {
              showSubmitFailure(failure, {
                known: FIELDS,
                setErrors,
                setError,
                fallback: 'The employee could not be created.',
              });
            }
          }}
        >
          <StackedForm aria-labelledby="new-employee-title">
            <EmailField />
            <TwoColumns>
              <NameFields />
            </TwoColumns>
            <TwoColumns>
              <TextField name="phone" label="Phone (optional)" type="tel" inputMode="tel" autoComplete="off" />
              <SelectField
                name="position"
                label="Position"
                placeholder="Choose a position"
                options={POSITION_OPTIONS}
              />
            </TwoColumns>
            <RowActions>
              <SubmitButton>Create and send invitation</SubmitButton>
              <ButtonLink to="/employees" variant="secondary">
                Cancel
              </ButtonLink>
            </RowActions>
          </StackedForm>
        </Formik>
      </Panel>
    </PrivatePage>
  );
}

export default NewEmployeePage;
