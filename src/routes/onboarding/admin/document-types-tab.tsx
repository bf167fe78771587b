import * as yup from 'yup';
import { useApiClient } from '../../../app/api-client';
import type { DataTableColumn } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { CheckboxField, TextField } from '../../../ui/fields';
import { ALL_ROWS, type DocumentType } from '../../../api/hiring';
import type { Position } from '../../../domain/labels';
import { PositionsField, positionsText, SettingsEditorTab, yesNo } from './settings-parts';

const schema = yup.object({ name: yup.string().trim().required('Enter a name').max(120, 'At most 120 characters') });

/** Document types: the documents asked of employees (required, with an expiry date, for which positions). */
export function DocumentTypesTab() {
  const api = useApiClient();
  const columns: DataTableColumn<DocumentType>[] = [
    { key: 'name', header: 'Name' },
    { key: 'required', header: 'Required', render: (row) => yesNo(row.required) },
    { key: 'requires_expiry', header: 'Expiry date', render: (row) => (row.requires_expiry ? 'Required' : 'None') },
    { key: 'positions', header: 'Positions', render: (row) => positionsText(row.positions) },
  ];
  return (
    <SettingsEditorTab
      load={() => api.document_types_list(ALL_ROWS)}
      loadFailure="The document types could not be loaded."
      columns={columns}
      caption="Document types"
      empty={
        <EmptyState
          title="No document types yet"
          description="Add the documents you ask of employees, such as a CPR card or a TB test."
        />
      }
      editorId="document-type-editor-title"
      newLabel="New document type"
      saveLabel="Save document type"
      initialValues={(current) => ({
        name: current?.name ?? '',
        required: current?.required ?? true,
        requires_expiry: current?.requires_expiry ?? false,
        positions: current?.positions ?? [],
        active: current?.active ?? true,
      })}
      schema={schema}
      save={(values, current) => {
        const body = { ...values, name: values.name.trim(), positions: values.positions as Position[] };
        return current
          ? api.document_types_partial_update({ id: current.id }, body)
          : api.document_types_create(null, body);
      }}
      knownFields={['name', 'positions']}
      saveFailure="The document type could not be saved."
    >
      <TextField name="name" label="Name" autoComplete="off" />
      <CheckboxField name="required" label="Required for ready to hire" />
      <CheckboxField name="requires_expiry" label="Has an expiry date (the employee gives it on upload)" />
      <PositionsField name="positions" />
      <CheckboxField name="active" label="Active (asked of new employees)" />
    </SettingsEditorTab>
  );
}
