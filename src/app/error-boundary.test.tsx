import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_SCREEN_TEXT } from '../ui/error-screen';
import { makeUser, renderApp } from './testing/render-app';

// Pages that fail while rendering: the Applications and Form request pages throw.
vi.mock('../routes/applications/applications-page', () => ({
  default: () => {
    throw new Error('Applications exploded');
  },
}));
vi.mock('../routes/onboarding/employee/form-request-page', () => ({
  default: () => {
    throw new Error('Form request exploded');
  },
}));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the Error 500 screen', () => {
  it("replaces a page that fails, and 'Back to Site' goes to the role's home route", async () => {
    renderApp({ path: '/applications', user: makeUser('ROLE_ADMIN') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 500' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(ERROR_SCREEN_TEXT)).toBeInTheDocument();
    expect(ERROR_SCREEN_TEXT).toBe('The link you clicked may be broken or the page may have been removed or renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Back to Site' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/users');
  });

  it("sends an employee with forms due to the incomplete documents with 'Back to Site'", async () => {
    renderApp({ path: '/onboarding/form-request/3', user: makeUser('ROLE_EMPLOYEE', { status: 'NEW', formsDue: 2 }) });
    await screen.findByRole('heading', { level: 1, name: 'Error 500' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Back to Site' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Incomplete documents' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/profile/incomplete-documents');
  });

  it('shows an initialization error and hands it to the init-error callback', async () => {
    const failure = new Error('The API definition could not be loaded');
    const { onInitError } = renderApp({ path: '/login/sunrise', initError: failure });
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 500' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Site' })).toBeInTheDocument();
    expect(onInitError).toHaveBeenCalledWith(failure);
  });
});
