import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { page } from '../../app/testing/client-fixtures';
import { holdTimers } from '../../ui/debounce-testing';
import { seriousAxeViolations } from '../../ui/test-utils';
import type { Application, Employee } from '../../api/hiring';
import { waitForLastCall } from '../../app/testing/wait-for-call';

const admin = makeUser('ROLE_ADMIN', { first_name: 'Grace', last_name: 'Hopper' });

function application(overrides: Partial<Application> = {}): Application {
  return {
    id: 7,
    status: 'PENDING',
    position: 'HHA',
    first_name: 'Lena',
    last_name: 'Moss',
    email: 'lena@example.com',
    phone: '+1 555 0100',
    address: '12 Elm Street, Springfield',
    availability: { days: ['MON', 'WED'], shifts: ['MORNING'], start_date: '2026-04-01', hours_per_week: 30 },
    experience: 'Three years caring for my grandmother.',
    years_experience: 3,
    resume: { name: 'lena-moss.pdf', size: 20480, content_type: 'application/pdf' },
    attestation_signature_url: '/api/applications/7/signature/',
    created_at: '2026-03-02T03:30:00Z',
    reviewed_at: null,
    reviewed_by: null,
    rejection_reason: null,
    employee_id: null,
    ...overrides,
  };
}

const lena = application();
const omar = application({ id: 8, first_name: 'Omar', last_name: 'Diaz', position: 'RN', email: 'omar@example.com' });

function setUp(path = '/applications', overrides: Record<string, (...args: never[]) => Promise<unknown>> = {}) {
  const api = Object.assign(stubApi(), {
    applications_list: vi.fn(async (params: { status: string; position?: string; search?: string }) =>
      page(
        [lena, omar].filter(
          (row) =>
            row.status === params.status &&
            (!params.position || row.position === params.position) &&
            (!params.search ||
              `${row.first_name} ${row.last_name}`.toLowerCase().includes(params.search.toLowerCase())),
        ),
      ),
    ),
    applications_retrieve: vi.fn(async ({ id }: { id: number }) => (id === lena.id ? lena : omar)),
    applications_accept_create: vi.fn(),
    applications_reject_create: vi.fn(),
    applications_resume_retrieve: vi.fn(async () => new Blob(['%PDF-1.4'], { type: 'application/pdf' })),
    applications_signature_retrieve: vi.fn(async () => new Blob(['PNG'], { type: 'image/png' })),
    ...overrides,
  });
  return renderApp({ path, user: admin, api });
}

