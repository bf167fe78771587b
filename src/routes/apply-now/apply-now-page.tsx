import styled from '@emotion/styled';
import { Formik, useFormikContext, type FormikErrors } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { useOrganization } from '../../app/organization';
import { usePageTitle } from '../../app/page-title';
import {
  AVAILABILITY_DAYS,
  AVAILABILITY_SHIFTS,
  POSITIONS,
  type AvailabilityDay,
  type AvailabilityShift,
} from '../../domain/labels';
import { Alert } from '../../ui/alert';
import { apiErrorBody, apiErrorDetail, apiFieldErrors } from '../../ui/api-error';
import { BrandBox } from '../../ui/brand-box';
import { TextLink } from '../../ui/button';
import {
  CheckboxField,
  EmailField,
  FieldHint,
  labelOptions,
  SelectField,
  StackedForm,
  TextAreaField,
  TextField,
} from '../../ui/fields';
import { CheckboxGroupField } from '../../ui/checkbox-group-field';
import { FileDropField } from '../../ui/file-drop';
import { DateField, parseMaskedDate } from '../../ui/masked-input';
import { SignatureField } from '../../ui/signature-pad';
import { SubmitButton } from '../../ui/submit-button';
import { maskedDateToIso } from '../../api/onboarding';
import { dateIn } from '../../domain/dates';

export const RESUME_ACCEPT = {
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
};
export const RESUME_MAX_SIZE = 10 * 1024 * 1024;

export const ATTESTATION_TEXT =
  'I certify that the information in this application is true and complete to the best of my knowledge. I understand that false or missing information may disqualify me from employment or lead to dismissal, and I authorize the agency to verify it.';

const POSITION_OPTIONS = labelOptions(POSITIONS);
const DAY_CHOICES = labelOptions(AVAILABILITY_DAYS);
const SHIFT_CHOICES = labelOptions(AVAILABILITY_SHIFTS);

const allFalse = <Key extends string>(keys: Record<Key, string>) =>
  Object.fromEntries(Object.keys(keys).map((key) => [key, false])) as Record<Key, boolean>;

export interface ApplicationValues {
  position: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  days: Record<AvailabilityDay, boolean>;
  shifts: Record<AvailabilityShift, boolean>;
  start_date: string;
  hours_per_week: string;
  experience: string;
  years_experience: string;
  resume: File[];
  attestation: boolean;
  attestation_signature: string | null;
}

const initialValues: ApplicationValues = {
  position: '',
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  address: '',
  days: allFalse(AVAILABILITY_DAYS),
  shifts: allFalse(AVAILABILITY_SHIFTS),
  start_date: '',
  hours_per_week: '',
  experience: '',
  years_experience: '',
  resume: [],
  attestation: false,
  attestation_signature: null,
};

const anyChecked = (value: Record<string, boolean> | undefined) => Object.values(value ?? {}).some(Boolean);

/** The form's rules; "today" is the agency's local date (its time zone), as the server counts it. */
export const applicationSchema = (timeZone: string) =>
  yup.object({
    position: yup.string().required('Choose the position you are applying for'),
    first_name: yup.string().trim().required('Enter your first name').max(150, 'Use at most 150 characters'),
    last_name: yup.string().trim().required('Enter your last name').max(150, 'Use at most 150 characters'),
    email: yup
      .string()
      .trim()
      .required('Enter your email address')
      .email('Enter a valid email address, like name@example.com'),
    phone: yup
      .string()
      .trim()
      .required('Enter your phone number')
      .matches(/^[+0-9 ().-]{7,20}$/, 'Enter a phone number (digits, spaces, +, -, parentheses)'),
    address: yup.string().trim().required('Enter your home address').max(300, 'Use at most 300 characters'),
    days: yup.object().test('some-day', 'Choose at least one day you can work', anyChecked),
    shifts: yup.object().test('some-shift', 'Choose at least one shift you can work', anyChecked),
    start_date: yup
      .string()
      .test('date', 'Enter a real date as dd.mm.yyyy', (value) => !value || !!parseMaskedDate(value))
      .test('future', 'Choose today or a later date', (value) => {
        const date = maskedDateToIso(value);
        return !date || date >= dateIn(timeZone, new Date());
      }),
    hours_per_week: yup
      .string()
      .trim()
      .test(
        'hours',
        'Enter whole hours between 1 and 168',
        (value) => !value || (/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 168),
      ),
    experience: yup
      .string()
      .trim()
      .required('Describe your experience (write “None yet” if you are new to care work)')
      .max(5000, 'Use at most 5000 characters'),
    years_experience: yup
      .string()
      .trim()
      .required('Enter your years of experience (0 if none)')
      .matches(/^\d{1,2}$/, 'Enter whole years between 0 and 70')
      .test('range', 'Enter whole years between 0 and 70', (value) => !value || Number(value) <= 70),
    resume: yup.array().min(1, 'Attach your resume (PDF or Word)'),
    attestation: yup.boolean().oneOf([true], 'Check the box to certify your application'),
    attestation_signature: yup.string().nullable().required('Sign in the box to confirm the certification'),
  });

