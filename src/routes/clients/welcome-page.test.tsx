import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { seriousAxeViolations } from '../../ui/test-utils';
import type { Grievance, Welcome } from '../../api/clients';
import { makeGrievance, makeWelcome, page } from '../../app/testing/client-fixtures';

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const rosa = makeUser('ROLE_CLIENT', { first_name: 'Rosa', last_name: 'Diaz' });

function setUp(
  welcome: Welcome,
  concerns: Grievance[] = [],
  overrides: Record<string, (...args: never[]) => Promise<unknown>> = {},
) {
  const api = Object.assign(stubApi(), {
    clients_welcome_retrieve: vi.fn(async () => welcome),
    grievances_list: vi.fn(async () => page(concerns)),
    grievances_create: vi.fn(),
    ...overrides,
  });
  return renderApp({ path: '/clients/welcome', user: rosa, api });
}

describe('Welcome page (client)', { timeout: 30000 }, () => {
  it('greets the client and shows the empty states of visits and signatures', async () => {
    const { container } = setUp(makeWelcome());
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Rosa' })).toBeInTheDocument();
    const upcoming = screen.getByRole('region', { name: 'Who comes when' });
    expect(within(upcoming).getByText('No visits scheduled yet')).toBeInTheDocument();
    expect(within(upcoming).getByText(/Your schedule appears here/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Past month' })).getByText('No visits in the past month'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Waiting for your signature' })).getByText(
        'Nothing waits for your signature.',
      ),
    ).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Your concerns' })).findByText(
        'You have not reported a concern.',
      ),
    ).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('shows who comes when and what waits for a signature', async () => {
    setUp(
      makeWelcome({
        upcoming_visits: [
          {
            id: 1,
            caregiver: 'Ana R.',
            service: 'Pathways',
            starts_at: '2026-03-09T14:00:00Z',
            ends_at: '2026-03-09T16:00:00Z',
            status: 'Scheduled',
            changed: true,
          },
        ],
        awaiting_signature: [
          {
            kind: 'work_service_review',
            id: 4,
            title: 'Work-service review of March 2',
            link: '/onboarding/work-service-review/4',
            due_on: '2026-03-10',
          },
        ],
      }),
    );
    const upcoming = await screen.findByRole('region', { name: 'Who comes when' });
    expect(within(upcoming).getByText('Mar 9, 2026, 10:00 AM – 12:00 PM')).toBeInTheDocument();
    expect(within(upcoming).getByText('Pathways with Ana R.')).toBeInTheDocument();
    expect(within(upcoming).getByText('Changed since it was booked')).toBeInTheDocument();
    const signature = screen.getByRole('region', { name: 'Waiting for your signature' });
    expect(within(signature).getByRole('link', { name: 'Work-service review of March 2' })).toHaveAttribute(
      'href',
      '/onboarding/work-service-review/4',
    );
    expect(within(signature).getByText('Due Mar 10, 2026')).toBeInTheDocument();
    expect(
      within(signature).getByText('Check the visits of the week, then sign, or dispute a visit that is not right.'),
    ).toBeInTheDocument();
  });

  it('tells an account not linked to a client record to ask the office', async () => {
    setUp(makeWelcome({ client: null, relationship: null }));
    expect(
      await screen.findByText(/Your account is not linked to a client record yet\. Please ask the office/),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Who comes when' })).not.toBeInTheDocument();
  });

  it('files a concern, which then shows under Your concerns as Received', async () => {
    const user = userEvent.setup();
    const earlier = makeGrievance({
      id: 1,
      category: 'BILLING',
      state: 'RESOLVED',
      created_at: '2026-02-02T15:00:00Z',
    });
    const filed = makeGrievance({
      id: 2,
      category: 'STAFF',
      description: 'The aide was rude to my daughter.',
      state: 'RECEIVED',
      created_at: '2026-03-02T15:00:00Z',
    });
    const { api } = setUp(makeWelcome(), [earlier], { grievances_create: vi.fn(async () => filed) });
    const form = await screen.findByRole('form', { name: 'Report a concern' });
    const concerns = screen.getByRole('region', { name: 'Your concerns' });
    expect(await within(concerns).findByText('Billing')).toBeInTheDocument();
    expect(within(concerns).getByText('Resolved')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Send concern' })).toBeDisabled();

    await user.selectOptions(within(form).getByLabelText('What is it about?'), 'Staff conduct');
    await user.type(within(form).getByLabelText('What happened?'), '  The aide was rude to my daughter. ');
    await user.type(within(form).getByLabelText('When did it happen? (optional)'), '2026-03-01');
    await user.type(within(form).getByLabelText('Who was involved? (optional)'), 'The Sunday aide');
    await user.type(within(form).getByLabelText('What outcome do you want? (optional)'), 'An apology');
    await user.click(within(form).getByRole('button', { name: 'Send concern' }));
    await waitFor(() =>
      expect(api.grievances_create).toHaveBeenCalledWith(null, {
        category: 'STAFF',
        description: 'The aide was rude to my daughter.',
        occurred_on: '2026-03-01',
        people_involved: 'The Sunday aide',
        desired_outcome: 'An apology',
      }),
    );
    expect(
      await screen.findByText('Thank you. Your concern was received; the office will follow up.'),
    ).toBeInTheDocument();
    const items = within(concerns).getAllByRole('listitem');
    expect(within(items[0]).getByRole('link', { name: 'Staff conduct' })).toHaveAttribute(
      'href',
      '/clients/welcome/concerns/2',
    );
    expect(items[0]).toHaveTextContent('Filed Mar 2, 2026');
    expect(within(items[0]).getByText('Received')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Billing');
    expect(within(form).getByLabelText('What happened?')).toHaveValue('');
  });
});
