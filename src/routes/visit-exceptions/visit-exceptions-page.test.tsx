import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { page } from '../../app/testing/client-fixtures';
import { seriousAxeViolations } from '../../ui/test-utils';
import { apiFailure } from '../../app/testing/api-failures';
import { makeVisit } from '../../app/testing/visit-fixtures';
import type { VisitExceptionItem } from '../../api/visits';
import { waitForLastCall } from '../../app/testing/wait-for-call';

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const admin = makeUser('ROLE_ADMIN', { first_name: 'Grace', last_name: 'Hopper' });

function exceptionItem(overrides: Partial<VisitExceptionItem> = {}): VisitExceptionItem {
  return {
    id: 9001,
    visit_id: 501,
    code: 'LATE_CLOCK_IN',
    detail: 'Clocked in 25 minutes after the start.',
    resolution: null,
    resolution_note: null,
    resolved_by: null,
    resolved_at: null,
    created_at: '2026-03-02T14:25:00.000Z',
    visit: {
      id: 501,
      status: 'COMPLETED',
      client: { id: 301, first_name: 'Rosa', last_name: 'Diaz' },
      caregiver: { id: 201, name: 'Nina Reyes' },
      service: 'Pathways',
      starts_at: '2026-03-02T14:00:00.000Z',
      ends_at: '2026-03-02T16:00:00.000Z',
      service_date: '2026-03-02',
      clock_in_at: '2026-03-02T14:25:00.000Z',
      clock_out_at: '2026-03-02T16:00:00.000Z',
      corrected_start_at: null,
      corrected_end_at: null,
      correction_reason: null,
      minutes: 95,
    },
    ...overrides,
  };
}

const late = exceptionItem();
const away = exceptionItem({
  id: 9002,
  visit_id: 503,
  code: 'LOCATION_CLOCK_OUT',
  detail: 'Community: walked the client to the pharmacy.',
  visit: {
    ...late.visit,
    id: 503,
    service_date: '2026-02-27',
    starts_at: '2026-02-27T14:00:00.000Z',
    ends_at: '2026-02-27T16:00:00.000Z',
    clock_in_at: '2026-02-27T14:00:00.000Z',
    clock_out_at: null,
    minutes: null,
    status: 'IN_PROGRESS',
  },
});
const approved = exceptionItem({
  id: 8001,
  resolution: 'APPROVED',
  resolution_note: 'Bus was late; the client confirmed.',
  resolved_by: { id: 1, name: 'Grace Hopper' },
  resolved_at: '2026-03-02T15:00:00.000Z',
});
// Corrected: the clocks as recorded (09:25–11:00) stay beside the office's times and reason.
const corrected = exceptionItem({
  id: 8002,
  visit_id: 504,
  code: 'LOCATION_CLOCK_IN',
  detail: 'Community: met the client at the clinic.',
  resolution: 'CORRECTED',
  resolution_note: 'The client says the nurse came at nine.',
  resolved_by: { id: 1, name: 'Grace Hopper' },
  resolved_at: '2026-03-02T16:00:00.000Z',
  visit: {
    ...late.visit,
    id: 504,
    status: 'VERIFIED',
    corrected_start_at: '2026-03-02T14:00:00.000Z',
    corrected_end_at: '2026-03-02T15:45:00.000Z',
    correction_reason: 'CLIENT_CONFIRMED',
    minutes: 105,
  },
});

function setUp(overrides: Record<string, (...args: never[]) => Promise<unknown>> = {}) {
  let open = [late, away];
  const api = Object.assign(stubApi(), {
    visit_exceptions_list: vi.fn(async (params: { resolved?: boolean; code?: string }) => {
      if (params.resolved) return page([approved, corrected].filter((row) => !params.code || row.code === params.code));
      return page(open.filter((row) => !params.code || row.code === params.code));
    }),
    visit_exceptions_resolve_create: vi.fn(async ({ id }: { id: number }) => {
      open = open.filter((row) => row.id !== id);
      return makeVisit({ status: 'VERIFIED' });
    }),
    visits_export_retrieve: vi.fn(async () => 'visit_id,service\r\n'),
    ...overrides,
  });
  return renderApp({ path: '/clients/visit-exceptions', user: admin, api });
}

// Monday Mar 2, 2026, 11:10 in New York (after the late visit ended).
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T16:10:00Z') });
});

afterAll(() => {
  vi.useRealTimers();
});

