import { isIsoDate } from '../domain/dates';
import { FieldShell, Input } from './fields';
import { Filters } from './layout';

/** What is wrong with a period whose two dates are both required, or null when it can be asked for. */
export function periodProblem(from: string, to: string): string | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return 'Enter both dates of the period.';
  return from > to ? 'The period cannot start after it ends.' : null;
}

interface PeriodFieldsProps {
  /** The group's accessible name ("Period", "Export period"). */
  label: string;
  from: string;
  to: string;
  onFromChange: (from: string) => void;
  onToChange: (to: string) => void;
}

/** A required From–To period: two date fields, each saying what is wrong with it. */
export function PeriodFields({ label, from, to, onFromChange, onToChange }: PeriodFieldsProps) {
  const fromError = !isIsoDate(from)
    ? 'Enter the first day.'
    : isIsoDate(to) && from > to
      ? 'The period cannot start after it ends.'
      : undefined;
  return (
    <Filters role="group" aria-label={label}>
      <FieldShell label="From" error={fromError}>
        {({ invalid, ...control }) => (
          <Input
            {...control}
            invalid={invalid}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => onFromChange(event.target.value)}
          />
        )}
      </FieldShell>
      <FieldShell label="To" error={!isIsoDate(to) ? 'Enter the last day.' : undefined}>
        {({ invalid, ...control }) => (
          <Input
            {...control}
            invalid={invalid}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => onToChange(event.target.value)}
          />
        )}
      </FieldShell>
    </Filters>
  );
}
