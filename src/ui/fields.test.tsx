import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { CheckboxField, SelectField, TextField } from './fields';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';
import { renderWithTheme, seriousAxeViolations } from './test-utils';

const schema = yup.object({ email: yup.string().email('Enter a valid email').required('Email is required') });

function EmailForm({
  onSubmit = () => new Promise<void>(() => undefined),
  initial = '',
}: {
  onSubmit?: () => Promise<void>;
  initial?: string;
}) {
  return (
    <Formik initialValues={{ email: initial }} validationSchema={schema} onSubmit={onSubmit}>
      <Form noValidate>
        <TextField name="email" label="Email" type="email" />
        <SubmitButton>Save</SubmitButton>
      </Form>
    </Formik>
  );
}

describe('TextField', () => {
  it('shows its label, and its error only once touched', async () => {
    const user = userEvent.setup();
    renderWithTheme(<EmailForm />);
    const input = screen.getByLabelText('Email');
    await user.type(input, 'not-an-email');
    expect(screen.queryByText('Enter a valid email')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.tab();
    const error = await screen.findByText('Enter a valid email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', error.id);
  });

  it('shows no error for an untouched empty field', async () => {
    renderWithTheme(<EmailForm />);
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
  });

  it('has no serious accessibility violations', async () => {
    const { container } = renderWithTheme(<EmailForm />);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});

describe('SubmitButton', () => {
  it('is disabled while the form is unchanged before the first submit', () => {
    renderWithTheme(<EmailForm initial="a@b.example" />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('is disabled while the form is invalid and enabled once valid and changed', async () => {
    const user = userEvent.setup();
    renderWithTheme(<EmailForm />);
    const button = screen.getByRole('button', { name: 'Save' });
    await user.type(screen.getByLabelText('Email'), 'nope');
    await waitFor(() => expect(button).toBeDisabled());
    await user.type(screen.getByLabelText('Email'), '@example.com');
    await waitFor(() => expect(button).toBeEnabled());
  });

  it("reads 'Submitting' and is disabled while submitting", async () => {
    const user = userEvent.setup();
    renderWithTheme(<EmailForm />);
    await user.type(screen.getByLabelText('Email'), 'a@b.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const button = await screen.findByRole('button', { name: 'Submitting' });
    expect(button).toBeDisabled();
  });

  it('stays enabled on an unchanged valid form after the first submit', async () => {
    const user = userEvent.setup();
    let submits = 0;
    renderWithTheme(
      <Formik initialValues={{ email: 'a@b.example' }} onSubmit={async () => void submits++}>
        {({ submitForm }) => (
          <Form>
            <TextField name="email" label="Email" />
            <button type="button" onClick={() => submitForm()}>
              Force
            </button>
            <SubmitButton>Save</SubmitButton>
          </Form>
        )}
      </Formik>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Force' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(submits).toBe(1);
  });
});

describe('SubmitButton errorsOnSubmit', () => {
  it('is enabled on an empty form; pressing it shows the missing field’s error under it and sends nothing', async () => {
    const user = userEvent.setup();
    let submits = 0;
    renderWithTheme(
      <Formik initialValues={{ email: '' }} validationSchema={schema} onSubmit={async () => void submits++}>
        <Form noValidate>
          <TextField name="email" label="Email" type="email" />
          <SubmitButton errorsOnSubmit>Save</SubmitButton>
        </Form>
      </Formik>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeEnabled();
    await user.click(button);
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required'));
    expect(button).toBeEnabled();
    expect(submits).toBe(0);
    await user.type(screen.getByLabelText('Email'), 'a@b.example');
    await user.click(button);
    await waitFor(() => expect(submits).toBe(1));
  });
});

describe('PasswordField', () => {
  it("toggles between 'Show password' and 'Hide password'", async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <Formik initialValues={{ password: 'secret' }} onSubmit={() => undefined}>
        <Form>
          <PasswordField name="password" label="Password" />
        </Form>
      </Formik>,
    );
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });
});

describe('SelectField and CheckboxField', () => {
  it('are labelled and bound to Formik values', async () => {
    const user = userEvent.setup();
    let submitted: unknown;
    renderWithTheme(
      <Formik initialValues={{ role: '', agree: false }} onSubmit={async (values) => void (submitted = values)}>
        <Form>
          <SelectField
            name="role"
            label="Role"
            placeholder="Choose a role"
            options={[{ value: 'ROLE_ADMIN', label: 'Admin' }]}
          />
          <CheckboxField name="agree" label="I agree" />
          <SubmitButton>Send</SubmitButton>
        </Form>
      </Formik>,
    );
    await user.selectOptions(screen.getByLabelText('Role'), 'Admin');
    await user.click(screen.getByLabelText('I agree'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submitted).toEqual({ role: 'ROLE_ADMIN', agree: true }));
  });
});
