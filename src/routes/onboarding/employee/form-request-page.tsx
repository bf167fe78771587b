import { Formik } from 'formik';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import * as yup from 'yup';
import { useApiClient } from '../../../app/api-client';
import { useAuthentication } from '../../../app/authentication';
import { formatDateTime } from '../../../app/date-time';
import { homeRouteOf } from '../../../app/session-user';
import { Alert } from '../../../ui/alert';
import { apiErrorBody, apiErrorDetail } from '../../../ui/api-error';
import { CheckboxField, FormStack, SelectField, StackedForm, TextAreaField, TextField } from '../../../ui/fields';
import { DateField, parseMaskedDate } from '../../../ui/masked-input';
import { SignatureField } from '../../../ui/signature-pad';
import { SubmitButton } from '../../../ui/submit-button';
import { PrivatePage } from '../../../app/page-shell';
import { routeNoticeState } from '../../../app/route-notice';
import { Card } from '../../../ui/layout';
import { FormAnswers } from '../../../app/form-answers';
import {
  formatDate,
  isoToMaskedDate,
  maskedDateToIso,
  type FormRequest,
  type FormTemplateField,
} from '../../../api/onboarding';
import { FORM_STATUS_TEXT, statusOf } from '../../../domain/status-text';
import { StatusTag } from '../../../ui/tag';
import { useRecord } from '../../../app/use-record';

type AnswerValue = string | boolean;
interface FormValues {
  answers: Record<string, AnswerValue>;
  signature: string | null;
}

/** The success message on the page a signed form returns to. */
export const signedText = (formName: string) => `“${formName}” was signed and sent to the office.`;

/** A field's label as shown: required ones say so in words (not only with a star). */
export function fieldLabel(field: FormTemplateField): string {
  return field.required ? `${field.label} (required)` : field.label;
}

function initialAnswer(field: FormTemplateField, answers: Record<string, unknown> | null): AnswerValue {
  const value = answers?.[field.key];
  if (field.type === 'checkbox') return value === true;
  if (field.type === 'date') return isoToMaskedDate(typeof value === 'string' ? value : null);
  return typeof value === 'string' ? value : value == null ? '' : String(value);
}

function schemaFor(fields: FormTemplateField[]) {
  const shape: Record<string, yup.AnySchema> = {};
  for (const field of fields) {
    if (field.type === 'checkbox') {
      shape[field.key] = field.required
        ? yup.boolean().oneOf([true], `Check “${field.label}” to continue`)
        : yup.boolean();
    } else if (field.type === 'date') {
      let date = yup
        .string()
        .test('date', 'Enter a real date as dd.mm.yyyy', (value) => !value || !!parseMaskedDate(value));
      if (field.required) date = date.required(`Enter ${field.label.toLowerCase()}`);
      shape[field.key] = date;
    } else if (field.type === 'select') {
      shape[field.key] = field.required ? yup.string().required(`Choose ${field.label.toLowerCase()}`) : yup.string();
    } else {
      let text = yup
        .string()
        .trim()
        .max(field.type === 'textarea' ? 5000 : 500, 'This answer is too long');
      if (field.required) text = text.required(`Enter ${field.label.toLowerCase()}`);
      shape[field.key] = text;
    }
  }
  return yup.object({
    answers: yup.object(shape),
    signature: yup.string().nullable().required('Sign in the box to submit the form'),
  });
}

/** The answers as the API takes them: dates YYYY-MM-DD, text trimmed, empty optional answers left out. */
function answersOf(fields: FormTemplateField[], values: Record<string, AnswerValue>): Record<string, string | boolean> {
  const answers: Record<string, string | boolean> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (field.type === 'checkbox') answers[field.key] = value === true;
    else if (field.type === 'date') {
      const iso = maskedDateToIso(String(value ?? ''));
      if (iso) answers[field.key] = iso;
    } else {
      const text = String(value ?? '').trim();
      if (text) answers[field.key] = text;
    }
  }
  return answers;
}

function TemplateField({ field }: { field: FormTemplateField }) {
  const name = `answers.${field.key}`;
  const label = fieldLabel(field);
  switch (field.type) {
    case 'textarea':
      return <TextAreaField name={name} label={label} rows={4} />;
    case 'date':
      return <DateField name={name} label={label} />;
    case 'checkbox':
      return <CheckboxField name={name} label={label} />;
    case 'select':
      return (
        <SelectField
          name={name}
          label={label}
          placeholder="Choose…"
          options={(field.options ?? []).map((option) => ({ value: option, label: option }))}
        />
      );
    default:
      return <TextField name={name} label={label} />;
  }
}

