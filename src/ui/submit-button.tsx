import { useFormikContext } from 'formik';
import { Button, type ButtonProps } from './button';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  /** Label while submitting. */
  submittingLabel?: string;
}

/**
 * Formik submit button: disabled while the form is invalid, while it is unchanged before the first
 * submit, and while submitting (when it reads 'Submitting').
 */
export function SubmitButton({ children = 'Submit', submittingLabel = 'Submitting', disabled, ...props }: SubmitButtonProps) {
  const { isSubmitting, isValid, dirty, submitCount } = useFormikContext();
  const blocked = !isValid || (!dirty && submitCount === 0);
  return (
    <Button {...props} type="submit" disabled={disabled || isSubmitting || blocked} aria-busy={isSubmitting || undefined}>
      {isSubmitting ? submittingLabel : children}
    </Button>
  );
}
