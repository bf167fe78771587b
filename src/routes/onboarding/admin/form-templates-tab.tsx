import { useFormikContext } from 'formik';
import * as yup from 'yup';
import { useApiClient } from '../../../app/api-client';
import { Button } from '../../../ui/button';
import type { DataTableColumn } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { CheckboxField, FormStack, labelOptions, SelectField, TextAreaField, TextField } from '../../../ui/fields';
import { ALL_ROWS, type FieldType, type FormTemplate } from '../../../api/hiring';
import type { RequestBody } from '../../../api/types';
import { RowActions, TwoColumns } from '../../../ui/layout';
import { itemBox, ItemsEditor, SettingsEditorTab, yesNo } from './settings-parts';

const FIELD_TYPES: { value: FieldType; label: string }[] = [
  { value: 'text', label: 'Short text' },
  { value: 'textarea', label: 'Long text' },
  { value: 'date', label: 'Date' },
  { value: 'checkbox', label: 'Checkbox' },
  { value: 'select', label: 'Choice list' },
];

const SIGNERS = { EMPLOYEE: 'Employee', EMPLOYEE_ADMIN: 'Employee and admin' } as const;
type SignersChoice = keyof typeof SIGNERS;

export function signersText(signers: readonly string[]): string {
  return signers.includes('ADMIN') ? SIGNERS.EMPLOYEE_ADMIN : SIGNERS.EMPLOYEE;
}

interface FieldValues {
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  /** One choice per line (choice lists). */
  options: string;
}

interface TemplateValues {
  name: string;
  description: string;
  fields: FieldValues[];
  signers: SignersChoice;
  required: boolean;
  assign_on_hire: boolean;
  active: boolean;
}

/** A field key from its label: "Date of birth" → "date_of_birth". */
export function keyFromLabel(label: string): string {
  return label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
}

const schema = yup.object({
  name: yup.string().trim().required('Enter a name'),
  description: yup.string(),
  fields: yup
    .array()
    .of(
      yup.object({
        label: yup.string().trim().required('Enter the question or label'),
        key: yup
          .string()
          .trim()
          .required('Enter a key')
          .matches(/^[a-z][a-z0-9_]*$/, 'Lower-case letters, digits and _; start with a letter'),
        type: yup.string().required(),
        options: yup.string().when('type', {
          is: 'select',
          then: (s) =>
            s.test(
              'options',
              'Give at least two choices, one per line',
              (value) => (value ?? '').split('\n').filter((line) => line.trim()).length >= 2,
            ),
        }),
      }),
    )
    .min(1, 'Add at least one field')
    .test('unique-keys', 'Each field needs its own key', (fields) => {
      const keys = (fields ?? []).map((field) => field.key?.trim()).filter(Boolean);
      return new Set(keys).size === keys.length;
    }),
});

function toValues(template: FormTemplate | null): TemplateValues {
  return {
    name: template?.name ?? '',
    description: template?.description ?? '',
    fields: (template?.fields ?? []).map((field) => ({ ...field, options: (field.options ?? []).join('\n') })),
    signers: template?.signers.includes('ADMIN') ? 'EMPLOYEE_ADMIN' : 'EMPLOYEE',
    required: template?.required ?? true,
    assign_on_hire: template?.assign_on_hire ?? true,
    active: template?.active ?? true,
  };
}

function toBody(values: TemplateValues): RequestBody<'form_templates_create'> {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    fields: values.fields.map((field) => ({
      key: field.key.trim(),
      label: field.label.trim(),
      type: field.type,
      required: field.required,
      ...(field.type === 'select'
        ? {
            options: field.options
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean),
          }
        : {}),
    })),
    signers: values.signers === 'EMPLOYEE_ADMIN' ? ['EMPLOYEE', 'ADMIN'] : ['EMPLOYEE'],
    required: values.required,
    assign_on_hire: values.assign_on_hire,
    active: values.active,
  };
}

