import styled from '@emotion/styled';
import { useField } from 'formik';
import { useId, type ReactNode } from 'react';
import { FieldError, FieldHint, useTouchedError } from '../../../ui/fields';

// The design system has no radio group yet; this one follows its fields (label, hint, error once touched,
// aria wiring) and could move to src/ui as it is.

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(0.5)};
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.spacing(0.5)};
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Choice = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing(1)};
  min-height: 44px;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.palette.grey[300]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.palette.background.surface};
  cursor: pointer;
  overflow-wrap: break-word;
  input {
    width: 20px;
    height: 20px;
    margin: 1px 0 0;
    flex: none;
    accent-color: ${({ theme }) => theme.palette.primaryText};
  }
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.palette.primaryText};
    background: ${({ theme }) => theme.palette.primary[50]};
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.palette.focus};
    outline-offset: 1px;
  }
`;

export interface RadioGroupFieldProps {
  name: string;
  legend: ReactNode;
  options: readonly { value: string; label: ReactNode }[];
  hint?: ReactNode;
  /** Lays the choices side by side when there is room. */
  inline?: boolean;
}

/** A Formik-connected radio group in a fieldset (its legend names the group); its error shows once touched. */
export function RadioGroupField({ name, legend, options, hint, inline }: RadioGroupFieldProps) {
  const [field] = useField(name);
  const error = useTouchedError(name);
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <Fieldset
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{legend}</legend>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <div css={{ display: 'flex', flexDirection: inline ? 'row' : 'column', flexWrap: 'wrap', gap: 8 }}>
        {options.map((option) => (
          <Choice key={option.value} css={inline ? { flex: '1 1 180px' } : undefined}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={field.value === option.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
            <span>{option.label}</span>
          </Choice>
        ))}
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </Fieldset>
  );
}