describe('Applications page', { timeout: 30000 }, () => {
  it('lists pending applications with position label, applied day in the user time zone and status', async () => {
    const { api, container } = setUp();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Applications' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Pending applications' });
    const row = (await within(table).findByRole('link', { name: 'Lena Moss' })).closest('tr')!;
    expect(api.applications_list).toHaveBeenCalledWith({
      limit: 20,
      offset: 0,
      ordering: '-created_at',
      status: 'PENDING',
    });
    expect(within(row).getByText('Home Health Aide')).toBeInTheDocument();
    // 03:30 UTC on March 2 is still March 1 in New York.
    expect(within(row).getByText('Mar 1, 2026')).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pending' })).toHaveAttribute('aria-pressed', 'true');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('filters by status, position and search on the server', async () => {
    const user = userEvent.setup();
    const { api } = setUp();
    await screen.findByRole('link', { name: 'Lena Moss' }, { timeout: 5000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Position' }), 'Registered Nurse');
    await waitForLastCall(api.applications_list, expect.objectContaining({ position: 'RN', status: 'PENDING' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Lena Moss' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Omar Diaz' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search applications' }), 'zed');
    await waitForLastCall(api.applications_list, expect.objectContaining({ search: 'zed' }));
    expect(await screen.findByText('No applications match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rejected' }));
    await waitForLastCall(api.applications_list, expect.objectContaining({ status: 'REJECTED' }));
  });

  it("stays on the page one went to: the search box's debounce does not go back to page 1 after the first render", async () => {
    const timers = holdTimers(300);
    const { api } = setUp('/applications', {
      applications_list: vi.fn(async (params: { offset: number }) => ({
        count: 45,
        next: null,
        previous: null,
        results: params.offset === 0 ? [lena] : [omar],
      })),
    });
    await screen.findByRole('link', { name: 'Lena Moss' }, { timeout: 5000 });
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    // 'Next' right after the first render, before the search's 300 ms have gone by.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Omar Diaz' })).toBeInTheDocument();
    expect(api.applications_list).toHaveBeenLastCalledWith({
      limit: 20,
      offset: 20,
      ordering: '-created_at',
      status: 'PENDING',
    });
    // The 300 ms go by.
    await timers.release();
    expect(screen.getByText('21–40 of 45')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Omar Diaz' })).toBeInTheDocument();
    expect(api.applications_list).toHaveBeenLastCalledWith({
      limit: 20,
      offset: 20,
      ordering: '-created_at',
      status: 'PENDING',
    });
    expect(api.applications_list).toHaveBeenCalledTimes(2);
  });

  it('opens an application with everything the applicant sent, and downloads the resume through the client', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn((blob: Blob) => (blob.type === 'image/png' ? 'blob:signature' : 'blob:resume'));
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api, container } = setUp();
    await user.click(await screen.findByRole('link', { name: 'Lena Moss' }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lena Moss' })).toBeInTheDocument();
    expect(screen.getByText(/Application for Home Health Aide/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'lena@example.com' })).toHaveAttribute('href', 'mailto:lena@example.com');
    expect(screen.getByText('12 Elm Street, Springfield')).toBeInTheDocument();
    expect(screen.getByText('Monday, Wednesday')).toBeInTheDocument();
    expect(screen.getByText('Morning')).toBeInTheDocument();
    expect(screen.getByText('Apr 1, 2026')).toBeInTheDocument();
    expect(screen.getByText('Three years caring for my grandmother.')).toBeInTheDocument();
    // the signature is fetched through the client (with the token), not inlined in the answer
    expect(await screen.findByRole('img', { name: 'Signature of Lena Moss' })).toHaveAttribute('src', 'blob:signature');
    expect(api.applications_signature_retrieve).toHaveBeenCalledWith({ id: 7 }, null, { responseType: 'blob' });
    await user.click(screen.getByRole('button', { name: 'Download resume lena-moss.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.applications_resume_retrieve).toHaveBeenCalledWith({ id: 7 }, null, { responseType: 'blob' });
    expect(createObjectURL).toHaveBeenCalled();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('accepts after the confirmation and links to the new employee', async () => {
    const user = userEvent.setup();
    const employee = { id: 301, first_name: 'Lena', last_name: 'Moss', email: 'lena@example.com' } as Employee;
    const { api } = setUp('/applications?id=7', {
      applications_accept_create: vi.fn(async () => ({
        application: { ...lena, status: 'ACCEPTED', employee_id: 301 },
        employee,
      })),
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }, { timeout: 5000 }));
    const dialog = screen.getByRole('alertdialog', { name: 'Accept Lena Moss?' });
    expect(within(dialog).getByText('Create an employee and send the sign-up invitation?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(api.applications_accept_create).toHaveBeenCalledWith({ id: 7 });
    expect(
      await screen.findByText(/Lena Moss is now an employee and the sign-up invitation was sent to lena@example.com/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the employee' })).toHaveAttribute('href', '/employees/301');
    expect(screen.getByText('Accepted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('rejects only with a reason, and shows the reason kept', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/applications?id=7', {
      applications_reject_create: vi.fn(async (_: unknown, body: { reason: string }) => ({
        ...lena,
        status: 'REJECTED',
        rejection_reason: body.reason,
        reviewed_at: '2026-03-03T15:00:00Z',
        reviewed_by: { id: admin.id, name: 'Grace Hopper' },
      })),
    });
    await user.click(await screen.findByRole('button', { name: 'Reject' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Lena Moss?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Reject application' })).toBeDisabled();
    await user.type(reason, '   ');
    await user.tab();
    expect(await within(dialog).findByText('Enter the reason for the rejection')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reject application' })).toBeDisabled();
    await user.clear(reason);
    await user.type(reason, 'No certification for the position.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    expect(api.applications_reject_create).toHaveBeenCalledWith(
      { id: 7 },
      { reason: 'No certification for the position.' },
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Rejected')).toBeInTheDocument();
    expect(screen.getByText('No certification for the position.')).toBeInTheDocument();
    expect(screen.getByText('Mar 3, 2026, 10:00 AM by Grace Hopper')).toBeInTheDocument();
  });
});
