import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../api/types';
import { drawSignature } from '../../app/testing/fake-signature-pad';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { invalidInput } from '../../app/testing/api-failures';

vi.mock('signature_pad', () => import('../../app/testing/fake-signature-pad'));

const admin = makeUser('ROLE_ADMIN', {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'admin@sunrise.example',
  phone: '555-0100',
});

const section = (name: string) => screen.getByRole('region', { name });

describe('Profile page', { timeout: 20_000 }, () => {
  it('shows one’s own details, with the last sign-in in one’s time zone', async () => {
    renderApp({ path: '/profile', user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 5000 })).toBeInTheDocument();
    const details = section('Your details');
    expect(within(details).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(details).getByText('admin@sunrise.example')).toBeInTheDocument();
    expect(within(details).getByText('Admin')).toBeInTheDocument();
    expect(within(details).getByText('555-0100')).toBeInTheDocument();
    expect(within(details).getByText('America/New_York')).toBeInTheDocument();
    expect(within(details).getByText('Mar 2, 2026, 9:05 AM')).toBeInTheDocument();
  });

  it('edits the details (edit-profile) and updates the signed-in user', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      auth_user_partial_update: vi.fn(async (_params: null, body: Partial<User>) => ({ ...admin, ...body })),
    });
    renderApp({ path: '/profile', user: admin, api });
    const form = await screen.findByRole('form', { name: 'Edit your details' }, { timeout: 5000 });
    const zone = within(form).getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('America/New_York');
    expect(within(zone).getByRole('option', { name: 'Europe/Berlin' })).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('First name'));
    await user.type(within(form).getByLabelText('First name'), 'Ada');
    await user.clear(within(form).getByLabelText('Phone'));
    await user.type(within(form).getByLabelText('Phone'), '+1 555 0199');
    await user.selectOptions(zone, 'Europe/Berlin');
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    await waitFor(() =>
      expect(api.auth_user_partial_update).toHaveBeenCalledWith(null, {
        first_name: 'Ada',
        last_name: 'Hopper',
        phone: '+1 555 0199',
        timezone: 'Europe/Berlin',
      }),
    );
    expect(await within(form).findByText('Your details were saved.')).toBeInTheDocument();
    expect(within(section('Your details')).getByText('Ada Hopper')).toBeInTheDocument();
    expect(within(section('Your details')).getByText('Europe/Berlin')).toBeInTheDocument();
    // The times now follow the new time zone.
    expect(within(section('Your details')).getByText('Mar 2, 2026, 3:05 PM')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Ada Hopper');
  });

  it('offers no edit form without edit-profile', async () => {
    renderApp({ path: '/profile', user: makeUser('ROLE_EMPLOYEE') });
    await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 5000 });
    expect(screen.queryByRole('form', { name: 'Edit your details' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Change password' })).toBeInTheDocument();
  });

  it('changes the password with the current one, showing the password rules', async () => {
    const user = userEvent.setup();
    const api = stubApi();
    renderApp({ path: '/profile', user: admin, api });
    const form = await screen.findByRole('form', { name: 'Change password' }, { timeout: 5000 });
    expect(await within(form).findByText('At least 12 characters.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Current password'), 'portal-demo-2026');
    await user.type(within(form).getByLabelText('New password'), 'a-much-longer-passphrase');
    await user.type(within(form).getByLabelText('Repeat new password'), 'a-different-passphrase');
    await user.tab();
    expect(await within(form).findByText('The passwords do not match')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Change password' })).toBeDisabled();
    await user.clear(within(form).getByLabelText('Repeat new password'));
    await user.type(within(form).getByLabelText('Repeat new password'), 'a-much-longer-passphrase');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(api.auth_password_change_create).toHaveBeenCalledWith(null, {
        current_password: 'portal-demo-2026',
        new_password: 'a-much-longer-passphrase',
      }),
    );
    expect(await within(form).findByText(/Your password was changed/)).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it("shows the server's refusal of a wrong current password", async () => {
    const user = userEvent.setup();
    const refusal = invalidInput({ current_password: ['The current password is not correct.'] });
    renderApp({
      path: '/profile',
      user: admin,
      api: stubApi({ auth_password_change_create: vi.fn(async () => Promise.reject(refusal)) }),
    });
    const form = await screen.findByRole('form', { name: 'Change password' }, { timeout: 5000 });
    await user.type(within(form).getByLabelText('Current password'), 'wrong-password');
    await user.type(within(form).getByLabelText('New password'), 'a-much-longer-passphrase');
    await user.type(within(form).getByLabelText('Repeat new password'), 'a-much-longer-passphrase');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('The current password is not correct.')).toBeInTheDocument();
  });

  it('draws and saves the signature (change-signature), then shows the saved one', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      auth_signature_create: vi.fn(async () => ({ ...admin, has_signature: true })),
      auth_signature_retrieve: vi.fn(async () => new Blob(['PNG'], { type: 'image/png' })),
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:signature'), revokeObjectURL: vi.fn() });
    renderApp({ path: '/profile', user: admin, api });
    const form = await screen.findByRole('form', { name: 'Signature' }, { timeout: 5000 });
    expect(screen.getByText('You have not saved a signature yet.')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save signature' })).toBeDisabled();
    await drawSignature(within(form).getByRole('img', { name: 'Draw your signature' }));
    await user.click(within(form).getByRole('button', { name: 'Save signature' }));
    await waitFor(() =>
      expect(api.auth_signature_create).toHaveBeenCalledWith(null, { signature: 'data:image/png;base64,U0lHTkFUVVJF' }),
    );
    // the saved signature is read back through the client (with the token)
    expect(await screen.findByRole('img', { name: 'Your saved signature' })).toHaveAttribute('src', 'blob:signature');
    expect(api.auth_signature_retrieve).toHaveBeenCalledWith(null, null, { responseType: 'blob' });
    expect(within(form).getByText('Your signature was saved.')).toBeInTheDocument();
  });

  it('shows no signature pad without change-signature', async () => {
    renderApp({ path: '/profile', user: makeUser('ROLE_MARKETER') });
    await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 5000 });
    expect(screen.queryByRole('form', { name: 'Signature' })).not.toBeInTheDocument();
  });
});
