import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { seriousAxeViolations } from '../../ui/test-utils';
import { makeEmployee } from '../../app/testing/employee-fixtures';
import { apiFailure, invalidInput } from '../../app/testing/api-failures';
import { makeClock, makePatternResult, makeVisit } from '../../app/testing/visit-fixtures';
import type { Visit } from '../../api/visits';
import { makeClient, makeService, page } from '../../app/testing/client-fixtures';
import { waitForLastCall } from '../../app/testing/wait-for-call';

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const admin = makeUser('ROLE_ADMIN', { first_name: 'Grace', last_name: 'Hopper' });
const client = makeClient({
  services: [makeService({ id: 11, service: 'Pathways' }), makeService({ id: 12, service: 'Bds', status: 'ON_HOLD' })],
});
const nina = makeEmployee({ id: 201, first_name: 'Nina', last_name: 'Reyes', position: 'RN' });
const omar = makeEmployee({ id: 202, first_name: 'Omar', last_name: 'Haddad', position: 'HHA' });
const pat = makeEmployee({ id: 204, first_name: 'Pat', last_name: 'Lee', position: 'PT' });

const scheduled = makeVisit({ id: 501 });
const open = makeVisit({
  id: 502,
  status: 'OPEN',
  caregiver: null,
  service_date: '2026-03-04',
  starts_at: '2026-03-04T14:00:00.000Z',
  ends_at: '2026-03-04T16:00:00.000Z',
  requested_by: [
    { id: 201, name: 'Nina Reyes' },
    { id: 202, name: 'Omar Haddad' },
  ],
});

// Sunday: clocked in late, corrected by the office (the clocks as recorded stay beside the corrected times).
const corrected = makeVisit({
  id: 503,
  status: 'VERIFIED',
  service_date: '2026-03-01',
  starts_at: '2026-03-01T14:00:00.000Z',
  ends_at: '2026-03-01T16:00:00.000Z',
  clock_in: makeClock({ at: '2026-03-01T14:20:00.000Z' }),
  clock_out: makeClock({ at: '2026-03-01T16:00:00.000Z' }),
  corrected_start_at: '2026-03-01T14:00:00.000Z',
  corrected_end_at: '2026-03-01T16:00:00.000Z',
  correction_reason: 'DEVICE_PROBLEM',
  minutes: 120,
});

function setUp(overrides: Record<string, (...args: never[]) => Promise<unknown>> = {}) {
  const api = Object.assign(stubApi(), {
    clients_retrieve: vi.fn(async () => client),
    employees_list: vi.fn(async () => page([nina, omar, pat])),
    visits_list: vi.fn(async (params: { from: string }) =>
      page(params.from === '2026-03-01' ? [corrected, scheduled, open] : []),
    ),
    visits_create: vi.fn(),
    visits_recurrences_create: vi.fn(),
    visits_partial_update: vi.fn(async (_: unknown, body: { caregiver_id: number }) => ({
      ...open,
      status: 'SCHEDULED',
      caregiver: { id: body.caregiver_id, name: 'Omar Haddad' },
      requested_by: [],
    })),
    visits_cancel_create: vi.fn(async () => ({ ...scheduled, status: 'CANCELLED', cancel_reason: 'CLIENT_HOSPITAL' })),
    ...overrides,
  });
  return renderApp({ path: '/clients/301/visits', user: admin, api });
}

async function fillVisit(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, caregiver = 'Nina Reyes (RN)') {
  await user.selectOptions(within(form).getByLabelText('Caregiver'), caregiver);
  await user.type(within(form).getByRole('textbox', { name: /Date|From/ }), '02032026');
  await user.type(within(form).getByLabelText('Starts'), '09:00');
  await user.type(within(form).getByLabelText('Ends'), '11:00');
}

/** Formik validates after each keystroke: the button enables once the last one is checked. */
async function book(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, name: string) {
  const button = within(form).getByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
}

// Monday Mar 2, 2026, 09:10 in New York. One fake Date for the whole file: the date mask, loaded with the
// page, keeps the Date it was loaded with.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T14:10:00Z') });
});

afterAll(() => {
  vi.useRealTimers();
});

