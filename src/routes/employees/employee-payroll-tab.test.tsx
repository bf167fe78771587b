import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { seriousAxeViolations } from '../../ui/test-utils';
import { apiFailure } from '../../app/testing/api-failures';
import { makeLongPayrollDay, makePayrollPeriod } from '../../app/testing/visit-fixtures';
import { page } from '../../app/testing/client-fixtures';
import { makeEmployee } from '../../app/testing/employee-fixtures';
import { waitForLastCall } from '../../app/testing/wait-for-call';

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const admin = makeUser('ROLE_ADMIN', { first_name: 'Grace', last_name: 'Hopper' });
const nina = makeEmployee({ id: 201, first_name: 'Nina', last_name: 'Reyes', position: 'RN' });

// This week: four long verified visits, 44 hours (4 over 40), one of them corrected by the office.
const overtimeWeek = makePayrollPeriod({
  week_start: '2026-03-01',
  visits: [
    makeLongPayrollDay(701, '2026-03-01'),
    makeLongPayrollDay(702, '2026-03-02', true),
    makeLongPayrollDay(703, '2026-03-02'),
    makeLongPayrollDay(704, '2026-03-02'),
  ],
});
const lastWeek = makePayrollPeriod();

function setUp(overrides: Record<string, (...args: never[]) => Promise<unknown>> = {}) {
  const api = Object.assign(stubApi(), {
    employees_retrieve: vi.fn(async () => nina),
    payroll_periods_list: vi.fn(async () => page([overtimeWeek, lastWeek])),
    payroll_periods_export_retrieve: vi.fn(async () => 'Employee,Week start\r\n'),
    ...overrides,
  });
  return renderApp({ path: '/employees/201/payroll', user: admin, api });
}

// Monday Mar 2, 2026, 09:10 in New York.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T14:10:00Z') });
});

afterAll(() => {
  vi.useRealTimers();
});

describe("Employee's payroll", { timeout: 30000 }, () => {
  it('shows each week with its verified visits as worked, the daily totals, the week total and overtime flagged', async () => {
    const { api, container } = setUp();
    const week = await screen.findByRole('region', { name: 'Week of Mar 1, 2026 – Mar 7, 2026' });
    expect(api.payroll_periods_list).toHaveBeenCalledWith({
      employee_id: 201,
      from: '2026-02-08',
      to: '2026-03-02',
      limit: 60,
    });
    expect(within(week).getByText('Total 44 h')).toBeInTheDocument();
    expect(within(week).getByText('Overtime 4 h')).toBeInTheDocument();
    expect(within(week).getByText('Regular 40 h')).toBeInTheDocument();
    expect(within(week).getByRole('status')).toHaveTextContent('Overtime: 4 h over 40 hours this week.');

    const table = within(week).getByRole('table', { name: 'Verified visits, week of Mar 1, 2026' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Sunday, Mar 1, 2026');
    expect(rows[0]).toHaveTextContent('Rosa Diaz');
    expect(rows[0]).toHaveTextContent('Pathways');
    expect(rows[0]).toHaveTextContent('07:00–18:00');
    expect(rows[0]).toHaveTextContent('11 h');
    expect(rows[0]).not.toHaveTextContent('Corrected');
    expect(rows[1]).toHaveTextContent('Corrected');

    const days = within(week).getByLabelText('Daily totals, week of Mar 1, 2026');
    expect(days).toHaveTextContent('Sun Mar 111 h');
    expect(days).toHaveTextContent('Mon Mar 233 h');
    expect(days).toHaveTextContent('Tue Mar 3—');

    const previous = screen.getByRole('region', { name: 'Week of Feb 22, 2026 – Feb 28, 2026' });
    expect(within(previous).getByText('Total 2 h 5 min')).toBeInTheDocument();
    expect(within(previous).queryByText(/Overtime/)).not.toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('asks for another period, downloads its CSV, and shows the refusal of a period too long', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn((_: Blob) => 'blob:payroll');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('payroll-201-2026-02-01-to-2026-03-02.csv');
    });
    const list = vi.fn(async (params: { from: string }) => {
      if (params.from < '2025-01-01')
        throw apiFailure(400, 'Check the fields.', {
          fields: { from: ['Ask for at most a year of pay periods at once.'] },
        });
      return page([lastWeek]);
    });
    const { api } = setUp({ payroll_periods_list: list });
    await screen.findByRole('region', { name: 'Week of Feb 22, 2026 – Feb 28, 2026' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    await waitForLastCall(list, { employee_id: 201, from: '2026-02-01', to: '2026-03-02', limit: 60 });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.payroll_periods_export_retrieve).toHaveBeenCalledWith(
      { employee_id: 201, from: '2026-02-01', to: '2026-03-02' },
      null,
      { responseType: 'text' },
    );
    expect(createObjectURL.mock.calls[0][0].type).toBe('text/csv;charset=utf-8');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-01-01' } });
    expect(await screen.findByText('Ask for at most a year of pay periods at once.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Week of/ })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-04-01' } });
    expect(await screen.findByText('The period cannot start after it ends.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });
});
