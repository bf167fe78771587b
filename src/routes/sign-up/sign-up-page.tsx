import { Formik } from 'formik';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { useOrganization } from '../../app/organization';
import { Alert } from '../../ui/alert';
import { apiErrorBody, apiErrorStatus, showSubmitFailure } from '../../ui/api-error';
import { BrandBox } from '../../ui/brand-box';
import { TextLink } from '../../ui/button';
import { StackedForm } from '../../ui/fields';
import { PasswordField } from '../../ui/password-field';
import { PasswordRules, usePasswordRules } from '../../ui/password-rules';
import { SubmitButton } from '../../ui/submit-button';

export const INVALID_SIGN_UP_LINK_TEXT =
  'This sign-up link is invalid or has expired. Ask your agency to send you a new invitation.';

const schema = yup.object({
  password: yup.string().required('Choose a password'),
  confirmation: yup
    .string()
    .required('Repeat the password')
    .oneOf([yup.ref('password')], 'The passwords do not match'),
});

function isInvalidLinkError(failure: unknown): boolean {
  if (apiErrorStatus(failure) === 404) return true;
  const body = apiErrorBody(failure);
  if (!body) return false;
  if (body.fields && ('uid' in body.fields || 'token' in body.fields)) return true;
  return /token|link|expired|uid/i.test(body.code ?? '');
}

/** /sign-up/:uid/:token/:org — the end of an invitation: set a password and be signed in. */
export function SignUpPage() {
  const { uid = '', token = '', org } = useParams();
  const { organization } = useOrganization();
  const { startSession } = useAuthentication();
  const api = useApiClient();
  const rules = usePasswordRules(() => api.password_texts_list());
  const [invalidLink, setInvalidLink] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const loginPath = org ? `/login/${org}` : '/login';

  if (invalidLink) {
    return (
      <BrandBox
        title="Link not valid"
        organizationName={organization?.name}
        footer={<TextLink to={loginPath}>Go to sign in</TextLink>}
      >
        <Alert tone="error">{INVALID_SIGN_UP_LINK_TEXT}</Alert>
      </BrandBox>
    );
  }

  return (
    <BrandBox
      title="Create your password"
      organizationName={organization?.name}
      description="Choose a password to finish setting up your account."
      footer={<TextLink to={loginPath}>Already have a password? Sign in</TextLink>}
    >
      <Formik
        initialValues={{ password: '', confirmation: '' }}
        validationSchema={schema}
        onSubmit={async ({ password }, { setErrors }) => {
          setError(null);
          try {
            const answer = await api.auth_signup_confirm_create(null, { uid, token, password });
            startSession(answer);
          } catch (failure) {
            if (isInvalidLinkError(failure)) {
              setInvalidLink(true);
              return;
            }
            showSubmitFailure(failure, {
              known: ['password'],
              rename: { new_password: 'password' },
              setErrors,
              setError,
            });
          }
        }}
      >
        <StackedForm aria-label="Create your password">
          {error ? <Alert tone="error">{error}</Alert> : null}
          <PasswordRules rules={rules} />
          <PasswordField name="password" label="Password" autoComplete="new-password" />
          <PasswordField name="confirmation" label="Repeat password" autoComplete="new-password" />
          <SubmitButton fullWidth>Create account</SubmitButton>
        </StackedForm>
      </Formik>
    </BrandBox>
  );
}

export default SignUpPage;
