import { useFormikContext } from 'formik';
import { Button, type ButtonProps } from './button';
import { RowActions } from './layout';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  /** Label while submitting. */
  submittingLabel?: string;
  /**
   * Enabled while the form is unchanged or incomplete: pressing it touches every field (Formik's submit), so
   * each missing or wrong one shows its error under it, and nothing is sent. For short forms (a dialog's
   * reason, a signature) where a disabled button would not say what is missing.
   */
  errorsOnSubmit?: boolean;
}

/**
 * Formik submit button: disabled while the form is invalid, while it is unchanged before the first
 * submit (unless `errorsOnSubmit`), and while submitting (when it reads 'Submitting').
 */
export function SubmitButton({
  children = 'Submit',
  submittingLabel = 'Submitting',
  disabled,
  errorsOnSubmit = false,
  ...props
}: SubmitButtonProps) {
  const { isSubmitting, isValid, dirty, submitCount } = useFormikContext();
  const blocked = !errorsOnSubmit && (!isValid || (!dirty && submitCount === 0));
  return (
    <Button
      {...props}
      type="submit"
      disabled={disabled || isSubmitting || blocked}
      aria-busy={isSubmitting || undefined}
    >
      {isSubmitting ? submittingLabel : children}
    </Button>
  );
}

/** A form's last row: its submit button, and Cancel beside it to close the form unsent. */
export function SubmitOrCancel({ onCancel, ...submit }: SubmitButtonProps & { onCancel: () => void }) {
  return (
    <RowActions>
      <SubmitButton {...submit} />
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </RowActions>
  );
}
