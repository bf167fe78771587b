import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp } from '../app/testing/render-app';

vi.mock('signature_pad', () => import('../app/testing/fake-signature-pad'));

const currentPath = () => screen.getByRole('status', { name: 'Current path' }).textContent;
const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe('signed out', () => {
  it('a private route redirects to the login page of the stored organization', async () => {
    renderApp({ path: '/users' });
    expect(await heading('Sign in')).toBeInTheDocument();
    expect(currentPath()).toBe('/login/sunrise');
  });

  it('a private route redirects to /login when no organization is known, which says to use the agency’s sign-in link (no link that loops)', async () => {
    renderApp({ path: '/work-schedule', storedOrganization: null });
    expect(await heading('Page not found')).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(screen.getByText('To sign in, use the sign-in link your agency gave you.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('the root path with no organization known ends on the same advice, with no link', async () => {
    renderApp({ path: '/', storedOrganization: null });
    expect(await heading('Page not found')).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(screen.getByText('To sign in, use the sign-in link your agency gave you.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('/login goes to the login page of the last organization', async () => {
    renderApp({ path: '/login' });
    expect(await heading('Sign in')).toBeInTheDocument();
    expect(currentPath()).toBe('/login/sunrise');
  });

  it('an unknown public path with no organization known has no Sign in link', async () => {
    renderApp({ path: '/no-such-page', storedOrganization: null });
    expect(await heading('Page not found')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByText('To sign in, use the sign-in link your agency gave you.')).toBeInTheDocument();
  });

  it('the root path goes to the login page', async () => {
    renderApp({ path: '/' });
    expect(await heading('Sign in')).toBeInTheDocument();
    expect(currentPath()).toBe('/login/sunrise');
  });

  it('an unknown public path shows the public not-found screen with a sign-in link', async () => {
    renderApp({ path: '/no-such-page' });
    expect(await heading('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login/sunrise');
    expect(currentPath()).toBe('/no-such-page');
  });

  it('shows the public pages', async () => {
    renderApp({ path: '/forgot-password/sunrise' });
    expect(await heading(/password/i)).toBeInTheDocument();
  });
});

describe('signed in', () => {
  it('a public route sends the user to their home', async () => {
    renderApp({ path: '/login/sunrise', user: makeUser('ROLE_ADMIN') });
    expect(await heading('Users')).toBeInTheDocument();
    expect(currentPath()).toBe('/users');
  });

  it('a public route sends an employee with forms due to the incomplete documents', async () => {
    renderApp({ path: '/login/sunrise', user: makeUser('ROLE_EMPLOYEE', { status: 'NEW', formsDue: 2 }) });
    expect(await heading('Incomplete documents')).toBeInTheDocument();
    expect(currentPath()).toBe('/profile/incomplete-documents');
  });

  it('the root path goes to /users, then a non-admin goes home, without being told off', async () => {
    renderApp({ path: '/', user: makeUser('ROLE_MARKETER') });
    expect(await heading('Referrals')).toBeInTheDocument();
    expect(currentPath()).toBe('/referrals');
    expect(screen.queryByText('You do not have access to that page.')).not.toBeInTheDocument();
  });

  it.each([
    ['ROLE_EMPLOYEE', '/users', '/work-schedule', 'Work schedule'],
    ['ROLE_CLIENT', '/clients/12', '/clients/welcome', 'Welcome'],
    ['ROLE_MARKETER', '/employees', '/referrals', 'Referrals'],
    ['ROLE_ADMIN', '/audit-log', '/users', 'Users'],
    ['ROLE_MASTER', '/dev', '/users', 'Users'],
  ] as const)('a %s opening %s (outside their prefixes) goes to %s', async (role, path, home, title) => {
    renderApp({ path, user: makeUser(role) });
    expect(await heading(title)).toBeInTheDocument();
    expect(currentPath()).toBe(home);
    expect(screen.getByText('You do not have access to that page.')).toBeInTheDocument();
  });

  it('says why only on the page it was sent to: the next navigation leaves the notice behind', async () => {
    renderApp({ path: '/audit-log', user: makeUser('ROLE_ADMIN') });
    expect(await heading('Users')).toBeInTheDocument();
    expect(screen.getByText('You do not have access to that page.')).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Profile' }),
    );
    expect(await heading('Profile')).toBeInTheDocument();
    expect(screen.queryByText('You do not have access to that page.')).not.toBeInTheDocument();
  });

  it('a page of the role opened normally says nothing of the kind', async () => {
    renderApp({ path: '/users', user: makeUser('ROLE_ADMIN') });
    expect(await heading('Users')).toBeInTheDocument();
    expect(screen.queryByText('You do not have access to that page.')).not.toBeInTheDocument();
  });

  it('keeps each role on the routes of its prefixes', async () => {
    renderApp({ path: '/onboarding/work-service-review/7', user: makeUser('ROLE_CLIENT') });
    expect(await heading('Work-service review')).toBeInTheDocument();
    expect(currentPath()).toBe('/onboarding/work-service-review/7');
  });

  it('confines an employee with forms due to onboarding and their documents', async () => {
    const user = makeUser('ROLE_EMPLOYEE', { status: 'READY', formsDue: 1 });
    const { unmount } = renderApp({ path: '/work-schedule', user });
    expect(await heading('Incomplete documents')).toBeInTheDocument();
    expect(currentPath()).toBe('/profile/incomplete-documents');
    expect(screen.getByText('Finish the forms that are due before opening that page.')).toBeInTheDocument();
    unmount();

    const second = renderApp({ path: '/profile', user });
    expect(await heading('Incomplete documents')).toBeInTheDocument();
    second.unmount();

    renderApp({ path: '/onboarding/form-request/3', user });
    expect(await heading('Form request')).toBeInTheDocument();
    expect(currentPath()).toBe('/onboarding/form-request/3');
  });

  it('accepts the optional :onboarding of a form request and the test result route', async () => {
    const user = makeUser('ROLE_EMPLOYEE', { status: 'NEW', formsDue: 1 });
    const { unmount } = renderApp({ path: '/onboarding/form-request/3/9', user });
    expect(await heading('Form request')).toBeInTheDocument();
    unmount();
    renderApp({ path: '/onboarding/test-request/result', user });
    expect(await heading('Competency test result')).toBeInTheDocument();
  });

  it('an unknown private path shows the not-found page inside the layout', async () => {
    renderApp({ path: '/users/and/nothing/here', user: makeUser('ROLE_ADMIN') });
    expect(await heading('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Go to home page' })).toHaveAttribute(
      'href',
      '/users',
    );
  });

  it('/clients/new goes to /clients/new/home-care', async () => {
    renderApp({ path: '/clients/new', user: makeUser('ROLE_ADMIN') });
    expect(await heading('New Home Care Client')).toBeInTheDocument();
    expect(currentPath()).toBe('/clients/new/home-care');
  });

  it('/clients/new/:type accepts home-health and group, and sends any other type to /clients/new', async () => {
    const admin = makeUser('ROLE_ADMIN');
    const first = renderApp({ path: '/clients/new/home-health', user: admin });
    expect(await heading('New Home Health Patient')).toBeInTheDocument();
    first.unmount();
    const second = renderApp({ path: '/clients/new/group', user: admin });
    expect(await heading('New Home Care/Health Patient')).toBeInTheDocument();
    second.unmount();
    renderApp({ path: '/clients/new/hospice', user: admin });
    expect(await heading('New Home Care Client')).toBeInTheDocument();
    expect(currentPath()).toBe('/clients/new/home-care');
  });

  it('signing out returns to the login page of the organization', async () => {
    const { api } = renderApp({ path: '/profile', user: makeUser('ROLE_MARKETER') });
    await heading('Profile');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await heading('Sign in')).toBeInTheDocument();
    expect(api.auth_logout_create).toHaveBeenCalled();
    expect(currentPath()).toBe('/login/sunrise');
  });
});

describe('scrolling', () => {
  it('scrolls to the top on every path change', async () => {
    renderApp({ path: '/users', user: makeUser('ROLE_ADMIN') });
    await heading('Users');
    const calls = vi.mocked(window.scrollTo).mock.calls.length;
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Profile' }),
    );
    expect(await heading('Profile')).toBeInTheDocument();
    await waitFor(() => expect(vi.mocked(window.scrollTo).mock.calls.length).toBeGreaterThan(calls));
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});
