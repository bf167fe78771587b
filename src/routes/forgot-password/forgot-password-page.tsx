import { Formik } from 'formik';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { useOrganization } from '../../app/organization';
import { Alert } from '../../ui/alert';
import { showSubmitFailure } from '../../ui/api-error';
import { BrandBox } from '../../ui/brand-box';
import { TextLink } from '../../ui/button';
import { EmailField, StackedForm } from '../../ui/fields';
import { requiredEmail } from '../../ui/person-rules';
import { SubmitButton } from '../../ui/submit-button';

export const RESET_REQUESTED_TEXT = 'If an account exists for that email, we sent a link to reset the password.';

const schema = yup.object({
  email: requiredEmail('Enter your email address'),
});

/** /forgot-password/:org — request a password reset link; the answer never tells whether the account exists. */
export function ForgotPasswordPage() {
  const { org } = useParams();
  const { organization } = useOrganization();
  const api = useApiClient();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signIn = <TextLink to={org ? `/login/${org}` : '/login'}>Back to sign in</TextLink>;

  if (sent) {
    return (
      <BrandBox title="Check your email" organizationName={organization?.name} footer={signIn}>
        <Alert tone="success">{RESET_REQUESTED_TEXT}</Alert>
      </BrandBox>
    );
  }

  return (
    <BrandBox
      title="Forgot password"
      organizationName={organization?.name}
      description="Enter the email you sign in with and we will send you a link to set a new password."
      footer={signIn}
    >
      <Formik
        initialValues={{ email: '' }}
        validationSchema={schema}
        onSubmit={async ({ email }, { setErrors }) => {
          setError(null);
          try {
            await api.auth_password_reset_create(null, { email: email.trim() });
            setSent(true);
          } catch (failure) {
            showSubmitFailure(failure, { known: ['email'], setErrors, setError });
          }
        }}
      >
        <StackedForm aria-label="Forgot password">
          {error ? <Alert tone="error">{error}</Alert> : null}
          <EmailField autoComplete="email" />
          <SubmitButton fullWidth>Send reset link</SubmitButton>
        </StackedForm>
      </Formik>
    </BrandBox>
  );
}

export default ForgotPasswordPage;
