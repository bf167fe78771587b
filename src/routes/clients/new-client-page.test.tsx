import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { ICD10_MESSAGE, NPI_MESSAGE } from '../../domain/clients';
import { seriousAxeViolations } from '../../ui/test-utils';
import { makeClient, page } from '../../app/testing/client-fixtures';
import { invalidInput } from '../../app/testing/api-failures';

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const admin = makeUser('ROLE_ADMIN', { first_name: 'Grace', last_name: 'Hopper' });
const created = makeClient({
  id: 350,
  first_name: 'Hal',
  last_name: 'Brook',
  type: 'HHP',
  status: 'ACTIVE',
  payer: 'Medicare',
  member_id: 'MBI-77',
  physician_name: 'Dr. Ada Wells',
  physician_npi: '1234567893',
  diagnosis_code: 'E11.9',
  certification_start: '2026-03-01',
  certification_end: '2026-04-29',
});

function setUp(path: string, overrides: Record<string, (...args: never[]) => Promise<unknown>> = {}) {
  const api = Object.assign(stubApi(), {
    clients_list: vi.fn(async () => page([])),
    clients_create: vi.fn(async () => created),
    clients_retrieve: vi.fn(async () => created),
    ...overrides,
  });
  return renderApp({ path, user: admin, api });
}

/** Fills the person's fields and the home health fields with good values (the NPI and diagnosis as given). */
async function fillHomeHealth(
  user: ReturnType<typeof userEvent.setup>,
  form: HTMLElement,
  { npi, icd10 }: { npi: string; icd10: string },
) {
  await user.type(within(form).getByLabelText('First name'), 'Hal');
  await user.type(within(form).getByLabelText('Last name'), 'Brook');
  await user.type(within(form).getByRole('textbox', { name: 'Date of birth' }), '12051950');
  await user.type(within(form).getByLabelText('Phone (optional)'), '(555) 777-1000');
  await user.selectOptions(within(form).getByLabelText('Status'), 'Active');
  await user.click(within(form).getByRole('checkbox', { name: 'RN Skilled Nurses Services' }));
  await user.click(within(form).getByRole('checkbox', { name: 'PhysicalTherapist' }));
  await user.selectOptions(within(form).getByLabelText('Payer'), 'Medicare');
  await user.type(within(form).getByLabelText('Member id'), 'MBI-77');
  await user.type(within(form).getByLabelText('Attending physician'), 'Dr. Ada Wells');
  await user.type(within(form).getByLabelText("Physician's NPI"), npi);
  await user.type(within(form).getByLabelText('Primary diagnosis (ICD-10 code)'), icd10);
  await user.type(within(form).getByRole('textbox', { name: 'Certification period start' }), '01032026');
  await user.tab();
}

describe('New client page', { timeout: 30000 }, () => {
  it('a home care client has no home health fields and offers the home care services', async () => {
    setUp('/clients/new/home-care');
    expect(await screen.findByRole('heading', { level: 1, name: 'New Home Care Client' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New Home Care Client' });
    expect(within(form).getByRole('checkbox', { name: 'BDS Waiver' })).toBeInTheDocument();
    expect(within(form).queryByRole('checkbox', { name: 'Lpn' })).not.toBeInTheDocument();
    expect(within(form).queryByLabelText("Physician's NPI")).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Status')).toHaveValue('PENDING');
  });

  it('an unknown type goes back to /clients/new, which opens the home care form', async () => {
    setUp('/clients/new/hospice');
    expect(await screen.findByRole('heading', { level: 1, name: 'New Home Care Client' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Current path')).toHaveTextContent('/clients/new/home-care'));
  });

  it('home health: an NPI whose check digit fails and a diagnosis that is no ICD-10 code are refused at their fields, without a call', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/clients/new/home-health');
    expect(await screen.findByRole('heading', { level: 1, name: 'New Home Health Patient' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New Home Health Patient' });
    await fillHomeHealth(user, form, { npi: '1234567890', icd10: 'XYZ' });

    const npi = within(form).getByLabelText("Physician's NPI");
    const diagnosis = within(form).getByLabelText('Primary diagnosis (ICD-10 code)');
    await waitFor(() => expect(npi).toHaveAccessibleDescription(expect.stringContaining(NPI_MESSAGE)));
    expect(npi).toHaveAttribute('aria-invalid', 'true');
    expect(diagnosis).toHaveAccessibleDescription(expect.stringContaining(ICD10_MESSAGE));
    expect(within(form).getByRole('button', { name: 'Add client' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Add client' }));
    expect(api.clients_create).not.toHaveBeenCalled();

    // a date of birth in the future, and a certification period that is not 60 days
    const birth = within(form).getByRole('textbox', { name: 'Date of birth' });
    await user.clear(birth);
    await user.type(birth, '01012099');
    const end = within(form).getByRole('textbox', { name: 'Certification period end' });
    await user.clear(end);
    await user.type(end, '30042026');
    await user.tab();
    await waitFor(() =>
      expect(birth).toHaveAccessibleDescription(expect.stringContaining('The date of birth cannot be in the future.')),
    );
    expect(end).toHaveAccessibleDescription(
      expect.stringContaining('A certification period is 60 days: one that starts Mar 1, 2026 ends Apr 29, 2026.'),
    );
    expect(api.clients_create).not.toHaveBeenCalled();
  });

  it('home health: good input is sent with the certification end filled in, and the new client opens', async () => {
    const user = userEvent.setup();
    const { api, container } = setUp('/clients/new/home-health');
    const form = await screen.findByRole('form', { name: 'New Home Health Patient' });
    await fillHomeHealth(user, form, { npi: '1234567893', icd10: 'e11.9' });
    expect(within(form).getByRole('textbox', { name: 'Certification period end' })).toHaveValue('29.04.2026');
    expect(await seriousAxeViolations(container)).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Add client' }));
    await waitFor(() => expect(api.clients_create).toHaveBeenCalledTimes(1));
    expect(api.clients_create).toHaveBeenCalledWith(null, {
      type: 'HHP',
      status: 'ACTIVE',
      services: ['SkilledNurses', 'PhysicalTherapist'],
      first_name: 'Hal',
      last_name: 'Brook',
      date_of_birth: '1950-05-12',
      phone: '(555) 777-1000',
      address: '',
      city: '',
      state: '',
      postal_code: '',
      preferred_language: '',
      emergency_contact_name: '',
      emergency_contact_phone: '',
      emergency_contact_relationship: '',
      notes: '',
      payer: 'Medicare',
      member_id: 'MBI-77',
      physician_name: 'Dr. Ada Wells',
      physician_npi: '1234567893',
      diagnosis_code: 'E11.9',
      diagnosis_description: null,
      certification_start: '2026-03-01',
      certification_end: '2026-04-29',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hal Brook' })).toBeInTheDocument();
    expect(screen.getByText('Hal Brook was added as a new Home Health Patient.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Current path')).toHaveTextContent('/clients/350/details'));
  });

  it("puts the server's field errors at their fields", async () => {
    const user = userEvent.setup();
    const refusal = invalidInput({ member_id: ['This member id belongs to another client.'] });
    setUp('/clients/new/home-health', { clients_create: vi.fn(async () => Promise.reject(refusal)) });
    const form = await screen.findByRole('form', { name: 'New Home Health Patient' });
    await fillHomeHealth(user, form, { npi: '1234567893', icd10: 'I10' });
    await user.click(within(form).getByRole('button', { name: 'Add client' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Member id')).toHaveAccessibleDescription(
        'This member id belongs to another client.',
      ),
    );
  });
});
