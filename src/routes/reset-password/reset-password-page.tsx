import { Formik } from 'formik';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { useOrganization } from '../../app/organization';
import { Alert } from '../../ui/alert';
import { apiErrorBody, showSubmitFailure } from '../../ui/api-error';
import { BrandBox } from '../../ui/brand-box';
import { ButtonLink, TextLink } from '../../ui/button';
import { FormStack, StackedForm } from '../../ui/fields';
import { PasswordField } from '../../ui/password-field';
import { PasswordRules, usePasswordRules } from '../../ui/password-rules';
import { SubmitButton } from '../../ui/submit-button';

export const INVALID_RESET_LINK_TEXT = 'This password reset link is invalid or has expired. Request a new one.';

const schema = yup.object({
  new_password: yup.string().required('Enter a new password'),
  confirmation: yup
    .string()
    .required('Repeat the new password')
    .oneOf([yup.ref('new_password')], 'The passwords do not match'),
});

/** An answer about the link itself (uid/token), not about the password. */
export function isInvalidLinkError(failure: unknown): boolean {
  const body = apiErrorBody(failure);
  if (!body) return false;
  if (body.fields && ('uid' in body.fields || 'token' in body.fields)) return true;
  return /token|link|expired|uid/i.test(body.code ?? '');
}

/** /reset-password/:uid/:token/:org — set a new password from the mailed link. */
export function ResetPasswordPage() {
  const { uid = '', token = '', org } = useParams();
  const { organization } = useOrganization();
  const api = useApiClient();
  const rules = usePasswordRules(() => api.password_texts_list());
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const loginPath = org ? `/login/${org}` : '/login';

  if (done) {
    return (
      <BrandBox title="Password changed" organizationName={organization?.name}>
        <FormStack>
          <Alert tone="success">Your password has been reset. You can now sign in with your new password.</Alert>
          <ButtonLink to={loginPath} fullWidth>
            Sign in
          </ButtonLink>
        </FormStack>
      </BrandBox>
    );
  }

  return (
    <BrandBox
      title="Set a new password"
      organizationName={organization?.name}
      footer={<TextLink to={loginPath}>Back to sign in</TextLink>}
    >
      <Formik
        initialValues={{ new_password: '', confirmation: '' }}
        validationSchema={schema}
        onSubmit={async ({ new_password }, { setErrors }) => {
          setError(null);
          try {
            await api.auth_password_reset_confirm_create(null, { uid, token, new_password });
            setDone(true);
          } catch (failure) {
            if (isInvalidLinkError(failure)) {
              setError(INVALID_RESET_LINK_TEXT);
              return;
            }
            showSubmitFailure(failure, {
              known: ['new_password'],
              rename: { password: 'new_password' },
              setErrors,
              setError,
            });
          }
        }}
      >
        <StackedForm aria-label="Set a new password">
          {error ? (
            <Alert tone="error">
              {error}{' '}
              {error === INVALID_RESET_LINK_TEXT ? (
                <TextLink to={org ? `/forgot-password/${org}` : '/forgot-password'}>Request a new link</TextLink>
              ) : null}
            </Alert>
          ) : null}
          <PasswordRules rules={rules} />
          <PasswordField name="new_password" label="New password" autoComplete="new-password" />
          <PasswordField name="confirmation" label="Repeat new password" autoComplete="new-password" />
          <SubmitButton fullWidth>Set password</SubmitButton>
        </StackedForm>
      </Formik>
    </BrandBox>
  );
}

export default ResetPasswordPage;
