import { Formik } from 'formik';
import { useEffect, useState } from 'react';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { formatDateTime } from '../../app/date-time';
import { ListFilters } from '../../app/list-filters';
import { ListTable } from '../../app/list-table';
import { useList } from '../../app/use-list';
import { hasPermission } from '../../domain/permissions';
import { Alert } from '../../ui/alert';
import { apiErrorDetail, showSubmitFailure } from '../../ui/api-error';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { DataTableColumn } from '../../ui/data-table';
import { SelectField, StackedForm, TextAreaField } from '../../ui/fields';
import { SubmitButton } from '../../ui/submit-button';
import type { EmployeeTabProps } from './employee-tab-props';
import { ALL_ROWS, type Note, type NoteType } from '../../api/hiring';
import { Messages, Panel, RowActions } from '../../ui/layout';

export const NOTES_PAGE_SIZE = 20;

const schema = yup.object({
  type_id: yup.string().required('Choose a note type'),
  text: yup.string().trim().required('Write the note'),
});

/** Notes: typed by the organization's employee note types; delete with delete-employee-notes. */
export function EmployeeNotesTab({ employee }: EmployeeTabProps) {
  const api = useApiClient();
  const { user } = useAuthentication();
  const canDelete = hasPermission(user, 'delete-employee-notes');
  const [types, setTypes] = useState<NoteType[]>([]);
  const list = useList({
    load: (page, { type }) =>
      api.employees_notes_list({ id: employee.id, ...page, ...(type ? { type_id: Number(type) } : {}) }),
    pageSize: NOTES_PAGE_SIZE,
    filters: { type: '' },
    failureText: 'The notes could not be loaded.',
    key: String(employee.id),
  });
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .note_types_list(ALL_ROWS)
      .then((answer) => setTypes(answer.results))
      .catch((failure: unknown) => setError(apiErrorDetail(failure, 'The note types could not be loaded.')));
  }, [api]);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setNotice(null);
    setError(null);
    try {
      await api.employees_notes_destroy({ id: employee.id, note_id: deleting.id });
      list.setRows((current) => current.filter((row) => row.id !== deleting.id));
      list.setCount((current) => Math.max(0, current - 1));
      setNotice('The note was deleted.');
    } catch (failure) {
      setError(apiErrorDetail(failure, 'The note could not be deleted.'));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const activeTypes = types.filter((type) => type.active);
  const columns: DataTableColumn<Note>[] = [
    { key: 'created_at', header: 'Written', render: (row) => formatDateTime(row.created_at, user?.timezone) },
    { key: 'type', header: 'Type', render: (row) => row.type.name },
    { key: 'text', header: 'Note', render: (row) => <span css={{ whiteSpace: 'pre-wrap' }}>{row.text}</span> },
    { key: 'author', header: 'By', render: (row) => row.author?.name ?? '—' },
    ...(canDelete
      ? [
          {
            key: 'actions',
            header: 'Actions',
            hideLabelOnCards: true,
            render: (row: Note) => (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setDeleting(row)}
                aria-label={`Delete the ${row.type.name} note of ${formatDateTime(row.created_at, user?.timezone)}`}
              >
                Delete
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Messages>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        {list.error ? <Alert tone="error">{list.error}</Alert> : null}
      </Messages>
      <Panel aria-labelledby="add-note-title">
        <h2 id="add-note-title">Add a note</h2>
        {activeTypes.length === 0 ? (
          <p>There are no note types yet. An admin adds them under Onboarding, Note types.</p>
        ) : (
          <Formik
            initialValues={{ type_id: '', text: '' }}
            validationSchema={schema}
            onSubmit={async (values, { resetForm, setErrors }) => {
              setNotice(null);
              setError(null);
              try {
                await api.employees_notes_create(
                  { id: employee.id },
                  { type_id: Number(values.type_id), text: values.text.trim() },
                );
                resetForm();
                setNotice('The note was added.');
                list.setOffset(0);
                list.reload();
              } catch (failure) {
                showSubmitFailure(failure, {
                  known: ['type_id', 'text'],
                  setErrors,
                  setError,
                  fallback: 'The note could not be added.',
                });
              }
            }}
          >
            <StackedForm aria-labelledby="add-note-title">
              <SelectField
                name="type_id"
                label="Note type"
                placeholder="Choose a type"
                options={activeTypes.map((type) => ({ value: String(type.id), label: type.name }))}
              />
              <TextAreaField name="text" label="Note" />
              <RowActions>
                <SubmitButton>Add note</SubmitButton>
              </RowActions>
            </StackedForm>
          </Formik>
        )}
      </Panel>

      <ListFilters
        list={list}
        label="Filter notes"
        choices={[
          {
            name: 'type',
            label: 'Show notes of type',
            all: 'All types',
            options: types.map((type) => ({ value: String(type.id), label: type.name })),
          },
        ]}
      />
      <ListTable
        list={list}
        caption="Notes"
        columns={columns}
        rowKey={(row) => row.id}
        noMatch={{ title: 'No notes of this type' }}
        empty={{ title: 'No notes yet' }}
      />
      {deleting ? (
        <ConfirmDialog
          title="Delete this note?"
          confirmLabel="Delete"
          confirmVariant="danger"
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setDeleting(null)}
        >
          <p>
            The {deleting.type.name} note by {deleting.author?.name ?? '—'} will be deleted for good.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
