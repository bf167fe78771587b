import styled from '@emotion/styled';
import { Formik } from 'formik';
import { useMemo, useState, type ReactNode } from 'react';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { formatDateTime, timeZoneOptions } from '../../app/date-time';
import { fullName } from '../../app/session-user';
import type { User } from '../../api/types';
import { PROFILE_STATUS_LABELS, ROLE_LABELS } from '../../domain/roles';
import { POSITIONS } from '../../domain/labels';
import { Alert } from '../../ui/alert';
import { apiErrorDetail, showSubmitFailure } from '../../ui/api-error';
import { SelectField, StackedForm, TextField } from '../../ui/fields';
import { PasswordField } from '../../ui/password-field';
import { PasswordRules, usePasswordRules } from '../../ui/password-rules';
import { SignatureField } from '../../ui/signature-pad';
import { SignatureImage } from '../../ui/signature-image';
import { SubmitButton } from '../../ui/submit-button';
import { PrivatePage } from '../../app/page-shell';

const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(3)};
  ${({ theme }) => theme.mq.up('lg')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    align-items: start;
  }
`;

const Card = styled.section`
  min-width: 0;
  padding: ${({ theme }) => theme.spacing(3, 2)};
  background: ${({ theme }) => theme.palette.background.surface};
  border: 1px solid ${({ theme }) => theme.palette.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  ${({ theme }) => theme.mq.up('sm')} {
    padding: ${({ theme }) => theme.spacing(3)};
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.spacing(2)};
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: minmax(110px, max-content) minmax(0, 1fr);
  gap: ${({ theme }) => theme.spacing(1, 2)};
  margin: 0;
  dt {
    font-weight: 600;
    color: ${({ theme }) => theme.palette.text.secondary};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const SavedSignature = styled.div`
  margin-bottom: ${({ theme }) => theme.spacing(2)};
`;

const Muted = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing(2)};
  color: ${({ theme }) => theme.palette.text.secondary};
`;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </Card>
  );
}

/** /profile and /profile/*: one's own details, their edit, the password change and the signature. */
export function ProfilePage() {
  const { user } = useAuthentication();
  if (!user) return null;
  const can = (permission: string) => user.permissions.includes(permission);
  return (
    <PrivatePage title="Profile" description="Your account details, password and signature.">
      <Sections>
        <Section id="profile-details" title="Your details">
          <UserDetails user={user} />
        </Section>
        {can('edit-profile') ? (
          <Section id="profile-edit" title="Edit your details">
            <EditDetailsForm user={user} />
          </Section>
        ) : null}
        {can('change-password') ? (
          <Section id="profile-password" title="Change password">
            <ChangePasswordForm />
          </Section>
        ) : null}
        {can('change-signature') ? (
          <Section id="profile-signature" title="Signature">
            <SignatureForm user={user} />
          </Section>
        ) : null}
      </Sections>
    </PrivatePage>
  );
}

function UserDetails({ user }: { user: User }) {
  const roleLabel = ROLE_LABELS[user.role as keyof typeof ROLE_LABELS];
  const profile = user.profile;
  return (
    <Details>
      <dt>Name</dt>
      <dd>{fullName(user)}</dd>
      <dt>Email</dt>
      <dd>{user.email}</dd>
      {roleLabel ? (
        <>
          <dt>Role</dt>
          <dd>{roleLabel}</dd>
        </>
      ) : null}
      {user.organization ? (
        <>
          <dt>Organization</dt>
          <dd>{user.organization.name}</dd>
        </>
      ) : null}
      {profile ? (
        <>
          <dt>Status</dt>
          <dd>{PROFILE_STATUS_LABELS[profile.status as keyof typeof PROFILE_STATUS_LABELS] ?? profile.status}</dd>
          {profile.position ? (
            <>
              <dt>Position</dt>
              <dd>{POSITIONS[profile.position as keyof typeof POSITIONS] ?? profile.position}</dd>
            </>
          ) : null}
        </>
      ) : null}
      <dt>Phone</dt>
      <dd>{user.phone || '—'}</dd>
      <dt>Time zone</dt>
      <dd>{user.timezone || '—'}</dd>
      <dt>Last sign-in</dt>
      <dd>{formatDateTime(user.last_login, user.timezone)}</dd>
    </Details>
  );
}

const detailsSchema = yup.object({
  first_name: yup.string().trim().required('Enter your first name').max(150, 'Use at most 150 characters'),
  last_name: yup.string().trim().required('Enter your last name').max(150, 'Use at most 150 characters'),
  phone: yup
    .string()
    .trim()
    .matches(/^[+0-9 ().-]{7,20}$/, {
      message: 'Enter a phone number (digits, spaces, +, -, parentheses)',
      excludeEmptyString: true,
    }),
  timezone: yup.string().required('Choose your time zone'),
});

function EditDetailsForm({ user }: { user: User }) {
  const api = useApiClient();
  const { updateUser } = useAuthentication();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const zones = useMemo(
    () => timeZoneOptions(user.timezone).map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
    [user.timezone],
  );
  return (
    <Formik
      initialValues={{
        first_name: user.first_name ?? '',
        last_name: user.last_name ?? '',
        phone: user.phone ?? '',
        timezone: user.timezone ?? 'UTC',
      }}
      enableReinitialize
      validationSchema={detailsSchema}
      onSubmit={async (values, { setErrors }) => {
        setResult(null);
        try {
          const updated = await api.auth_user_partial_update(null, {
            first_name: values.first_name.trim(),
            last_name: values.last_name.trim(),
            phone: values.phone.trim() || null,
            timezone: values.timezone,
          });
          updateUser(updated);
          setResult({ tone: 'success', text: 'Your details were saved.' });
        } catch (failure) {
          showSubmitFailure(failure, {
            known: ['first_name', 'last_name', 'phone', 'timezone'],
            setErrors,
            setError: (text) => setResult({ tone: 'error', text }),
            fallback: 'Your details could not be saved.',
          });
        }
      }}
    >
      <StackedForm aria-label="Edit your details">
        {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
        <TextField name="first_name" label="First name" autoComplete="given-name" />
        <TextField name="last_name" label="Last name" autoComplete="family-name" />
        <TextField name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" />
        <SelectField name="timezone" label="Time zone" options={zones} />
        <div>
          <SubmitButton>Save details</SubmitButton>
        </div>
      </StackedForm>
    </Formik>
  );
}

const passwordSchema = yup.object({
  current_password: yup.string().required('Enter your current password'),
  new_password: yup
    .string()
    .required('Choose a new password')
    .notOneOf([yup.ref('current_password')], 'Choose a password different from the current one'),
  confirmation: yup
    .string()
    .required('Repeat the new password')
    .oneOf([yup.ref('new_password')], 'The passwords do not match'),
});

function ChangePasswordForm() {
  const api = useApiClient();
  const rules = usePasswordRules(() => api.password_texts_list());
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  return (
    <Formik
      initialValues={{ current_password: '', new_password: '', confirmation: '' }}
      validationSchema={passwordSchema}
      onSubmit={async (values, { setErrors, resetForm }) => {
        setResult(null);
        try {
          await api.auth_password_change_create(null, {
            current_password: values.current_password,
            new_password: values.new_password,
          });
          resetForm();
          setResult({ tone: 'success', text: 'Your password was changed. Your other sessions were signed out.' });
        } catch (failure) {
          showSubmitFailure(failure, {
            known: ['current_password', 'new_password'],
            setErrors,
            setError: (text) => setResult({ tone: 'error', text }),
            fallback: 'Your password could not be changed.',
          });
        }
      }}
    >
      <StackedForm aria-label="Change password">
        {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
        <PasswordField name="current_password" label="Current password" autoComplete="current-password" />
        <PasswordRules rules={rules} />
        <PasswordField name="new_password" label="New password" autoComplete="new-password" />
        <PasswordField name="confirmation" label="Repeat new password" autoComplete="new-password" />
        <div>
          <SubmitButton>Change password</SubmitButton>
        </div>
      </StackedForm>
    </Formik>
  );
}

const signatureSchema = yup.object({
  signature: yup.string().nullable().required('Draw your signature first'),
});

function SignatureForm({ user }: { user: User }) {
  const api = useApiClient();
  const { updateUser } = useAuthentication();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [padKey, setPadKey] = useState(0);
  return (
    <>
      {user.has_signature ? (
        <SavedSignature>
          <SignatureImage
            key={padKey}
            load={() => api.auth_signature_retrieve(null, null, { responseType: 'blob' })}
            alt="Your saved signature"
          />
        </SavedSignature>
      ) : (
        <Muted>You have not saved a signature yet.</Muted>
      )}
      <Formik
        initialValues={{ signature: null as string | null }}
        validationSchema={signatureSchema}
        onSubmit={async (values, { resetForm }) => {
          setResult(null);
          try {
            const updated = await api.auth_signature_create(null, { signature: values.signature! });
            updateUser(updated);
            resetForm();
            setPadKey((key) => key + 1);
            setResult({ tone: 'success', text: 'Your signature was saved.' });
          } catch (failure) {
            setResult({ tone: 'error', text: apiErrorDetail(failure, 'Your signature could not be saved.') });
          }
        }}
      >
        <StackedForm aria-label="Signature">
          {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
          <SignatureField
            key={padKey}
            name="signature"
            label={user.has_signature ? 'Draw a new signature' : 'Draw your signature'}
            hint="Use your mouse, finger or stylus."
          />
          <div>
            <SubmitButton>Save signature</SubmitButton>
          </div>
        </StackedForm>
      </Formik>
    </>
  );
}

export default ProfilePage;
