import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme, seriousAxeViolations } from '../../ui/test-utils';
import { INVALID_RESET_LINK_TEXT, ResetPasswordPage } from './reset-password-page';
import { invalidInput } from '../../app/testing/api-failures';

const api = vi.hoisted(() => ({ auth_password_reset_confirm_create: vi.fn(), password_texts_list: vi.fn() }));
vi.mock('../../app/api-client', () => ({ useApiClient: () => api }));
vi.mock('../../app/organization', () => ({
  useOrganization: () => ({
    organization: { id: 1, name: 'Sunrise Home Care', token: 'sunrise' },
    organizations: [],
    selectOrganization: vi.fn(),
  }),
}));

const RULES = ['Your password must contain at least 12 characters.', 'Your password can’t be entirely numeric.'];

function renderPage() {
  return renderWithTheme(
    <Routes>
      <Route path="/reset-password/:uid/:token/:org" element={<ResetPasswordPage />} />
      <Route path="/login/:org" element={<p>Login page</p>} />
    </Routes>,
    { route: '/reset-password/MTI/abc-123/sunrise' },
  );
}

async function fill(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Repeat new password'), confirmation);
  return user;
}

beforeEach(() => {
  api.auth_password_reset_confirm_create.mockReset();
  api.password_texts_list.mockReset().mockResolvedValue(RULES);
});

describe('Reset password page', () => {
  it('shows the password rules fetched from the server', async () => {
    const { container } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeInTheDocument();
    for (const rule of RULES) expect(await screen.findByText(rule)).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('ignores a failure to load the rules', async () => {
    api.password_texts_list.mockRejectedValue(new Error('offline'));
    renderPage();
    await waitFor(() => expect(api.password_texts_list).toHaveBeenCalled());
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });

  it('refuses mismatched passwords once touched', async () => {
    renderPage();
    const user = await fill('a-long-password-1', 'a-long-password-2');
    await user.tab();
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set password' })).toBeDisabled();
  });

  it('sets the password with uid and token and then offers to sign in', async () => {
    api.auth_password_reset_confirm_create.mockResolvedValue(undefined);
    renderPage();
    const user = await fill('correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() =>
      expect(api.auth_password_reset_confirm_create).toHaveBeenCalledWith(null, {
        uid: 'MTI',
        token: 'abc-123',
        new_password: 'correct-horse-battery',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login/sunrise');
  });

  it("maps the server's field errors onto the fields", async () => {
    api.auth_password_reset_confirm_create.mockRejectedValue(
      invalidInput({ new_password: ['This password is too common.'] }),
    );
    renderPage();
    const user = await fill('password1234');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the link is invalid or expired', async () => {
    api.auth_password_reset_confirm_create.mockRejectedValue(invalidInput({ token: ['Invalid or expired.'] }));
    renderPage();
    const user = await fill('correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_RESET_LINK_TEXT);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password/sunrise',
    );
  });
});
