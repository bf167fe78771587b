import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { seriousAxeViolations } from '../../ui/test-utils';
import { apiFailure } from '../../app/testing/api-failures';
import {
  makeClock,
  makeOfferedVisit,
  makeLongPayrollDay,
  makePayrollPeriod,
  makeVisit,
} from '../../app/testing/visit-fixtures';
import type { Visit } from '../../api/visits';
import { page } from '../../app/testing/client-fixtures';
import { waitForLastCall } from '../../app/testing/wait-for-call';

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const nurse = makeUser('ROLE_EMPLOYEE', { id: 201, first_name: 'Nina', last_name: 'Reyes' });

// Monday Mar 2, 2026, 09:10 in New York (the organization's zone); the browser's zone plays no part.
const NOW = new Date('2026-03-02T14:10:00Z');

const morning = makeVisit({ id: 501 });
const afternoon = makeVisit({
  id: 502,
  client: { id: 302, first_name: 'Walter', last_name: 'Nguyen' },
  address: '4 Oak Avenue, Springfield, IL',
  starts_at: '2026-03-02T18:00:00.000Z',
  ends_at: '2026-03-02T20:00:00.000Z',
});
const wednesday = makeVisit({
  id: 503,
  service_date: '2026-03-04',
  starts_at: '2026-03-04T14:00:00.000Z',
  ends_at: '2026-03-04T15:30:00.000Z',
});
const sunday = makeVisit({
  id: 504,
  status: 'COMPLETED',
  service_date: '2026-03-01',
  starts_at: '2026-03-01T14:00:00.000Z',
  ends_at: '2026-03-01T15:30:00.000Z',
  clock_in: makeClock({ at: '2026-03-01T14:00:00.000Z' }),
  clock_out: makeClock({ at: '2026-03-01T15:30:00.000Z' }),
  minutes: 90,
});
const lastFriday = makeVisit({
  id: 505,
  status: 'VERIFIED',
  service_date: '2026-02-27',
  starts_at: '2026-02-27T14:00:00.000Z',
  ends_at: '2026-02-27T16:00:00.000Z',
  clock_in: makeClock({ at: '2026-02-27T14:00:00.000Z' }),
  clock_out: makeClock({ at: '2026-02-27T16:05:00.000Z' }),
  // the office corrected the clocks (kept as recorded) to the window the client confirmed
  corrected_start_at: '2026-02-27T14:00:00.000Z',
  corrected_end_at: '2026-02-27T16:00:00.000Z',
  correction_reason: 'CLIENT_CONFIRMED',
  minutes: 120,
});
// an open visit not yet hers: the server sends the client's initials and the town, no address, notes or position
const open = makeOfferedVisit({
  id: 601,
  service_date: '2026-03-05',
  starts_at: '2026-03-05T15:00:00.000Z',
  ends_at: '2026-03-05T17:00:00.000Z',
});

// Pay periods (verified visits only): this week's long days run into overtime; last week's one visit.
const thisWeekPay = makePayrollPeriod({
  week_start: '2026-03-01',
  visits: [
    makeLongPayrollDay(701, '2026-03-01'),
    makeLongPayrollDay(702, '2026-03-01'),
    makeLongPayrollDay(703, '2026-03-02'),
    makeLongPayrollDay(704, '2026-03-02'),
  ],
});
const lastWeekPay = makePayrollPeriod();

type GetCurrentPosition = (
  success: PositionCallback,
  failure?: PositionErrorCallback | null,
  options?: PositionOptions,
) => void;

function mockGeolocation(getCurrentPosition: GetCurrentPosition) {
  const geolocation = { getCurrentPosition: vi.fn(getCurrentPosition), watchPosition: vi.fn(), clearWatch: vi.fn() };
  Object.defineProperty(window.navigator, 'geolocation', { value: geolocation, configurable: true });
  return geolocation;
}

const granted: GetCurrentPosition = (success) =>
  success({
    coords: { latitude: 39.78171, longitude: -89.65012, accuracy: 9 } as GeolocationCoordinates,
    timestamp: NOW.getTime(),
  } as GeolocationPosition);
const denied: GetCurrentPosition = (_success, failure) =>
  failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);

