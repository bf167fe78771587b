import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { seriousAxeViolations } from '../../ui/test-utils';
import { makeClient } from '../../app/testing/client-fixtures';
import { apiFailure } from '../../app/testing/api-failures';
import type { Board, BoardVisit } from '../../api/visits';
import { waitForLastCall } from '../../app/testing/wait-for-call';

/** The test router's address and its navigate (Back is `navigate(-1)`), read beside the app. */
const router = vi.hoisted(() => ({ search: '', navigate: null as null | ((delta: number) => void) }));

vi.mock('react-router-dom', async (importOriginal) => {
  const original = await importOriginal<typeof import('react-router-dom')>();
  function RouterProbe() {
    const location = original.useLocation();
    const navigate = original.useNavigate();
    router.search = location.search;
    router.navigate = (delta) => void navigate(delta);
    return null;
  }
  function MemoryRouter({ children, ...props }: import('react-router-dom').MemoryRouterProps) {
    return (
      <original.MemoryRouter {...props}>
        {children}
        <RouterProbe />
      </original.MemoryRouter>
    );
  }
  return { ...original, MemoryRouter };
});

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const admin = makeUser('ROLE_ADMIN', { first_name: 'Grace', last_name: 'Hopper' });

const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'];

function boardVisit(overrides: Partial<BoardVisit> = {}): BoardVisit {
  return {
    id: 501,
    status: 'SCHEDULED',
    starts_at: '2026-03-02T14:00:00.000Z',
    ends_at: '2026-03-02T16:00:00.000Z',
    service_date: '2026-03-02',
    service: 'Pathways',
    client: { id: 301, name: 'Rosa Diaz' },
    caregiver: { id: 201, name: 'Nina Reyes' },
    open_exceptions: 0,
    requests: 0,
    changed: false,
    ...overrides,
  };
}

const late = boardVisit({
  id: 502,
  status: 'COMPLETED',
  service_date: '2026-03-03',
  starts_at: '2026-03-03T14:00:00.000Z',
  ends_at: '2026-03-03T15:30:00.000Z',
  open_exceptions: 1,
});
const moved = boardVisit({
  id: 503,
  service_date: '2026-03-04',
  starts_at: '2026-03-04T18:00:00.000Z',
  ends_at: '2026-03-04T20:00:00.000Z',
  client: { id: 302, name: 'Walter Nguyen' },
  changed: true,
});
const open = boardVisit({
  id: 601,
  status: 'OPEN',
  caregiver: null,
  service_date: '2026-03-05',
  starts_at: '2026-03-05T15:00:00.000Z',
  ends_at: '2026-03-05T17:00:00.000Z',
  client: { id: 303, name: 'Ida Kim' },
  requests: 2,
});

function makeBoard(overrides: Partial<Board> = {}): Board {
  return {
    by: 'caregiver',
    week_start: '2026-03-01',
    days: DAYS,
    timezone: 'America/New_York',
    count: 2,
    rows: [
      { id: 201, name: 'Nina Reyes', detail: 'RN', minutes: 330, visits: [boardVisit(), late, moved] },
      { id: 202, name: 'Omar Haddad', detail: 'HHA', minutes: 0, visits: [] },
    ],
    open: [open],
    ...overrides,
  };
}

