import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { describe, expect, it } from 'vitest';
import { DateField, NumberField, UndoHistory, dateProblemOf, parseMaskedDate, parseMaskedNumber } from './masked-input';
import { renderWithTheme } from './test-utils';

function Fields() {
  return (
    <Formik initialValues={{ birth: '', rate: '' }} onSubmit={() => undefined}>
      <Form>
        <DateField name="birth" label="Date of birth" />
        <NumberField name="rate" label="Hourly rate" />
      </Form>
    </Formik>
  );
}

describe('date mask dd.mm.yyyy', () => {
  it('accepts years 1900 and 9999', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Fields />);
    const input = screen.getByLabelText('Date of birth');
    await user.type(input, '01011900');
    expect(input).toHaveValue('01.01.1900');
    await user.clear(input);
    await user.type(input, '31129999');
    expect(input).toHaveValue('31.12.9999');
  });

  it('refuses the year 1899 with a message, keeping what was typed', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Fields />);
    const input = screen.getByLabelText('Date of birth');
    await user.type(input, '01011899');
    expect(input).toHaveValue('01.01.1899');
    expect(parseMaskedDate((input as HTMLInputElement).value)).toBeNull();
    expect(input).toHaveAccessibleDescription(/The year must be from 1900 to 9999\./);
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the format as the placeholder', () => {
    renderWithTheme(<Fields />);
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('placeholder', 'dd.mm.yyyy');
  });

  it('spells a whole date out under the field: 12/01/2026 is 12 January 2026', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Fields />);
    const input = screen.getByLabelText('Date of birth');
    await user.type(input, '12/01/2026');
    expect(input).toHaveValue('12.01.2026');
    expect(screen.getByText('12 January 2026')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('12 January 2026');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a month out of range with a message instead of re-reading it: 13/25/2026', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Fields />);
    const input = screen.getByLabelText('Date of birth');
    await user.type(input, '13/25/2026');
    expect(input).toHaveValue('13.25.2026');
    expect(screen.getByText('There is no month 25: the month is 01 to 12.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/ 2026$/)).not.toBeInTheDocument();
  });

  it('refuses a day out of range as soon as it is typed', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Fields />);
    const input = screen.getByLabelText('Date of birth');
    await user.type(input, '32');
    expect(screen.getByText('There is no day 32: the day is 01 to 31.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '00');
    expect(screen.getByText('There is no day 00: the day is 01 to 31.')).toBeInTheDocument();
  });

  it('refuses 31.02 and 29.02 of a common year, naming the month’s length, and takes 29.02 of a leap year', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Fields />);
    const input = screen.getByLabelText('Date of birth');
    await user.type(input, '31022026');
    expect(screen.getByText('February 2026 has 28 days, not 31.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '31042026');
    expect(screen.getByText('April 2026 has 30 days, not 31.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '29022025');
    expect(screen.getByText('February 2025 has 28 days, not 29.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '29022024');
    expect(screen.getByText('29 February 2024')).toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('names nothing wrong while a date is still being typed', () => {
    expect(dateProblemOf('')).toBeNull();
    expect(dateProblemOf('3')).toBeNull();
    expect(dateProblemOf('31.0')).toBeNull();
    expect(dateProblemOf('31.02.202')).toBeNull();
    expect(dateProblemOf('31.12.9999')).toBeNull();
    expect(dateProblemOf('01.01.1900')).toBeNull();
    expect(dateProblemOf('01.13')).toBe('There is no month 13: the month is 01 to 12.');
    expect(dateProblemOf('01.00')).toBe('There is no month 00: the month is 01 to 12.');
  });

  it('parses only real dates in range', () => {
    expect(parseMaskedDate('29.02.2024')?.getDate()).toBe(29);
    expect(parseMaskedDate('29.02.2023')).toBeNull();
    expect(parseMaskedDate('01.01.1899')).toBeNull();
  });
});

describe('number mask', () => {
  it('keeps 2 decimals with a comma radix (a typed dot becomes a comma)', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Fields />);
    const input = screen.getByLabelText('Hourly rate');
    await user.type(input, '12.345');
    expect(input).toHaveValue('12,34');
    expect(parseMaskedNumber('12,34')).toBe(12.34);
  });
});

describe('undo history', () => {
  it('keeps the last 100 states', () => {
    const history = new UndoHistory<string>();
    for (let i = 0; i < 150; i += 1) history.push(String(i));
    expect(history.size).toBe(100);
    let oldest: string | undefined;
    let steps = 0;
    while (history.canUndo()) {
      oldest = history.undo();
      steps += 1;
    }
    expect(steps).toBe(99);
    expect(oldest).toBe('50');
    expect(history.undo()).toBeUndefined();
    expect(history.redo()).toBe('51');
  });

  it('drops the redo branch on a new state', () => {
    const history = new UndoHistory<string>(100);
    history.push('a');
    history.push('b');
    history.undo();
    history.push('c');
    expect(history.canRedo()).toBe(false);
    expect(history.undo()).toBe('a');
  });

  it('undoes with Ctrl+Z and redoes with Ctrl+Shift+Z or Ctrl+Y in a masked field', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Fields />);
    const input = screen.getByLabelText('Hourly rate');
    await user.type(input, '123');
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(input).toHaveValue('12'));
    await user.keyboard('{Control>}z{/Control}');
    expect(input).toHaveValue('1');
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(input).toHaveValue('12');
    await user.keyboard('{Control>}y{/Control}');
    expect(input).toHaveValue('123');
  });
});
