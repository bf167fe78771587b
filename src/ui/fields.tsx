import styled from '@emotion/styled';
import { Form, useField } from 'formik';
import {
  useId,
  type ComponentProps,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

export const FieldRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(0.5)};
  min-width: 0;
`;

export const FieldLabel = styled.label`
  font-weight: 600;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.palette.text.primary};
`;

export const FieldHint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.palette.text.secondary};
`;

export const FieldError = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.palette.error.main};
  font-weight: 500;
`;

/** The shared look of text-like controls (inputs, selects, textareas, masked inputs). */
export const inputStyles = ({ theme, invalid }: { theme: import('@emotion/react').Theme; invalid?: boolean }) => `
  width: 100%;
  min-height: 44px;
  padding: 8px 12px;
  font: inherit;
  font-size: 1rem;
  color: ${theme.palette.text.primary};
  background: ${theme.palette.background.surface};
  border: 1px solid ${invalid ? theme.palette.error.main : theme.palette.grey[500]};
  border-radius: ${theme.radii.md};
  &:focus-visible {
    outline: 3px solid ${theme.palette.focus};
    outline-offset: 1px;
  }
  &:disabled {
    background: ${theme.palette.grey[100]};
    color: ${theme.palette.grey[600]};
  }
`;

export const Input = styled('input', { shouldForwardProp: (p) => p !== 'invalid' })<{ invalid?: boolean }>((props) =>
  inputStyles(props),
);
export const Select = styled('select', { shouldForwardProp: (p) => p !== 'invalid' })<{ invalid?: boolean }>((props) =>
  inputStyles(props),
);
export const TextArea = styled('textarea', { shouldForwardProp: (p) => p !== 'invalid' })<{ invalid?: boolean }>(
  (props) => `${inputStyles(props)} min-height: 96px; resize: vertical;`,
);

export interface FieldControlProps {
  id: string;
  invalid: boolean;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldShellProps {
  label: ReactNode;
  /** Shown under the control; null/undefined hides it. Pass only when it should be visible. */
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  /** Renders the control with the ids and aria attributes wired. */
  children: (control: FieldControlProps) => ReactNode;
  /** Extra content after the control (e.g. a toggle button) is rendered by the control itself. */
  className?: string;
}

/**
 * Label + control + hint + error, with `aria-invalid` and `aria-describedby` wired.
 * Formik-connected fields pass the error only once the field is touched.
 */
export function FieldShell({ label, error, hint, id, children, className }: FieldShellProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <FieldRoot className={className}>
      <FieldLabel htmlFor={controlId}>{label}</FieldLabel>
      {children({
        id: controlId,
        invalid: !!error,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </FieldRoot>
  );
}

/** Formik's error for a field, only once it has been touched. */
export function useTouchedError(name: string): string | undefined {
  const [, meta] = useField(name);
  return meta.touched && typeof meta.error === 'string' ? meta.error : undefined;
}

/** Fields under one legend, without the browser's frame around them. */
export const FieldGroup = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    padding: 0;
    font-weight: 600;
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange'> {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Optional content rendered next to the input (inside the same row), e.g. a toggle button. */
  adornment?: ReactNode;
}

const InputRow = styled.div`
  position: relative;
  display: flex;
  align-items: stretch;
