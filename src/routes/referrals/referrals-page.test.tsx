import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { page } from '../../app/testing/client-fixtures';
import { seriousAxeViolations } from '../../ui/test-utils';
import { makeReferral } from '../../app/testing/referral-fixtures';
import { invalidInput } from '../../app/testing/api-failures';
import { waitForLastCall } from '../../app/testing/wait-for-call';

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const marketer = makeUser('ROLE_MARKETER', { first_name: 'Mia', last_name: 'Lane' });
const rosa = makeReferral({ overdue: true });
const omar = makeReferral({
  id: 13,
  first_name: 'Omar',
  last_name: 'Haddad',
  type: 'HHP',
  source: 'PHYSICIAN',
  source_name: '',
  status: 'CONTACTED',
});

function setUp(path: string, overrides: Record<string, (...args: never[]) => Promise<unknown>> = {}) {
  const api = Object.assign(stubApi(), {
    referrals_list: vi.fn(async (params: { status?: string; search?: string }) => {
      const results = [rosa, omar].filter(
        (row) =>
          (!params.status || row.status === params.status) &&
          (!params.search || `${row.first_name} ${row.last_name}`.toLowerCase().includes(params.search.toLowerCase())),
      );
      return page(results);
    }),
    referrals_create: vi.fn(),
    referrals_retrieve: vi.fn(async () => rosa),
    ...overrides,
  });
  return renderApp({ path, user: marketer, api });
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

describe("The marketer's referrals", { timeout: 30000 }, () => {
  it('lists their referrals with status and overdue in words, and filters by status and search on the server', async () => {
    const user = userEvent.setup();
    const { api, container } = setUp('/referrals');
    expect(await screen.findByRole('heading', { level: 1, name: 'Referrals' }, { timeout: 5000 })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Rosa Diaz' });
    expect(api.referrals_list).toHaveBeenCalledWith({ limit: 20, offset: 0, ordering: '-created_at' });
    expect(screen.getByRole('link', { name: 'Rosa Diaz' })).toHaveAttribute('href', '/referrals/12');
    expect(within(rowOf('Rosa Diaz')).getByText('New')).toBeInTheDocument();
    expect(within(rowOf('Rosa Diaz')).getByText('Overdue')).toBeInTheDocument();
    expect(within(rowOf('Rosa Diaz')).getByText("Hospital: St. Mary's")).toBeInTheDocument();
    expect(within(rowOf('Rosa Diaz')).getByText('Home Care')).toBeInTheDocument();
    expect(within(rowOf('Omar Haddad')).getByText('Contacted')).toBeInTheDocument();
    expect(within(rowOf('Omar Haddad')).queryByText('Overdue')).not.toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Contacted');
    await waitForLastCall(api.referrals_list, {
      limit: 20,
      offset: 0,
      ordering: '-created_at',
      status: 'CONTACTED',
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Rosa Diaz' })).not.toBeInTheDocument());
    await user.type(screen.getByRole('searchbox', { name: 'Search referrals' }), 'rosa');
    await waitForLastCall(api.referrals_list, {
      limit: 20,
      offset: 0,
      ordering: '-created_at',
      status: 'CONTACTED',
      search: 'rosa',
    });
    expect(await screen.findByText('No referrals match')).toBeInTheDocument();
  });

  it('says so when there is none yet, with the way to enter one', async () => {
    setUp('/referrals', { referrals_list: vi.fn(async () => page([])) });
    expect(await screen.findByText('No referrals yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New referral' })).toHaveLength(2);
  });
});

describe('New referral', { timeout: 30000 }, () => {
  it('refuses a birth date in the future at the field without calling the server', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/referrals/new');
    const form = await screen.findByRole('form', { name: 'Referral details' }, { timeout: 5000 });
    await user.type(within(form).getByLabelText('First name'), 'Rosa');
    await user.type(within(form).getByLabelText('Last name'), 'Diaz');
    fireEvent.change(within(form).getByLabelText('Date of birth'), { target: { value: '2999-01-01' } });
    fireEvent.blur(within(form).getByLabelText('Date of birth'));
    expect(await within(form).findByText('The date of birth cannot be in the future')).toBeInTheDocument();
    expect(within(form).getByLabelText('Date of birth')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(form).getByLabelText('Phone'), '555 0142');
    await user.selectOptions(within(form).getByLabelText('Type of care'), 'Home Care');
    await user.selectOptions(within(form).getByLabelText('Source'), 'Hospital');
    await user.click(within(form).getByRole('button', { name: 'Save referral' }));
    expect(api.referrals_create).not.toHaveBeenCalled();
  });

  it('saves a hospital discharge with the services of its type and opens it with a notice', async () => {
    const user = userEvent.setup();
    const created = makeReferral({ id: 40, requested_services: ['SkilledNurses'], type: 'HHP', payer: 'Medicare' });
    const { api, container } = setUp('/referrals/new', {
      referrals_create: vi.fn(async () => created),
      referrals_retrieve: vi.fn(async () => created),
    });
    const form = await screen.findByRole('form', { name: 'Referral details' }, { timeout: 5000 });
    await user.type(within(form).getByLabelText('First name'), ' Rosa ');
    await user.type(within(form).getByLabelText('Last name'), 'Diaz');
    fireEvent.change(within(form).getByLabelText('Date of birth'), { target: { value: '1941-05-03' } });
    await user.type(within(form).getByLabelText('Phone'), '+1 555 0142');
    await user.type(within(form).getByLabelText('City (optional)'), 'Albany');
    expect(within(form).getByText('Choose the type of care to pick the requested services.')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Type of care'), 'Home Care');
    await user.click(within(form).getByRole('checkbox', { name: 'Pathways' }));
    // Home health does not offer Pathways: it is no longer shown, nor sent.
    await user.selectOptions(within(form).getByLabelText('Type of care'), 'Home Health');
    expect(within(form).queryByRole('checkbox', { name: 'Pathways' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('checkbox', { name: 'RN Skilled Nurses Services' }));
    await user.selectOptions(within(form).getByLabelText('Payer (optional)'), 'Medicare');
    await user.selectOptions(within(form).getByLabelText('Source'), 'Hospital');
    await user.type(within(form).getByLabelText("Source's name (optional)"), "St. Mary's");
    expect(await seriousAxeViolations(container)).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Save referral' }));
    await waitFor(() =>
      expect(api.referrals_create).toHaveBeenCalledWith(null, {
        first_name: 'Rosa',
        last_name: 'Diaz',
        date_of_birth: '1941-05-03',
        phone: '+1 555 0142',
        address: '',
        city: 'Albany',
        state: '',
        postal_code: '',
        type: 'HHP',
        requested_services: ['SkilledNurses'],
        payer: 'Medicare',
        source: 'HOSPITAL',
        source_name: "St. Mary's",
        source_contact: '',
        notes: '',
      }),
    );
    expect(await screen.findByText('The referral of Rosa Diaz was saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Current path')).toHaveTextContent('/referrals/40'));
  });

  it("shows the server's field error at its field", async () => {
    const user = userEvent.setup();
    const refusal = invalidInput({ phone: ['Enter a phone number with at least 7 digits.'] });
    setUp('/referrals/new', { referrals_create: vi.fn(async () => Promise.reject(refusal)) });
    const form = await screen.findByRole('form', { name: 'Referral details' }, { timeout: 5000 });
    await user.type(within(form).getByLabelText('First name'), 'Rosa');
    await user.type(within(form).getByLabelText('Last name'), 'Diaz');
    fireEvent.change(within(form).getByLabelText('Date of birth'), { target: { value: '1941-05-03' } });
    await user.type(within(form).getByLabelText('Phone'), '555-0142 ext');
    await user.selectOptions(within(form).getByLabelText('Type of care'), 'Both');
    await user.selectOptions(within(form).getByLabelText('Source'), 'Family');
    await user.click(within(form).getByRole('button', { name: 'Save referral' }));
    expect(await within(form).findByText('Enter a phone number with at least 7 digits.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
  });
});
