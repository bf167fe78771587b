import styled from '@emotion/styled';
import {
  FieldArray,
  Formik,
  getIn,
  useField,
  useFormikContext,
  type ArrayHelpers,
  type FormikErrors,
  type FormikValues,
} from 'formik';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { AnyObjectSchema } from 'yup';
import { POSITIONS } from '../../../domain/labels';
import { apiErrorDetail, showSubmitFailure } from '../../../ui/api-error';
import { FieldError, FieldGroup, FieldHint, StackedForm } from '../../../ui/fields';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { Messages, Panel, RowActions } from '../../../ui/layout';
import { SubmitOrCancel } from '../../../ui/submit-button';
import { Tag } from '../../../ui/tag';

type Listed<T> = Promise<{ results: T[] }>;

/** One settings list (small: all rows at once), with its reload and its rows' replacement. */
export function useSettingsList<T extends { id: number }>(load: () => Listed<T>, failure: string) {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setRows((await load()).results);
      setError(null);
    } catch (caught) {
      setError(apiErrorDetail(caught, failure));
    } finally {
      setLoading(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a tab's loader and message are fixed: a new closure each render must not load again
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  const upsert = (row: T) =>
    setRows((current) =>
      current.some((item) => item.id === row.id)
        ? current.map((item) => (item.id === row.id ? row : item))
        : [...current, row],
    );
  return { rows, loading, error, reload, upsert };
}

const Fieldset = styled(FieldGroup)`
  legend {
    margin-bottom: ${({ theme }) => theme.spacing(0.5)};
  }
`;

const Choices = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(0.5, 2)};
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.spacing(1)};
    min-height: 36px;
  }
  input {
    width: 20px;
    height: 20px;
    margin: 0;
    accent-color: ${({ theme }) => theme.palette.primaryText};
  }
