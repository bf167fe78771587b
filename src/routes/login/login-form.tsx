import { Form, Formik } from 'formik';
import type { ReactNode } from 'react';
import { BrandBox } from '../../ui/brand-box';
import { TextLink } from '../../ui/button';
import { EmailField, FormStack } from '../../ui/fields';
import { PasswordField } from '../../ui/password-field';
import { SubmitButton } from '../../ui/submit-button';

// The HTML standard's valid e-mail address (the one yup's email() uses). Checked by hand rather than with
// yup, which would add ~12 KiB (gzipped) to the JavaScript the first page needs.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export interface LoginValues {
  email: string;
  password: string;
}

function validate({ email, password }: LoginValues) {
  const errors: { email?: string; password?: string } = {};
  const trimmed = email.trim();
  if (!trimmed) errors.email = 'Enter your email address';
  else if (!EMAIL.test(trimmed)) errors.email = 'Enter a valid email address';
  if (!password) errors.password = 'Enter your password';
  return errors;
}

export interface LoginFormProps {
  /** The `:org` of the route (the "Forgot password?" link keeps it). */
  org?: string;
  organizationName?: string | null;
  onSubmit: (values: LoginValues) => Promise<void> | void;
  /** Above the fields: the signed-out reason, the error of the last attempt. */
  notices?: ReactNode;
  /** Inside the form, after the fields (behaviour with no markup, such as taking over the server's first paint). */
  children?: ReactNode;
}

/**
 * The sign-in page as drawn: the brand box, the heading and the form. The app renders it (LoginPage), and so
 * does the server, into the HTML of /login/:org (server/lib/login-first-paint.tsx), so the first paint comes
 * before the scripts and React's page replaces it with the same geometry.
 */
export function LoginForm({ org, organizationName, onSubmit, notices, children }: LoginFormProps) {
  return (
    <BrandBox
      title="Sign in"
      organizationName={organizationName}
      footer={<TextLink to={org ? `/forgot-password/${org}` : '/forgot-password'}>Forgot password?</TextLink>}
    >
      <Formik initialValues={{ email: '', password: '' }} validate={validate} onSubmit={onSubmit}>
        <Form noValidate aria-label="Sign in">
          <FormStack>
            {notices}
            <EmailField autoComplete="username" />
            <PasswordField name="password" label="Password" autoComplete="current-password" />
            <SubmitButton fullWidth>Sign in</SubmitButton>
          </FormStack>
          {children}
        </Form>
      </Formik>
    </BrandBox>
  );
}
