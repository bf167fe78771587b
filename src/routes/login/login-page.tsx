import { Form, Formik } from 'formik';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
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

// The HTML standard's valid e-mail address (the one yup's email() uses). Checked by hand rather than with
// yup, which would add ~12 KiB (gzipped) to the JavaScript the first page needs.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

function validate({ email, password }: { email: string; password: string }) {
  const errors: { email?: string; password?: string } = {};
  const trimmed = email.trim();
  if (!trimmed) errors.email = 'Enter your email address';
  else if (!EMAIL.test(trimmed)) errors.email = 'Enter a valid email address';
  if (!password) errors.password = 'Enter your password';
  return errors;
}

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
        validate={validate}
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