`;

/** A Formik array of position keys as a group of checkboxes (none checked = every position). */
export function PositionsField({
  name,
  legend = 'Positions',
  hint = 'None checked: every position.',
}: {
  name: string;
  legend?: string;
  hint?: string;
}) {
  const [field, meta, helpers] = useField<string[]>(name);
  const value = field.value ?? [];
  const hintId = `${name}-hint`;
  return (
    <Fieldset aria-describedby={hintId}>
      <legend>{legend}</legend>
      <Choices>
        {Object.entries(POSITIONS).map(([key, label]) => (
          <label key={key}>
            <input
              type="checkbox"
              checked={value.includes(key)}
              onChange={(event) => {
                void helpers.setValue(event.target.checked ? [...value, key] : value.filter((item) => item !== key));
                void helpers.setTouched(true, false);
              }}
            />
            {label}
          </label>
        ))}
      </Choices>
      <FieldHint id={hintId}>{hint}</FieldHint>
      {meta.touched && typeof meta.error === 'string' ? <FieldError>{meta.error}</FieldError> : null}
    </Fieldset>
  );
}

/** The box around one item of an `ItemsEditor`. */
export const itemBox = { border: '1px solid #E4E4E7', borderRadius: 8, padding: 12 } as const;
const itemList = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
} as const;

/**
 * A settings form's list of items (a test's questions or skills, a template's fields) under one legend: the
 * items `children` draws with the array's helpers, the list's own error once touched ("add at least one"), and
 * the button that adds `newItem()`.
 */
export function ItemsEditor({
  name,
  legend,
  intro,
  addLabel,
  newItem,
  children,
}: {
  name: string;
  legend: string;
  intro?: ReactNode;
  addLabel: string;
  newItem: () => unknown;
  children: (helpers: ArrayHelpers) => ReactNode;
}) {
  const { errors, touched } = useFormikContext();
  const error: unknown = getIn(errors, name);
  const listError = typeof error === 'string' && getIn(touched, name) ? error : null;
  return (
    <FieldArray name={name}>
      {(helpers) => (
        <Fieldset>
          <legend>{legend}</legend>
          {intro}
          <ol css={itemList}>{children(helpers)}</ol>
          {listError ? <FieldError role="alert">{listError}</FieldError> : null}
          <div css={{ marginTop: 12 }}>
            <Button size="sm" variant="secondary" onClick={() => helpers.push(newItem())}>
              {addLabel}
            </Button>
          </div>
        </Fieldset>
      )}
    </FieldArray>
  );
}

/** The positions of a setting as words. */
export function positionsText(positions: readonly string[]): string {
  if (!positions.length) return 'All positions';
  return positions.map((key) => POSITIONS[key as keyof typeof POSITIONS] ?? key).join(', ');
}

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** A short id for a new question, choice list or skill (the server keeps the ones it is given). */
export function newItemId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

/** Whether a setting is active (inactive ones stay on what already uses them). */
export function stateColumn<T extends { active: boolean }>(): DataTableColumn<T> {
  return {
    key: 'active',
    header: 'State',
    render: (row) => <Tag tone={row.active ? 'success' : 'neutral'}>{row.active ? 'Active' : 'Inactive'}</Tag>,
  };
}

/** A settings row's buttons, unlabelled on a phone's cards. */
export function actionsColumn<T>(render: (row: T) => ReactNode): DataTableColumn<T> {
  return { key: 'actions', header: 'Actions', hideLabelOnCards: true, render };
}

/** The columns every settings list ends with: whether the row is active, and its Edit button. */
function stateAndEditColumns<T extends { name: string; active: boolean }>(
  onEdit: (row: T) => void,
): DataTableColumn<T>[] {
  return [
    stateColumn<T>(),
    actionsColumn<T>((row) => (
      <Button size="sm" variant="secondary" onClick={() => onEdit(row)} aria-label={`Edit ${row.name}`}>
        Edit
      </Button>
    )),
  ];
}

/** A settings tab's success notice and error (its own, or the list's). */
export function SettingsMessages({ notice, error }: { notice: string | null; error: string | null }) {
  return (
    <Messages>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </Messages>
  );
}

interface SettingsRow {
  id: number;
  name: string;
  active: boolean;
}

export interface SettingsEditorTabProps<Row extends SettingsRow, Values extends FormikValues> {
  load: () => Listed<Row>;
  /** What the tab says when its list could not be loaded. */
  loadFailure: string;
  /** The list's own columns; the state and Edit columns follow them. */
  columns: DataTableColumn<Row>[];
  caption: string;
  empty: ReactNode;
  /** The editor heading's id, which names its form too. */
  editorId: string;
  newLabel: string;
  saveLabel: string;
  initialValues: (current: Row | null) => Values;
  schema: AnyObjectSchema;
  /** Creates the row (current null) or changes it, and answers the saved row. */
  save: (values: Values, current: Row | null) => Promise<Row>;
  /** The fields the server's errors are shown beside; any other error is shown above the editor. */
  knownFields: string[];
  saveFailure: string;
  /** The editor's fields, between the heading and the Save button. */
  children: ReactNode;
}

/** A settings list with its editor: a row opens for editing, New opens an empty one, Save puts it in the list. */
export function SettingsEditorTab<Row extends SettingsRow, Values extends FormikValues>(
  props: SettingsEditorTabProps<Row, Values>,
) {
  const list = useSettingsList(props.load, props.loadFailure);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const columns: DataTableColumn<Row>[] = [...props.columns, ...stateAndEditColumns<Row>(setEditing)];
  const current = editing === 'new' ? null : editing;
  return (
    <>
      <SettingsMessages notice={notice} error={error ?? list.error} />
      {editing ? (
        <Panel aria-labelledby={props.editorId}>
          <h2 id={props.editorId}>{current ? `Edit ${current.name}` : props.newLabel}</h2>
          <Formik
            initialValues={props.initialValues(current)}
            validationSchema={props.schema}
            onSubmit={async (values, { setErrors }) => {
              setNotice(null);
              setError(null);
              try {
                const saved = await props.save(values, current);
                list.upsert(saved);
                setNotice(`${saved.name} was saved.`);
                setEditing(null);
              } catch (failure) {
                showSubmitFailure(failure, {
                  known: props.knownFields,
                  setErrors: (fields) => setErrors(fields as FormikErrors<Values>),
                  setError,
                  fallback: props.saveFailure,
                });
              }
            }}
          >
            <StackedForm aria-labelledby={props.editorId}>
              {props.children}
              <SubmitOrCancel onCancel={() => setEditing(null)}>{props.saveLabel}</SubmitOrCancel>
            </StackedForm>
          </Formik>
        </Panel>
      ) : (
        <RowActions css={{ marginBottom: 16 }}>
          <Button onClick={() => setEditing('new')}>{props.newLabel}</Button>
        </RowActions>
      )}
      <DataTable
        caption={props.caption}
        columns={columns}
        rows={list.rows}
        rowKey={(row) => row.id}
        loading={list.loading}
        empty={props.empty}
      />
    </>
  );
}
