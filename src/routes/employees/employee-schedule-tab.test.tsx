import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { seriousAxeViolations } from '../../ui/test-utils';
import { makeClient, makeService, page, summaryOf } from '../../app/testing/client-fixtures';
import { apiFailure } from '../../app/testing/api-failures';
import { makeClock, makeVisit } from '../../app/testing/visit-fixtures';
import type { Employee } from '../../api/hiring';
import { makeEmployee } from '../../app/testing/employee-fixtures';

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const admin = makeUser('ROLE_ADMIN', { first_name: 'Grace', last_name: 'Hopper' });
const nina = makeEmployee({ id: 201, first_name: 'Nina', last_name: 'Reyes', position: 'RN' });
const rosa = makeClient({
  services: [
    makeService({ id: 11, service: 'Pathways' }),
    makeService({ id: 13, service: 'PhysicalTherapist' }),
    makeService({ id: 14, service: 'SkilledNurses' }),
    makeService({ id: 15, service: 'Wellness', status: 'ENDED' }),
  ],
});
const walter = makeClient({ id: 302, first_name: 'Walter', last_name: 'Nguyen', services: [] });
const visit = makeVisit({ id: 501 });
// Sunday: clocked, the clock-out forgotten; the office recorded the end (the clock-in as recorded stays).
const corrected = makeVisit({
  id: 502,
  status: 'VERIFIED',
  service_date: '2026-03-01',
  starts_at: '2026-03-01T14:00:00.000Z',
  ends_at: '2026-03-01T16:00:00.000Z',
  clock_in: makeClock({ at: '2026-03-01T14:02:00.000Z' }),
  corrected_start_at: '2026-03-01T14:02:00.000Z',
  corrected_end_at: '2026-03-01T16:00:00.000Z',
  correction_reason: 'FORGOT_TO_CLOCK',
  minutes: 118,
});

function setUp(employee: Employee = nina, overrides: Record<string, (...args: never[]) => Promise<unknown>> = {}) {
  const api = Object.assign(stubApi(), {
    employees_retrieve: vi.fn(async () => employee),
    clients_list: vi.fn(async () =>
      page([
        summaryOf(rosa),
        summaryOf(walter),
        summaryOf(makeClient({ id: 303, first_name: 'Old', last_name: 'Client', status: 'DISCHARGED' })),
      ]),
    ),
    clients_retrieve: vi.fn(async ({ id }: { id: number }) => (id === 301 ? rosa : walter)),
    visits_list: vi.fn(async () => page([corrected, visit])),
    visits_create: vi.fn(),
    ...overrides,
  });
  const view = renderApp({ path: `/employees/${employee.id}/schedule`, user: admin, api });
  return { ...view, api };
}

// Monday Mar 2, 2026, 09:10 in New York; one fake Date for the file (the date mask keeps the Date it was loaded with).
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T14:10:00Z') });
});

afterAll(() => {
  vi.useRealTimers();
});

describe("Employee's schedule", { timeout: 30000 }, () => {
  it("lists the employee's week and books a visit for them: client first, then the services their position may provide", async () => {
    const user = userEvent.setup();
    const { api, container } = setUp(nina, {
      visits_create: vi
        .fn()
        .mockRejectedValueOnce(apiFailure(409, 'Nina Reyes is booked 09:00–11:00 with R. Diaz.'))
        .mockResolvedValueOnce(makeVisit({ id: 530, service: 'SkilledNurses', service_id: 14 })),
    });
    const table = await screen.findByRole('table', { name: 'Visits of Nina Reyes' });
    // The table shows (empty) before its first load is asked for.
    await waitFor(() =>
      expect(api.visits_list).toHaveBeenCalledWith({
        caregiver_id: 201,
        from: '2026-03-01',
        to: '2026-03-07',
        ordering: 'starts_at',
        limit: 1000,
      }),
    );
    const row = (await within(table).findByText('Monday, Mar 2, 2026')).closest('tr')!;
    expect(row).toHaveTextContent('Rosa Diaz');
    expect(row).toHaveTextContent('Pathways');
    const sunday = within(table).getByText('Sunday, Mar 1, 2026').closest('tr')!;
    expect(
      within(sunday).getByText(
        'Clocked in 09:02, no clock-out · Corrected to 09:02–11:00 (Caregiver forgot to clock) · Worked 1 h 58 min',
      ),
    ).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);

    const form = screen.getByRole('form', { name: 'Book a visit' });
    expect(within(form).queryByLabelText('Caregiver')).not.toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Rosa Diaz' })).toBeInTheDocument());
    expect(within(form).queryByRole('option', { name: 'Old Client' })).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Client'), 'Rosa Diaz');
    await waitFor(() => expect(api.clients_retrieve).toHaveBeenCalledWith({ id: 301 }));
    await waitFor(() =>
      expect(within(form).getByRole('option', { name: 'RN Skilled Nurses Services' })).toBeInTheDocument(),
    );
    const services = within(within(form).getByLabelText('Service'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(services).toEqual(['Choose a service', 'Pathways', 'RN Skilled Nurses Services']);

    await user.selectOptions(within(form).getByLabelText('Service'), 'RN Skilled Nurses Services');
    await user.type(within(form).getByRole('textbox', { name: 'Date' }), '04032026');
    await user.type(within(form).getByLabelText('Starts'), '09:00');
    await user.type(within(form).getByLabelText('Ends'), '11:00');
    const button = within(form).getByRole('button', { name: 'Book the visit' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() =>
      expect(api.visits_create).toHaveBeenCalledWith(null, {
        client_id: 301,
        service_id: 14,
        caregiver_id: 201,
        service_date: '2026-03-04',
        start_time: '09:00',
        end_time: '11:00',
      }),
    );
    expect(await within(form).findByRole('alert')).toHaveTextContent('Nina Reyes is booked 09:00–11:00 with R. Diaz.');
    await user.click(button);
    expect(
      await within(form).findByText('Booked Monday, Mar 2, 2026, 09:00–11:00 with Nina Reyes.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.visits_list).toHaveBeenCalledTimes(2));
  });

  it('a NEW employee has no schedule yet', async () => {
    const { api } = setUp(
      makeEmployee({ id: 203, first_name: 'Ned', last_name: 'Park', status: 'NEW', ready_at: null }),
    );
    expect(
      await screen.findByText('Ned Park can be scheduled once their onboarding is finished (READY).'),
    ).toBeInTheDocument();
    expect(api.visits_list).not.toHaveBeenCalled();
  });
});
