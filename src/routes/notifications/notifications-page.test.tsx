import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { page } from '../../app/testing/client-fixtures';
import { seriousAxeViolations } from '../../ui/test-utils';
import type { Notification } from '../../api/onboarding';

vi.mock('signature_pad', () => import('../../app/testing/fake-signature-pad'));

const employee = makeUser('ROLE_EMPLOYEE', { status: 'READY' });

const formRequested: Notification = {
  id: 1,
  type: 'form_requested',
  title: 'New form to sign: W-4',
  body: 'Sunrise Home Care asks you to fill in and sign the W-4.',
  link: '/onboarding/form-request/11',
  read_at: null,
  created_at: '2026-03-02T14:05:00Z',
};
const reviewed: Notification = {
  id: 2,
  type: 'document_reviewed',
  title: 'Your CPR card was approved',
  body: '',
  link: '/profile/documents',
  read_at: '2026-03-02T15:00:00Z',
  created_at: '2026-03-02T14:00:00Z',
};

function setUp(path = '/notifications', user = employee, initial = [formRequested, reviewed]) {
  let rows = initial;
  const unreadCount = () => rows.filter((row) => !row.read_at).length;
  const api = Object.assign(
    stubApi({
      notifications_list: vi.fn(async (params: { type?: string; unread?: boolean }) => {
        if (params.unread) return page([], unreadCount());
        const results = rows.filter((row) => !params.type || row.type === params.type);
        return page(results);
      }),
    }),
    {
      notifications_partial_update: vi.fn(async ({ id }: { id: number }) => {
        rows = rows.map((row) => (row.id === id ? { ...row, read_at: '2026-03-03T10:00:00Z' } : row));
        return rows.find((row) => row.id === id);
      }),
      notifications_read_all_create: vi.fn(async () => {
        rows = rows.map((row) => ({ ...row, read_at: row.read_at ?? '2026-03-03T10:00:00Z' }));
      }),
      auth_user_retrieve: vi.fn(async () => employee),
    },
  );
  return renderApp({ path, user, api });
}

const badge = () => screen.getByRole('link', { name: /unread notification/ });

describe('Notifications', { timeout: 20_000 }, () => {
  it('lists one’s notifications with unread ones marked, each linking to its page, with type tabs', async () => {
    const { container } = setUp();
    const list = await screen.findByRole('list', { name: 'Notifications' }, { timeout: 5000 });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'New form to sign: W-4' })).toHaveAttribute(
      'href',
      '/onboarding/form-request/11',
    );
    expect(within(first!).getByText('Unread')).toBeInTheDocument();
    expect(first).toHaveAttribute('data-unread', 'true');
    expect(within(second!).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: /Mark as read/ })).not.toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Notification types' });
    expect(within(tabs).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Form requests' })).toHaveAttribute(
      'href',
      '/notifications/form_requested',
    );
    expect(within(tabs).getByRole('link', { name: 'Skills checks' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '1 unread notification' })).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('filters by type at /notifications/:type', async () => {
    const user = userEvent.setup();
    const { api } = setUp();
    await screen.findByRole('list', { name: 'Notifications' }, { timeout: 5000 });
    await user.click(
      within(screen.getByRole('navigation', { name: 'Notification types' })).getByRole('link', {
        name: 'Document reviews',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notifications: Document reviews' }),
    ).toBeInTheDocument();
    expect(api.notifications_list).toHaveBeenCalledWith({ limit: 20, offset: 0, type: 'document_reviewed' });
    const list = await screen.findByRole('list', { name: 'Notifications: Document reviews' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('marks one notification read and updates the unread count at once', async () => {
    const user = userEvent.setup();
    const { api } = setUp();
    await screen.findByRole('list', { name: 'Notifications' }, { timeout: 5000 });
    expect(await screen.findByRole('link', { name: '1 unread notification' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as read: New form to sign: W-4' }));
    expect(api.notifications_partial_update).toHaveBeenCalledWith({ id: 1 }, { read: true });
    expect(await screen.findByRole('link', { name: '0 unread notifications' })).toBeInTheDocument();
    expect(screen.queryByText('Unread')).not.toBeInTheDocument();
    // The count changed: the user is refetched (a READY change or a new form moves the home route).
    await waitFor(() => expect(api.auth_user_retrieve).toHaveBeenCalled());
  });

  it('marks all read', async () => {
    const user = userEvent.setup();
    const { api } = setUp();
    await screen.findByRole('list', { name: 'Notifications' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(api.notifications_read_all_create).toHaveBeenCalledWith(null, {});
    await waitFor(() => expect(screen.queryByText('Unread')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: '0 unread notifications' })).toBeInTheDocument();
    expect(badge()).toBeInTheDocument();
  });

  it('refetches the user on window focus and moves the home route when they became READY', async () => {
    const newHire = makeUser('ROLE_EMPLOYEE', { status: 'NEW', formsDue: 1 });
    const ready = { ...newHire, profile: { ...newHire.profile!, status: 'READY', forms_due: 0 } };
    const api = Object.assign(stubApi(), {
      auth_user_retrieve: vi.fn(async () => ready),
      onboarding_checklist_retrieve: vi.fn(async () => ({
        ready: true,
        missing: [],
        forms: [],
        documents: [],
        tests: [],
      })),
    });
    renderApp({ path: '/profile/incomplete-documents', user: newHire, api });
    await screen.findByRole('heading', { level: 1, name: 'Incomplete documents' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Sunrise Home Care' })).toHaveAttribute(
      'href',
      '/profile/incomplete-documents',
    );
    await act(async () => {
      fireEvent.focus(window);
    });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Sunrise Home Care' })).toHaveAttribute('href', '/work-schedule'),
    );
  });
});

describe('notifications written from what applicants type', () => {
  it('show the text as text: the only link goes to the page in the portal, never to an address in a name', async () => {
    const admin = makeUser('ROLE_ADMIN');
    const application: Notification = {
      ...formRequested,
      id: 7,
      type: 'application_received',
      title: 'New application: http://evil.example Smith',
      body: 'Home Health Aide',
      link: '/applications',
    };
    const offsite: Notification = {
      ...reviewed,
      id: 8,
      title: 'A link that leaves the portal',
      link: '//evil.example/x',
    };
    setUp('/notifications', admin, [application, offsite]);
    const list = await screen.findByRole('list', { name: 'Notifications' }, { timeout: 5000 });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/applications']);
    expect(links[0]).toHaveTextContent('New application: http://evil.example Smith');
    expect(within(list).getByText('A link that leaves the portal').closest('a')).toBeNull();
  });
});
