import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi, SUNRISE } from '../../app/testing/render-app';
import { seriousAxeViolations } from '../../ui/test-utils';
import { apiFailure } from '../../app/testing/api-failures';
import { waitForLastCall } from '../../app/testing/wait-for-call';
import type { AuditEntry, AuditPerson } from './audit-log-api';
import { changeLines } from './audit-log-page';

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const master = makeUser('ROLE_MASTER', { first_name: 'Morgan', last_name: 'Reyes', email: 'master@portal.example' });

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 700,
    created_at: '2026-03-02T14:05:00.000Z',
    action: 'READ',
    entity: 'client',
    entity_id: '301',
    operation_id: 'clients_retrieve',
    actor: { id: 12, name: 'Alice Grant', email: 'admin@sunrise.example' },
    role: 'ROLE_ADMIN',
    organization: { id: 1, name: 'Sunrise Home Care' },
    client_id: 301,
    employee_id: null,
    changed_fields: { event: 'read', what: 'client' },
    ip: '203.0.113.7',
    user_agent: CHROME,
    ...overrides,
  };
}

const read = entry();
const changed = entry({
  id: 699,
  created_at: '2026-03-02T13:00:00.000Z',
  action: 'UPDATE',
  entity: 'employee',
  entity_id: '44',
  operation_id: 'employees_partial_update',
  client_id: null,
  employee_id: 44,
  changed_fields: { first_name: { from: 'Nora', to: 'Norah' }, phone: { from: null, to: '+1 555 0142' } },
});
const failed = entry({
  id: 698,
  action: 'SIGN_IN_FAILED',
  entity: 'session',
  entity_id: null,
  actor: null,
  role: null,
  organization: null,
  client_id: null,
  changed_fields: { event: 'login', outcome: 'failure', account: 'unknown' },
  user_agent: null,
});

/** A person the people search finds: Alice Grant, Sunrise's admin, unless told otherwise. */
const person = (overrides: Partial<AuditPerson> = {}): AuditPerson => ({
  id: 12,
  name: 'Alice Grant',
  email: 'admin@sunrise.example',
  role: 'ROLE_ADMIN',
  organization: { id: 1, name: 'Sunrise Home Care' },
  ...overrides,
});

const alice = person();

const page = (results: AuditEntry[], count = results.length, countLimited = false) => ({
  count,
  count_limited: countLimited,
  next: null,
  previous: null,
  results,
});

function setUp(overrides: Record<string, (...args: never[]) => Promise<unknown>> = {}) {
  const api = Object.assign(stubApi(), {
    audit_log_list: vi.fn(async () => page([read, changed, failed])),
    audit_log_people_list: vi.fn(async ({ search }: { search: string }) =>
      'alice grant admin@sunrise.example'.includes(search.toLowerCase()) || search.toLowerCase().startsWith('ali')
        ? [alice]
        : [],
    ),
    audit_log_export_retrieve: vi.fn(async () => 'Time (UTC),Action\r\n'),
    ...overrides,
  });
  return renderApp({ path: '/audit-log', user: master, api, storedOrganization: SUNRISE });
}

