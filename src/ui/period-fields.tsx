import { isIsoDate } from '../domain/dates';
import { DateRangeFields } from './date-range-fields';
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
      <DateRangeFields
        from={from}
        to={to}
        onFromChange={onFromChange}
        onToChange={onToChange}
        fromError={fromError}
        toError={!isIsoDate(to) ? 'Enter the last day.' : undefined}
      />
    </Filters>
  );
}
