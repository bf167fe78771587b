import { FieldShell, Input } from './fields';

export interface DateRangeFieldsProps {
  from: string;
  to: string;
  onFromChange: (from: string) => void;
  onToChange: (to: string) => void;
  /** What is wrong with the first day (or the period as a whole), said under it. */
  fromError?: string | null;
  toError?: string | null;
}

/** The From and To date fields of a period, each bounded by the other; the caller's strip lays them out. */
export function DateRangeFields({ from, to, onFromChange, onToChange, fromError, toError }: DateRangeFieldsProps) {
  return (
    <>
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
      <FieldShell label="To" error={toError}>
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
    </>
  );
}
