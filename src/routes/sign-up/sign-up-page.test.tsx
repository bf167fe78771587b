import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme, seriousAxeViolations } from '../../ui/test-utils';
import { INVALID_SIGN_UP_LINK_TEXT, SignUpPage } from './sign-up-page';
import { apiFailure, invalidInput } from '../../app/testing/api-failures';

const api = vi.hoisted(() => ({ auth_signup_confirm_create: vi.fn(), password_texts_list: vi.fn() }));
const auth = vi.hoisted(() => ({ startSession: vi.fn() }));
vi.mock('../../app/api-client', () => ({ useApiClient: () => api }));
vi.mock('../../app/authentication', () => ({ useAuthentication: () => ({ user: null, ...auth }) }));
vi.mock('../../app/organization', () => ({
  useOrganization: () => ({
    organization: { id: 1, name: 'Sunrise Home Care', token: 'sunrise' },
    organizations: [],
    selectOrganization: vi.fn(),
  }),
}));

function renderPage() {
  return renderWithTheme(
    <Routes>
      <Route path="/sign-up/:uid/:token/:org" element={<SignUpPage />} />
    </Routes>,
    { route: '/sign-up/NDI/tok-9/sunrise' },
  );
}

async function fill(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Repeat password'), password);
  return user;
}

beforeEach(() => {
  api.auth_signup_confirm_create.mockReset();
  api.password_texts_list.mockReset().mockResolvedValue(['Your password must contain at least 12 characters.']);
  auth.startSession.mockReset();
});

describe('Sign-up page', () => {
  it('asks for a password with the rules shown', async () => {
    const { container } = renderPage();
    expect(screen.getByText('Sunrise Home Care')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Create your password' })).toBeInTheDocument();
    expect(await screen.findByText('Your password must contain at least 12 characters.')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('confirms the sign-up and starts the session with the answer', async () => {
    const answer = { access: 'a', refresh: 'r', user: { id: 7, email: 'new@sunrise.example' } };
    api.auth_signup_confirm_create.mockResolvedValue(answer);
    renderPage();
    const user = await fill('correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(auth.startSession).toHaveBeenCalledWith(answer));
    expect(api.auth_signup_confirm_create).toHaveBeenCalledWith(null, {
      uid: 'NDI',
      token: 'tok-9',
      password: 'correct-horse-battery',
    });
  });

  it('shows a clear error for an invalid or expired link', async () => {
    api.auth_signup_confirm_create.mockRejectedValue(
      apiFailure(400, 'The link is invalid or has expired.', { code: 'invalid_token' }),
    );
    renderPage();
    const user = await fill('correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_SIGN_UP_LINK_TEXT);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login/sunrise');
    expect(auth.startSession).not.toHaveBeenCalled();
  });

  it("maps the server's password errors onto the field", async () => {
    api.auth_signup_confirm_create.mockRejectedValue(
      invalidInput({ password: ['The password is too similar to the email.'] }),
    );
    renderPage();
    const user = await fill('sunrise-example-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The password is too similar to the email.')).toBeInTheDocument();
  });
});
