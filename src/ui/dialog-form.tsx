import { Form, useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { DialogActions } from './confirm-dialog';
import { FormStack } from './fields';

export interface DialogFormProps {
  /** What the form asks for ("Why the visit is cancelled"): its accessible name. */
  label: string;
  /** The dialog's buttons, under the fields: the way out, then the submit. */
  actions: ReactNode;
  children: ReactNode;
}

/**
 * A dialog's Formik form, under the dialog's words: why the last submit failed (the form's status, when it
 * is a message) above the fields in a stack, the dialog's buttons below them.
 */
export function DialogForm({ label, actions, children }: DialogFormProps) {
  const { status } = useFormikContext();
  return (
    <Form noValidate aria-label={label} css={{ marginTop: 16 }}>
      <FormStack>
        {typeof status === 'string' ? <Alert tone="error">{status}</Alert> : null}
        {children}
      </FormStack>
      <DialogActions>{actions}</DialogActions>
    </Form>
  );
}
