import type { ReactNode } from 'react';
import { FieldShell, Input } from './fields';

export interface SearchFieldProps {
  label: string;
  /** The box's text as typed; the caller decides when it is searched for (usually once typing pauses). */
  value: string;
  onChange: (text: string) => void;
  /** What the search matches ("Name or phone"). */
  placeholder?: string;
  hint?: ReactNode;
}

/** A search box: a labelled `type="search"` input that hands back its text. */
export function SearchField({ label, value, onChange, placeholder, hint }: SearchFieldProps) {
  return (
    <FieldShell label={label} hint={hint}>
      {({ invalid, ...control }) => (
        <Input
          {...control}
          invalid={invalid}
          type="search"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldShell>
  );
}
