import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { page } from '../../app/testing/client-fixtures';
import { holdTimers } from '../../ui/debounce-testing';
import { invalidInput } from '../../app/testing/api-failures';
import { waitForLastCall } from '../../app/testing/wait-for-call';

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const admin = makeUser('ROLE_ADMIN', { first_name: 'Grace', last_name: 'Hopper', email: 'admin@sunrise.example' });
const nurse = makeUser('ROLE_EMPLOYEE', { first_name: 'Nina', last_name: 'Reyes', email: 'nurse@sunrise.example' });
const invited = makeUser('ROLE_MARKETER', {
  first_name: 'Mark',
  last_name: 'Ito',
  email: 'mark@sunrise.example',
  invitation_pending: true,
  last_login: null,
});
const gone = makeUser('ROLE_CLIENT', {
  first_name: 'Carl',
  last_name: 'Dunn',
  email: 'carl@sunrise.example',
  is_active: false,
});
const everyone = [admin, nurse, invited, gone];

function setUp(overrides: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    users_list: vi.fn(async (params: { search?: string; role?: string }) => {
      const search = params.search?.toLowerCase();
      return page(
        everyone.filter(
          (user) =>
            (!search || `${user.first_name} ${user.last_name} ${user.email}`.toLowerCase().includes(search)) &&
            (!params.role || user.role === params.role),
        ),
      );
    }),
    ...overrides,
  });
  renderApp({ path: '/users', user: admin, api });
  return api;
}

const table = () => screen.getByRole('table', { name: 'Users' });
const rowOf = (text: string) => within(table()).getByText(text).closest('tr')!;

