import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import type { User } from '../../api/types';
import { IDLE_TIMEOUT_MS } from '../../domain/constants';
import { sessionMachine, type SessionActorRef } from '../../machines/session-machine';
import { renderWithTheme, seriousAxeViolations } from '../../ui/test-utils';
import { LoginPage } from './login-page';
import { apiFailure } from '../../app/testing/api-failures';

const auth = vi.hoisted(() => ({ login: vi.fn(), session: null as unknown }));
vi.mock('../../app/authentication', () => ({
  useAuthentication: () => ({ user: null, login: auth.login }),
  useSessionActor: () => auth.session,
}));

/** A real session actor (its network stubbed) on a simulated clock, signed in as an admin. */
function signedInSession() {
  const clock = new SimulatedClock();
  const quiet = fromCallback(() => {});
  const session = createActor(
    sessionMachine.provide({
      actors: {
        endIdleSession: fromPromise(async () => {}),
        logOut: fromPromise(async () => {}),
        activityListener: quiet,
        storageListener: quiet,
        liveEvents: quiet as never,
      },
      actions: {
        storeTokens: () => {},
        clearTokens: () => {},
        announceSignedIn: () => {},
        announceSignedOut: () => {},
      },
    }),
    { clock, input: {} },
  ).start();
  const user = { id: 1, email: 'admin@sunrise.example', role: 'ROLE_ADMIN', organization: null } as unknown as User;
  session.send({ type: 'session.start', access: 'A1', refresh: 'R1', user });
  return { session: session as SessionActorRef, clock };
}
vi.mock('../../app/organization', () => ({
  useOrganization: () => ({
    organization: { id: 1, name: 'Sunrise Home Care', token: 'sunrise' },
    organizations: [],
    selectOrganization: vi.fn(),
  }),
}));

function renderLogin() {
  return renderWithTheme(
    <Routes>
      <Route path="/login/:org" element={<LoginPage />} />
      <Route path="/forgot-password/:org" element={<p>Forgot page</p>} />
    </Routes>,
    { route: '/login/sunrise', style: { primary: { 500: '#0F766E' } } },
  );
}

beforeEach(() => {
  auth.login.mockReset();
  auth.session = createActor(sessionMachine, { input: {} }).start();
});

describe('Login page', () => {
  it("shows the organization's name in the brand box, the sign-in form and no accessibility violations", async () => {
    const { container } = renderLogin();
    expect(screen.getByText('Sunrise Home Care')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('links to the forgot-password page of the organization', async () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password/sunrise');
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(screen.getByText('Forgot page')).toBeInTheDocument();
  });

  it('signs in with the email and password', async () => {
    const user = userEvent.setup();
    auth.login.mockResolvedValue(undefined);
    renderLogin();
    await user.type(screen.getByLabelText('Email'), ' admin@sunrise.example ');
    await user.type(screen.getByLabelText('Password'), 'portal-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(auth.login).toHaveBeenCalledWith({ email: 'admin@sunrise.example', password: 'portal-demo-2026' }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's detail of a refused sign-in in an alert", async () => {
    const user = userEvent.setup();
    auth.login.mockRejectedValue(
      apiFailure(401, 'No active account found with the given credentials.', { code: 'invalid_credentials' }),
    );
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'admin@sunrise.example');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No active account found with the given credentials.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows the throttle text of a 429', async () => {
    const user = userEvent.setup();
    auth.login.mockRejectedValue(apiFailure(429, 'Too many attempts. Try again in a minute.', { code: 'throttled' }));
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'admin@sunrise.example');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in a minute.');
  });

  it('shows field errors only once touched', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'nope');
    expect(screen.queryByText('Enter a valid email address')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
  });

  it('asks for an email address and a password left empty, and takes a valid address', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByLabelText('Email'));
    await user.tab();
    await user.tab();
    expect(await screen.findByText('Enter your email address')).toBeInTheDocument();
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'nurse@sunrise.example');
    await waitFor(() => expect(screen.queryByText(/Enter (a valid|your) email address/)).not.toBeInTheDocument());
  });

  it('after an idle logout, says the person was signed out after 5 minutes without activity', async () => {
    const { session, clock } = signedInSession();
    clock.increment(IDLE_TIMEOUT_MS);
    await waitFor(() => expect(session.getSnapshot().matches('signedOut')).toBe(true));
    auth.session = session;
    renderLogin();
    expect(screen.getByRole('status')).toHaveTextContent('You were signed out after 5 minutes without activity.');
  });

  it('says nothing of the kind after the person signed out themselves', async () => {
    const { session, clock } = signedInSession();
    clock.increment(IDLE_TIMEOUT_MS - 1);
    session.send({ type: 'session.logout' });
    await waitFor(() => expect(session.getSnapshot().matches('signedOut')).toBe(true));
    auth.session = session;
    renderLogin();
    expect(screen.queryByText(/signed out after/)).not.toBeInTheDocument();
  });
});
