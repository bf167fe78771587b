import styled from '@emotion/styled';
import { Formik, useFormikContext } from 'formik';
import { useState, type ReactNode } from 'react';
import * as yup from 'yup';
import {
  PERSON_HOME_FIELDS,
  REFERRAL_PAYERS,
  REFERRAL_SOURCES,
  SERVICES,
  servicesFor,
  type PersonHomeField,
  type ServiceCode,
} from '../../domain/clients';
import { CLIENT_TYPES, type ClientType } from '../../domain/labels';
import { Alert } from '../../ui/alert';
import { showSubmitFailure } from '../../ui/api-error';
import { labelOptions, NameFields, SelectField, StackedForm, TextAreaField, TextField } from '../../ui/fields';
import { CheckboxGroupField } from '../../ui/checkbox-group-field';
import { SubmitButton } from '../../ui/submit-button';
import { Messages, RowActions, TwoColumns } from '../../ui/layout';
import type { Referral, ReferralBody } from '../../api/referrals';

export interface ReferralValues extends Record<PersonHomeField, string> {
  type: ClientType | '';
  /** Every service, checked or not; only those of the type are shown and sent. */
  services: Record<ServiceCode, boolean>;
  payer: string;
  source: string;
  source_name: string;
  source_contact: string;
  notes: string;
}

const FIELDS = [
  ...PERSON_HOME_FIELDS,
  'type',
  'services',
  'payer',
  'source',
  'source_name',
  'source_contact',
  'notes',
] as const;

const noServices = () =>
  Object.fromEntries(Object.keys(SERVICES).map((key) => [key, false])) as Record<ServiceCode, boolean>;

export const EMPTY_REFERRAL: ReferralValues = {
  first_name: '',
  last_name: '',
  date_of_birth: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  postal_code: '',
  type: '',
  services: noServices(),
  payer: '',
  source: '',
  source_name: '',
  source_contact: '',
  notes: '',
};

/** A referral's details as the form's values. */
export function referralValues(referral: Referral): ReferralValues {
  const services = noServices();
  for (const service of referral.requested_services) services[service] = true;
  return {
    first_name: referral.first_name,
    last_name: referral.last_name,
    date_of_birth: referral.date_of_birth,
    phone: referral.phone,
    address: referral.address,
    city: referral.city,
    state: referral.state,
    postal_code: referral.postal_code,
    type: referral.type,
    services,
    payer: referral.payer ?? '',
    source: referral.source,
    source_name: referral.source_name,
    source_contact: referral.source_contact,
    notes: referral.notes,
  };
}

/** The form's values as the server's body: trimmed, the checked services the type offers, no payer as null. */
export function referralBody(values: ReferralValues): ReferralBody {
  const type = values.type as ClientType;
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    date_of_birth: values.date_of_birth,
    phone: values.phone.trim(),
    address: values.address.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    postal_code: values.postal_code.trim(),
    type,
    requested_services: servicesFor(type).filter((service) => values.services[service]),
    payer: values.payer ? (values.payer as NonNullable<ReferralBody['payer']>) : null,
    source: values.source as ReferralBody['source'],
    source_name: values.source_name.trim(),
    source_contact: values.source_contact.trim(),
    notes: values.notes.trim(),
  };
}

/** Only what differs from the referral as saved (a correction sends the corrected fields). */
export function changedFields(referral: Referral, values: ReferralValues): Partial<ReferralBody> {
  const body = referralBody(values);
  const saved = referralBody(referralValues(referral));
  return Object.fromEntries(
    Object.entries(body).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(saved[key as keyof ReferralBody]),
    ),
  ) as Partial<ReferralBody>;
}

const TYPE_OPTIONS = labelOptions(CLIENT_TYPES);
const PAYER_OPTIONS = labelOptions(REFERRAL_PAYERS);
const SOURCE_OPTIONS = labelOptions(REFERRAL_SOURCES);

