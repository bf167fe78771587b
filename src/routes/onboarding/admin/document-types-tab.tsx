import { Form, Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { useApiClient } from '../../../app/api-client';
import { apiErrorDetail, apiFieldErrors } from '../../../ui/api-error';
import { Button } from '../../../ui/button';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { CheckboxField, FormStack, TextField } from '../../../ui/fields';
import { SubmitButton } from '../../../ui/submit-button';
import { ALL_ROWS, type DocumentType } from '../../../api/hiring';
import { Panel, RowActions } from '../../../ui/layout';
import type { Position } from '../../../domain/labels';
import { PositionsField, positionsText, SettingsMessages, stateAndEditColumns, useSettingsList, yesNo } from './settings-parts';

const schema = yup.object({ name: yup.string().trim().required('Enter a name').max(120, 'At most 120 characters') });

type Editing = DocumentType | 'new' | null;

/** Document types: the documents asked of employees (required, with an expiry date, for which positions). */
export function DocumentTypesTab() {
  const api = useApiClient();
  const list = useSettingsList(() => api.document_types_list(ALL_ROWS), 'The document types could not be loaded.');
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const columns: DataTableColumn<DocumentType>[] = [
    { key: 'name', header: 'Name' },
    { key: 'required', header: 'Required', render: (row) => yesNo(row.required) },
    { key: 'requires_expiry', header: 'Expiry date', render: (row) => (row.requires_expiry ? 'Required' : 'None') },
    { key: 'positions', header: 'Positions', render: (row) => positionsText(row.positions) },
    ...stateAndEditColumns<DocumentType>(setEditing),
  ];

  const current = editing === 'new' ? null : editing;
  return (
    <>
      <SettingsMessages notice={notice} error={error ?? list.error} />
      {editing ? (
        <Panel aria-labelledby="document-type-editor-title">
          <h2 id="document-type-editor-title">{current ? `Edit ${current.name}` : 'New document type'}</h2>
          <Formik
            initialValues={{
              name: current?.name ?? '',
              required: current?.required ?? true,
              requires_expiry: current?.requires_expiry ?? false,
              positions: current?.positions ?? [],
              active: current?.active ?? true,
            }}
            validationSchema={schema}
            onSubmit={async (values, { setErrors }) => {
              setNotice(null);
              setError(null);
              const body = { ...values, name: values.name.trim(), positions: values.positions as Position[] };
              try {
                const saved = current ? await api.document_types_partial_update({ id: current.id }, body) : await api.document_types_create(null, body);
                list.upsert(saved);
                setNotice(`${saved.name} was saved.`);
                setEditing(null);
              } catch (failure) {
                const fields = apiFieldErrors(failure, { known: ['name', 'positions'] });
                if (Object.keys(fields).length) setErrors(fields);
                else setError(apiErrorDetail(failure, 'The document type could not be saved.'));
              }
            }}
          >
            <Form noValidate aria-labelledby="document-type-editor-title">
              <FormStack>
                <TextField name="name" label="Name" autoComplete="off" />
                <CheckboxField name="required" label="Required for ready to hire" />
                <CheckboxField name="requires_expiry" label="Has an expiry date (the employee gives it on upload)" />
                <PositionsField name="positions" />
                <CheckboxField name="active" label="Active (asked of new employees)" />
                <RowActions>
                  <SubmitButton>Save document type</SubmitButton>
                  <Button variant="secondary" onClick={() => setEditing(null)}>
                    Cancel
                  </Button>
                </RowActions>
              </FormStack>
            </Form>
          </Formik>
        </Panel>
      ) : (
        <RowActions css={{ marginBottom: 16 }}>
          <Button onClick={() => setEditing('new')}>New document type</Button>
        </RowActions>
      )}
      <DataTable
        caption="Document types"
        columns={columns}
        rows={list.rows}
        rowKey={(row) => row.id}
        loading={list.loading}
        empty={<EmptyState title="No document types yet" description="Add the documents you ask of employees, such as a CPR card or a TB test." />}
      />
    </>
  );
}