/** Form templates: the forms employees fill and sign, who signs them, whether they are required. */
export function FormTemplatesTab() {
  const api = useApiClient();
  const columns: DataTableColumn<FormTemplate>[] = [
    { key: 'name', header: 'Name' },
    { key: 'fields', header: 'Fields', render: (row) => String(row.fields.length) },
    { key: 'signers', header: 'Signed by', render: (row) => signersText(row.signers) },
    { key: 'required', header: 'Required', render: (row) => yesNo(row.required) },
    { key: 'assign_on_hire', header: 'Assigned on hire', render: (row) => yesNo(row.assign_on_hire) },
  ];
  return (
    <SettingsEditorTab
      load={() => api.form_templates_list(ALL_ROWS)}
      loadFailure="The form templates could not be loaded."
      columns={columns}
      caption="Form templates"
      empty={
        <EmptyState
          title="No form templates yet"
          description="Add the forms employees fill and sign during onboarding."
        />
      }
      editorId="template-editor-title"
      newLabel="New form template"
      saveLabel="Save template"
      initialValues={toValues}
      schema={schema}
      save={(values, current) => {
        const body = toBody(values);
        return current
          ? api.form_templates_partial_update({ id: current.id }, body)
          : api.form_templates_create(null, body);
      }}
      knownFields={['name', 'description']}
      saveFailure="The form template could not be saved."
    >
      <TextField name="name" label="Name" autoComplete="off" />
      <TextAreaField name="description" label="Description" hint="Shown to the employee above the form." />
      <FieldsEditor />
      <SelectField
        name="signers"
        label="Signed by"
        options={labelOptions(SIGNERS)}
        hint="With an admin, the form waits for your countersignature after the employee signs."
      />
      <CheckboxField name="required" label="Required (counts toward forms due and ready to hire)" />
      <CheckboxField name="assign_on_hire" label="Assign to every new employee on hire" />
      <CheckboxField name="active" label="Active" />
    </SettingsEditorTab>
  );
}

function FieldsEditor() {
  const { values, setFieldValue } = useFormikContext<TemplateValues>();
  return (
    <ItemsEditor
      name="fields"
      legend="Fields"
      intro={values.fields.length === 0 ? <p css={{ margin: '0 0 8px' }}>No fields yet.</p> : null}
      addLabel="Add field"
      newItem={() => ({ key: '', label: '', type: 'text', required: true, options: '' })}
    >
      {({ remove, move }) =>
        values.fields.map((field, index) => (
          <li key={index} css={itemBox}>
            <FormStack>
              <TwoColumns>
                <TextField
                  name={`fields.${index}.label`}
                  label={`Field ${index + 1} label`}
                  autoComplete="off"
                  onBlur={(event) => {
                    if (!field.key && event.target.value)
                      void setFieldValue(`fields.${index}.key`, keyFromLabel(event.target.value));
                  }}
                />
                <TextField
                  name={`fields.${index}.key`}
                  label={`Field ${index + 1} key`}
                  autoComplete="off"
                  hint="Names the answer; keep it once forms are filled."
                />
              </TwoColumns>
              <TwoColumns>
                <SelectField name={`fields.${index}.type`} label={`Field ${index + 1} type`} options={FIELD_TYPES} />
                <CheckboxField name={`fields.${index}.required`} label={`Field ${index + 1} required`} />
              </TwoColumns>
              {field.type === 'select' ? (
                <TextAreaField
                  name={`fields.${index}.options`}
                  label={`Field ${index + 1} choices`}
                  hint="One choice per line."
                />
              ) : null}
              <RowActions>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={`Move field ${index + 1} up`}
                >
                  Move up
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => remove(index)}
                  aria-label={`Remove field ${index + 1}`}
                >
                  Remove
                </Button>
              </RowActions>
            </FormStack>
          </li>
        ))
      }
    </ItemsEditor>
  );
}
