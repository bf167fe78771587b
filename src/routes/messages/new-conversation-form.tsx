import { Formik, useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { MESSAGE_MAX, SUBJECT_MAX, TOPICS, type Topic } from '../../domain/messages';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { Alert } from '../../ui/alert';
import { apiErrorDetail, apiFieldErrors } from '../../ui/api-error';
import { SelectField, StackedForm, TextAreaField, TextField } from '../../ui/fields';
import { SearchField } from '../../ui/search-field';
import { SubmitButton } from '../../ui/submit-button';
import { personName } from '../../api/hiring';
import { SEARCH_DELAY_MS } from '../../api/referrals';
import type { Conversation, NewConversation } from './messages-api';

interface NewConversationValues {
  to: 'EMPLOYEE' | 'ADMIN';
  employee_id: string;
  counterpart_id: string;
  topic: Topic | '';
  subject: string;
  body: string;
}

const TOPIC_OPTIONS = Object.entries(TOPICS).map(([value, label]) => ({ value, label }));

const schemaFor = (office: boolean) =>
  yup.object({
    to: yup.string(),
    employee_id: office
      ? yup.string().when('to', { is: 'EMPLOYEE', then: (s) => s.required('Choose the employee.') })
      : yup.string(),
    counterpart_id: office
      ? yup.string().when('to', { is: 'ADMIN', then: (s) => s.required('Choose the admin.') })
      : yup.string(),
    topic: yup.string().required('Choose a topic.'),
    subject: yup
      .string()
      .trim()
      .required('Give it a subject.')
      .max(SUBJECT_MAX, `Keep the subject under ${SUBJECT_MAX} characters.`),
    body: yup
      .string()
      .trim()
      .required('Write your message.')
      .max(MESSAGE_MAX, `Keep it under ${MESSAGE_MAX.toLocaleString('en-US')} characters.`),
  });

/** Finds READY employees by name on the server and offers the matches. */
function EmployeePicker() {
  const api = useApiClient();
  const { setFieldValue } = useFormikContext<NewConversationValues>();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);

  useEffect(() => {
    let active = true;
    api
      .employees_list({ limit: 20, offset: 0, status: 'READY', ...(query ? { search: query } : {}) })
      .then((page) => {
        if (!active) return;
        const found = page.results.map((row) => ({ value: String(row.id), label: personName(row) || row.email }));
        setOptions(found);
        if (found.length === 1) void setFieldValue('employee_id', found[0].value);
      })
      .catch(() => {
        if (active) setOptions([]);
      });
    return () => {
      active = false;
    };
  }, [api, query, setFieldValue]);

  return (
    <>
      <SearchField
        label="Find the employee"
        hint="Type the first letters of the first or last name."
        value={search}
        onChange={setSearch}
      />
      <SelectField
        name="employee_id"
        label="Employee"
        placeholder={options.length ? 'Choose the employee' : 'No employee found'}
        options={options}
      />
    </>
  );
}

/** The organization's other active admins. */
function AdminPicker({ userId }: { userId: number }) {
  const api = useApiClient();
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let active = true;
    api
      .users_list({ limit: 200, offset: 0, role: 'ROLE_ADMIN', is_active: true, ordering: 'last_name' })
      .then((page) => {
        if (active)
          setOptions(
            page.results
              .filter((row) => row.id !== userId)
              .map((row) => ({ value: String(row.id), label: personName(row) || row.email })),
          );
      })
      .catch(() => {
        if (active) setOptions([]);
      });
    return () => {
      active = false;
    };
  }, [api, userId]);
  return (
    <SelectField
      name="counterpart_id"
      label="Admin"
      placeholder={options.length ? 'Choose the admin' : 'No other admin'}
      options={options}
    />
  );
}

function OfficeRecipient({ userId }: { userId: number }) {
  const { values } = useFormikContext<NewConversationValues>();
  return (
    <>
      <SelectField
        name="to"
        label="Write to"
        options={[
          { value: 'EMPLOYEE', label: 'An employee' },
          { value: 'ADMIN', label: 'Another admin' },
        ]}
      />
      {values.to === 'EMPLOYEE' ? <EmployeePicker /> : <AdminPicker userId={userId} />}
    </>
  );
}

/**
 * "New conversation": an employee writes to the office (topic, subject, message); the office writes to one
 * employee (found by name) or to another admin.
 */
export function NewConversationForm({
  office,
  userId,
  onCreated,
}: {
  office: boolean;
  userId: number;
  onCreated: (conversation: Conversation) => void;
}) {
  const api = useApiClient();
  const [error, setError] = useState<string | null>(null);
  const initialValues: NewConversationValues = {
    to: 'EMPLOYEE',
    employee_id: '',
    counterpart_id: '',
    topic: office ? 'OTHER' : '',
    subject: '',
    body: '',
  };

  const submit = async (
    values: NewConversationValues,
    helpers: { setErrors: (errors: Record<string, string>) => void },
  ) => {
    setError(null);
    const body: NewConversation = {
      topic: values.topic as Topic,
      subject: values.subject.trim(),
      body: values.body.trim(),
    };
    if (office && values.to === 'EMPLOYEE') body.employee_id = Number(values.employee_id);
    if (office && values.to === 'ADMIN') body.counterpart_id = Number(values.counterpart_id);
    try {
      onCreated(await api.conversations_create(null, body));
    } catch (failure) {
      const fields = apiFieldErrors(failure, { known: Object.keys(initialValues) });
      if (Object.keys(fields).length) helpers.setErrors(fields);
      setError(apiErrorDetail(failure, 'The conversation could not be started.'));
    }
  };

  return (
    <Formik initialValues={initialValues} validationSchema={schemaFor(office)} onSubmit={submit}>
      <StackedForm aria-label="New conversation">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {office ? (
          <OfficeRecipient userId={userId} />
        ) : (
          <p css={{ margin: 0 }}>Your message goes to the office: every admin of your agency can read and answer it.</p>
        )}
        <SelectField
          name="topic"
          label="Topic"
          placeholder={office ? undefined : 'Choose a topic'}
          options={TOPIC_OPTIONS}
        />
        <TextField name="subject" label="Subject" maxLength={SUBJECT_MAX} />
        <TextAreaField name="body" label="Message" rows={5} maxLength={MESSAGE_MAX} />
        <SubmitButton>Send</SubmitButton>
      </StackedForm>
    </Formik>
  );
}
