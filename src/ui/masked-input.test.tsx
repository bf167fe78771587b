import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { describe, expect, it } from 'vitest';
import { DateField, NumberField, UndoHistory, parseMaskedDate, parseMaskedNumber } from './masked-input';
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

  it('rejects the year 1899', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Fields />);
    const input = screen.getByLabelText('Date of birth');
    await user.type(input, '01011899');
    expect(input).not.toHaveValue('01.01.1899');
    expect(parseMaskedDate((input as HTMLInputElement).value)).toBeNull();
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