function setUp(overrides: Record<string, (...args: never[]) => Promise<unknown>> = {}) {
  const api = Object.assign(stubApi(), {
    visits_list: vi.fn(async (params: { status?: string }) => {
      const results = params.status === 'OPEN' ? [open] : [lastFriday, sunday, morning, afternoon, wednesday];
      return page(results);
    }),
    visits_clock_in_create: vi.fn(),
    visits_clock_out_create: vi.fn(),
    visits_callout_create: vi.fn(),
    visits_request_create: vi.fn(),
    payroll_periods_list: vi.fn(async () => page([thisWeekPay, lastWeekPay])),
    payroll_periods_export_retrieve: vi.fn(async () => 'Employee,Week start\r\n'),
    ...overrides,
  });
  return renderApp({ path: '/work-schedule', user: nurse, api });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(window.navigator, 'geolocation');
});

describe('Work schedule', { timeout: 30000 }, () => {
  it("shows today's visits first, then upcoming, open visits, my hours and the past two weeks, in the organization's zone", async () => {
    const { api, container } = setUp();
    expect(await screen.findByRole('heading', { level: 2, name: 'Today, Monday, Mar 2, 2026' })).toBeInTheDocument();
    expect(api.visits_list).toHaveBeenCalledWith({
      from: '2026-02-16',
      to: '2026-03-30',
      ordering: 'starts_at',
      limit: 1000,
    });
    expect(api.visits_list).toHaveBeenCalledWith({
      status: 'OPEN',
      from: '2026-03-02',
      to: '2026-03-30',
      ordering: 'starts_at',
      limit: 100,
    });

    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Today, Monday, Mar 2, 2026', 'Upcoming', 'Open visits', 'My hours', 'Past two weeks']);

    const today = screen.getByRole('region', { name: 'Today, Monday, Mar 2, 2026' });
    const first = within(today).getByRole('article', { name: '09:00–11:00 · Rosa Diaz' });
    expect(first).toHaveTextContent('Pathways');
    expect(first).toHaveTextContent('Scheduled');
    // the way there by the address: the home's position never reaches a caregiver's phone
    expect(within(first).getByRole('link', { name: 'Open in maps' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=12%20Elm%20Street%2C%20Springfield%2C%20IL%2062701',
    );
    expect(within(first).getByRole('button', { name: 'Clock in' })).toBeInTheDocument();
    // already started: it cannot be given up any more
    expect(within(first).queryByRole('button', { name: "I can't make it" })).not.toBeInTheDocument();

    const second = within(today).getByRole('article', { name: '13:00–15:00 · Walter Nguyen' });
    expect(within(second).getByRole('link', { name: 'Open in maps' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=4%20Oak%20Avenue%2C%20Springfield%2C%20IL',
    );
    expect(within(second).getByRole('button', { name: "I can't make it" })).toBeInTheDocument();

    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    const later = within(upcoming).getByRole('article', { name: 'Wednesday, Mar 4, 2026, 09:00–10:30 · Rosa Diaz' });
    expect(within(later).queryByRole('button', { name: 'Clock in' })).not.toBeInTheDocument();
    expect(within(later).getByRole('button', { name: "I can't make it" })).toBeInTheDocument();

    const past = screen.getByRole('region', { name: 'Past two weeks' });
    const pastCards = within(past).getAllByRole('article');
    expect(
      pastCards.map((card) => card.getAttribute('aria-labelledby') && card.querySelector('h3')?.textContent),
    ).toEqual(['Sunday, Mar 1, 2026, 09:00–10:30 · Rosa Diaz', 'Friday, Feb 27, 2026, 09:00–11:00 · Rosa Diaz']);
    expect(
      within(pastCards[0]).getByText('Clocked 09:00–10:30 · Worked 1 h 30 min · the office reviews it'),
    ).toBeInTheDocument();
    expect(pastCards[1]).toHaveTextContent('Verified');
    expect(
      within(pastCards[1]).getByText(
        'Clocked 09:00–11:05 · Corrected to 09:00–11:00 (Times confirmed with the client) · Worked 2 h',
      ),
    ).toBeInTheDocument();

    const hours = screen.getByRole('region', { name: 'My hours' });
    await waitFor(() =>
      expect(api.payroll_periods_list).toHaveBeenCalledWith({ from: '2026-02-22', to: '2026-03-02' }),
    );
    await waitFor(() => expect(hours).toHaveTextContent('This week44 h (4 visits) Overtime 4 h'));
    expect(hours).toHaveTextContent('Last week2 h 5 min (1 visit)');
    expect(within(hours).getAllByText(/Overtime/)).toHaveLength(1);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('clocks in and out with the position taken once each time (never watched)', async () => {
    const user = userEvent.setup();
    const geolocation = mockGeolocation(granted);
    const inProgress = {
      ...morning,
      status: 'IN_PROGRESS' as const,
      clock_in: makeClock({ at: '2026-03-02T14:12:00.000Z' }),
    };
    const verified: Visit = {
      ...inProgress,
      status: 'VERIFIED',
      clock_out: makeClock({ at: '2026-03-02T16:00:00.000Z' }),
      minutes: 108,
    };
    const { api } = setUp({
      visits_clock_in_create: vi.fn(async () => inProgress),
      visits_clock_out_create: vi.fn(async () => verified),
    });

    await user.click(
      within(await screen.findByRole('article', { name: '09:00–11:00 · Rosa Diaz' })).getByRole('button', {
        name: 'Clock in',
      }),
    );
    await waitFor(() =>
      expect(api.visits_clock_in_create).toHaveBeenCalledWith(
        { id: 501 },
        { latitude: 39.78171, longitude: -89.65012, accuracy: 9 },
      ),
    );
    expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(geolocation.getCurrentPosition.mock.calls[0][2]).toEqual({
      enableHighAccuracy: true,
      timeout: 15000,
      maximumAge: 0,
    });
    const card = screen.getByRole('article', { name: '09:00–11:00 · Rosa Diaz' });
    expect(await within(card).findByText('In progress since 09:12')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Clock in' })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Clock out' }));
    await waitFor(() =>
      expect(api.visits_clock_out_create).toHaveBeenCalledWith(
        { id: 501 },
        { latitude: 39.78171, longitude: -89.65012, accuracy: 9 },
      ),
    );
    expect(await within(card).findByText('Clocked 09:12–11:00 · Worked 1 h 48 min')).toBeInTheDocument();
    expect(card).toHaveTextContent('Verified');
    expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(2);
    expect(geolocation.watchPosition).not.toHaveBeenCalled();
  });

  it("away from the home: shows the server's distance and resends the position with Community and a reason", async () => {
    const user = userEvent.setup();
    mockGeolocation(granted);
    const far = "You are 1.2 km from the client's home. Choose where you are and say why.";
    const clockIn = vi
      .fn()
      .mockRejectedValueOnce(
        apiFailure(400, far, {
          fields: { location_type: [far], reason: ['Say why the position does not place you at the home.'] },
        }),
      )
      .mockResolvedValueOnce({
        ...morning,
        status: 'IN_PROGRESS',
        clock_in: makeClock({ at: '2026-03-02T14:11:00.000Z', location: 'COMMUNITY', reason: 'Met her at the clinic' }),
      });
    const { api } = setUp({ visits_clock_in_create: clockIn });

    await user.click(
      within(await screen.findByRole('article', { name: '09:00–11:00 · Rosa Diaz' })).getByRole('button', {
        name: 'Clock in',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Clock in: where are you?' });
    expect(within(dialog).getByText(far)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Where are you?'), 'Community');
    await user.type(within(dialog).getByLabelText('Why?'), 'Met her at the clinic');
    await user.click(within(dialog).getByRole('button', { name: 'Clock in' }));
    await waitForLastCall(
      api.visits_clock_in_create,
      { id: 501 },
      {
        latitude: 39.78171,
        longitude: -89.65012,
        accuracy: 9,
        location_type: 'COMMUNITY',
        reason: 'Met her at the clinic',
      },
    );
    expect(await screen.findByText('In progress since 09:11')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with the position declined: asks Home or Community and a reason, and sends no position', async () => {
    const user = userEvent.setup();
    mockGeolocation(denied);
    const { api } = setUp({
      visits_clock_in_create: vi.fn(async () => ({
        ...morning,
        status: 'IN_PROGRESS',
        clock_in: makeClock({ at: '2026-03-02T14:10:00.000Z', location: 'HOME', latitude: null, longitude: null }),
      })),
    });
    await user.click(
      within(await screen.findByRole('article', { name: '09:00–11:00 · Rosa Diaz' })).getByRole('button', {
        name: 'Clock in',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Clock in: where are you?' });
    expect(
      within(dialog).getByText('Your position was not shared. Choose where you are and say why.'),
    ).toBeInTheDocument();
    expect(api.visits_clock_in_create).not.toHaveBeenCalled();

    // the reason is required
    await user.selectOptions(within(dialog).getByLabelText('Where are you?'), 'Home');
    await user.click(within(dialog).getByLabelText('Why?'));
    await user.tab();
    expect(
      await within(dialog).findByText('Say why your position does not place you at the home.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Clock in' })).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Why?'), 'Location is off on my phone');
    await user.click(within(dialog).getByRole('button', { name: 'Clock in' }));
    await waitFor(() =>
      expect(api.visits_clock_in_create).toHaveBeenCalledWith(
        { id: 501 },
        { location_type: 'HOME', reason: 'Location is off on my phone' },
      ),
    );
    expect(await screen.findByText('In progress since 09:10')).toBeInTheDocument();
  });

  it("shows the server's refusal of a clock (too early) on the card", async () => {
    const user = userEvent.setup();
    mockGeolocation(granted);
    const early = 'This visit starts Mar 2, 2026 at 13:00: you can clock in from an hour before.';
    setUp({ visits_clock_in_create: vi.fn(async () => Promise.reject(apiFailure(409, early))) });
    const card = await screen.findByRole('article', { name: '13:00–15:00 · Walter Nguyen' });
    await user.click(within(card).getByRole('button', { name: 'Clock in' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(early);
  });

  it('"I can\'t make it" asks for a reason, tells the office and takes the visit off the list', async () => {
    const user = userEvent.setup();
    const { api } = setUp({
      visits_callout_create: vi.fn(async () => ({ ...afternoon, status: 'OPEN', caregiver: null })),
    });
    const card = await screen.findByRole('article', { name: '13:00–15:00 · Walter Nguyen' });
    await user.click(within(card).getByRole('button', { name: "I can't make it" }));
    const dialog = screen.getByRole('dialog', { name: "I can't make it" });
    expect(within(dialog).getByRole('button', { name: 'Tell the office' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), 'My car broke down');
    await user.click(within(dialog).getByRole('button', { name: 'Tell the office' }));
    await waitFor(() =>
      expect(api.visits_callout_create).toHaveBeenCalledWith({ id: 502 }, { reason: 'My car broke down' }),
    );
    expect(
      await screen.findByText(
        'The office was told that you cannot make it on Monday, Mar 2, 2026, 13:00–15:00. The visit is open for another caregiver.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: '13:00–15:00 · Walter Nguyen' })).not.toBeInTheDocument();
  });

  it('asks for an open visit; then it says the office will confirm', async () => {
    const user = userEvent.setup();
    const { api } = setUp({
      visits_request_create: vi.fn(async () => ({ ...open, requested_by: [{ id: 201, name: 'Nina Reyes' }] })),
    });
    const openSection = await screen.findByRole('region', { name: 'Open visits' });
    const card = await within(openSection).findByRole('article', {
      name: 'Thursday, Mar 5, 2026, 10:00–12:00 · I. K.',
    });
    expect(card).toHaveTextContent('In Springfield');
    expect(within(card).queryByRole('link', { name: 'Open in maps' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Ask for this visit' }));
    await waitFor(() => expect(api.visits_request_create).toHaveBeenCalledWith({ id: 601 }));
    expect(await within(card).findByText('Asked — the office will confirm')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Ask for this visit' })).not.toBeInTheDocument();
  });

  it('downloads my hours as CSV, and shows a refusal of the pay periods', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn((_: Blob) => 'blob:hours');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('my-hours-2026-02-22-to-2026-03-02.csv');
    });
    const { api } = setUp({
      payroll_periods_list: vi.fn(async () => {
        throw apiFailure(404, 'Not found.');
      }),
    });
    const hours = await screen.findByRole('region', { name: 'My hours' });
    expect(await within(hours).findByRole('alert')).toHaveTextContent('Not found.');
    await user.click(within(hours).getByRole('button', { name: 'Download my hours (CSV)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.payroll_periods_export_retrieve).toHaveBeenCalledWith({ from: '2026-02-22', to: '2026-03-02' }, null, {
      responseType: 'text',
    });
    expect(createObjectURL.mock.calls[0][0].type).toBe('text/csv;charset=utf-8');
  });
});
