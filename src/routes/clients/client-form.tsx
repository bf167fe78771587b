import { useFormikContext } from 'formik';
import { useEffect } from 'react';
import * as yup from 'yup';
import {
  certificationEnd,
  certificationProblem,
  CLIENT_STATUSES,
  ICD10_MESSAGE,
  includesHomeHealth,
  isIcd10Shape,
  isValidNpi,
  normalizeIcd10,
  NPI_MESSAGE,
  PAYERS,
  PERSON_HOME_FIELDS,
  SERVICES,
  servicesFor,
  type ClientStatus,
  type Payer,
  type PersonHomeField,
  type ServiceCode,
} from '../../domain/clients';
import type { ClientType } from '../../domain/labels';
import {
  CheckboxField,
  FieldError,
  FormStack,
  labelOptions,
  NameFields,
  SelectField,
  TextAreaField,
  TextField,
} from '../../ui/fields';
import { optionalPhone } from '../../ui/person-rules';
import { DateField, parseMaskedDate } from '../../ui/masked-input';
import { isoToMaskedDate, maskedToIsoDate } from '../../api/hiring';
import { Panel, TwoColumns } from '../../ui/layout';
import type { Client, ClientFields } from '../../api/clients';

/**
 * The client's form, shared by the intake page (/clients/new/:type) and the Details tab: its values, its
 * checks (the same as the server's, at the field), the body it sends and its fields by client type.
 */

export interface ClientFormValues extends Record<PersonHomeField, string> {
  preferred_language: string;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  emergency_contact_relationship: string;
  notes: string;
  status: string;
  services: Partial<Record<ServiceCode, boolean>>;
  payer: string;
  member_id: string;
  physician_name: string;
  physician_npi: string;
  diagnosis_code: string;
  diagnosis_description: string;
  certification_start: string;
  certification_end: string;
}

/** The server's field names the form shows at a field (others go to the page's alert). */
export const CLIENT_FORM_FIELDS = [
  ...PERSON_HOME_FIELDS,
  'preferred_language',
  'emergency_contact_name',
  'emergency_contact_phone',
  'emergency_contact_relationship',
  'notes',
  'status',
  'services',
  'payer',
  'member_id',
  'physician_name',
  'physician_npi',
  'diagnosis_code',
  'diagnosis_description',
  'certification_start',
  'certification_end',
] as const;

/** The statuses the form offers: a discharge has its own dialog (a date and a reason). */
export const OPEN_STATUSES = [
  'PENDING',
  'ACTIVE',
  'WAITING_LIST',
  'ON_HOLD',
] as const satisfies readonly ClientStatus[];
export const OPEN_STATUS_OPTIONS = OPEN_STATUSES.map((value) => ({ value, label: CLIENT_STATUSES[value] }));

/** A home health client in these statuses needs its clinical details (as the server decides). */
const CARE_UNDER_WAY: readonly string[] = ['ACTIVE', 'ON_HOLD'];

const PAYER_OPTIONS = labelOptions(PAYERS);

/** The form's values: empty for a new client, else the client's. */
export function clientFormValues(client?: Client): ClientFormValues {
  return {
    first_name: client?.first_name ?? '',
    last_name: client?.last_name ?? '',
    date_of_birth: isoToMaskedDate(client?.date_of_birth),
    phone: client?.phone ?? '',
    address: client?.address ?? '',
    city: client?.city ?? '',
    state: client?.state ?? '',
    postal_code: client?.postal_code ?? '',
    preferred_language: client?.preferred_language ?? '',
    emergency_contact_name: client?.emergency_contact_name ?? '',
    emergency_contact_phone: client?.emergency_contact_phone ?? '',
    emergency_contact_relationship: client?.emergency_contact_relationship ?? '',
    notes: client?.notes ?? '',
    status: client?.status ?? 'PENDING',
    services: {},
    payer: client?.payer ?? '',
    member_id: client?.member_id ?? '',
    physician_name: client?.physician_name ?? '',
    physician_npi: client?.physician_npi ?? '',
    diagnosis_code: client?.diagnosis_code ?? '',
    diagnosis_description: client?.diagnosis_description ?? '',
    certification_start: isoToMaskedDate(client?.certification_start),
    certification_end: isoToMaskedDate(client?.certification_end),
  };
}

const maskedDate = () =>
  yup.string().test('date', 'Enter a date as dd.mm.yyyy', (value) => !value || !!parseMaskedDate(value));

/**
 * The checks of the client's form. `clinicalAlways`: the intake form asks for the home health details
 * whatever the status; an edit asks for them once care is under way (Active, On hold).
 */
