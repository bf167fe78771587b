import { Form, Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { useApiClient } from '../../../app/api-client';
import { apiErrorDetail, apiFieldErrors, showSubmitFailure } from '../../../ui/api-error';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { StackedForm, TextField } from '../../../ui/fields';
import { SubmitButton } from '../../../ui/submit-button';
import { ALL_ROWS, type NoteType } from '../../../api/hiring';
import { Panel, RowActions } from '../../../ui/layout';
import { actionsColumn, SettingsMessages, stateColumn, useSettingsList } from './settings-parts';

const nameSchema = yup.object({
  name: yup.string().trim().required('Enter a name').max(100, 'At most 100 characters'),
});

/** Employee note types: list, add, rename, deactivate (kept on old notes) and reactivate. */
export function NoteTypesTab() {
  const api = useApiClient();
  const list = useSettingsList(() => api.note_types_list(ALL_ROWS), 'The note types could not be loaded.');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<NoteType | null>(null);

  const toggle = async (type: NoteType) => {
    setNotice(null);
    setError(null);
    try {
      list.upsert(await api.note_types_partial_update({ id: type.id }, { active: !type.active }));
      setNotice(`${type.name} was ${type.active ? 'deactivated' : 'reactivated'}.`);
    } catch (failure) {
      setError(apiErrorDetail(failure, `${type.name} could not be changed.`));
    }
  };

  const columns: DataTableColumn<NoteType>[] = [
    { key: 'name', header: 'Name' },
    stateColumn<NoteType>(),
    actionsColumn<NoteType>((row) => (
      <RowActions>
        <Button size="sm" variant="secondary" onClick={() => setRenaming(row)} aria-label={`Rename ${row.name}`}>
          Rename
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void toggle(row)}
          aria-label={`${row.active ? 'Deactivate' : 'Reactivate'} ${row.name}`}
        >
          {row.active ? 'Deactivate' : 'Reactivate'}
        </Button>
      </RowActions>
    )),
  ];

  return (
    <>
      <SettingsMessages notice={notice} error={error ?? list.error} />
      <Panel aria-labelledby="add-note-type-title">
        <h2 id="add-note-type-title">Add a note type</h2>
        <Formik
          initialValues={{ name: '' }}
          validationSchema={nameSchema}
          onSubmit={async (values, { resetForm, setErrors }) => {
            setNotice(null);
            setError(null);
            try {
              const created = await api.note_types_create(null, { name: values.name.trim(), active: true });
              list.upsert(created);
              setNotice(`${created.name} was added.`);
              resetForm();
            } catch (failure) {
              showSubmitFailure(failure, {
                known: ['name'],
                setErrors,
                setError,
                fallback: 'The note type could not be added.',
              });
            }
          }}
        >
          <Form noValidate aria-labelledby="add-note-type-title">
            <RowActions css={{ alignItems: 'flex-end' }}>
              <div css={{ flex: '1 1 240px' }}>
                <TextField name="name" label="Name" autoComplete="off" />
              </div>
              <SubmitButton>Add note type</SubmitButton>
            </RowActions>
          </Form>
        </Formik>
      </Panel>
      <DataTable
        caption="Note types"
        columns={columns}
        rows={list.rows}
        rowKey={(row) => row.id}
        loading={list.loading}
        empty={
          <EmptyState
            title="No note types yet"
            description="Add the kinds of notes your office keeps about employees."
          />
        }
      />
      {renaming ? (
        <Dialog title={`Rename ${renaming.name}`} onClose={() => setRenaming(null)}>
          <Formik
            initialValues={{ name: renaming.name }}
            validationSchema={nameSchema}
            onSubmit={async (values, { setErrors }) => {
              try {
                list.upsert(await api.note_types_partial_update({ id: renaming.id }, { name: values.name.trim() }));
                setNotice(`${renaming.name} was renamed to ${values.name.trim()}.`);
                setRenaming(null);
              } catch (failure) {
                setErrors({
                  name: apiFieldErrors(failure).name ?? apiErrorDetail(failure, 'The note type could not be renamed.'),
                });
              }
            }}
          >
            <StackedForm aria-label={`Rename ${renaming.name}`}>
              <TextField name="name" label="New name" autoComplete="off" data-autofocus />
              <DialogActions>
                <Button variant="secondary" onClick={() => setRenaming(null)}>
                  Cancel
                </Button>
                <SubmitButton>Rename</SubmitButton>
              </DialogActions>
            </StackedForm>
          </Formik>
        </Dialog>
      ) : null}
    </>
  );
}