/** The form's checks; `today` is the user's calendar date (a date of birth cannot come after it). */
export function referralSchema(today: string) {
  return yup.object({
    first_name: yup.string().trim().max(150, 'Use at most 150 characters').required('Enter the first name'),
    last_name: yup.string().trim().max(150, 'Use at most 150 characters').required('Enter the last name'),
    date_of_birth: yup
      .string()
      .required('Enter the date of birth')
      .matches(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date of birth')
      .test('not-future', 'The date of birth cannot be in the future', (value) => !value || value <= today)
      .test('not-too-old', 'Enter a date of birth after 1900', (value) => !value || value >= '1900-01-01'),
    phone: yup
      .string()
      .trim()
      .required('Enter a phone number')
      .test(
        'digits',
        'Enter a phone number with at least 7 digits',
        (value) => (value ?? '').replace(/\D/g, '').length >= 7,
      ),
    address: yup.string().max(200, 'Use at most 200 characters'),
    city: yup.string().max(100, 'Use at most 100 characters'),
    state: yup.string().max(50, 'Use at most 50 characters'),
    postal_code: yup.string().max(20, 'Use at most 20 characters'),
    type: yup.string().oneOf(Object.keys(CLIENT_TYPES), 'Choose the type of care').required('Choose the type of care'),
    payer: yup.string(),
    source: yup
      .string()
      .oneOf(Object.keys(REFERRAL_SOURCES), 'Choose where the referral comes from')
      .required('Choose where the referral comes from'),
    source_name: yup.string().max(200, 'Use at most 200 characters'),
    source_contact: yup.string().max(200, 'Use at most 200 characters'),
    notes: yup.string().max(10_000, 'Use at most 10,000 characters'),
  });
}

const Section = styled.h3`
  margin: ${({ theme }) => theme.spacing(1, 0, 0)};
  font-size: ${({ theme }) => theme.font.size.md};
`;

/** The requested services: a checkbox for each service the chosen type offers. */
function ServicesGroup() {
  const { values } = useFormikContext<ReferralValues>();
  if (!values.type) return <p css={{ margin: 0 }}>Choose the type of care to pick the requested services.</p>;
  return (
    <CheckboxGroupField
      name="services"
      legend="Requested services (optional)"
      choices={servicesFor(values.type).map((service) => ({ value: service, label: SERVICES[service] }))}
    />
  );
}

export interface ReferralFormProps {
  /** The id of the heading that names the form. */
  labelledBy: string;
  initialValues: ReferralValues;
  /** The user's calendar date. */
  today: string;
  submitLabel: string;
  /** Next to the submit button: a Cancel link or button. */
  cancel: ReactNode;
  /** Saves; a refusal with field errors puts each at its field, any other shows above the form. */
  onSave: (values: ReferralValues) => Promise<void>;
  failureText: string;
}

/** A referral's details: the person, the care asked for, where it comes from (new referral and correction). */
export function ReferralForm({
  labelledBy,
  initialValues,
  today,
  submitLabel,
  cancel,
  onSave,
  failureText,
}: ReferralFormProps) {
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Messages>{error ? <Alert tone="error">{error}</Alert> : null}</Messages>
      <Formik
        initialValues={initialValues}
        validationSchema={referralSchema(today)}
        onSubmit={async (values, { setErrors }) => {
          setError(null);
          try {
            await onSave(values);
          } catch (failure) {
            showSubmitFailure(failure, {
              known: FIELDS,
              rename: { requested_services: 'services' },
              setErrors,
              setError,
              fallback: failureText,
            });
          }
        }}
      >
        <StackedForm aria-labelledby={labelledBy}>
          <Section>Person</Section>
          <TwoColumns>
            <NameFields />
          </TwoColumns>
          <TwoColumns>
            <TextField name="date_of_birth" label="Date of birth" type="date" min="1900-01-01" max={today} />
            <TextField name="phone" label="Phone" type="tel" inputMode="tel" autoComplete="off" />
          </TwoColumns>
          <TextField name="address" label="Address (optional)" autoComplete="off" />
          <TwoColumns>
            <TextField name="city" label="City (optional)" autoComplete="off" />
            <TwoColumns>
              <TextField name="state" label="State (optional)" autoComplete="off" />
              <TextField name="postal_code" label="Postal code (optional)" autoComplete="off" />
            </TwoColumns>
          </TwoColumns>
          <Section>Care</Section>
          <TwoColumns>
            <SelectField name="type" label="Type of care" placeholder="Choose a type" options={TYPE_OPTIONS} />
            <SelectField name="payer" label="Payer (optional)" placeholder="Not known yet" options={PAYER_OPTIONS} />
          </TwoColumns>
          <ServicesGroup />
          <Section>Source</Section>
          <SelectField name="source" label="Source" placeholder="Choose a source" options={SOURCE_OPTIONS} />
          <TwoColumns>
            <TextField
              name="source_name"
              label="Source's name (optional)"
              hint="The hospital, office or person that referred."
              autoComplete="off"
            />
            <TextField
              name="source_contact"
              label="Source's contact (optional)"
              hint="Who to call back there, and how."
              autoComplete="off"
            />
          </TwoColumns>
          <TextAreaField name="notes" label="Notes (optional)" />
          <RowActions>
            <SubmitButton>{submitLabel}</SubmitButton>
            {cancel}
          </RowActions>
        </StackedForm>
      </Formik>
    </>
  );
}
