import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { seriousAxeViolations } from '../ui/test-utils';
import { HARBOR, makeUser, renderApp, stubApi } from './testing/render-app';
import { page } from './testing/client-fixtures';
import type { LiveEventsActorRef } from '../machines/live-events-machine';

vi.mock('signature_pad', () => import('./testing/fake-signature-pad'));

/** A READY home health aide (no skills to observe: only registered nurses observe them). */
const aide = () => {
  const user = makeUser('ROLE_EMPLOYEE');
  return { ...user, profile: { status: 'READY', position: 'HHA', forms_due: 0 } } as typeof user;
};

const navLinks = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
};

describe('the navigation shows only what the user may open', () => {
  it.each([
    [
      'an admin',
      makeUser('ROLE_ADMIN'),
      '/users',
      [
        'Users',
        'Applications',
        'Employees',
        'Clients',
        'Schedule',
        'Visit exceptions',
        'Grievance desk',
        'Marketers',
        'Messages',
        'Notifications',
        'Dev',
        'Profile',
      ],
    ],
    [
      'a master',
      makeUser('ROLE_MASTER'),
      '/users',
      [
        'Users',
        'Applications',
        'Employees',
        'Clients',
        'Schedule',
        'Visit exceptions',
        'Grievance desk',
        'Marketers',
        'Messages',
        'Audit log',
        'Profile',
      ],
    ],
    [
      'a READY employee',
      aide(),
      '/work-schedule',
      ['Work schedule', 'Messages', 'Grievances', 'Notifications', 'Profile'],
    ],
    [
      'a READY registered nurse',
      makeUser('ROLE_EMPLOYEE'),
      '/work-schedule',
      ['Work schedule', 'Skills checks', 'Messages', 'Grievances', 'Notifications', 'Profile'],
    ],
    [
      'a NEW employee without forms due',
      makeUser('ROLE_EMPLOYEE', { status: 'NEW' }),
      '/work-schedule',
      ['Onboarding', 'Profile'],
    ],
    [
      'a NEW employee with forms due',
      makeUser('ROLE_EMPLOYEE', { status: 'NEW', formsDue: 3 }),
      '/onboarding',
      ['Onboarding', 'Documents due'],
    ],
    [
      'a READY employee with a form due (a nurse observes no skills until it is signed)',
      makeUser('ROLE_EMPLOYEE', { formsDue: 1 }),
      '/onboarding',
      ['Documents due'],
    ],
    ['a client', makeUser('ROLE_CLIENT'), '/clients/welcome', ['Welcome', 'Profile']],
    ['a marketer', makeUser('ROLE_MARKETER'), '/referrals', ['Referrals', 'Notifications', 'Profile']],
  ])('%s', async (_who, user, path, expected) => {
    renderApp({ path, user });
    expect(await navLinks()).toEqual(expected);
  });
});