/** The multipart body of applications_create (contract-3). */
export function applicationFormData(values: ApplicationValues): FormData {
  const body = new FormData();
  body.append('position', values.position);
  body.append('first_name', values.first_name.trim());
  body.append('last_name', values.last_name.trim());
  body.append('email', values.email.trim());
  body.append('phone', values.phone.trim());
  body.append('address', values.address.trim());
  const availability: Record<string, unknown> = {
    days: (Object.keys(AVAILABILITY_DAYS) as AvailabilityDay[]).filter((day) => values.days[day]),
    shifts: (Object.keys(AVAILABILITY_SHIFTS) as AvailabilityShift[]).filter((shift) => values.shifts[shift]),
  };
  const startDate = maskedDateToIso(values.start_date);
  if (startDate) availability.start_date = startDate;
  if (values.hours_per_week.trim()) availability.hours_per_week = Number(values.hours_per_week.trim());
  body.append('availability', JSON.stringify(availability));
  body.append('experience', values.experience.trim());
  body.append('years_experience', String(Number(values.years_experience.trim())));
  body.append('attestation', values.attestation ? 'true' : 'false');
  body.append('attestation_signature', values.attestation_signature ?? '');
  if (values.resume[0]) body.append('resume', values.resume[0]);
  return body;
}

const KNOWN_FIELDS = [
  'position',
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'days',
  'shifts',
  'start_date',
  'hours_per_week',
  'experience',
  'years_experience',
  'resume',
  'attestation',
  'attestation_signature',
];

const SERVER_FIELD_NAMES: Record<string, string> = {
  'availability.days': 'days',
  'availability.shifts': 'shifts',
  'availability.start_date': 'start_date',
  'availability.hours_per_week': 'hours_per_week',
};

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
  padding-top: ${({ theme }) => theme.spacing(2)};
  border-top: 1px solid ${({ theme }) => theme.palette.grey[200]};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

/** Under the submit button: why it is still disabled (the spec's rule disables it while the form is invalid). */
function SubmitHint() {
  const { isValid, dirty, submitCount } = useFormikContext<ApplicationValues>();
  if (isValid || (!dirty && submitCount === 0)) return null;
  return (
    <FieldHint>Complete every field that is not marked optional, attach your resume and sign to submit.</FieldHint>
  );
}

