import styled from '@emotion/styled';
import { CheckboxField, FieldError, FieldGroup, useTouchedError } from './fields';

const Choices = styled('div', { shouldForwardProp: (prop) => prop !== 'columns' })<{ columns?: number }>`
  display: grid;
  grid-template-columns: ${({ columns }) =>
    columns ? `repeat(${columns}, minmax(0, 1fr))` : 'repeat(auto-fill, minmax(220px, 1fr))'};
  column-gap: ${({ theme }) => theme.spacing(2)};
`;

/**
 * Checkboxes under one legend, one boolean each (`<name>.<value>`), and the group's error once touched.
 * `columns` fixes the number of columns; without it they fill the width.
 */
export function CheckboxGroupField({
  name,
  legend,
  choices,
  columns,
}: {
  name: string;
  legend: string;
  choices: readonly { value: string; label: string }[];
  columns?: number;
}) {
  const error = useTouchedError(name);
  const errorId = `${name}-group-error`;
  return (
    <FieldGroup aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <Choices columns={columns}>
        {choices.map(({ value, label }) => (
          <CheckboxField key={value} name={`${name}.${value}`} label={label} />
        ))}
      </Choices>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </FieldGroup>
  );
}