export function clientSchema({
  type,
  today,
  clinicalAlways,
}: {
  type: ClientType;
  today: string;
  clinicalAlways: boolean;
}) {
  const clinical = (status: string | undefined) => clinicalAlways || CARE_UNDER_WAY.includes(status ?? '');
  const needed = (message: string) =>
    yup
      .string()
      .trim()
      .when('status', { is: clinical, then: (schema) => schema.required(message) });
  const base = {
    first_name: yup.string().trim().required('Enter the first name.'),
    last_name: yup.string().trim().required('Enter the last name.'),
    date_of_birth: maskedDate()
      .required('Enter the date of birth.')
      .test('past', 'The date of birth cannot be in the future.', (value) => {
        const iso = maskedToIsoDate(value);
        return !iso || iso <= today;
      }),
    phone: optionalPhone(),
    emergency_contact_phone: optionalPhone(),
    status: yup.string().required('Choose a status.'),
  };
  if (!includesHomeHealth(type)) return yup.object(base);
  return yup.object({
    ...base,
    payer: needed('Choose the payer: Medicare or Medicaid.').oneOf(
      ['', ...Object.keys(PAYERS)],
      'Choose the payer: Medicare or Medicaid.',
    ),
    member_id: needed("Enter the payer's member id."),
    physician_name: needed('Enter the attending physician.'),
    physician_npi: needed("Enter the physician's NPI.").test(
      'npi',
      NPI_MESSAGE,
      (value) => !value || isValidNpi(value.replace(/\s/g, '')),
    ),
    diagnosis_code: needed('Enter the primary diagnosis (ICD-10).').test(
      'icd10',
      ICD10_MESSAGE,
      (value) => !value || isIcd10Shape(value),
    ),
    certification_start: maskedDate().test(
      'start',
      'Enter the start of the certification period.',
      function check(value) {
        const { status, certification_end: end } = this.parent as ClientFormValues;
        return !!value || (!clinical(status) && !end);
      },
    ),
    certification_end: maskedDate().test('period', 'Enter the end of the certification period.', function check(value) {
      const start = maskedToIsoDate((this.parent as ClientFormValues).certification_start);
      if (!start) return true;
      const end = maskedToIsoDate(value);
      if (!end) return this.createError({ message: 'Enter the end of the certification period.' });
      const problem = certificationProblem(start, end);
      return problem ? this.createError({ message: problem }) : true;
    }),
  });
}

/** The details the form sends: every text trimmed; the home health ones only for a type that has them. */
export function clientBody(values: ClientFormValues, type: ClientType): ClientFields {
  const body: ClientFields = {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    date_of_birth: maskedToIsoDate(values.date_of_birth) ?? '',
    phone: values.phone.trim(),
    address: values.address.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    postal_code: values.postal_code.trim(),
    preferred_language: values.preferred_language.trim(),
    emergency_contact_name: values.emergency_contact_name.trim(),
    emergency_contact_phone: values.emergency_contact_phone.trim(),
    emergency_contact_relationship: values.emergency_contact_relationship.trim(),
    notes: values.notes.trim(),
  };
  if (!includesHomeHealth(type)) return body;
  const orNull = (value: string) => value.trim() || null;
  return {
    ...body,
    payer: (values.payer || null) as Payer | null,
    member_id: orNull(values.member_id),
    physician_name: orNull(values.physician_name),
    physician_npi: values.physician_npi.replace(/\s/g, '') || null,
    diagnosis_code: values.diagnosis_code.trim() ? normalizeIcd10(values.diagnosis_code) : null,
    diagnosis_description: orNull(values.diagnosis_description),
    certification_start: maskedToIsoDate(values.certification_start),
    certification_end: maskedToIsoDate(values.certification_end),
  };
}

/** The services checked on the intake form, in the order of the type's services. */
export function checkedServices(values: ClientFormValues, type: ClientType): ServiceCode[] {
  return servicesFor(type).filter((code) => values.services[code]);
}

/** The server's refusal of the services (one of another type), under the checkboxes. */
function ServicesError() {
  const { errors } = useFormikContext<ClientFormValues>();
  const error = errors.services;
  return typeof error === 'string' ? <FieldError role="alert">{error}</FieldError> : null;
}

