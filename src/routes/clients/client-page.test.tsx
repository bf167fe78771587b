import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { seriousAxeViolations } from '../../ui/test-utils';
import type { Client } from '../../api/clients';
import { makeAuthorization, makeClient, makeService, page } from '../../app/testing/client-fixtures';
import { waitForLastCall } from '../../app/testing/wait-for-call';

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const admin = makeUser('ROLE_ADMIN', { first_name: 'Grace', last_name: 'Hopper' });

function setUp(path: string, client: Client, overrides: Record<string, (...args: never[]) => Promise<unknown>> = {}) {
  const api = Object.assign(stubApi(), {
    clients_retrieve: vi.fn(async () => client),
    clients_partial_update: vi.fn(async (_params: unknown, body: Partial<Client>) => ({ ...client, ...body })),
    clients_invitation_create: vi.fn(),
    clients_services_create: vi.fn(),
    clients_services_partial_update: vi.fn(),
    clients_authorizations_create: vi.fn(),
    clients_access_history_list: vi.fn(async () => page([])),
    ...overrides,
  });
  return renderApp({ path, user: admin, api });
}

describe('Client page', { timeout: 30000 }, () => {
  it('shows the header, the sections and the next certification period', async () => {
    const client = makeClient({
      type: 'HHP',
      referral_id: 9,
      certification_start: '2026-01-01',
      certification_end: '2026-03-01',
      next_certification: { start: '2026-03-02', end: '2026-04-30' },
      payer: 'Medicaid',
      member_id: 'M-1',
      physician_name: 'Dr. Wells',
      physician_npi: '1234567893',
      diagnosis_code: 'I10',
    });
    const { container, api } = setUp('/clients/301', client);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rosa Diaz' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Current path')).toHaveTextContent('/clients/301/details'));
    expect(screen.getByRole('link', { name: 'Back to clients' }).parentElement).toHaveTextContent(
      'Back to clients · Home Health · Active · From a referral',
    );
    expect(screen.getByRole('link', { name: 'Back to clients' })).toHaveAttribute('href', '/clients');
    expect(screen.getByText('Next certification period: Mar 2, 2026 – Apr 30, 2026')).toBeInTheDocument();
    expect(screen.getByLabelText("Physician's NPI")).toHaveValue('1234567893');
    const sections = screen.getByRole('navigation', { name: 'Client sections' });
    for (const name of [
      'Details',
      'Services and authorizations',
      'Visits',
      'Work-service reviews',
      'Notes',
      'Documents',
      'Grievances',
      'Access history',
    ]) {
      expect(within(sections).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(await seriousAxeViolations(container)).toEqual([]);

    await userEvent.click(within(sections).getByRole('link', { name: 'Visits' }));
    expect(await screen.findByRole('form', { name: 'Book a visit' })).toBeInTheDocument();
    await userEvent.click(within(sections).getByRole('link', { name: 'Grievances' }));
    // the client's grievances, from the desk's list narrowed to this client
    expect(await screen.findByText('No grievances yet')).toBeInTheDocument();
    expect(api.grievances_list).toHaveBeenCalledWith(expect.objectContaining({ client_id: client.id, offset: 0 }));
    await userEvent.click(within(sections).getByRole('link', { name: 'Notes' }));
    expect(await screen.findByText('Has a small dog. Ring twice.')).toBeInTheDocument();
  });

  it('discharge asks for a date and a reason (a note is optional) and sends them', async () => {
    const user = userEvent.setup();
    const client = makeClient();
    const { api } = setUp('/clients/301/details', client);
    await user.click(await screen.findByRole('button', { name: 'Discharge' }));
    const dialog = screen.getByRole('dialog', { name: 'Discharge Rosa Diaz' });
    const confirm = within(dialog).getByRole('button', { name: 'Discharge' });
    expect(confirm).toBeDisabled();

    // the reason alone is not enough
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Goals met');
    await user.click(within(dialog).getByRole('textbox', { name: 'Date of discharge' }));
    await user.tab();
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Date of discharge' })).toHaveAccessibleDescription(
        expect.stringContaining('Enter the date of discharge.'),
      ),
    );
    expect(confirm).toBeDisabled();

    // the date alone is not enough
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Choose a reason');
    await user.type(within(dialog).getByRole('textbox', { name: 'Date of discharge' }), '02032026');
    await user.tab();
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
        'Choose the reason for the discharge.',
      ),
    );
    expect(confirm).toBeDisabled();
    expect(api.clients_partial_update).not.toHaveBeenCalled();

    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Moved out of the service area');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Moved to her son in Ohio.');
    await user.click(confirm);
    await waitFor(() =>
      expect(api.clients_partial_update).toHaveBeenCalledWith(
        { id: 301 },
        {
          status: 'DISCHARGED',
          discharged_on: '2026-03-02',
          discharge_reason: 'MOVED',
          discharge_note: 'Moved to her son in Ohio.',
        },
      ),
    );
    expect(await screen.findByText('Rosa Diaz was discharged.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText(/Mar 2, 2026: Moved out of the service area/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Discharge' })).not.toBeInTheDocument();
  });

  it('invites a family member to the portal, who then shows with the invitation pending', async () => {
    const user = userEvent.setup();
    const client = makeClient();
    const invited = {
      id: 77,
      email: 'lena@example.com',
      first_name: 'Lena',
      last_name: 'Diaz',
      relationship: 'FAMILY',
      invitation_pending: true,
      is_active: true,
    };
    const { api } = setUp('/clients/301/details', client, { clients_invitation_create: vi.fn(async () => invited) });
    await user.click(await screen.findByRole('button', { name: 'Invite to the portal' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite to the portal' });
    await user.type(within(dialog).getByLabelText('Email'), 'lena@example.com');
    await user.type(within(dialog).getByLabelText('First name'), 'Lena');
    await user.type(within(dialog).getByLabelText('Last name'), 'Diaz');
    await user.selectOptions(within(dialog).getByLabelText('Who is this?'), 'A family member');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(api.clients_invitation_create).toHaveBeenCalledWith(
        { id: 301 },
        { email: 'lena@example.com', first_name: 'Lena', last_name: 'Diaz', relationship: 'FAMILY' },
      ),
    );
    expect(await screen.findByText('The invitation was sent to lena@example.com.')).toBeInTheDocument();
    const portal = screen.getByRole('region', { name: 'Portal users' });
    expect(within(portal).getByText('Lena Diaz')).toBeInTheDocument();
    expect(within(portal).getByText('Invitation pending')).toBeInTheDocument();
  });

  it('shows each authorization with its warnings in words, changes a service status and records an authorization', async () => {
    const user = userEvent.setup();
    const pathways = makeService({
      authorizations: [
        makeAuthorization({ id: 1, amount: 100, used: 95, remaining: 5, low: true, reference: 'PA-LOW' }),
        makeAuthorization({
          id: 2,
          unit: 'VISIT',
          amount: 12,
          used: 2,
          remaining: 10,
          ends_on: '2026-03-10',
          ending_soon: true,
          reference: 'PA-SOON',
        }),
        makeAuthorization({
          id: 3,
          amount: 40,
          used: 10,
          remaining: 30,
          ends_on: '2026-01-31',
          ended: true,
          reference: 'PA-OLD',
        }),
        makeAuthorization({ id: 4, amount: 40, used: 0, remaining: 40, reference: 'PA-FINE' }),
      ],
    });
    const client = makeClient({ services: [pathways] });
    const recorded = makeAuthorization({
      id: 5,
      amount: 60,
      starts_on: '2026-04-01',
      ends_on: '2026-06-30',
      reference: 'PA-NEW',
    });
    const { api, container } = setUp('/clients/301/services', client, {
      clients_services_partial_update: vi.fn(async () => ({ ...pathways, status: 'ON_HOLD' })),
      clients_authorizations_create: vi.fn(async () => recorded),
      clients_services_create: vi.fn(async () => makeService({ id: 12, service: 'Bds' })),
    });
    const panel = await screen.findByRole('region', { name: 'Pathways' });
    const rowOf = (reference: string) => within(panel).getByText(reference).closest('tr')!;
    expect(within(rowOf('PA-LOW')).getByText('Less than 10% remains')).toBeInTheDocument();
    expect(within(rowOf('PA-LOW')).getByText('5')).toBeInTheDocument();
    expect(within(rowOf('PA-SOON')).getByText('Ends within 14 days')).toBeInTheDocument();
    expect(within(rowOf('PA-SOON')).getByText('Visits')).toBeInTheDocument();
    expect(within(rowOf('PA-OLD')).getByText('Ended')).toBeInTheDocument();
    expect(within(rowOf('PA-OLD')).queryByText('Ends within 14 days')).not.toBeInTheDocument();
    expect(within(rowOf('PA-FINE')).getByText('None')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);

    await user.selectOptions(within(panel).getByLabelText('Status of Pathways'), 'On hold');
    await waitFor(() =>
      expect(api.clients_services_partial_update).toHaveBeenCalledWith(
        { id: 301, service_id: 11 },
        { status: 'ON_HOLD' },
      ),
    );
    expect(await screen.findByText('Pathways is now on hold.')).toBeInTheDocument();

    const addService = screen.getByRole('form', { name: 'Add a service' });
    expect(within(addService).queryByRole('option', { name: 'Pathways' })).not.toBeInTheDocument();
    expect(within(addService).queryByRole('option', { name: 'Lpn' })).not.toBeInTheDocument();
    await user.selectOptions(within(addService).getByLabelText('Service'), 'BDS Waiver');
    await user.click(within(addService).getByRole('button', { name: 'Add service' }));
    await waitFor(() => expect(api.clients_services_create).toHaveBeenCalledWith({ id: 301 }, { service: 'Bds' }));
    expect(await screen.findByRole('region', { name: 'BDS Waiver' })).toBeInTheDocument();

    const addAuthorization = screen.getByRole('form', { name: 'Add an authorization' });
    await user.selectOptions(within(addAuthorization).getByLabelText('Service'), 'Pathways');
    await user.selectOptions(within(addAuthorization).getByLabelText('Unit'), 'Hours');
    await user.type(within(addAuthorization).getByLabelText('Amount authorized'), '60');
    await user.type(within(addAuthorization).getByRole('textbox', { name: 'From' }), '01042026');
    await user.type(within(addAuthorization).getByRole('textbox', { name: 'To' }), '30062026');
    await user.type(within(addAuthorization).getByLabelText('Reference (optional)'), 'PA-NEW');
    await user.click(within(addAuthorization).getByRole('button', { name: 'Add authorization' }));
    await waitFor(() =>
      expect(api.clients_authorizations_create).toHaveBeenCalledWith(
        { id: 301 },
        {
          service_id: 11,
          unit: 'HOUR',
          amount: 60,
          starts_on: '2026-04-01',
          ends_on: '2026-06-30',
          reference: 'PA-NEW',
        },
      ),
    );
    expect(await within(screen.getByRole('region', { name: 'Pathways' })).findByText('PA-NEW')).toBeInTheDocument();
  });

  it('lists the access history: when, who with their role, the action and what', async () => {
    const entry = {
      id: 1,
      at: '2026-03-02T14:05:00Z',
      actor: { id: 5, name: 'Grace Hopper', role: 'ROLE_ADMIN' },
      action: 'UPDATE',
      entity: 'client',
      what: 'client: phone, notes',
    };
    const { api } = setUp('/clients/301/access-history', makeClient(), {
      clients_access_history_list: vi.fn(async () =>
        page([entry, { ...entry, id: 2, actor: null, action: 'READ', what: 'client (welcome)' }], 45),
      ),
    });
    const row = (await screen.findByText('client: phone, notes')).closest('tr')!;
    expect(within(row).getByText('Grace Hopper (Admin)')).toBeInTheDocument();
    expect(within(row).getByText('Changed')).toBeInTheDocument();
    expect(within(row).getByText('Mar 2, 2026, 9:05 AM')).toBeInTheDocument();
    expect(screen.getByText('The portal (automatic)')).toBeInTheDocument();
    expect(api.clients_access_history_list).toHaveBeenCalledWith({ id: 301, limit: 20, offset: 0 });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitForLastCall(api.clients_access_history_list, { id: 301, limit: 20, offset: 20 });
  });
});
