import { Form, Formik } from 'formik';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import * as yup from 'yup';
import { useAuthentication, useSessionActor } from '../../app/authentication';
import { IDLE_TIMEOUT_MS } from '../../domain/constants';
import { selectSignedOutReason, type SignedOutReason } from '../../machines/session-machine';
import { useOrganization } from '../../app/organization';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { BrandBox } from '../../ui/brand-box';
import { TextLink } from '../../ui/button';
import { FormStack, TextField } from '../../ui/fields';
import { PasswordField } from '../../ui/password-field';
import { SubmitButton } from '../../ui/submit-button';

const schema = yup.object({
  email: yup.string().trim().email('Enter a valid email address').required('Enter your email address'),
  password: yup.string().required('Enter your password'),
});

/** What the login page says when the session ended without the person signing out. */
export const SIGNED_OUT_REASON_TEXT: Record<SignedOutReason, string> = {
  idle: `You were signed out after ${IDLE_TIMEOUT_MS / 60_000} minutes without activity.`,
};

/** /login/:org — sign in. The route guards navigate once the session is signed in. */
export function LoginPage() {
  const { org } = useParams();
  const { organization } = useOrganization();
  const { login } = useAuthentication();
  const [error, setError] = useState<string | null>(null);
  const signedOutReason = useSelector(useSessionActor(), selectSignedOutReason);

  return (
    <BrandBox
      title="Sign in"
      organizationName={organization?.name}
      footer={<TextLink to={org ? `/forgot-password/${org}` : '/forgot-password'}>Forgot password?</TextLink>}
    >
      <Formik
        initialValues={{ email: '', password: '' }}
        validationSchema={schema}
        onSubmit={async ({ email, password }) => {
          setError(null);
          try {
            await login({ email: email.trim(), password });
          } catch (failure) {
            setError(apiErrorDetail(failure, 'Sign-in failed. Please try again.'));
          }
        }}
      >
        <Form noValidate aria-label="Sign in">
          <FormStack>
            {signedOutReason ? <Alert tone="info">{SIGNED_OUT_REASON_TEXT[signedOutReason]}</Alert> : null}
            {error ? <Alert tone="error">{error}</Alert> : null}
            <TextField name="email" label="Email" type="email" autoComplete="username" inputMode="email" autoCapitalize="off" />
            <PasswordField name="password" label="Password" autoComplete="current-password" />
            <SubmitButton fullWidth>Sign in</SubmitButton>
          </FormStack>
        </Form>
      </Formik>
    </BrandBox>
  );
}

export default LoginPage;