describe('Visit exceptions', { timeout: 30000 }, () => {
  it('lists the open exceptions with the visit, client, caregiver, clocks and detail, and approves one with a note', async () => {
    const user = userEvent.setup();
    const { api, container } = setUp();
    const table = await screen.findByRole('table', { name: 'Open exceptions' });
    await waitFor(() =>
      expect(api.visit_exceptions_list).toHaveBeenCalledWith({ resolved: false, limit: 20, offset: 0 }),
    );
    const row = (await within(table).findByText('Late clock-in')).closest('tr')!;
    expect(row).toHaveTextContent('Monday, Mar 2, 2026, 09:00–11:00 · Pathways');
    expect(row).toHaveTextContent('Nina Reyes');
    expect(row).toHaveTextContent('Clocked 09:25–11:00 · Worked 1 h 35 min');
    expect(row).toHaveTextContent('Clocked in 25 minutes after the start.');
    expect(within(row).getByRole('link', { name: 'Rosa Diaz' })).toHaveAttribute(
      'href',
      '/clients/301/visits?week=2026-03-02',
    );
    const other = within(table).getByText('Clock-out away from the home').closest('tr')!;
    expect(other).toHaveTextContent('Clocked in 09:00, no clock-out');
    expect(other).toHaveTextContent('Community: walked the client to the pharmacy.');
    expect(await seriousAxeViolations(container)).toEqual([]);

    await user.click(
      within(row).getByRole('button', { name: 'Approve: Late clock-in of Rosa Diaz on Monday, Mar 2, 2026' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Approve the exception' });
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Bus was late.');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(api.visit_exceptions_resolve_create).toHaveBeenCalledWith(
        { id: 9001 },
        { resolution: 'APPROVED', note: 'Bus was late.' },
      ),
    );
    expect(await screen.findByText('Approved: Late clock-in of Rosa Diaz on Monday, Mar 2, 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('Late clock-in')).not.toBeInTheDocument());
    expect(within(table).getByText('Clock-out away from the home')).toBeInTheDocument();
  });

  it("corrects the times: a reason (a note for Other), local dates and times sent as instants in the organization's zone, the server's refusals shown", async () => {
    const user = userEvent.setup();
    const resolve = vi
      .fn()
      .mockRejectedValueOnce(
        apiFailure(400, 'Check the fields.', {
          fields: { corrected_end_at: ['A corrected end cannot be in the future.'] },
        }),
      )
      .mockRejectedValueOnce(apiFailure(409, 'This exception was already resolved.'))
      .mockResolvedValue(makeVisit({ status: 'VERIFIED' }));
    const { api } = setUp({ visit_exceptions_resolve_create: resolve });
    const table = await screen.findByRole('table', { name: 'Open exceptions' });
    const row = (await within(table).findByText('Clock-out away from the home')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /^Correct times:/ }));
    const dialog = screen.getByRole('dialog', { name: 'Correct the times' });
    // the clocks as recorded, the missing clock-out as the window's end
    expect(within(dialog).getByRole('textbox', { name: 'Started on' })).toHaveValue('27.02.2026');
    expect(within(dialog).getByLabelText('Started at')).toHaveValue('09:00');
    expect(within(dialog).getByRole('textbox', { name: 'Ended on' })).toHaveValue('27.02.2026');
    expect(within(dialog).getByLabelText('Ended at')).toHaveValue('11:00');

    // no reason: the button says what is missing under the field, and nothing is sent
    const reason = within(dialog).getByLabelText('Reason');
    expect(within(dialog).getByRole('button', { name: 'Correct the times' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Correct the times' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Choose why the times are corrected.'));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(resolve).not.toHaveBeenCalled();

    await user.selectOptions(reason, 'Other');
    await waitFor(() => expect(reason).not.toHaveAccessibleDescription());
    await user.click(within(dialog).getByRole('button', { name: 'Correct the times' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Note/)).toHaveAccessibleDescription(
        /Say what happened: the reason "Other" needs a note\./,
      ),
    );
    expect(resolve).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(/^Note/), 'Phone died at the pharmacy.');
    fireEvent.change(within(dialog).getByLabelText('Ended at'), { target: { value: '11:30' } });
    const submit = within(dialog).getByRole('button', { name: 'Correct the times' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() =>
      expect(resolve).toHaveBeenCalledWith(
        { id: 9002 },
        {
          resolution: 'CORRECTED',
          correction_reason: 'OTHER',
          corrected_start_at: '2026-02-27T14:00:00.000Z',
          corrected_end_at: '2026-02-27T16:30:00.000Z',
          note: 'Phone died at the pharmacy.',
        },
      ),
    );
    expect(await within(dialog).findByText('A corrected end cannot be in the future.')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Ended at'), { target: { value: '11:15' } });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitForLastCall(
      resolve,
      { id: 9002 },
      expect.objectContaining({ corrected_end_at: '2026-02-27T16:15:00.000Z' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This exception was already resolved.');
    await user.click(submit);
    expect(
      await screen.findByText('Corrected: Clock-out away from the home of Rosa Diaz on Friday, Feb 27, 2026.'),
    ).toBeInTheDocument();
    expect(api.visit_exceptions_resolve_create).toHaveBeenCalledTimes(3);
  });

  it('refuses an end before the start without asking the server', async () => {
    const user = userEvent.setup();
    const { api } = setUp();
    const table = await screen.findByRole('table', { name: 'Open exceptions' });
    const row = (await within(table).findByText('Late clock-in')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /^Correct times:/ }));
    const dialog = screen.getByRole('dialog', { name: 'Correct the times' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Times confirmed with the client');
    fireEvent.change(within(dialog).getByLabelText('Ended at'), { target: { value: '09:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Correct the times' }));
    expect(await within(dialog).findByText('The visit must end after it starts.')).toBeInTheDocument();
    expect(api.visit_exceptions_resolve_create).not.toHaveBeenCalled();
  });

  it('filters by code, and lists the resolved ones with who resolved them, when and how', async () => {
    const user = userEvent.setup();
    const { api } = setUp();
    await screen.findByRole('table', { name: 'Open exceptions' });
    // a clock at the home's exact coordinates or with an impossible accuracy has its own codes
    expect(
      within(screen.getByLabelText('Exception')).getByRole('option', { name: 'Clock-in position not plausible' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Exception')).getByRole('option', { name: 'Clock-out position not plausible' }),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Exception'), 'Late clock-in');
    await waitForLastCall(api.visit_exceptions_list, {
      resolved: false,
      code: 'LATE_CLOCK_IN',
      limit: 20,
      offset: 0,
    });

    await user.click(screen.getByRole('button', { name: 'Resolved' }));
    await waitForLastCall(api.visit_exceptions_list, {
      resolved: true,
      code: 'LATE_CLOCK_IN',
      limit: 20,
      offset: 0,
    });
    const table = await screen.findByRole('table', { name: 'Resolved exceptions' });
    const row = (await within(table).findByText('Late clock-in')).closest('tr')!;
    expect(row).toHaveTextContent('ApprovedBus was late; the client confirmed.');
    expect(row).toHaveTextContent('Grace Hopper, Monday, Mar 2, 2026 10:00');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('Clocked 09:25–11:00 · Worked 1 h 35 min');
    expect(within(table).queryByText('Clock-in away from the home')).not.toBeInTheDocument();
  });

  it('the resolved view shows the clocks as recorded beside the corrected times, their reason and the minutes worked', async () => {
    const user = userEvent.setup();
    const { container } = setUp();
    await screen.findByRole('table', { name: 'Open exceptions' });
    await user.click(screen.getByRole('button', { name: 'Resolved' }));
    const table = await screen.findByRole('table', { name: 'Resolved exceptions' });
    const row = (await within(table).findByText('Clock-in away from the home')).closest('tr')!;
    expect(row).toHaveTextContent(
      'Clocked 09:25–11:00 · Corrected to 09:00–10:45 (Times confirmed with the client) · Worked 1 h 45 min',
    );
    expect(row).toHaveTextContent('CorrectedThe client says the nurse came at nine.');
    expect(row).toHaveTextContent('Grace Hopper, Monday, Mar 2, 2026 11:00');
    const approvedRow = within(table).getByText('Late clock-in').closest('tr')!;
    expect(approvedRow).not.toHaveTextContent('Corrected to');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('downloads the EVV export of a period as CSV', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn((_: Blob) => 'blob:evv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('evv-visits-2026-02-01-to-2026-02-28.csv');
    });
    const { api } = setUp();
    const panel = await screen.findByRole('region', { name: 'EVV export' });
    // last week by default
    expect(within(panel).getByLabelText('From')).toHaveValue('2026-02-22');
    expect(within(panel).getByLabelText('To')).toHaveValue('2026-02-28');
    fireEvent.change(within(panel).getByLabelText('From'), { target: { value: '2026-03-05' } });
    expect(await within(panel).findByText('The period cannot start after it ends.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    fireEvent.change(within(panel).getByLabelText('From'), { target: { value: '2026-02-01' } });
    await user.click(within(panel).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.visits_export_retrieve).toHaveBeenCalledWith({ from: '2026-02-01', to: '2026-02-28' }, null, {
      responseType: 'text',
    });
    expect(createObjectURL.mock.calls[0][0].type).toBe('text/csv;charset=utf-8');
  });

  it("shows the server's refusal of the export", async () => {
    const user = userEvent.setup();
    setUp({
      visits_export_retrieve: vi.fn().mockRejectedValue(apiFailure(400, 'Ask for at most a year of visits at once.')),
    });
    const panel = await screen.findByRole('region', { name: 'EVV export' });
    await user.click(within(panel).getByRole('button', { name: 'Download CSV' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Ask for at most a year of visits at once.');
  });
});