describe('the dashboard layout', () => {
  it('has a skip link, the landmarks, the organization name and no accessibility violations', async () => {
    const { container } = renderApp({ path: '/applications', user: makeUser('ROLE_ADMIN') });
    await screen.findByRole('heading', { level: 1, name: 'Applications' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('banner')).toHaveTextContent('Sunrise Home Care');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Applications' }),
    ).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('No pending applications')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it("puts a nurse's skills checks waiting for observation in her menu with their count: reloaded on navigation and when a notification arrives", async () => {
    let waiting = 2;
    const count = vi.fn(async () => ({ count: waiting }));
    const api = stubApi({ test_requests_awaiting_observation_count_retrieve: count });
    const { live } = renderApp({ path: '/work-schedule', user: makeUser('ROLE_EMPLOYEE'), api });
    const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });
    const item = await within(nav).findByRole('link', { name: 'Skills checks 2 skills checks to observe' });
    expect(item).toHaveAttribute('href', '/onboarding');
    // a new one is announced to the nurses by a notification
    waiting = 3;
    await act(async () => live.emit('notification.created', { notification_id: 7, unread: 1 }));
    expect(
      await within(nav).findByRole('link', { name: 'Skills checks 3 skills checks to observe' }),
    ).toBeInTheDocument();
    // she observes one and moves on: the count drops on the next page
    waiting = 0;
    await userEvent.click(within(nav).getByRole('link', { name: /^Skills checks/ }));
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Skills checks' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(within(nav).queryByText('3')).not.toBeInTheDocument();
  });

  it('counts unread conversations beside Messages: reloaded when a message arrives and when this tab reads one', async () => {
    let unread = 2;
    const conversations = vi.fn(async () => ({ count: unread, results: [] }));
    const { live, actor } = renderApp({
      path: '/users',
      user: makeUser('ROLE_ADMIN'),
      api: stubApi({ conversations_list: conversations }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });
    expect(await within(nav).findByRole('link', { name: 'Messages 2 unread conversations' })).toBeInTheDocument();
    unread = 3;
    await act(async () => live.emit('message.created', { conversation_id: 7, message_id: 40 }));
    expect(await within(nav).findByRole('link', { name: 'Messages 3 unread conversations' })).toBeInTheDocument();
    // read in this tab (the stream tells other tabs; the page tells this tab's live events actor)
    unread = 1;
    const liveEvents = () => actor.system.get('session').getSnapshot().children.liveEvents as LiveEventsActorRef;
    act(() => liveEvents().send({ type: 'live.read-here', what: 'messages' }));
    expect(await within(nav).findByRole('link', { name: 'Messages 1 unread conversation' })).toBeInTheDocument();
  });

  it('asks no skills-check count for anyone but a READY registered nurse', async () => {
    const count = vi.fn(async () => ({ count: 5 }));
    renderApp({
      path: '/work-schedule',
      user: aide(),
      api: stubApi({ test_requests_awaiting_observation_count_retrieve: count }),
    });
    await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(count).not.toHaveBeenCalled();
  });

  it('folds the navigation behind a Menu button', async () => {
    renderApp({ path: '/users', user: makeUser('ROLE_ADMIN') });
    const menu = await screen.findByRole('button', { name: 'Menu' }, { timeout: 5000 });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveAttribute('aria-controls', screen.getByRole('navigation', { name: 'Main' }).id);
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Profile' }),
    );
    await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'false'));
  });

  it('names the signed-in person in the banner, and Escape closes the open menu, giving the focus back to its button', async () => {
    renderApp({ path: '/users', user: makeUser('ROLE_ADMIN') });
    const menu = await screen.findByRole('button', { name: 'Menu' }, { timeout: 5000 });
    const user = makeUser('ROLE_ADMIN');
    expect(screen.getByRole('banner')).toHaveTextContent(`${user.first_name} ${user.last_name}`);
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('shows the unread notifications count, moved by the live events (no poll) and reloaded on navigation', async () => {
    const setInterval = vi.spyOn(window, 'setInterval');
    let unread = 3;
    const api = stubApi({
      notifications_list: vi.fn(async () => page([], unread)),
    });
    const { live } = renderApp({ path: '/users', user: makeUser('ROLE_ADMIN'), api });
    expect(await screen.findByRole('link', { name: '3 unread notifications' }, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(api.notifications_list).toHaveBeenCalledWith({ unread: true, limit: 1 });
    const loads = vi.mocked(api.notifications_list).mock.calls.length;

    await act(async () => live.emit('notification.created', { notification_id: 41, unread: 4 }));
    expect(await screen.findByRole('link', { name: '4 unread notifications' })).toBeInTheDocument();
    await act(async () => live.emit('notifications.read', { unread: 0 }));
    expect(await screen.findByRole('link', { name: '0 unread notifications' })).toBeInTheDocument();
    await act(async () => live.emit('message.created', { conversation_id: 1, message_id: 2, unread: 9 }));
    expect(screen.getByRole('link', { name: '0 unread notifications' })).toBeInTheDocument();
    expect(vi.mocked(api.notifications_list).mock.calls.length).toBe(loads);
    expect(setInterval.mock.calls.filter(([, delay]) => delay === 30_000)).toEqual([]);

    unread = 1;
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Applications' }),
    );
    expect(await screen.findByRole('link', { name: '1 unread notification' })).toBeInTheDocument();
  });

  it('asks no count from a master (no view-notifications)', async () => {
    const api = stubApi();
    renderApp({ path: '/users', user: makeUser('ROLE_MASTER'), api });
    await screen.findByRole('heading', { level: 1, name: 'Users' }, { timeout: 5000 });
    expect(api.notifications_list).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: /unread notification/ })).not.toBeInTheDocument();
  });

  it('lets a master switch organization: stored, to /, and the header changes', async () => {
    const { live } = renderApp({ path: '/applications', user: makeUser('ROLE_MASTER') });
    const switcher = await screen.findByRole('combobox', { name: 'Organization' }, { timeout: 5000 });
    expect(live.connections).toBe(1);
    expect(screen.getByRole('banner')).toHaveTextContent('Sunrise Home Care');
    await userEvent.selectOptions(switcher, HARBOR.name);
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('Harbor Home Health'));
    expect(screen.getByRole('banner')).not.toHaveTextContent('Sunrise Home Care');
    expect(switcher).toHaveValue(String(HARBOR.id));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/users');
    expect(document.title).toBe('Users · Harbor Home Health');
    // the live events of the organization it now acts in: the stream starts again
    expect(live.connections).toBe(2);
  });

  it('shows no organization switcher to an admin', async () => {
    renderApp({ path: '/users', user: makeUser('ROLE_ADMIN') });
    await screen.findByRole('heading', { level: 1, name: 'Users' }, { timeout: 5000 });
    expect(screen.queryByRole('combobox', { name: 'Organization' })).not.toBeInTheDocument();
  });
});
