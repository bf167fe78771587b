import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../api/types';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { ageText, type Grievance, type GrievanceSummary } from '../../api/grievances';
import { waitForLastCall } from '../../app/testing/wait-for-call';
import { makeGrievance as makeListedGrievance, page } from '../../app/testing/client-fixtures';

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const admin = makeUser('ROLE_ADMIN', { first_name: 'Grace', last_name: 'Hopper' });
const client = makeUser('ROLE_CLIENT', { first_name: 'Clara', last_name: 'Whitfield' });
const employee = makeUser('ROLE_EMPLOYEE', { first_name: 'Nora', last_name: 'Okafor' });

function makeSummary(overrides: Partial<GrievanceSummary> = {}): GrievanceSummary {
  return makeListedGrievance({
    id: 7,
    category: 'MISSED_VISIT',
    description: 'My Tuesday aide arrived an hour late.',
    state: 'INVESTIGATING',
    complainant_name: 'Clara Whitfield',
    complainant: { id: 40, name: 'Clara Whitfield' },
    client: { id: 301, name: 'Clara Whitfield' },
    occurred_on: '2026-03-01',
    updated_at: '2026-03-03T15:00:00Z',
    ...overrides,
  });
}

function makeGrievance(overrides: Partial<Grievance> = {}): Grievance {
  return {
    ...makeSummary(),
    people_involved: 'My Tuesday aide',
    desired_outcome: 'A call when someone is late',
    resolution: null,
    resolved_at: null,
    filed_by: { id: 40, name: 'Clara Whitfield' },
    events: [
      {
        id: 1,
        kind: 'FILED',
        from_state: null,
        to_state: 'RECEIVED',
        note: '',
        internal: false,
        by: { id: 40, name: 'Clara Whitfield' },
        at: '2026-03-02T15:00:00Z',
      },
      {
        id: 2,
        kind: 'TRANSITION',
        from_state: 'RECEIVED',
        to_state: 'INVESTIGATING',
        note: 'We are checking the visit times.',
        internal: false,
        by: { id: 1, name: 'Grace Hopper' },
        at: '2026-03-03T15:00:00Z',
      },
      {
        id: 3,
        kind: 'NOTE',
        from_state: null,
        to_state: null,
        note: 'Clock-ins show 58 minutes late.',
        internal: true,
        by: { id: 1, name: 'Grace Hopper' },
        at: '2026-03-03T16:00:00Z',
      },
    ],
    shared_with: [],
    moves: ['RESOLVED'],
    reprisal_watch: {
      until: '2026-05-31T15:00:00Z',
      changes: [
        {
          id: 9,
          at: '2026-03-04T15:00:00Z',
          entity: 'visit',
          entity_id: '55',
          action: 'UPDATE',
          fields: ['status', 'cancel_reason'],
          by: { id: 1, name: 'Grace Hopper' },
        },
      ],
    },
    ...overrides,
  };
}

/** Clara's family in the portal: June and Daniel, users of her client record too. */
const JUNE = { id: 51, name: 'June Whitfield' };
const DANIEL = { id: 52, name: 'Daniel Whitfield' };
const family = (sharedWith: number[] = []) =>
  [DANIEL, JUNE].map((member) => ({ ...member, shared: sharedWith.includes(member.id) }));
/** Clara's own concern as the server answers her: no internal note, no moves, whom it is shared with. */
const mineShared = (sharedWith: number[] = []) =>
  makeGrievance({
    events: makeGrievance().events.slice(0, 2),
    moves: [],
    reprisal_watch: null,
    shared_with: [DANIEL, JUNE].filter((member) => sharedWith.includes(member.id)),
  });

