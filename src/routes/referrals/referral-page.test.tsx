import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../api/types';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { makeEvent, makeReferral } from '../../app/testing/referral-fixtures';
import { apiFailure } from '../../app/testing/api-failures';

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const admin = makeUser('ROLE_ADMIN', { first_name: 'Grace', last_name: 'Hopper' });
const marketer = makeUser('ROLE_MARKETER', { first_name: 'Mia', last_name: 'Lane' });
const contacted = makeReferral({
  status: 'CONTACTED',
  events: [
    makeEvent({ id: 1, kind: 'CREATED' }),
    makeEvent({
      id: 2,
      kind: 'STATUS',
      status: 'CONTACTED',
      by: { id: 1, name: 'Grace Hopper' },
      at: '2026-03-03T15:30:00Z',
    }),
    makeEvent({
      id: 3,
      kind: 'EDIT',
      changes: { phone: { from: '1', to: '2' }, postal_code: { from: '', to: '12203' } },
      at: '2026-03-04T15:30:00Z',
    }),
    makeEvent({ id: 4, kind: 'NOTE', note: 'Daughter calls back Friday.', at: '2026-03-05T15:30:00Z' }),
  ],
});

function setUp(
  path: string,
  overrides: Record<string, (...args: never[]) => Promise<unknown>> = {},
  user: User = admin,
) {
  const api = Object.assign(stubApi(), {
    referrals_retrieve: vi.fn(async () => contacted),
    referrals_status_create: vi.fn(
      async (_: unknown, body: { status: 'DECLINED'; assessment_on?: string; reason?: 'NO_STAFF' }) =>
        makeReferral({
          ...contacted,
          status: body.status,
          assessment_on: body.assessment_on ?? null,
          decline_reason: body.reason ?? null,
          editable: body.status !== 'DECLINED',
        }),
    ),
    referrals_admit_create: vi.fn(async () =>
      makeReferral({ ...contacted, status: 'ADMITTED', client_id: 77, editable: false }),
    ),
    referrals_notes_create: vi.fn(async () => contacted),
    ...overrides,
  });
  return renderApp({ path, user, api });
}

const moves = () => screen.findByRole('group', { name: 'Move the referral' }, { timeout: 5000 });

describe('Referral page', { timeout: 30000 }, () => {
  it('shows the office the moves a contacted referral allows, and the timeline oldest first', async () => {
    const { api } = setUp('/marketers/31/referrals/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rosa Diaz' }, { timeout: 5000 })).toBeInTheDocument();
    expect(api.referrals_retrieve).toHaveBeenCalledWith({ id: 12 });
    const group = await moves();
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Schedule assessment', 'Admit', 'Decline', 'Mark lost']);
    expect(screen.getByRole('link', { name: "Back to the marketer's referrals" })).toHaveAttribute(
      'href',
      '/marketers/31/referrals',
    );
    const timeline = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(timeline.map((item) => item.querySelector('strong')!.textContent)).toEqual([
      'Received',
      'Status: Contacted',
      'Corrected: phone, postal code',
      'Note',
    ]);
    expect(timeline[1]).toHaveTextContent('Grace Hopper · Mar 3, 2026, 10:30 AM');
    expect(timeline[3]).toHaveTextContent('Daughter calls back Friday.');
  });

  it('schedules an assessment on a date', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/marketers/31/referrals/12');
    await user.click(within(await moves()).getByRole('button', { name: 'Schedule assessment' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule the assessment of Rosa Diaz' });
    expect(within(dialog).getByRole('button', { name: 'Schedule assessment' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Date of the assessment'), { target: { value: '2999-04-10' } });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule assessment' }));
    await waitFor(() =>
      expect(api.referrals_status_create).toHaveBeenCalledWith(
        { id: 12 },
        { status: 'ASSESSMENT_SCHEDULED', assessment_on: '2999-04-10' },
      ),
    );
    expect(await screen.findByText('The assessment was scheduled for Apr 10, 2999.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('declines only with a reason', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/marketers/office/referrals/12');
    await user.click(within(await moves()).getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline the referral of Rosa Diaz' });
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'No aide in that county.');
    await user.click(within(dialog).getByLabelText('Reason'));
    await user.tab();
    expect(await within(dialog).findByText('Choose why the referral is declined')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Decline referral' })).toBeDisabled();
    expect(api.referrals_status_create).not.toHaveBeenCalled();
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'No staff available');
    await user.click(within(dialog).getByRole('button', { name: 'Decline referral' }));
    await waitFor(() =>
      expect(api.referrals_status_create).toHaveBeenCalledWith(
        { id: 12 },
        { status: 'DECLINED', reason: 'NO_STAFF', note: 'No aide in that county.' },
      ),
    );
    expect(await screen.findByText('The referral was declined.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Move the referral' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the referral board' })).toHaveAttribute('href', '/marketers');
  });

  it('admits: the link to the client record', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/marketers/31/referrals/12');
    await user.click(within(await moves()).getByRole('button', { name: 'Admit' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Admit Rosa Diaz?' });
    await user.click(within(dialog).getByRole('button', { name: 'Admit' }));
    expect(api.referrals_admit_create).toHaveBeenCalledWith({ id: 12 }, {});
    expect(await screen.findByText(/Admitted: the client record is ready/)).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Open the client record' }))
      expect(link).toHaveAttribute('href', '/clients/77');
  });

  it("shows the server's message when the admission is refused (409)", async () => {
    const user = userEvent.setup();
    const refusal = apiFailure(409, 'This referral was already admitted; a referral is admitted once.', {
      code: 'referral_admitted',
    });
    setUp('/marketers/31/referrals/12', { referrals_admit_create: vi.fn(async () => Promise.reject(refusal)) });
    await user.click(within(await moves()).getByRole('button', { name: 'Admit' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Admit Rosa Diaz?' })).getByRole('button', { name: 'Admit' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This referral was already admitted; a referral is admitted once.',
    );
    expect(screen.queryByRole('link', { name: 'Open the client record' })).not.toBeInTheDocument();
  });

  it('gives a marketer no moves: notes and corrections only, and "Admitted" without a link', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/referrals/12', {}, marketer);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rosa Diaz' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Move the referral' })).not.toBeInTheDocument();
    for (const name of ['Mark contacted', 'Schedule assessment', 'Decline', 'Mark lost', 'Admit'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Note'), 'Met the daughter.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(api.referrals_notes_create).toHaveBeenCalledWith({ id: 12 }, { note: 'Met the daughter.' }),
    );
    await user.click(screen.getByRole('button', { name: 'Correct details' }));
    expect(screen.getByLabelText('First name')).toHaveValue('Rosa');
  });

  it('shows a marketer an admitted referral as "Admitted", without the client link', async () => {
    setUp(
      '/referrals/12',
      {
        referrals_retrieve: vi.fn(async () =>
          makeReferral({ ...contacted, status: 'ADMITTED', client_id: 77, editable: false }),
        ),
      },
      marketer,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Rosa Diaz' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the client record' })).not.toBeInTheDocument();
    expect(screen.getByText('Admitted', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Correct details' })).not.toBeInTheDocument();
  });
});