/** /apply-now/:org — the public job application, phone first (contract-3 applications_create). */
export function ApplyNowPage() {
  const { org } = useParams();
  const { organization } = useOrganization();
  const api = useApiClient();
  const [submitted, setSubmitted] = useState<{ email: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const thanksRef = useRef<HTMLDivElement>(null);
  const organizationName = organization?.name ?? null;
  usePageTitle(submitted ? 'Application received' : 'Apply now');

  useEffect(() => {
    if (submitted) {
      window.scrollTo(0, 0);
      thanksRef.current?.focus();
    }
  }, [submitted]);

  const footer = <TextLink to={`/login/${org ?? ''}`}>Already work with us? Sign in</TextLink>;

  if (submitted) {
    return (
      <BrandBox
        title={`Thank you — ${organizationName ?? 'the agency'} received your application`}
        organizationName={organizationName}
        footer={footer}
      >
        <div ref={thanksRef} tabIndex={-1} css={{ outline: 'none', overflowWrap: 'anywhere' }}>
          <Alert tone="success">Your application was sent.</Alert>
          <p>
            We will review it and contact you at <strong>{submitted.email}</strong>. If you are hired, you will get an
            email with a link to set up your account and finish your onboarding.
          </p>
        </div>
      </BrandBox>
    );
  }

  if (!organization || (org && organization.token !== org)) {
    return (
      <BrandBox title="Apply now" organizationName={null}>
        <p role="status">Loading…</p>
      </BrandBox>
    );
  }

  return (
    <BrandBox
      title="Apply now"
      organizationName={organizationName}
      description={`Apply to work with ${organization.name}. It takes about 10 minutes. All fields are required unless marked optional.`}
      footer={footer}
    >
      <Formik<ApplicationValues>
        initialValues={initialValues}
        validationSchema={applicationSchema(organization.timezone)}
        onSubmit={async (values, { setErrors, setTouched }) => {
          setError(null);
          try {
            await api.applications_create(null, applicationFormData(values));
            setSubmitted({ email: values.email.trim() });
          } catch (failure) {
            const fields = apiFieldErrors(failure, { known: KNOWN_FIELDS, rename: SERVER_FIELD_NAMES });
            if (Object.keys(fields).length) {
              setErrors(fields as FormikErrors<ApplicationValues>);
              await setTouched(Object.fromEntries(Object.keys(fields).map((name) => [name, true])), false);
            }
            const unknown = Object.keys(apiErrorBody(failure)?.fields ?? {}).length > Object.keys(fields).length;
            if (!Object.keys(fields).length || unknown) {
              setError(apiErrorDetail(failure, 'Your application could not be sent. Please try again.'));
            } else {
              setError('Please correct the fields marked above.');
            }
          }
        }}
      >
        <StackedForm aria-label="Job application">
          <SelectField name="position" label="Position" placeholder="Choose a position" options={POSITION_OPTIONS} />
          <Section aria-labelledby="apply-contact">
            <h2 id="apply-contact">Contact details</h2>
            <TextField name="first_name" label="First name" autoComplete="given-name" />
            <TextField name="last_name" label="Last name" autoComplete="family-name" />
            <EmailField autoComplete="email" />
            <TextField name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" />
            <TextAreaField name="address" label="Home address" autoComplete="street-address" rows={2} />
          </Section>
          <Section aria-labelledby="apply-availability">
            <h2 id="apply-availability">Availability</h2>
            <CheckboxGroupField name="days" legend="Days you can work" choices={DAY_CHOICES} columns={2} />
            <CheckboxGroupField name="shifts" legend="Shifts you can work" choices={SHIFT_CHOICES} columns={2} />
            <DateField name="start_date" label="Earliest start date (optional)" />
            <TextField
              name="hours_per_week"
              label="Hours per week you want (optional)"
              inputMode="numeric"
              autoComplete="off"
            />
          </Section>
          <Section aria-labelledby="apply-experience">
            <h2 id="apply-experience">Experience</h2>
            <TextField
              name="years_experience"
              label="Years of experience in care"
              inputMode="numeric"
              autoComplete="off"
            />
            <TextAreaField
              name="experience"
              label="Your experience"
              hint="Where you have worked, the care you gave, certifications and languages."
              rows={5}
            />
            <FileDropField
              name="resume"
              label="Resume"
              accept={RESUME_ACCEPT}
              maxSize={RESUME_MAX_SIZE}
              hint="A PDF or Word file, at most 10 MB."
            />
          </Section>
          <Section aria-labelledby="apply-attestation">
            <h2 id="apply-attestation">Certification</h2>
            <CheckboxField name="attestation" label={ATTESTATION_TEXT} />
            <SignatureField
              name="attestation_signature"
              label="Your signature"
              hint="Sign with your finger, stylus or mouse."
            />
          </Section>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <SubmitButton fullWidth>Submit application</SubmitButton>
          <SubmitHint />
        </StackedForm>
      </Formik>
    </BrandBox>
  );
}

export default ApplyNowPage;