function setUp(path: string, user: User, overrides: Record<string, (...args: never[]) => Promise<unknown>> = {}) {
  const api = Object.assign(stubApi(), {
    grievances_list: vi.fn(async () =>
      page([
        makeSummary({ id: 8, category: 'ABUSE', urgent: true, state: 'RECEIVED' }),
        makeSummary({ overdue: true }),
      ]),
    ),
    grievances_retrieve: vi.fn(async () => makeGrievance()),
    grievances_create: vi.fn(async (_: null, body: Partial<Grievance>) =>
      makeGrievance({ id: 12, ...body, state: 'RECEIVED' } as Partial<Grievance>),
    ),
    grievances_transition_create: vi.fn(async (_: unknown, body: { state: 'RESOLVED'; resolution?: string }) =>
      makeGrievance({ state: body.state, resolution: body.resolution ?? null, moves: ['NOTIFIED', 'REOPENED'] }),
    ),
    grievances_notes_create: vi.fn(async () => makeGrievance()),
    grievances_shares_list: vi.fn(async () => family()),
    grievances_shares_create: vi.fn(async (_: unknown, body: { user_id: number }) => mineShared([body.user_id])),
    grievances_shares_destroy: vi.fn(async () => undefined),
    clients_list: vi.fn(async () => page([{ id: 301, first_name: 'Clara', last_name: 'Whitfield' }])),
    employees_list: vi.fn(async () => page([])),
    ...overrides,
  });
  return renderApp({ path, user, api });
}

/** A live event as the stream hands it to the tab's live events actor. */
function push(
  actor: ReturnType<typeof renderApp>['actor'],
  type: string,
  data: object,
  id = Math.floor(Math.random() * 1e6),
) {
  act(() => {
    // the session's child while signed in (what useLiveEvents listens to)
    const session = actor.system.get('session') as {
      getSnapshot: () => { children: Record<string, { send: (event: unknown) => void } | undefined> };
    };
    session.getSnapshot().children.liveEvents!.send({ type: 'stream.event', event: { id, type, data } });
  });
}

