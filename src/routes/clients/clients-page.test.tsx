import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { seriousAxeViolations } from '../../ui/test-utils';
import { makeClient, page, summaryOf } from '../../app/testing/client-fixtures';
import { waitForLastCall } from '../../app/testing/wait-for-call';

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const admin = makeUser('ROLE_ADMIN', { first_name: 'Grace', last_name: 'Hopper' });
const rosa = makeClient();
const hal = makeClient({
  id: 302,
  first_name: 'Hal',
  last_name: 'Brook',
  type: 'HHP',
  status: 'PENDING',
  phone: '(555) 777-1000',
  city: 'Salem',
});
const ivy = makeClient({
  id: 303,
  first_name: 'Ivy',
  last_name: 'Chen',
  type: 'HCC, HHP',
  status: 'DISCHARGED',
  phone: '',
  city: '',
});
const everyone = [rosa, hal, ivy].map(summaryOf);

function setUp(path: string, overrides: Record<string, (...args: never[]) => Promise<unknown>> = {}) {
  const api = Object.assign(stubApi(), {
    clients_list: vi.fn(async (params: { type?: string; status?: string; search?: string }) =>
      page(
        everyone.filter(
          (row) =>
            (!params.type || row.type === params.type) &&
            (!params.status || row.status === params.status) &&
            (!params.search ||
              `${row.first_name} ${row.last_name} ${row.phone}`.toLowerCase().includes(params.search.toLowerCase())),
        ),
      ),
    ),
    clients_create: vi.fn(),
    clients_retrieve: vi.fn(
      async ({ id }: { id: number }) => [rosa, hal, ivy].find((row) => row.id === Number(id)) ?? rosa,
    ),
    ...overrides,
  });
  return renderApp({ path, user: admin, api });
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

describe('Clients page', { timeout: 30000 }, () => {
  it('lists the clients with type and status in words, and offers a new client of each type', async () => {
    const { api, container } = setUp('/clients');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Rosa Diaz' });
    expect(api.clients_list).toHaveBeenCalledWith({ limit: 20, offset: 0, ordering: 'last_name' });
    expect(within(rowOf('Rosa Diaz')).getByText('Home Care')).toBeInTheDocument();
    expect(within(rowOf('Rosa Diaz')).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf('Hal Brook')).getByText('Home Health')).toBeInTheDocument();
    expect(within(rowOf('Hal Brook')).getByText('Pending')).toBeInTheDocument();
    expect(within(rowOf('Hal Brook')).getByRole('link', { name: '(555) 777-1000' })).toHaveAttribute(
      'href',
      'tel:5557771000',
    );
    expect(within(rowOf('Ivy Chen')).getByText('Discharged')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rosa Diaz' })).toHaveAttribute('href', '/clients/301');
    expect(screen.getByRole('link', { name: 'New client' })).toHaveAttribute('href', '/clients/new/home-care');
    expect(screen.getByRole('link', { name: 'New home health patient' })).toHaveAttribute(
      'href',
      '/clients/new/home-health',
    );
    expect(screen.getByRole('link', { name: 'New home care/health patient' })).toHaveAttribute(
      'href',
      '/clients/new/group',
    );
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('sends the search, the type and status filters and the ordering to the server', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/clients');
    await screen.findByRole('link', { name: 'Rosa Diaz' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Home Health');
    await waitForLastCall(api.clients_list, { limit: 20, offset: 0, ordering: 'last_name', type: 'HHP' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Rosa Diaz' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Hal Brook' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'All types');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Discharged');
    await waitForLastCall(api.clients_list, {
      limit: 20,
      offset: 0,
      ordering: 'last_name',
      status: 'DISCHARGED',
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Hal Brook' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /Added/ }));
    await waitForLastCall(api.clients_list, expect.objectContaining({ ordering: 'created_at', status: 'DISCHARGED' }));
    await user.click(screen.getByRole('button', { name: /Added/ }));
    await waitForLastCall(api.clients_list, expect.objectContaining({ ordering: '-created_at' }));
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitForLastCall(api.clients_list, expect.objectContaining({ ordering: 'last_name' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'brook');
    await waitForLastCall(api.clients_list, {
      limit: 20,
      offset: 0,
      ordering: 'last_name',
      search: 'brook',
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Rosa Diaz' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Hal Brook' })).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search clients' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'nobody');
    expect(await screen.findByText('No clients match')).toBeInTheDocument();
  });

  it('shows an empty state with a new client action when there are no clients', async () => {
    setUp('/clients', { clients_list: vi.fn(async () => page([])) });
    expect(await screen.findByText('No clients yet')).toBeInTheDocument();
    const empty = screen.getByText('No clients yet').parentElement!;
    expect(within(empty).getByRole('link', { name: 'New client' })).toHaveAttribute('href', '/clients/new/home-care');
  });
});