describe('Audit log', { timeout: 30000 }, () => {
  it('lists the rows: when, who with role and organization, action, record, old and new values, address and browser', async () => {
    const { api, container } = setUp();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await waitFor(() => expect(api.audit_log_list).toHaveBeenCalledWith({ limit: 25, offset: 0 }));
    const readRow = (await within(table).findByText('Client #301')).closest('tr')!;
    expect(readRow).toHaveTextContent('Mar 2, 2026, 9:05 AM');
    expect(readRow).toHaveTextContent('Alice Grant');
    expect(readRow).toHaveTextContent('admin@sunrise.example · Admin · Sunrise Home Care');
    expect(within(readRow).getByText('Read')).toBeInTheDocument();
    expect(readRow).toHaveTextContent('203.0.113.7');
    expect(readRow).toHaveTextContent('Chrome 131 on Linux');
    const changeRow = within(table).getByText('Employee #44').closest('tr')!;
    expect(within(changeRow).getByText('Update')).toBeInTheDocument();
    expect(within(changeRow).getByText('first name: Nora → Norah')).toBeInTheDocument();
    expect(within(changeRow).getByText('phone: (empty) → +1 555 0142')).toBeInTheDocument();
    const failedRow = within(table).getByText('Failed sign-in').closest('tr')!;
    expect(failedRow).toHaveTextContent('Unknown account');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('filters by organization, action, record and id, and dates, each on the server, from the first page', async () => {
    const user = userEvent.setup();
    const { api } = setUp({ audit_log_list: vi.fn(async () => page([read], 60)) });
    await screen.findByRole('table', { name: 'Audit log' });
    await screen.findByText('Client #301');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitForLastCall(api.audit_log_list, { limit: 25, offset: 25 });
    await user.selectOptions(filters().getByLabelText('Organization'), 'Harbor Home Health');
    await waitForLastCall(api.audit_log_list, { organization: 2, limit: 25, offset: 0 });
    await user.selectOptions(filters().getByLabelText('Action'), 'Read');
    await waitForLastCall(api.audit_log_list, { organization: 2, action: 'READ', limit: 25, offset: 0 });
    expect(filters().getByLabelText('Record id')).toBeDisabled();
    await user.selectOptions(filters().getByLabelText('Record'), 'Client');
    await user.type(filters().getByLabelText('Record id'), '301');
    await waitForLastCall(api.audit_log_list, {
      organization: 2,
      action: 'READ',
      entity: 'client',
      entity_id: '301',
      limit: 25,
      offset: 0,
    });
    fireEvent.change(filters().getByLabelText('From'), { target: { value: '2026-03-05' } });
    fireEvent.change(filters().getByLabelText('To'), { target: { value: '2026-03-01' } });
    expect(await screen.findByText('The period cannot start after it ends.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    fireEvent.change(filters().getByLabelText('To'), { target: { value: '2026-03-31' } });
    await waitForLastCall(api.audit_log_list, {
      organization: 2,
      action: 'READ',
      entity: 'client',
      entity_id: '301',
      from: '2026-03-05',
      to: '2026-03-31',
      limit: 25,
      offset: 0,
    });
    expect(screen.queryByText('The period cannot start after it ends.')).not.toBeInTheDocument();
  });

  it('filters by a person found by name or email', async () => {
    const user = userEvent.setup();
    const { api } = setUp();
    await screen.findByText('Client #301');
    const person = filters().getByLabelText('Person');
    await user.type(person, 'ali');
    await waitFor(() => expect(api.audit_log_people_list).toHaveBeenCalledWith({ search: 'ali' }));
    expect(await screen.findByText('Pick the person from the list (their email).')).toBeInTheDocument();
    expect(container().querySelector('datalist option[value="admin@sunrise.example"]')).toHaveTextContent(
      'Alice Grant · Sunrise Home Care',
    );
    await user.clear(person);
    await user.type(person, 'admin@sunrise.example');
    expect(await screen.findByText('Rows of Alice Grant, Sunrise Home Care.')).toBeInTheDocument();
    await waitForLastCall(api.audit_log_list, { person: 12, limit: 25, offset: 0 });
    await user.clear(person);
    await user.type(person, 'zed');
    expect(await screen.findByText('No one by that name or email.')).toBeInTheDocument();
    await waitForLastCall(api.audit_log_list, { limit: 25, offset: 0 });
  });

  it('never picks one of several people who share an email: the organization decides', async () => {
    // a caregiver with an account at each agency (an email is unique within an organization only)
    const nora = { name: 'Nora Okafor', email: 'nora@example.test', role: 'ROLE_EMPLOYEE' } as const;
    const atSunrise = person({ ...nora, id: 31 });
    const atHarbor = person({ ...nora, id: 57, organization: { id: 2, name: 'Harbor Home Health' } });
    const user = userEvent.setup();
    const { api } = setUp({
      audit_log_people_list: vi.fn(async ({ organization }: { search: string; organization?: number }) =>
        [atSunrise, atHarbor].filter((p) => !organization || p.organization!.id === organization),
      ),
    });
    await screen.findByText('Client #301');
    await user.type(filters().getByLabelText('Person'), 'nora@example.test');
    expect(
      await screen.findByText(
        '2 people use this email, at Sunrise Home Care and Harbor Home Health: choose the organization to pick one.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.audit_log_people_list).toHaveBeenCalled());
    expect(api.audit_log_list).toHaveBeenLastCalledWith({ limit: 25, offset: 0 });
    await user.selectOptions(filters().getByLabelText('Organization'), 'Harbor Home Health');
    expect(await screen.findByText('Rows of Nora Okafor, Harbor Home Health.')).toBeInTheDocument();
    await waitForLastCall(api.audit_log_list, { organization: 2, person: 57, limit: 25, offset: 0 });
  });

  it('downloads the filtered rows as CSV', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn((_: Blob) => 'blob:audit');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('audit-log.csv');
    });
    const { api } = setUp();
    await screen.findByText('Client #301');
    await user.selectOptions(filters().getByLabelText('Action'), 'Update');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.audit_log_export_retrieve).toHaveBeenCalledWith({ action: 'UPDATE' }, null, { responseType: 'text' });
    expect(createObjectURL.mock.calls[0][0].type).toBe('text/csv;charset=utf-8');
  });

  it('says when the count stops at 10,000', async () => {
    setUp({ audit_log_list: vi.fn(async () => page([read], 10_000, true)) });
    expect(await screen.findByText(/More than 10,000 rows match/)).toBeInTheDocument();
    expect(screen.getByText('1–25 of 10000')).toBeInTheDocument();
  });

  it('shows why the log could not be loaded', async () => {
    setUp({
      audit_log_list: vi.fn().mockRejectedValue(apiFailure(403, 'You do not have permission to perform this action.')),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to perform this action.');
  });
});

describe('changeLines', () => {
  it('writes old → new, a search’s query and other values in words, cutting long ones', () => {
    expect(
      changeLines({
        is_active: { from: true, to: false },
        query: { search: 'ann', limit: 50 },
        count: 3,
        note: 'x'.repeat(100),
      }),
    ).toEqual(['is active: true → false', 'query: search ann, limit 50', 'count: 3', `note: ${'x'.repeat(79)}…`]);
    expect(changeLines(null)).toEqual([]);
  });
});

/** The page's filters strip (the header has an organization switcher of its own). */
const filters = () => within(screen.getByRole('search', { name: 'Filter the audit log' }));

function container() {
  return document.body;
}