describe('grievance desk and pages', { timeout: 30000 }, () => {
  it('the desk lists open grievances first from the server, urgent and overdue ones marked, and filters by state, category and age', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/clients/grievances', admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Grievance desk' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.grievances_list).toHaveBeenCalledWith({ limit: 20, offset: 0, ordering: '-created_at', open: true }),
    );
    const table = await screen.findByRole('table', { name: 'Grievances' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Abuse, neglect or mistreatment');
    expect(within(rows[0]).getByText('Urgent')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Overdue')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: 'Missed or late visit' })).toHaveAttribute(
      'href',
      '/clients/grievances/7',
    );

    await user.selectOptions(screen.getByLabelText('Category'), 'Billing');
    await user.selectOptions(screen.getByLabelText('State'), 'Resolved');
    await user.selectOptions(screen.getByLabelText('Age'), 'Overdue (no resolution after 14 days)');
    await waitForLastCall(api.grievances_list, {
      limit: 20,
      offset: 0,
      ordering: '-created_at',
      open: true,
      category: 'BILLING',
      state: 'RESOLVED',
      overdue: true,
    });
    expect(screen.getByRole('link', { name: 'Record a grievance' })).toHaveAttribute('href', '/clients/grievances/new');
  });

  it('the desk and an open grievance load again when a grievance changes elsewhere (grievance.changed)', async () => {
    const { api, actor } = setUp('/clients/grievances', admin);
    await screen.findByRole('table', { name: 'Grievances' });
    await waitFor(() => expect(api.grievances_list).toHaveBeenCalled());
    const before = (api.grievances_list as ReturnType<typeof vi.fn>).mock.calls.length;
    push(actor, 'grievance.changed', { grievance_id: 99 });
    await waitFor(() => expect((api.grievances_list as ReturnType<typeof vi.fn>).mock.calls.length).toBe(before + 1));

    await userEvent.setup().click(screen.getAllByRole('link', { name: 'Missed or late visit' })[0]);
    await screen.findByRole('heading', { level: 1, name: 'Missed or late visit' });
    const loads = (api.grievances_retrieve as ReturnType<typeof vi.fn>).mock.calls.length;
    push(actor, 'grievance.changed', { grievance_id: 8 }); // another grievance: nothing to load
    push(actor, 'grievance.changed', { grievance_id: 7 });
    await waitFor(() =>
      expect((api.grievances_retrieve as ReturnType<typeof vi.fn>).mock.calls.length).toBe(loads + 1),
    );
  });

  it('the office sees the trail with its internal note, the reprisal watch, and resolves only with a resolution', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/clients/grievances/7', admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Missed or late visit' })).toBeInTheDocument();
    const trail = within(screen.getByRole('list', { name: 'Trail' })).getAllByRole('listitem');
    expect(trail.map((item) => item.querySelector('strong')!.textContent)).toEqual([
      'Received',
      'Investigating',
      'Internal note',
    ]);
    expect(trail[1]).toHaveTextContent('Grace Hopper · Mar 3, 2026, 10:00 AM');
    expect(within(trail[2]).getByText('Hidden from the complainant')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Reprisal watch' })).getByText(
        'Visit 55 changed: status, cancel reason',
      ),
    ).toBeInTheDocument();

    const group = screen.getByRole('group', { name: 'Move the grievance' });
    await user.click(within(group).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(
      await within(dialog).findByText('Write the resolution: what was found and what was done.'),
    ).toBeInTheDocument();
    expect(api.grievances_transition_create).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Resolution'), 'The aide now calls ahead.');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(api.grievances_transition_create).toHaveBeenCalledWith(
        { id: 7 },
        { state: 'RESOLVED', resolution: 'The aide now calls ahead.' },
      ),
    );
    expect(await screen.findByText('The grievance is now Resolved.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Move the grievance' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Complainant notified', 'Reopen']);

    await user.type(screen.getByLabelText('Note'), 'Spoke with the scheduler.');
    await user.click(screen.getByLabelText('Internal: hidden from the complainant'));
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(api.grievances_notes_create).toHaveBeenCalledWith(
        { id: 7 },
        { note: 'Spoke with the scheduler.', internal: true },
      ),
    );
  });

  it('the complainant sees the states and notes the server gives, without moves, internal checkbox or reprisal watch', async () => {
    const user = userEvent.setup();
    const mine = makeGrievance({ events: makeGrievance().events.slice(0, 2), moves: [], reprisal_watch: null });
    const { api } = setUp('/clients/welcome/concerns/7', client, { grievances_retrieve: vi.fn(async () => mine) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Missed or late visit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your home page' })).toHaveAttribute('href', '/clients/welcome');
    expect(within(screen.getByRole('list', { name: 'Trail' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('group', { name: 'Move the grievance' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Internal: hidden from the complainant')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Reprisal watch' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Note'), 'It happened again.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(api.grievances_notes_create).toHaveBeenCalledWith({ id: 7 }, { note: 'It happened again.' }),
    );
  });

  it('the complainant shares her concern with a family member she picks by name, and sees whom it is shared with', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/clients/welcome/concerns/7', client, {
      grievances_retrieve: vi.fn(async () => mineShared()),
    });
    const share = await screen.findByRole('region', { name: 'Share with family' });
    expect(within(share).getByText('No one: only you and the office.')).toBeInTheDocument();
    const form = await within(share).findByRole('form', { name: 'Share with a family member' });
    expect(
      within(form)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a family member', 'Daniel Whitfield', 'June Whitfield']);
    // nobody is picked for her
    await user.click(within(form).getByRole('button', { name: 'Share' }));
    expect(await within(form).findByText('Choose a family member', { selector: 'p' })).toBeInTheDocument();
    expect(api.grievances_shares_create).not.toHaveBeenCalled();

    await user.selectOptions(within(form).getByLabelText('Family member'), 'June Whitfield');
    await user.click(within(form).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(api.grievances_shares_create).toHaveBeenCalledWith({ id: 7 }, { user_id: JUNE.id }));
    expect(await screen.findByText('June Whitfield now sees this concern.')).toBeInTheDocument();
    const sharedWith = within(share).getByRole('list', { name: 'Shared with' });
    expect(
      within(sharedWith)
        .getAllByRole('listitem')
        .map((item) => item.firstChild!.textContent),
    ).toEqual(['June Whitfield']);
    // June is no longer offered; Daniel still is
    await waitFor(() =>
      expect(
        within(share)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a family member', 'Daniel Whitfield']),
    );
  });

  it('the complainant stops sharing with a family member; the concern is loaded again from the server', async () => {
    const user = userEvent.setup();
    const retrieve = vi.fn(async () => mineShared([JUNE.id]));
    const { api } = setUp('/clients/welcome/concerns/7', client, {
      grievances_retrieve: retrieve,
      grievances_shares_list: vi.fn(async () => family([JUNE.id])),
    });
    const share = await screen.findByRole('region', { name: 'Share with family' });
    expect(
      within(within(share).getByRole('list', { name: 'Shared with' })).getByText('June Whitfield'),
    ).toBeInTheDocument();
    retrieve.mockImplementation(async () => mineShared());
    await user.click(within(share).getByRole('button', { name: 'Stop sharing with June Whitfield' }));
    await waitFor(() => expect(api.grievances_shares_destroy).toHaveBeenCalledWith({ id: 7, user_id: JUNE.id }));
    expect(await screen.findByText('June Whitfield no longer sees this concern.')).toBeInTheDocument();
    expect(await within(share).findByText('No one: only you and the office.')).toBeInTheDocument();
    expect(retrieve).toHaveBeenCalledTimes(2);
  });

  it('a family member it is shared with reads it and may add a note, but shares nothing', async () => {
    const june = makeUser('ROLE_CLIENT', { first_name: 'June', last_name: 'Whitfield' });
    const { api } = setUp('/clients/welcome/concerns/7', june, {
      grievances_retrieve: vi.fn(async () => ({ ...mineShared(), shared_with: null })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Missed or late visit' })).toBeInTheDocument();
    expect(screen.getByLabelText('Note')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Share with family' })).not.toBeInTheDocument();
    expect(api.grievances_shares_list).not.toHaveBeenCalled();
  });

  it('the office sees whom the complainant shared her concern with, and shares nothing itself', async () => {
    const { api } = setUp('/clients/grievances/7', admin, {
      grievances_retrieve: vi.fn(async () => makeGrievance({ shared_with: [JUNE] })),
    });
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByText('Shared with').nextElementSibling).toHaveTextContent('June Whitfield');
    expect(screen.queryByRole('region', { name: 'Share with family' })).not.toBeInTheDocument();
    expect(api.grievances_shares_list).not.toHaveBeenCalled();
  });

  it('an employee files a grievance at /grievances, which joins their list', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/grievances', employee, { grievances_list: vi.fn(async () => page([])) });
    const form = await screen.findByRole('form', { name: 'File a grievance' });
    expect(await screen.findByText('You have not filed a grievance.')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('What is it about?'), 'Schedule');
    await user.type(within(form).getByLabelText('What happened?'), 'My visits were moved to weekends.');
    await user.click(within(form).getByRole('button', { name: 'Send grievance' }));
    await waitFor(() =>
      expect(api.grievances_create).toHaveBeenCalledWith(null, {
        category: 'SCHEDULE',
        description: 'My visits were moved to weekends.',
      }),
    );
    expect(
      await screen.findByText('Thank you. Your grievance was received; the office will follow up.'),
    ).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Your grievances' });
    expect(within(list).getByRole('link', { name: 'Schedule' })).toHaveAttribute('href', '/grievances/12');
  });

  it('the office records a call: how it came and who complains are asked, the client found by name', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/clients/grievances/new', admin);
    const form = await screen.findByRole('form', { name: 'Taken by phone or in person' });
    await user.selectOptions(within(form).getByLabelText('What is it about?'), 'Quality of care');
    await user.type(within(form).getByLabelText('What happened?'), 'The dressing was not changed.');
    // how it came and who complains are still missing
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Record grievance' })).toBeDisabled());
    await user.selectOptions(within(form).getByLabelText('How was it taken?'), 'By phone');
    await user.selectOptions(within(form).getByLabelText('Who complains?'), 'A client (or their family)');
    await user.type(within(form).getByLabelText('Find the client'), 'whit');
    await waitForLastCall(api.clients_list, { limit: 20, offset: 0, search: 'whit' });
    await waitFor(() => expect(within(form).getByLabelText('Client')).toHaveValue('301'));
    await user.type(within(form).getByLabelText("Caller's name (optional)"), 'June, daughter');
    await user.click(within(form).getByRole('button', { name: 'Record grievance' }));
    await waitFor(() =>
      expect(api.grievances_create).toHaveBeenCalledWith(null, {
        category: 'CARE',
        description: 'The dressing was not changed.',
        channel: 'PHONE',
        client_id: 301,
        complainant_name: 'June, daughter',
      }),
    );
    await waitFor(() => expect(screen.getByLabelText('Current path')).toHaveTextContent('/clients/grievances/12'));
  });
});

describe("a grievance's age on the desk", () => {
  it('counts whole days since filing: one filed yesterday evening is under a day old this morning, not "today"', () => {
    const now = Date.parse('2026-11-26T05:25:00Z');
    expect(ageText('2026-11-25T09:01:00Z', now)).toBe('under a day');
    expect(ageText('2026-11-25T05:25:00Z', now)).toBe('1 day');
    expect(ageText('2026-11-12T05:00:00Z', now)).toBe('14 days');
  });
});