function CompletedForm({ request }: { request: FormRequest }) {
  const { user } = useAuthentication();
  return (
    <Card aria-labelledby="form-answers">
      <h2 id="form-answers">Your answers</h2>
      <FormAnswers request={request} />
      <p css={{ margin: '8px 0 0' }}>
        Signed {formatDateTime(request.signed_at, user?.timezone)}
        {request.countersigned_at
          ? ` · countersigned by the office ${formatDateTime(request.countersigned_at, user?.timezone)}`
          : ''}
      </p>
    </Card>
  );
}

/** /onboarding/form-request/:id/:onboarding? — fill in and sign a requested form (read-only once signed). */
export function FormRequestPage() {
  const { id, onboarding } = useParams();
  const requestId = Number(id);
  const api = useApiClient();
  const { user, updateUser } = useAuthentication();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const request = useRecord(
    () => api.form_requests_retrieve({ id: requestId }),
    String(id),
    'The form could not be loaded.',
  );
  const form = request.data;
  const fields = useMemo(() => form?.template.fields ?? [], [form]);
  const schema = useMemo(() => schemaFor(fields), [fields]);
  const backTo = onboarding ? '/onboarding' : '/profile/incomplete-documents';
  const status = form ? statusOf(FORM_STATUS_TEXT, form.status) : null;

  return (
    <PrivatePage
      title={form ? form.template.name : 'Form request'}
      description={form?.template.description || undefined}
    >
      {request.error ? <Alert tone="error">{request.error}</Alert> : null}
      {request.loading && !form ? <p role="status">Loading…</p> : null}
      {form && status ? (
        <FormStack>
          <p css={{ margin: 0, display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
            <StatusTag tone={status.tone}>{status.text}</StatusTag>
            {form.due_date && form.status === 'PENDING' ? <span>Due {formatDate(form.due_date)}</span> : null}
          </p>
          {form.status === 'PENDING' ? (
            <Formik<FormValues>
              initialValues={{
                answers: Object.fromEntries(fields.map((field) => [field.key, initialAnswer(field, form.answers)])),
                signature: null,
              }}
              validationSchema={schema}
              onSubmit={async (values, { setFieldError, setFieldTouched }) => {
                setError(null);
                try {
                  await api.form_requests_submit_create(
                    { id: requestId },
                    { answers: answersOf(fields, values.answers), signature: values.signature! },
                  );
                } catch (failure) {
                  const named = Object.entries(apiErrorBody(failure)?.fields ?? {}).filter(
                    ([name]) =>
                      name === 'signature' ||
                      (name.startsWith('answers.') && fields.some((field) => `answers.${field.key}` === name)),
                  );
                  for (const [name, messages] of named) {
                    void setFieldTouched(name, true, false);
                    setFieldError(name, messages[0]);
                  }
                  setError(
                    named.length
                      ? 'Please correct the answers marked above.'
                      : apiErrorDetail(failure, 'The form could not be submitted.'),
                  );
                  return;
                }
                try {
                  updateUser(await api.auth_user_retrieve());
                } catch {
                  // The form is signed; the next focus or unread-count change refreshes the user.
                }
                navigate(user?.role === 'ROLE_CLIENT' ? homeRouteOf(user) : backTo, {
                  replace: true,
                  state: routeNoticeState({ tone: 'success', text: signedText(form.template.name) }),
                });
              }}
            >
              <StackedForm aria-label={form.template.name}>
                {fields.map((field) => (
                  <TemplateField key={field.key} field={field} />
                ))}
                <SignatureField
                  name="signature"
                  label="Your signature"
                  hint="Sign with your finger, stylus or mouse. Signing means you agree with the answers above."
                />
                {error ? <Alert tone="error">{error}</Alert> : null}
                <div>
                  <SubmitButton>Sign and submit</SubmitButton>
                </div>
              </StackedForm>
            </Formik>
          ) : (
            <CompletedForm request={form} />
          )}
          <p css={{ margin: 0 }}>
            <Link to={backTo}>{onboarding ? 'Back to onboarding' : 'Back to what is due'}</Link>
          </p>
        </FormStack>
      ) : null}
    </PrivatePage>
  );
}

export default FormRequestPage;