/** A new start of the certification period fills in its end (60 days) while the end is empty. */
function CertificationEndPrefill() {
  const { values, setFieldValue } = useFormikContext<ClientFormValues>();
  const start = maskedToIsoDate(values.certification_start);
  useEffect(() => {
    if (start && !values.certification_end)
      void setFieldValue('certification_end', isoToMaskedDate(certificationEnd(start)), true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fills the end only when the start changes: an end cleared by hand stays empty
  }, [start]);
  return null;
}

/**
 * The fields of a client of `type`, in panels: the person, the home, the emergency contact, (intake) the
 * services, (home health) the payer, physician, diagnosis and certification period, the notes.
 */
export function ClientFormFields({
  type,
  idPrefix,
  withServices = false,
  statusOptions,
}: {
  type: ClientType;
  idPrefix: string;
  withServices?: boolean;
  statusOptions: readonly { value: string; label: string; disabled?: boolean }[];
}) {
  const heading = (name: string) => `${idPrefix}-${name}-title`;
  return (
    <>
      <Panel aria-labelledby={heading('person')}>
        <h2 id={heading('person')}>Client</h2>
        <FormStack>
          <TwoColumns>
            <NameFields />
          </TwoColumns>
          <TwoColumns>
            <DateField name="date_of_birth" label="Date of birth" />
            <TextField name="phone" label="Phone (optional)" type="tel" inputMode="tel" autoComplete="off" />
          </TwoColumns>
          <TwoColumns>
            <TextField name="preferred_language" label="Preferred language (optional)" autoComplete="off" />
            <SelectField name="status" label="Status" options={statusOptions} />
          </TwoColumns>
        </FormStack>
      </Panel>

      <Panel aria-labelledby={heading('home')}>
        <h2 id={heading('home')}>Home</h2>
        <FormStack>
          <TextField name="address" label="Address (optional)" autoComplete="off" />
          <TwoColumns>
            <TextField name="city" label="City (optional)" autoComplete="off" />
            <TextField name="state" label="State (optional)" autoComplete="off" />
          </TwoColumns>
          <TextField
            name="postal_code"
            label="Postal code (optional)"
            inputMode="numeric"
            autoComplete="off"
            css={{ maxWidth: 200 }}
          />
        </FormStack>
      </Panel>

      <Panel aria-labelledby={heading('emergency')}>
        <h2 id={heading('emergency')}>Emergency contact</h2>
        <FormStack>
          <TextField name="emergency_contact_name" label="Name (optional)" autoComplete="off" />
          <TwoColumns>
            <TextField
              name="emergency_contact_phone"
              label="Phone of the emergency contact (optional)"
              type="tel"
              inputMode="tel"
              autoComplete="off"
            />
            <TextField
              name="emergency_contact_relationship"
              label="Relationship (optional)"
              autoComplete="off"
              hint="For example: daughter, neighbour."
            />
          </TwoColumns>
        </FormStack>
      </Panel>

      {withServices ? (
        <Panel aria-labelledby={heading('services')}>
          <h2 id={heading('services')}>Services</h2>
          <p css={{ marginTop: 0 }}>Check the services the client receives; you can add others later.</p>
          <div
            css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', columnGap: 16 }}
            role="group"
            aria-labelledby={heading('services')}
          >
            {servicesFor(type).map((code) => (
              <CheckboxField key={code} name={`services.${code}`} label={SERVICES[code]} />
            ))}
          </div>
          <ServicesError />
        </Panel>
      ) : null}

      {includesHomeHealth(type) ? (
        <Panel aria-labelledby={heading('clinical')}>
          <h2 id={heading('clinical')}>Home health</h2>
          <FormStack>
            <TwoColumns>
              <SelectField name="payer" label="Payer" placeholder="Choose the payer" options={PAYER_OPTIONS} />
              <TextField name="member_id" label="Member id" autoComplete="off" />
            </TwoColumns>
            <TwoColumns>
              <TextField name="physician_name" label="Attending physician" autoComplete="off" />
              <TextField
                name="physician_npi"
                label="Physician's NPI"
                inputMode="numeric"
                autoComplete="off"
                hint="10 digits."
              />
            </TwoColumns>
            <TwoColumns>
              <TextField
                name="diagnosis_code"
                label="Primary diagnosis (ICD-10 code)"
                autoCapitalize="characters"
                autoComplete="off"
                hint="For example E11.9."
              />
              <TextField name="diagnosis_description" label="Diagnosis description (optional)" autoComplete="off" />
            </TwoColumns>
            <TwoColumns>
              <DateField name="certification_start" label="Certification period start" />
              <DateField
                name="certification_end"
                label="Certification period end"
                hint="60 days from the start, filled in when you enter the start. Format dd.mm.yyyy"
              />
            </TwoColumns>
            <CertificationEndPrefill />
          </FormStack>
        </Panel>
      ) : null}

      <Panel aria-labelledby={heading('notes')}>
        <h2 id={heading('notes')}>Notes</h2>
        <TextAreaField name="notes" label="Notes for the office (optional)" />
      </Panel>
    </>
  );
}