const addWeek = (week: string, days: number) =>
  new Date(Date.parse(`${week}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function setUp(overrides: Record<string, (...args: never[]) => Promise<unknown>> = {}, path = '/clients/schedule') {
  const api = Object.assign(stubApi(), {
    visits_board_retrieve: vi.fn(async (params: { week?: string; by?: 'caregiver' | 'client' }) => {
      const week = params.week ?? '2026-03-01';
      const days = Array.from({ length: 7 }, (_, index) => addWeek(week, index));
      if (params.by === 'client') {
        return makeBoard({
          by: 'client',
          rows: [{ id: 301, name: 'Rosa Diaz', detail: 'Pathways', minutes: 210, visits: [boardVisit(), late] }],
          count: 1,
        });
      }
      return week === '2026-03-01' ? makeBoard() : makeBoard({ week_start: week, days, rows: [], count: 0, open: [] });
    }),
    ...overrides,
  });
  return renderApp({ path, user: admin, api });
}

// Monday Mar 2, 2026, 09:10 in New York.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T14:10:00Z') });
});

afterAll(() => {
  vi.useRealTimers();
});

describe('Schedule board', { timeout: 30000 }, () => {
  it('shows the week by caregiver: chips with time, client and state, exceptions and changes marked, booked hours, and the open visits', async () => {
    const { api, container } = setUp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Schedule board' })).toBeInTheDocument();
    const grid = await screen.findByRole('table', { name: 'Schedule by caregiver, week of Mar 1, 2026' });
    expect(api.visits_board_retrieve).toHaveBeenCalledWith({ by: 'caregiver', limit: 25, offset: 0 });
    expect(screen.getByRole('heading', { name: 'Week of Mar 1, 2026 – Mar 7, 2026' })).toBeInTheDocument();
    expect(screen.getByText('Times are in America/New York time.')).toBeInTheDocument();

    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Caregiver',
      'SunMar 1',
      'MonMar 2',
      'TueMar 3',
      'WedMar 4',
      'ThuMar 5',
      'FriMar 6',
      'SatMar 7',
      'Booked',
    ]);
    const nina = within(grid)
      .getByRole('rowheader', { name: /Nina Reyes/ })
      .closest('tr')!;
    const cells = within(nina).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('09:00–11:00 Rosa DiazScheduled');
    expect(within(cells[1]).getByRole('link')).toHaveAttribute('href', '/clients/301/visits?week=2026-03-02');
    expect(cells[2]).toHaveTextContent('09:00–10:30 Rosa DiazCompleted · 1 exception');
    expect(cells[3]).toHaveTextContent('13:00–15:00 Walter NguyenScheduled · changed');
    expect(cells[7]).toHaveTextContent('5 h 30 min');
    expect(within(nina).getByRole('link', { name: 'Nina Reyes' })).toHaveAttribute(
      'href',
      '/employees/201/schedule?week=2026-03-01',
    );
    expect(
      within(grid)
        .getByRole('rowheader', { name: /Omar Haddad/ })
        .closest('tr'),
    ).toHaveTextContent('0 min');

    const strip = screen.getByRole('region', { name: 'Open visits this week (1)' });
    const chip = within(strip).getByRole('link');
    expect(chip).toHaveTextContent('Thu, Mar 5 · 10:00–12:00 Ida Kim · PathwaysOpen · 2 requests');
    expect(chip).toHaveAttribute('href', '/clients/303/visits?week=2026-03-05');
    expect(screen.getByText(/1 visit needs attention on this page/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the exceptions queue' })).toHaveAttribute(
      'href',
      '/clients/visit-exceptions',
    );
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('moves between weeks, shows the board by client, searches and pages', async () => {
    const user = userEvent.setup();
    const { api } = setUp({
      visits_board_retrieve: vi.fn(async (params: { week?: string; by?: string; offset?: number }) =>
        makeBoard({
          week_start: params.week ?? '2026-03-01',
          days: Array.from({ length: 7 }, (_, index) => addWeek(params.week ?? '2026-03-01', index)),
          count: 30,
        }),
      ),
    });
    await screen.findByRole('table', { name: 'Schedule by caregiver, week of Mar 1, 2026' });
    expect(screen.getByRole('button', { name: 'This week' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitForLastCall(api.visits_board_retrieve, { by: 'caregiver', week: '2026-03-08', limit: 25, offset: 0 });
    expect(await screen.findByRole('heading', { name: 'Week of Mar 8, 2026 – Mar 14, 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'This week' }));
    await waitForLastCall(api.visits_board_retrieve, { by: 'caregiver', limit: 25, offset: 0 });
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await waitForLastCall(api.visits_board_retrieve, { by: 'caregiver', week: '2026-02-22', limit: 25, offset: 0 });

    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(pager).toHaveTextContent('1–25 of 30');
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitForLastCall(api.visits_board_retrieve, { by: 'caregiver', week: '2026-02-22', limit: 25, offset: 25 });

    await user.type(screen.getByRole('searchbox', { name: 'Search caregivers' }), 'nin');
    await waitForLastCall(api.visits_board_retrieve, {
      by: 'caregiver',
      week: '2026-02-22',
      search: 'nin',
      limit: 25,
      offset: 0,
    });

    await user.click(screen.getByRole('button', { name: 'By client' }));
    await waitForLastCall(api.visits_board_retrieve, {
      by: 'client',
      week: '2026-02-22',
      search: 'nin',
      limit: 25,
      offset: 0,
    });
    expect(screen.getByRole('button', { name: 'By client' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('searchbox', { name: 'Search clients' })).toBeInTheDocument();
  });

  it('keeps the week, the rows and the search in the address: Back returns to the board as it was', async () => {
    const user = userEvent.setup();
    const { api } = setUp();
    await screen.findByRole('table', { name: 'Schedule by caregiver, week of Mar 1, 2026' });
    expect(router.search).toBe('');

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(router.search).toBe('?week=2026-03-08'));
    await user.click(screen.getByRole('button', { name: 'By client' }));
    await waitFor(() => expect(router.search).toBe('?week=2026-03-08&by=client'));
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'ros');
    await waitFor(() => expect(router.search).toBe('?week=2026-03-08&by=client&search=ros'));
    await waitForLastCall(api.visits_board_retrieve, {
      by: 'client',
      week: '2026-03-08',
      search: 'ros',
      limit: 25,
      offset: 0,
    });

    // Back: the search was typed into the same step, so Back leaves the rows by client and the search
    act(() => router.navigate!(-1));
    await waitFor(() => expect(router.search).toBe('?week=2026-03-08'));
    await waitForLastCall(api.visits_board_retrieve, { by: 'caregiver', week: '2026-03-08', limit: 25, offset: 0 });
    expect(await screen.findByRole('searchbox', { name: 'Search caregivers' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'By caregiver' })).toHaveAttribute('aria-pressed', 'true');
    act(() => router.navigate!(-1));
    await waitForLastCall(api.visits_board_retrieve, { by: 'caregiver', limit: 25, offset: 0 });
    expect(await screen.findByRole('heading', { name: 'Week of Mar 1, 2026 – Mar 7, 2026' })).toBeInTheDocument();
    // nothing typed meanwhile: the address stays as Back left it
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(router.search).toBe('');
  });

  it('a link (or a reload) with ?week=, ?by= and ?search= opens the board as it says', async () => {
    const { api } = setUp({}, '/clients/schedule?week=2026-03-08&by=client&search=ros');
    await waitFor(() =>
      expect(api.visits_board_retrieve).toHaveBeenCalledWith({
        by: 'client',
        week: '2026-03-08',
        search: 'ros',
        limit: 25,
        offset: 0,
      }),
    );
    expect(api.visits_board_retrieve).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('searchbox', { name: 'Search clients' })).toHaveValue('ros');
    expect(screen.getByRole('button', { name: 'By client' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'This week' })).toBeEnabled();
  });

  it('by client names the caregiver (or Open) on each chip', async () => {
    const user = userEvent.setup();
    setUp();
    await screen.findByRole('table', { name: 'Schedule by caregiver, week of Mar 1, 2026' });
    await user.click(screen.getByRole('button', { name: 'By client' }));
    const grid = await screen.findByRole('table', { name: 'Schedule by client, week of Mar 1, 2026' });
    expect(within(grid).getAllByRole('columnheader')[0]).toHaveTextContent('Client');
    const rosa = within(grid)
      .getByRole('rowheader', { name: /Rosa Diaz/ })
      .closest('tr')!;
    expect(within(rosa).getAllByRole('cell')[1]).toHaveTextContent('09:00–11:00 Nina ReyesScheduled');
    expect(within(rosa).getByRole('link', { name: 'Rosa Diaz' })).toHaveAttribute(
      'href',
      '/clients/301/visits?week=2026-03-01',
    );
  });

  it("shows the server's refusal, an empty search, and opens Book a visit with client, service and caregiver", async () => {
    const user = userEvent.setup();
    const board = vi
      .fn()
      .mockRejectedValueOnce(apiFailure(403, 'You do not have permission to perform this action.'))
      .mockResolvedValue(makeBoard({ rows: [], count: 0, open: [] }));
    const { api } = setUp({ visits_board_retrieve: board });
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to perform this action.');

    await user.type(screen.getByRole('searchbox', { name: 'Search caregivers' }), 'zz');
    expect(await screen.findByText('No caregivers match “zz”')).toBeInTheDocument();
    expect(screen.getByText('Every visit of the week has a caregiver.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Book a visit' }));
    const form = await screen.findByRole('form', { name: 'Book a visit' });
    expect(within(form).getByLabelText('Client')).toBeInTheDocument();
    expect(within(form).getByLabelText('Service')).toBeInTheDocument();
    expect(within(form).getByLabelText('Caregiver')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.employees_list).toHaveBeenCalledWith({
        status: 'READY',
        ordering: 'last_name',
        limit: 1000,
        offset: 0,
      }),
    );
    expect(api.clients_list).toHaveBeenCalledWith({ ordering: 'last_name', limit: 1000, offset: 0 });
    await user.click(screen.getByRole('button', { name: 'Close the booking form' }));
    expect(screen.queryByRole('form', { name: 'Book a visit' })).not.toBeInTheDocument();
  });

  it("a chip leads to the client's Visits tab at that visit's week", async () => {
    const user = userEvent.setup();
    const { api } = setUp({
      clients_retrieve: vi.fn(async () => makeClient({ id: 302, first_name: 'Walter', last_name: 'Nguyen' })),
    });
    const grid = await screen.findByRole('table', { name: 'Schedule by caregiver, week of Mar 1, 2026' });
    const nina = within(grid)
      .getByRole('rowheader', { name: /Nina Reyes/ })
      .closest('tr')!;
    await user.click(within(within(nina).getAllByRole('cell')[3]).getByRole('link'));
    expect(await screen.findByRole('heading', { name: 'Week of Mar 1, 2026 – Mar 7, 2026' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.visits_list).toHaveBeenCalledWith({
        client_id: 302,
        from: '2026-03-01',
        to: '2026-03-07',
        ordering: 'starts_at',
        limit: 1000,
      }),
    );
  });

  it('the open strip leads to a later week on the client tab', async () => {
    const user = userEvent.setup();
    const later = { ...open, service_date: '2026-03-12' };
    const { api } = setUp({
      clients_retrieve: vi.fn(async () => makeClient({ id: 303 })),
      visits_board_retrieve: vi.fn(async () => makeBoard({ open: [later] })),
    });
    const strip = await screen.findByRole('region', { name: 'Open visits this week (1)' });
    await user.click(within(strip).getByRole('link'));
    expect(await screen.findByRole('heading', { name: 'Week of Mar 8, 2026 – Mar 14, 2026' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.visits_list).toHaveBeenCalledWith({
        client_id: 303,
        from: '2026-03-08',
        to: '2026-03-14',
        ordering: 'starts_at',
        limit: 1000,
      }),
    );
  });
});
