import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { page } from '../../app/testing/client-fixtures';
import { holdTimers } from '../../ui/debounce-testing';
import { seriousAxeViolations } from '../../ui/test-utils';
import type { EmployeeSummary } from '../../api/hiring';
import { makeEmployee, makeNewHire } from '../../app/testing/employee-fixtures';
import { invalidInput } from '../../app/testing/api-failures';
import { waitForLastCall } from '../../app/testing/wait-for-call';

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const admin = makeUser('ROLE_ADMIN', { first_name: 'Grace', last_name: 'Hopper' });

const nina = makeEmployee();
const ada = makeEmployee({
  id: 202,
  first_name: 'Ada',
  last_name: 'Stone',
  position: 'HHA',
  forms_due: 1,
  expired_documents: 1,
  expiring_documents: 2,
});
const ned = makeNewHire({ forms_due: 3, invitation_pending: true });
const everyone: EmployeeSummary[] = [nina, ada, ned];

function setUp(path: string, overrides: Record<string, (...args: never[]) => Promise<unknown>> = {}) {
  const api = Object.assign(stubApi(), {
    employees_list: vi.fn(
      async (params: { status?: string; position?: string; expired?: boolean; search?: string }) => {
        const results = everyone.filter(
          (row) =>
            (!params.status || row.status === params.status) &&
            (!params.position || row.position === params.position) &&
            (!params.expired || row.expired_documents > 0) &&
            (!params.search ||
              `${row.first_name} ${row.last_name}`.toLowerCase().includes(params.search.toLowerCase())),
        );
        return page(results);
      },
    ),
    employees_create: vi.fn(),
    employees_retrieve: vi.fn(async ({ id }: { id: number }) => everyone.find((row) => row.id === Number(id)) ?? nina),
    ...overrides,
  });
  return renderApp({ path, user: admin, api });
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

describe('Employees page', { timeout: 30000 }, () => {
  it('lists employees with position, status label, forms due and expired documents flagged in words', async () => {
    const { api, container } = setUp('/employees');
    expect(await screen.findByRole('heading', { level: 1, name: 'Employees' }, { timeout: 5000 })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Ada Stone' });
    expect(api.employees_list).toHaveBeenCalledWith({ limit: 20, offset: 0, ordering: 'last_name' });
    expect(within(rowOf('Nina Reyes')).getByText('Registered Nurse')).toBeInTheDocument();
    expect(within(rowOf('Nina Reyes')).getByText('Ready to hire')).toBeInTheDocument();
    expect(within(rowOf('Nina Reyes')).getByText('Up to date')).toBeInTheDocument();
    expect(within(rowOf('Ned Park')).getByText('New')).toBeInTheDocument();
    expect(within(rowOf('Ned Park')).getByText('3')).toBeInTheDocument();
    expect(within(rowOf('Ada Stone')).getByText('1 expired document')).toBeInTheDocument();
    expect(within(rowOf('Ada Stone')).getByText('2 expiring soon')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('filters by status, position, expired documents and search on the server, and orders', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/employees');
    await screen.findByRole('link', { name: 'Ada Stone' }, { timeout: 5000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'New');
    await waitForLastCall(api.employees_list, {
      limit: 20,
      offset: 0,
      ordering: 'last_name',
      status: 'NEW',
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ada Stone' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Ned Park' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Documents' }), 'With expired documents');
    await waitForLastCall(api.employees_list, {
      limit: 20,
      offset: 0,
      ordering: 'last_name',
      expired: true,
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ned Park' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Ada Stone' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Position' }), 'Registered Nurse');
    await waitForLastCall(api.employees_list, expect.objectContaining({ position: 'RN', expired: true }));
    expect(await screen.findByText('No employees match')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Forms due/ }));
    await waitForLastCall(api.employees_list, expect.objectContaining({ ordering: 'forms_due' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search employees' }), 'ada');
    await waitForLastCall(api.employees_list, expect.objectContaining({ search: 'ada' }));
  });

  it("stays on the page one went to: the search box's debounce does not go back to page 1 after the first render", async () => {
    const timers = holdTimers(300);
    const { api } = setUp('/employees', {
      employees_list: vi.fn(async (params: { offset: number }) => ({
        count: 45,
        next: null,
        previous: null,
        results: params.offset === 0 ? [nina] : [ada],
      })),
    });
    await screen.findByRole('link', { name: 'Nina Reyes' }, { timeout: 5000 });
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    // 'Next' right after the first render, before the search's 300 ms have gone by.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Ada Stone' })).toBeInTheDocument();
    expect(api.employees_list).toHaveBeenLastCalledWith({ limit: 20, offset: 20, ordering: 'last_name' });
    // The 300 ms go by.
    await timers.release();
    expect(screen.getByText('21–40 of 45')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada Stone' })).toBeInTheDocument();
    expect(api.employees_list).toHaveBeenLastCalledWith({ limit: 20, offset: 20, ordering: 'last_name' });
    expect(api.employees_list).toHaveBeenCalledTimes(2);
  });

  it('creates an employee: the invitation is sent and the employee opens', async () => {
    const user = userEvent.setup();
    const created = makeEmployee({
      id: 250,
      first_name: 'Olga',
      last_name: 'Park',
      email: 'olga@example.com',
      status: 'NEW',
      position: 'CNA',
      invitation_pending: true,
    });
    everyone.push(created);
    const { api, container } = setUp('/employees', { employees_create: vi.fn(async () => created) });
    await user.click(await screen.findByRole('link', { name: 'New employee' }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New employee' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Employee details' });
    expect(within(form).getByRole('button', { name: 'Create and send invitation' })).toBeDisabled();
    await user.type(within(form).getByLabelText('Email'), 'olga@example.com');
    await user.type(within(form).getByLabelText('First name'), 'Olga');
    await user.type(within(form).getByLabelText('Last name'), 'Park');
    await user.selectOptions(within(form).getByLabelText('Position'), 'Certified Nurse Assistant');
    expect(await seriousAxeViolations(container)).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Create and send invitation' }));
    expect(api.employees_create).toHaveBeenCalledWith(null, {
      email: 'olga@example.com',
      first_name: 'Olga',
      last_name: 'Park',
      position: 'CNA',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Olga Park' })).toBeInTheDocument();
    expect(
      screen.getByText('Olga Park was added and the sign-up invitation was sent to olga@example.com.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Current path')).toHaveTextContent('/employees/250/details'));
    expect(screen.getByText('Sent, not accepted yet')).toBeInTheDocument();
    everyone.pop();
  });

  it("shows the server's field error when the email is taken", async () => {
    const user = userEvent.setup();
    const refusal = invalidInput({ email: ['A user with this email already exists.'] });
    setUp('/employees/new', { employees_create: vi.fn(async () => Promise.reject(refusal)) });
    const form = await screen.findByRole('form', { name: 'Employee details' }, { timeout: 5000 });
    await user.type(within(form).getByLabelText('Email'), 'nurse@sunrise.example');
    await user.type(within(form).getByLabelText('First name'), 'Nina');
    await user.type(within(form).getByLabelText('Last name'), 'Reyes');
    await user.selectOptions(within(form).getByLabelText('Position'), 'Registered Nurse');
    await user.click(within(form).getByRole('button', { name: 'Create and send invitation' }));
    expect(await within(form).findByText('A user with this email already exists.')).toBeInTheDocument();
  });
});
