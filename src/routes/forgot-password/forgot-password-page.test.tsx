import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme, seriousAxeViolations } from '../../ui/test-utils';
import { ForgotPasswordPage, RESET_REQUESTED_TEXT } from './forgot-password-page';
import { invalidInput } from '../../app/testing/api-failures';

const api = vi.hoisted(() => ({ auth_password_reset_create: vi.fn() }));
vi.mock('../../app/api-client', () => ({ useApiClient: () => api }));
vi.mock('../../app/organization', () => ({
  useOrganization: () => ({
    organization: { id: 2, name: 'Harbor Home Health', token: 'harbor' },
    organizations: [],
    selectOrganization: vi.fn(),
  }),
}));

function renderPage() {
  return renderWithTheme(
    <Routes>
      <Route path="/forgot-password/:org" element={<ForgotPasswordPage />} />
    </Routes>,
    { route: '/forgot-password/harbor', style: { primary: { 500: '#1D4ED8' } } },
  );
}

beforeEach(() => {
  api.auth_password_reset_create.mockReset();
});

describe('Forgot password page', () => {
  it('is branded, accessible and links back to sign in', async () => {
    const { container } = renderPage();
    expect(screen.getByText('Harbor Home Health')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login/harbor');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('requests the reset and shows the same confirmation whatever the email', async () => {
    const user = userEvent.setup();
    api.auth_password_reset_create.mockResolvedValue(undefined);
    renderPage();
    await user.type(screen.getByLabelText('Email'), 'nobody@harbor.example');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() =>
      expect(api.auth_password_reset_create).toHaveBeenCalledWith(null, { email: 'nobody@harbor.example' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_REQUESTED_TEXT);
    expect(RESET_REQUESTED_TEXT).toBe('If an account exists for that email, we sent a link to reset the password.');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login/harbor');
  });

  it('shows a server field error on the email field', async () => {
    const user = userEvent.setup();
    api.auth_password_reset_create.mockRejectedValue(invalidInput({ email: ['Enter a valid email address.'] }));
    renderPage();
    await user.type(screen.getByLabelText('Email'), 'a@b.example');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});