describe("Client's visits", { timeout: 30000 }, () => {
  it('lists the week, moves between weeks, assigns an asker to an open visit and cancels with a reason', async () => {
    const user = userEvent.setup();
    const { api, container } = setUp();
    expect(await screen.findByRole('heading', { name: 'Week of Mar 1, 2026 – Mar 7, 2026' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Visits of Rosa Diaz' });
    // The table shows (empty) before its first load is asked for.
    await waitFor(() =>
      expect(api.visits_list).toHaveBeenCalledWith({
        client_id: 301,
        from: '2026-03-01',
        to: '2026-03-07',
        ordering: 'starts_at',
        limit: 1000,
      }),
    );
    const rowOf = (day: string) => within(table).getByText(day).closest('tr')!;
    expect(await within(table).findByText('Monday, Mar 2, 2026')).toBeInTheDocument();
    expect(rowOf('Monday, Mar 2, 2026')).toHaveTextContent('09:00–11:00');
    expect(rowOf('Monday, Mar 2, 2026')).toHaveTextContent('Nina Reyes');
    expect(rowOf('Wednesday, Mar 4, 2026')).toHaveTextContent('OpenAsked by Nina Reyes, Omar Haddad');
    // the worked times: the clocks as recorded, the correction with its reason, the minutes
    expect(
      within(rowOf('Sunday, Mar 1, 2026')).getByText(
        'Clocked 09:20–11:00 · Corrected to 09:00–11:00 (Phone or network problem) · Worked 2 h',
      ),
    ).toBeInTheDocument();
    expect(rowOf('Monday, Mar 2, 2026')).not.toHaveTextContent('Clocked');
    expect(await seriousAxeViolations(container)).toEqual([]);

    await user.click(within(rowOf('Wednesday, Mar 4, 2026')).getByRole('button', { name: 'Assign Omar Haddad' }));
    await waitFor(() => expect(api.visits_partial_update).toHaveBeenCalledWith({ id: 502 }, { caregiver_id: 202 }));
    expect(
      await screen.findByText('Omar Haddad now has the visit of Wednesday, Mar 4, 2026, 09:00–11:00.'),
    ).toBeInTheDocument();
    expect(within(rowOf('Wednesday, Mar 4, 2026')).queryByRole('button', { name: /Assign/ })).not.toBeInTheDocument();

    await user.click(within(rowOf('Monday, Mar 2, 2026')).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the visit' });
    // no reason: the button says what is missing under the field, and nothing is sent
    const reason = within(dialog).getByLabelText('Reason');
    expect(within(dialog).getByRole('button', { name: 'Cancel the visit' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Choose why the visit is cancelled.'));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(api.visits_cancel_create).not.toHaveBeenCalled();
    await user.selectOptions(reason, 'Client in hospital');
    await waitFor(() => expect(reason).not.toHaveAccessibleDescription());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }));
    await waitFor(() =>
      expect(api.visits_cancel_create).toHaveBeenCalledWith({ id: 501 }, { reason: 'CLIENT_HOSPITAL' }),
    );
    expect(await screen.findByText('The visit of Monday, Mar 2, 2026, 09:00–11:00 was cancelled.')).toBeInTheDocument();
    expect(rowOf('Monday, Mar 2, 2026')).toHaveTextContent('CancelledClient in hospital');

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { name: 'Week of Mar 8, 2026 – Mar 14, 2026' })).toBeInTheDocument();
    await waitForLastCall(api.visits_list, {
      client_id: 301,
      from: '2026-03-08',
      to: '2026-03-14',
      ordering: 'starts_at',
      limit: 1000,
    });
    expect(await screen.findByText('No visits this week')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await waitForLastCall(api.visits_list, {
      client_id: 301,
      from: '2026-02-22',
      to: '2026-02-28',
      ordering: 'starts_at',
      limit: 1000,
    });
  });

  it("books a visit: only the client's active services and the caregivers who may provide it; a refusal shows the server's words", async () => {
    const user = userEvent.setup();
    const conflict = 'Nina Reyes is booked 09:00–11:00 with W. Nguyen.';
    const booked: Visit = makeVisit({ id: 510, caregiver: { id: 202, name: 'Omar Haddad' } });
    const { api } = setUp({
      visits_create: vi
        .fn()
        .mockRejectedValueOnce(apiFailure(409, conflict))
        .mockRejectedValueOnce(
          invalidInput({ caregiver_id: ['Omar Haddad is not READY: finish their onboarding first.'] }),
        )
        .mockResolvedValueOnce(booked),
    });
    const form = await screen.findByRole('form', { name: 'Book a visit' });
    expect(within(form).getByLabelText('Service')).toHaveValue('11');
    expect(within(form).queryByRole('option', { name: 'BDS Waiver' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Omar Haddad (HHA)' })).toBeInTheDocument());
    expect(within(form).queryByRole('option', { name: 'Pat Lee (PT)' })).not.toBeInTheDocument();
    expect(api.employees_list).toHaveBeenCalledWith({ status: 'READY', ordering: 'last_name', limit: 1000, offset: 0 });

    await fillVisit(user, form);
    await book(user, form, 'Book the visit');
    await waitFor(() =>
      expect(api.visits_create).toHaveBeenCalledWith(null, {
        client_id: 301,
        service_id: 11,
        caregiver_id: 201,
        service_date: '2026-03-02',
        start_time: '09:00',
        end_time: '11:00',
      }),
    );
    expect(await within(form).findByRole('alert')).toHaveTextContent(conflict);

    await user.selectOptions(within(form).getByLabelText('Caregiver'), 'Omar Haddad (HHA)');
    await book(user, form, 'Book the visit');
    await waitFor(() =>
      expect(within(form).getByLabelText('Caregiver')).toHaveAccessibleDescription(
        expect.stringContaining('Omar Haddad is not READY'),
      ),
    );

    // overnight: ends the next day
    await user.clear(within(form).getByLabelText('Ends'));
    await user.type(within(form).getByLabelText('Ends'), '07:00');
    await user.click(within(form).getByLabelText('Ends the next day'));
    await book(user, form, 'Book the visit');
    await waitForLastCall(api.visits_create, null, {
      client_id: 301,
      service_id: 11,
      caregiver_id: 202,
      service_date: '2026-03-02',
      start_time: '09:00',
      end_time: '07:00',
      end_date: '2026-03-03',
    });
    expect(
      await within(form).findByText('Booked Monday, Mar 2, 2026, 09:00–11:00 with Omar Haddad.'),
    ).toBeInTheDocument();
    // the week reloads with what was booked
    await waitFor(() => expect(api.visits_list).toHaveBeenCalledTimes(2));
  });

  it('checks the window before sending: the end after the start unless it ends the next day', async () => {
    const user = userEvent.setup();
    const { api } = setUp();
    const form = await screen.findByRole('form', { name: 'Book a visit' });
    await user.type(within(form).getByRole('textbox', { name: 'Date' }), '02032026');
    await user.type(within(form).getByLabelText('Starts'), '11:00');
    await user.type(within(form).getByLabelText('Ends'), '09:00');
    await user.tab();
    await waitFor(() =>
      expect(within(form).getByLabelText('Ends')).toHaveAccessibleDescription('The visit must end after it starts.'),
    );
    expect(within(form).getByRole('button', { name: 'Book the visit' })).toBeDisabled();
    expect(api.visits_create).not.toHaveBeenCalled();
  });

  it('books a weekly pattern as open visits and shows what it booked and each day it skipped, with why', async () => {
    const user = userEvent.setup();
    const result = makePatternResult({
      created: [
        makeVisit({ id: 520, status: 'OPEN', caregiver: null }),
        makeVisit({
          id: 521,
          status: 'OPEN',
          caregiver: null,
          service_date: '2026-03-09',
          starts_at: '2026-03-09T13:00:00.000Z',
          ends_at: '2026-03-09T15:00:00.000Z',
        }),
      ],
      skipped: [{ service_date: '2026-03-04', reason: 'Nina Reyes is booked 08:00–12:00 with W. Nguyen.' }],
    });
    const { api } = setUp({ visits_recurrences_create: vi.fn(async () => result) });
    const form = await screen.findByRole('form', { name: 'Book a visit' });
    await user.click(within(form).getByLabelText('Repeat weekly'));
    await user.type(within(form).getByRole('textbox', { name: 'From' }), '02032026');
    await user.type(within(form).getByLabelText('Starts'), '09:00');
    await user.type(within(form).getByLabelText('Ends'), '11:00');
    const days = within(form).getByRole('group', { name: 'Repeat on' });
    await user.click(within(days).getByLabelText('Monday'));
    await user.click(within(days).getByLabelText('Wednesday'));
    await user.type(within(form).getByRole('textbox', { name: 'Until' }), '11032026');
    await book(user, form, 'Book the visits');
    await waitFor(() =>
      expect(api.visits_recurrences_create).toHaveBeenCalledWith(null, {
        client_id: 301,
        service_id: 11,
        caregiver_id: null,
        starts_on: '2026-03-02',
        until: '2026-03-11',
        weekdays: [1, 3],
        start_time: '09:00',
        end_time: '11:00',
      }),
    );
    const summary = await screen.findByRole('heading', { name: 'Booked 2 visits, skipped 1 day' });
    const outcome = summary.parentElement!;
    expect(
      within(within(outcome).getByRole('list', { name: 'Booked' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Monday, Mar 2, 2026, 09:00–11:00', 'Monday, Mar 9, 2026, 09:00–11:00']);
    expect(within(outcome).getByRole('list', { name: 'Skipped' })).toHaveTextContent(
      'Wednesday, Mar 4, 2026: Nina Reyes is booked 08:00–12:00 with W. Nguyen.',
    );
  });
});
