import { Formik, useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import * as yup from 'yup';
import { useApiClient } from '../api-client';
import { GRIEVANCE_CATEGORIES, GRIEVANCE_OVERDUE_DAYS, type GrievanceCategory } from '../../domain/grievances';
import { Alert } from '../../ui/alert';
import { showSubmitFailure } from '../../ui/api-error';
import { labelOptions, SelectField, StackedForm, TextAreaField, TextField } from '../../ui/fields';
import { SearchField } from '../../ui/search-field';
import { SubmitButton } from '../../ui/submit-button';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { personName } from '../../api/hiring';
import { Messages, RowActions } from '../../ui/layout';
import type { Grievance, GrievanceBody } from '../../api/grievances';

const CATEGORY_OPTIONS = labelOptions(GRIEVANCE_CATEGORIES);
const COMPLAINANT_OPTIONS = [
  { value: 'CLIENT', label: 'A client (or their family)' },
  { value: 'EMPLOYEE', label: 'An employee' },
  { value: 'OTHER', label: 'Someone else' },
];
const CHANNEL_OPTIONS = [
  { value: 'PHONE', label: 'By phone' },
  { value: 'IN_PERSON', label: 'In person' },
];
const SEARCH_DELAY_MS = 300;
const FIELDS = [
  'category',
  'description',
  'occurred_on',
  'people_involved',
  'desired_outcome',
  'channel',
  'client_id',
  'employee_id',
  'complainant_name',
];

export interface GrievanceFormValues {
  category: string;
  description: string;
  occurred_on: string;
  people_involved: string;
  desired_outcome: string;
  channel: string;
  complainant: string;
  client_id: string;
  employee_id: string;
  complainant_name: string;
}

const EMPTY: GrievanceFormValues = {
  category: '',
  description: '',
  occurred_on: '',
  people_involved: '',
  desired_outcome: '',
  channel: '',
  complainant: '',
  client_id: '',
  employee_id: '',
  complainant_name: '',
};

function schemaFor(office: boolean, today: string) {
  const base = {
    category: yup
      .string()
      .oneOf(Object.keys(GRIEVANCE_CATEGORIES), 'Choose what it is about.')
      .required('Choose what it is about.'),
    description: yup.string().trim().required('Tell us what happened.').max(5000, 'Keep it under 5,000 characters.'),
    occurred_on: yup
      .string()
      .test('not-future', 'The date cannot be in the future.', (value) => !value || value <= today),
    people_involved: yup.string().max(1000, 'Keep it under 1,000 characters.'),
    desired_outcome: yup.string().max(2000, 'Keep it under 2,000 characters.'),
  };
  if (!office) return yup.object(base);
  return yup.object({
    ...base,
    channel: yup.string().required('Choose how it was taken.'),
    complainant: yup.string().required('Choose who complains.'),
    client_id: yup.string().when('complainant', { is: 'CLIENT', then: (s) => s.required('Choose the client.') }),
    employee_id: yup.string().when('complainant', { is: 'EMPLOYEE', then: (s) => s.required('Choose the employee.') }),
    complainant_name: yup
      .string()
      .max(200, 'Keep it under 200 characters.')
      .when('complainant', {
        is: 'OTHER',
        then: (s) => s.trim().required('Enter the name of the person who complains.'),
      }),
  });
}

/** The body the form's values send: the complainant's own fields; the office adds how it came and who complains. */
export function grievanceBody(values: GrievanceFormValues, office: boolean): GrievanceBody {
  const body: GrievanceBody = {
    category: values.category as GrievanceCategory,
    description: values.description.trim(),
    ...(values.occurred_on ? { occurred_on: values.occurred_on } : {}),
    ...(values.people_involved.trim() ? { people_involved: values.people_involved.trim() } : {}),
    ...(values.desired_outcome.trim() ? { desired_outcome: values.desired_outcome.trim() } : {}),
  };
  if (!office) return body;
  return {
    ...body,
    channel: values.channel as 'PHONE' | 'IN_PERSON',
    ...(values.complainant === 'CLIENT' ? { client_id: Number(values.client_id) } : {}),
    ...(values.complainant === 'EMPLOYEE' ? { employee_id: Number(values.employee_id) } : {}),
    ...(values.complainant_name.trim() && values.complainant !== 'EMPLOYEE'
      ? { complainant_name: values.complainant_name.trim() }
      : {}),
  };
}

/** Finds a client or an employee by name on the server, then offers the matches to choose from. */
function PersonPicker({ kind }: { kind: 'CLIENT' | 'EMPLOYEE' }) {
  const api = useApiClient();
  const { setFieldValue } = useFormikContext<GrievanceFormValues>();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const field = kind === 'CLIENT' ? 'client_id' : 'employee_id';

  useEffect(() => {
    let active = true;
    const request =
      kind === 'CLIENT'
        ? api.clients_list({ limit: 20, offset: 0, ...(query ? { search: query } : {}) }).then((page) =>
            page.results.map((row) => ({
              value: String(row.id),
              label: `${row.first_name} ${row.last_name}`.trim(),
            })),
          )
        : api
            .employees_list({ limit: 20, offset: 0, ...(query ? { search: query } : {}) })
            .then((page) =>
              page.results.map((row) => ({ value: String(row.id), label: personName(row) || row.email })),
            );
    request
      .then((found) => {
        if (!active) return;
        setOptions(found);
        if (found.length === 1) void setFieldValue(field, found[0].value);
      })
      .catch(() => {
        if (active) setOptions([]);
      });
    return () => {
      active = false;
    };
  }, [api, field, kind, query, setFieldValue]);

  const noun = kind === 'CLIENT' ? 'client' : 'employee';
  return (
    <>
      <SearchField
        label={`Find the ${noun}`}
        hint="Type the first letters of the first or last name."
        value={search}
        onChange={setSearch}
      />
      <SelectField
        name={field}
        label={kind === 'CLIENT' ? 'Client' : 'Employee'}
        placeholder={options.length ? `Choose the ${noun}` : `No ${noun} found`}
        options={options}
      />
    </>
  );
}

function OfficeFields() {
  const { values } = useFormikContext<GrievanceFormValues>();
  return (
    <>
      <SelectField name="channel" label="How was it taken?" placeholder="Choose one" options={CHANNEL_OPTIONS} />
      <SelectField name="complainant" label="Who complains?" placeholder="Choose one" options={COMPLAINANT_OPTIONS} />
      {values.complainant === 'CLIENT' ? (
        <>
          <PersonPicker kind="CLIENT" />
          <TextField
            name="complainant_name"
            label="Caller's name (optional)"
            hint="When a family member calls for the client: their name and relation."
          />
        </>
      ) : null}
      {values.complainant === 'EMPLOYEE' ? <PersonPicker kind="EMPLOYEE" /> : null}
      {values.complainant === 'OTHER' ? (
        <TextField name="complainant_name" label="Name of the person who complains" />
      ) : null}
    </>
  );
}

export interface GrievanceFormProps {
  /** The office records one for someone else (how it came, who complains). */
  office?: boolean;
  /** The organization's today (YYYY-MM-DD): the date it happened cannot be later. */
  today: string;
  labelledBy: string;
  submitLabel: string;
  onSaved: (grievance: Grievance) => void;
  save: (body: GrievanceBody) => Promise<Grievance>;
}

/** What happened, when, who was involved and what outcome they want (product.md, "Grievances"). */
export function GrievanceForm({ office = false, today, labelledBy, submitLabel, onSaved, save }: GrievanceFormProps) {
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Messages>{error ? <Alert tone="error">{error}</Alert> : null}</Messages>
      <Formik
        initialValues={EMPTY}
        validationSchema={schemaFor(office, today)}
        onSubmit={async (values, { resetForm, setErrors }) => {
          setError(null);
          try {
            const saved = await save(grievanceBody(values, office));
            resetForm();
            onSaved(saved);
          } catch (failure) {
            showSubmitFailure(failure, {
              known: FIELDS,
              setErrors,
              setError,
              fallback: 'It could not be sent. Please try again.',
            });
          }
        }}
      >
        <StackedForm aria-labelledby={labelledBy}>
          {office ? <OfficeFields /> : null}
          <SelectField name="category" label="What is it about?" placeholder="Choose one" options={CATEGORY_OPTIONS} />
          <TextAreaField name="description" label="What happened?" />
          <TextField name="occurred_on" label="When did it happen? (optional)" type="date" max={today} />
          <TextAreaField name="people_involved" label="Who was involved? (optional)" rows={2} />
          <TextAreaField
            name="desired_outcome"
            label={office ? 'What outcome do they want? (optional)' : 'What outcome do you want? (optional)'}
            rows={2}
          />
          <p css={{ margin: 0 }}>
            {office
              ? 'Abuse, neglect or mistreatment is urgent: every admin and the owner are told when you record it.'
              : `The office answers within ${GRIEVANCE_OVERDUE_DAYS} days. Abuse, neglect or mistreatment goes to every manager at once.`}
          </p>
          <RowActions>
            <SubmitButton fullWidth={!office}>{submitLabel}</SubmitButton>
          </RowActions>
        </StackedForm>
      </Formik>
    </>
  );
}