describe('Users page', () => {
  it("lists the organization's users with name, email, role label and state", async () => {
    const api = setUp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' }, { timeout: 5000 })).toBeInTheDocument();
    await within(table()).findByText('Nina Reyes');
    expect(api.users_list).toHaveBeenCalledWith({ limit: 20, offset: 0, ordering: 'last_name' });
    expect(within(rowOf('Nina Reyes')).getByText('nurse@sunrise.example')).toBeInTheDocument();
    expect(within(rowOf('Nina Reyes')).getByText('Employee')).toBeInTheDocument();
    expect(within(rowOf('Nina Reyes')).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf('Mark Ito')).getByText('Invited')).toBeInTheDocument();
    expect(within(rowOf('Carl Dunn')).getByText('Deactivated')).toBeInTheDocument();
    // The last sign-in in the user's time zone (America/New_York), en-US.
    expect(within(rowOf('Nina Reyes')).getByText('Mar 2, 2026, 9:05 AM')).toBeInTheDocument();
    // Resend only while the invitation is pending; no actions on one's own row.
    expect(screen.getByRole('button', { name: 'Resend invitation to Mark Ito' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend invitation to Nina Reyes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate Grace Hopper' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reactivate Carl Dunn' })).toBeInTheDocument();
  });

  it('searches and filters by role on the server', async () => {
    const user = userEvent.setup();
    const api = setUp();
    await screen.findByText('Nina Reyes', {}, { timeout: 5000 });
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nina');
    await waitForLastCall(api.users_list, { limit: 20, offset: 0, ordering: 'last_name', search: 'nina' });
    await waitFor(() => expect(within(table()).queryByText('Mark Ito')).not.toBeInTheDocument());
    expect(within(table()).getByText('Nina Reyes')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Marketer');
    await waitForLastCall(api.users_list, {
      limit: 20,
      offset: 0,
      ordering: 'last_name',
      role: 'ROLE_MARKETER',
    });
    await waitFor(() => expect(within(table()).queryByText('Nina Reyes')).not.toBeInTheDocument());
    expect(within(table()).getByText('Mark Ito')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect(await screen.findByText('No users match')).toBeInTheDocument();
  });

  it('pages on the server', async () => {
    const timers = holdTimers(300);
    const api = setUp({
      users_list: vi.fn(async (params: { offset: number }) => page(params.offset === 0 ? [nurse] : [invited], 45)),
    });
    await screen.findByText('Nina Reyes', {}, { timeout: 5000 });
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    // 'Next' right after the first render, before the search's 300 ms have gone by.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table()).findByText('Mark Ito')).toBeInTheDocument();
    expect(api.users_list).toHaveBeenLastCalledWith({ limit: 20, offset: 20, ordering: 'last_name' });
    expect(screen.getByText('21–40 of 45')).toBeInTheDocument();
    // The search box's debounce (300 ms) does not take the list back to the first page.
    await timers.release();
    expect(screen.getByText('21–40 of 45')).toBeInTheDocument();
    expect(within(table()).getByText('Mark Ito')).toBeInTheDocument();
    expect(api.users_list).toHaveBeenLastCalledWith({ limit: 20, offset: 20, ordering: 'last_name' });
    expect(api.users_list).toHaveBeenCalledTimes(2);
  });

  it('invites a user: the row appears and a confirmation says the invitation was sent', async () => {
    const user = userEvent.setup();
    const created = makeUser('ROLE_EMPLOYEE', {
      first_name: 'Olga',
      last_name: 'Park',
      email: 'olga@sunrise.example',
      invitation_pending: true,
      last_login: null,
    });
    const api = setUp({ users_create: vi.fn(async () => created) });
    await screen.findByText('Nina Reyes', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const form = screen.getByRole('form', { name: 'Invite a user' });
    expect(within(form).getByRole('button', { name: 'Send invitation' })).toBeDisabled();
    await user.type(within(form).getByLabelText('Email'), 'olga@sunrise.example');
    await user.type(within(form).getByLabelText('First name'), 'Olga');
    await user.type(within(form).getByLabelText('Last name'), 'Park');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Employee');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(api.users_create).toHaveBeenCalledWith(null, {
        email: 'olga@sunrise.example',
        first_name: 'Olga',
        last_name: 'Park',
        role: 'ROLE_EMPLOYEE',
      }),
    );
    expect(await screen.findByText('The invitation was sent to olga@sunrise.example.')).toBeInTheDocument();
    expect(within(rowOf('Olga Park')).getByText('Invited')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite a user' })).not.toBeInTheDocument();
  });

  it("shows the server's field error of a refused invitation", async () => {
    const user = userEvent.setup();
    const refusal = invalidInput({ email: ['A user with this email already exists.'] });
    setUp({ users_create: vi.fn(async () => Promise.reject(refusal)) });
    await screen.findByText('Nina Reyes', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const form = screen.getByRole('form', { name: 'Invite a user' });
    await user.type(within(form).getByLabelText('Email'), 'nurse@sunrise.example');
    await user.type(within(form).getByLabelText('First name'), 'Nina');
    await user.type(within(form).getByLabelText('Last name'), 'Reyes');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Employee');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('A user with this email already exists.')).toBeInTheDocument();
  });

  it('resends a pending invitation', async () => {
    const api = setUp();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Resend invitation to Mark Ito' }, { timeout: 5000 }),
    );
    expect(api.users_invitation_create).toHaveBeenCalledWith({ id: invited.id });
    expect(await screen.findByText('The invitation was sent again to mark@sunrise.example.')).toBeInTheDocument();
  });

  it('deactivates a user after a confirmation, and reactivates them', async () => {
    const user = userEvent.setup();
    const api = setUp({
      users_partial_update: vi.fn(async (params: { id: number }, body: { is_active: boolean }) => ({
        ...nurse,
        id: params.id,
        is_active: body.is_active,
      })),
    });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Nina Reyes' }, { timeout: 5000 }));
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate Nina Reyes?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.users_partial_update).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Deactivate Nina Reyes' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }));
    expect(api.users_partial_update).toHaveBeenCalledWith({ id: nurse.id }, { is_active: false });
    expect(await screen.findByText('Nina Reyes was deactivated.')).toBeInTheDocument();
    expect(within(rowOf('Nina Reyes')).getByText('Deactivated')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reactivate Nina Reyes' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Reactivate Nina Reyes?' })).getByRole('button', {
        name: 'Reactivate',
      }),
    );
    expect(api.users_partial_update).toHaveBeenLastCalledWith({ id: nurse.id }, { is_active: true });
    expect(await screen.findByText('Nina Reyes was reactivated.')).toBeInTheDocument();
    expect(within(rowOf('Nina Reyes')).getByText('Active')).toBeInTheDocument();
  });
});
