import { Formik } from 'formik';
import * as yup from 'yup';
import { showSubmitFailure } from './api-error';
import { CheckboxField, StackedForm, TextAreaField } from './fields';
import { RowActions } from './layout';
import { SubmitButton } from './submit-button';

export interface NewNote {
  note: string;
  internal: boolean;
}

const noteSchema = yup.object({
  note: yup.string().trim().max(5000, 'Use at most 5,000 characters').required('Write the note'),
});

/**
 * "Add a note" under a record's trail. The internal checkbox shows only where `internalLabel` is given (a
 * reader who may hide a note from others); `onAdd` gets the trimmed note, and a failure it throws is shown at
 * the field or through `onError`.
 */
export function AddNoteForm({
  titleId,
  hint,
  internalLabel,
  onAdd,
  onError,
}: {
  titleId: string;
  hint?: string;
  internalLabel?: string;
  onAdd: (note: NewNote) => Promise<void>;
  onError: (message: string) => void;
}) {
  return (
    <>
      <h3 id={titleId}>Add a note</h3>
      <Formik
        initialValues={{ note: '', internal: false }}
        validationSchema={noteSchema}
        onSubmit={async (values, { resetForm, setErrors }) => {
          try {
            await onAdd({ note: values.note.trim(), internal: values.internal });
            resetForm();
          } catch (failure) {
            showSubmitFailure(failure, {
              known: internalLabel ? ['note', 'internal'] : ['note'],
              setErrors,
              setError: onError,
              fallback: 'The note could not be added.',
            });
          }
        }}
      >
        <StackedForm aria-labelledby={titleId}>
          <TextAreaField name="note" label="Note" hint={hint} />
          {internalLabel ? <CheckboxField name="internal" label={internalLabel} /> : null}
          <RowActions>
            <SubmitButton>Add note</SubmitButton>
          </RowActions>
        </StackedForm>
      </Formik>
    </>
  );
}
