import styled from '@emotion/styled';
import { useField, useFormikContext } from 'formik';
import { useEffect, useMemo, useRef, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { useIMask } from 'react-imask';
import {
  DEFAULT_LOCALE,
  DATE_MASK_PATTERN,
  DATE_MASK_YEAR_RANGE,
  MASK_HISTORY_SIZE,
  NUMBER_MASK_RADIX,
  NUMBER_MASK_SCALE,
} from '../domain/constants';
import { FieldShell, Input, useTouchedError } from './fields';

/** A bounded undo/redo history of input states (oldest dropped beyond `limit`). */
export class UndoHistory<T> {
  private states: T[] = [];
  private index = -1;

  constructor(readonly limit: number = MASK_HISTORY_SIZE) {}

  get size() {
    return this.states.length;
  }

  get current(): T | undefined {
    return this.states[this.index];
  }

  /** Records a new state; drops the redo branch; identical consecutive states are kept once. */
  push(state: T) {
    if (this.index >= 0 && Object.is(this.states[this.index], state)) return;
    this.states = this.states.slice(0, this.index + 1);
    this.states.push(state);
    if (this.states.length > this.limit) this.states.splice(0, this.states.length - this.limit);
    this.index = this.states.length - 1;
  }

  canUndo() {
    return this.index > 0;
  }

  canRedo() {
    return this.index < this.states.length - 1;
  }

  undo(): T | undefined {
    if (!this.canUndo()) return undefined;
    this.index -= 1;
    return this.states[this.index];
  }

  redo(): T | undefined {
    if (!this.canRedo()) return undefined;
    this.index += 1;
    return this.states[this.index];
  }
}

/** 'undo' for Ctrl/⌘+Z, 'redo' for Ctrl/⌘+Shift+Z and Ctrl/⌘+Y, otherwise null. */
export function historyKeyAction(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}

const [MIN_YEAR, MAX_YEAR] = DATE_MASK_YEAR_RANGE;

/**
 * Date mask dd.mm.yyyy: digits only, the dots put in as one types. What is typed stays as typed: a day,
 * month or year out of range is refused with a message (dateProblemOf), never re-read into another date.
 */
export const DATE_MASK_OPTIONS = {
  mask: '00.00.0000',
  lazy: true,
} as const;

/** Number mask: scale 2, comma radix ('.' typed becomes ','), no thousands separator. */
export const NUMBER_MASK_OPTIONS = {
  mask: Number,
  scale: NUMBER_MASK_SCALE,
  radix: NUMBER_MASK_RADIX,
  mapToRadix: ['.'],
  thousandsSeparator: '',
  normalizeZeros: true,
  padFractionalZeros: false,
} as const;

export function formatMaskedDate(date: Date): string {
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}.${mm}.${String(date.getFullYear()).padStart(4, '0')}`;
}

const monthNames = Array.from({ length: 12 }, (_, month) =>
  new Intl.DateTimeFormat(DEFAULT_LOCALE, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month, 1)),
  ),
);

/** A date spelled out in the mask's order, "12 January 2026", so a person sees which day they typed. */
export function spellDate(date: Date): string {
  return `${date.getDate()} ${monthNames[date.getMonth()]} ${date.getFullYear()}`;
}

/**
 * What is wrong with a (possibly partly) typed 'dd.mm.yyyy', in words, or null: a day or a month out of
 * range as soon as its two digits are typed, a year outside 1900..9999, or a day the month does not have.
 */
export function dateProblemOf(text: string | null | undefined): string | null {
  const [dd = '', mm = '', yyyy = ''] = (text ?? '').split('.');
  const [day, month, year] = [Number(dd), Number(mm), Number(yyyy)];
  if (dd.length === 2 && (day < 1 || day > 31)) return `There is no day ${dd}: the day is 01 to 31.`;
  if (mm.length === 2 && (month < 1 || month > 12)) return `There is no month ${mm}: the month is 01 to 12.`;
  if (yyyy.length < 4) return null;
  if (year < MIN_YEAR || year > MAX_YEAR) return `The year must be from ${MIN_YEAR} to ${MAX_YEAR}.`;
  const daysInMonth = new Date(year, month, 0).getDate();
  if (day > daysInMonth) return `${monthNames[month - 1]} ${year} has ${daysInMonth} days, not ${day}.`;
  return null;
}

/** Parses 'dd.mm.yyyy' (a real calendar date, years 1900..9999) or gives null. */
export function parseMaskedDate(text: string | null | undefined): Date | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text ?? '');
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_YEAR || year > MAX_YEAR) return null;
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/** '12,5' → 12.5; empty or malformed → null. */
export function parseMaskedNumber(text: string | null | undefined): number | null {
  if (!text) return null;
  const value = Number(text.replace(NUMBER_MASK_RADIX, '.'));
  return Number.isFinite(value) ? value : null;
}

const DateSpelled = styled.span`
  font-weight: 600;
  color: ${({ theme }) => theme.palette.text.primary};
`;

type MaskOptions = typeof DATE_MASK_OPTIONS | typeof NUMBER_MASK_OPTIONS | Record<string, unknown>;

export interface MaskedInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'defaultValue'
> {
  /** IMask options (DATE_MASK_OPTIONS, NUMBER_MASK_OPTIONS or others). */
  mask: MaskOptions;
  /** The masked text. */
  value: string;
  /** The masked text after each accepted change; `complete` when the mask is filled. */
  onValueChange: (value: string, complete: boolean) => void;
  invalid?: boolean;
  /** Undo states kept (default 100). */
  historySize?: number;
}

/** A react-imask input with an undo history (Ctrl+Z; Ctrl+Shift+Z or Ctrl+Y to redo). */
export function MaskedInput({
  mask,
  value,
  onValueChange,
  invalid,
  historySize = MASK_HISTORY_SIZE,
  onKeyDown,
  ...props
}: MaskedInputProps) {
  const history = useMemo(() => new UndoHistory<string>(historySize), [historySize]);
  const onValueChangeRef = useRef(onValueChange);
  onValueChangeRef.current = onValueChange;
  const applyingHistory = useRef(false);
  const options = useMemo(() => mask as Parameters<typeof useIMask>[0], [mask]);
  const { ref, maskRef } = useIMask<HTMLInputElement>(options, {
    onAccept: (accepted: unknown, instance: { masked: { isComplete: boolean } }) => {
      const text = String(accepted ?? '');
      if (!applyingHistory.current) history.push(text);
      onValueChangeRef.current(text, instance.masked.isComplete);
    },
  });

  useEffect(() => {
    const instance = maskRef.current;
    if (history.size === 0) history.push(instance?.value ?? value ?? '');
    if (instance && instance.value !== (value ?? '')) {
      instance.value = value ?? '';
      if (history.current !== instance.value) history.push(instance.value);
    }
  }, [value, maskRef, history]);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    const action = historyKeyAction(event);
    const instance = maskRef.current;
    if (!action || !instance) return;
    event.preventDefault();
    const state = action === 'undo' ? history.undo() : history.redo();
    if (state === undefined) return;
    applyingHistory.current = true;
    try {
      instance.value = state;
      instance.updateValue();
      onValueChangeRef.current(instance.value, instance.masked.isComplete);
    } finally {
      applyingHistory.current = false;
    }
  };

  return <Input {...props} ref={ref} defaultValue={value} onKeyDown={handleKeyDown} invalid={invalid} />;
}

export interface MaskedFieldProps extends Omit<MaskedInputProps, 'mask' | 'value' | 'onValueChange' | 'name'> {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
}

function useMaskedField(name: string) {
  const [field] = useField<string | null | undefined>(name);
  const { setFieldValue, setFieldTouched } = useFormikContext();
  const error = useTouchedError(name);
  return {
    value: field.value ?? '',
    error,
    onValueChange: (text: string) => void setFieldValue(name, text),
    onBlur: () => void setFieldTouched(name, true),
  };
}

/**
 * Formik-connected date input masked dd.mm.yyyy (value: the masked text; parse with parseMaskedDate). The
 * placeholder shows the format; a whole date is spelled out under the field ("12 January 2026"); a day,
 * month or year out of range is said at once, in place of the form's own message for the field.
 */
export function DateField({ name, label, hint, id, ...props }: MaskedFieldProps) {
  const { value, error, onValueChange, onBlur } = useMaskedField(name);
  const problem = dateProblemOf(value);
  const date = parseMaskedDate(value);
  const spelled = date ? spellDate(date) : null;
  return (
    <FieldShell
      label={label}
      error={problem ?? error}
      hint={
        spelled ? (
          <>
            <DateSpelled>{spelled}</DateSpelled>
            {hint ? <> · {hint}</> : null}
          </>
        ) : (
          (hint ?? `Format ${DATE_MASK_PATTERN}`)
        )
      }
      id={id}
    >
      {({ invalid, ...control }) => (
        <MaskedInput
          {...props}
          {...control}
          name={name}
          inputMode="numeric"
          placeholder={DATE_MASK_PATTERN}
          autoComplete="off"
          mask={DATE_MASK_OPTIONS}
          value={value}
          onValueChange={onValueChange}
          onBlur={onBlur}
          invalid={invalid}
        />
      )}
    </FieldShell>
  );
}

/** Formik-connected number input, 2 decimals with a comma (value: the masked text; parse with parseMaskedNumber). */
export function NumberField({ name, label, hint, id, ...props }: MaskedFieldProps) {
  const { value, error, onValueChange, onBlur } = useMaskedField(name);
  return (
    <FieldShell label={label} error={error} hint={hint} id={id}>
      {({ invalid, ...control }) => (
        <MaskedInput
          {...props}
          {...control}
          name={name}
          inputMode="decimal"
          autoComplete="off"
          mask={NUMBER_MASK_OPTIONS}
          value={value}
          onValueChange={onValueChange}
          onBlur={onBlur}
          invalid={invalid}
        />
      )}
    </FieldShell>
  );
}