`;

/** A Formik-connected text input; its error shows only once touched. */
export function TextField({ name, label, hint, id, adornment, ...inputProps }: TextFieldProps) {
  const [field] = useField(name);
  const error = useTouchedError(name);
  return (
    <FieldShell label={label} error={error} hint={hint} id={id}>
      {({ invalid, ...control }) => {
        const input = <Input {...field} value={field.value ?? ''} {...inputProps} {...control} invalid={invalid} />;
        return adornment ? (
          <InputRow>
            {input}
            {adornment}
          </InputRow>
        ) : (
          input
        );
      }}
    </FieldShell>
  );
}

/**
 * The email field: an email keyboard, never capitalized. `autoComplete` says whose address it is: `off` (the
 * default) for someone else's, so the browser offers none of the user's own.
 */
export function EmailField({
  name = 'email',
  label = 'Email',
  autoComplete = 'off',
  ...props
}: Omit<TextFieldProps, 'name' | 'label' | 'type' | 'inputMode' | 'autoCapitalize'> & {
  name?: string;
  label?: ReactNode;
}) {
  return (
    <TextField
      {...props}
      name={name}
      label={label}
      type="email"
      inputMode="email"
      autoCapitalize="off"
      autoComplete={autoComplete}
    />
  );
}

/** The first and last name of a person someone else enters (the browser offers none of the user's own). */
export function NameFields() {
  return (
    <>
      <TextField name="first_name" label="First name" autoComplete="off" />
      <TextField name="last_name" label="Last name" autoComplete="off" />
    </>
  );
}

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'name' | 'value' | 'onChange'
> {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
}

/** A Formik-connected textarea; its error shows only once touched. */
export function TextAreaField({ name, label, hint, id, ...props }: TextAreaFieldProps) {
  const [field] = useField(name);
  const error = useTouchedError(name);
  return (
    <FieldShell label={label} error={error} hint={hint} id={id}>
      {({ invalid, ...control }) => (
        <TextArea {...field} value={field.value ?? ''} {...props} {...control} invalid={invalid} />
      )}
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A label map (value to words) as the options of a select or a group, in the map's order. */
export const labelOptions = (labels: Readonly<Record<string, string>>): SelectOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'value' | 'onChange'> {
  name: string;
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first empty option ("Select…"); its value is "". */
  placeholder?: string;
  hint?: ReactNode;
}

/** A Formik-connected native select; its error shows only once touched. */
export function SelectField({ name, label, options, placeholder, hint, id, ...props }: SelectFieldProps) {
  const [field] = useField(name);
  const error = useTouchedError(name);
  return (
    <FieldShell label={label} error={error} hint={hint} id={id}>
      {({ invalid, ...control }) => (
        <Select {...field} value={field.value ?? ''} {...props} {...control} invalid={invalid}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </FieldShell>
  );
}

const CheckboxRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing(1)};
  min-height: 44px;
  padding-top: 10px;
  label {
    font-weight: 500;
    font-size: ${({ theme }) => theme.font.size.md};
  }
  input {
    width: 20px;
    height: 20px;
    margin: 2px 0 0;
    flex: none;
    accent-color: ${({ theme }) => theme.palette.primaryText};
  }
`;

export interface CheckboxFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'type' | 'value' | 'onChange'
> {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
}

/** A Formik-connected checkbox (boolean value); its error shows only once touched. */
export function CheckboxField({ name, label, hint, id, ...props }: CheckboxFieldProps) {
  const [field] = useField({ name, type: 'checkbox' });
  const error = useTouchedError(name);
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <FieldRoot>
      <CheckboxRow>
        <input
          {...field}
          {...props}
          type="checkbox"
          id={controlId}
          checked={!!field.checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        />
        <label htmlFor={controlId}>{label}</label>
      </CheckboxRow>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </FieldRoot>
  );
}

/** Vertical stack for form contents. */
export const FormStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
`;

/** A Formik form as a stack of fields; the browser's own checks are off, as each field shows the form's. */
export function StackedForm({ children, ...props }: Omit<ComponentProps<typeof Form>, 'noValidate'>) {
  return (
    <Form noValidate {...props}>
      <FormStack>{children}</FormStack>
    </Form>
  );
}

export interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first choice, which filters nothing ("All statuses"). */
  all: string;
  /** code → label, or the choices in order. */
  options: Readonly<Record<string, string>> | readonly { value: string; label: string }[];
}

/** A list's filter: "All …" or one of the choices (a list page's filters strip). */
export function FilterSelect({ label, value, onChange, all, options }: FilterSelectProps) {
  const choices = Array.isArray(options)
    ? options
    : Object.entries(options).map(([code, text]) => ({ value: code, label: text }));
  return (
    <FieldShell label={label}>
      {({ invalid, ...control }) => (
        <Select {...control} invalid={invalid} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{all}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </Select>
      )}
    </FieldShell>
  );
}
