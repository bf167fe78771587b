import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { drawSignature } from '../../../app/testing/fake-signature-pad';
import { makeUser, renderApp, stubApi } from '../../../app/testing/render-app';
import { seriousAxeViolations } from '../../../ui/test-utils';
import { makeChecklist, makeFormRequest } from '../../../app/testing/onboarding-fixtures';
import { invalidInput } from '../../../app/testing/api-failures';

vi.mock('signature_pad', () => import('../../../app/testing/fake-signature-pad'));

const newHire = makeUser('ROLE_EMPLOYEE', { id: 100, status: 'NEW', formsDue: 1 });
const currentPath = () => screen.getByRole('status', { name: 'Current path' }).textContent;

function setUp({
  path = '/onboarding/form-request/11',
  request = makeFormRequest(),
  submit,
}: { path?: string; request?: ReturnType<typeof makeFormRequest>; submit?: ReturnType<typeof vi.fn> } = {}) {
  const api = Object.assign(stubApi(), {
    form_requests_retrieve: vi.fn(async () => request),
    form_requests_submit_create: submit ?? vi.fn(async () => ({ ...request, status: 'COMPLETED' })),
    auth_user_retrieve: vi.fn(async () => ({ ...newHire, profile: { ...newHire.profile!, forms_due: 0 } })),
    onboarding_checklist_retrieve: vi.fn(async () => makeChecklist()),
  });
  return renderApp({ path, user: newHire, api });
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Contact name (required)'), 'Luis Diaz');
  await user.type(screen.getByLabelText('Notes'), 'Call after 5 pm');
  await user.type(screen.getByLabelText('Date of birth (required)'), '04.07.1990');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Relationship (required)' }), 'Spouse');
  await user.click(screen.getByRole('checkbox', { name: 'I agree that the office may call this person (required)' }));
  await drawSignature(screen.getByRole('img', { name: 'Your signature' }));
}

describe('Form request', { timeout: 30_000 }, () => {
  it("renders the template's fields with the required ones marked, and the signature pad", async () => {
    const { container } = setUp();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Emergency contact' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Who we call if something happens to you at work.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Emergency contact' });
    expect(within(form).getByLabelText('Contact name (required)')).toHaveProperty('tagName', 'INPUT');
    expect(within(form).getByLabelText('Notes')).toHaveProperty('tagName', 'TEXTAREA');
    expect(within(form).getByLabelText('Date of birth (required)')).toHaveAttribute('placeholder', 'dd.mm.yyyy');
    expect(
      within(within(form).getByRole('combobox', { name: 'Relationship (required)' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Spouse', 'Parent', 'Friend']);
    expect(within(form).getByRole('img', { name: 'Your signature' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Sign and submit' })).toBeDisabled();
    expect(screen.getByText('Due Apr 1, 2026')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('says what is missing once touched', async () => {
    const user = userEvent.setup();
    setUp();
    await screen.findByRole('form', { name: 'Emergency contact' }, { timeout: 5000 });
    await user.click(screen.getByLabelText('Contact name (required)'));
    await user.tab();
    await user.type(screen.getByLabelText('Date of birth (required)'), '31.02.1990');
    await user.tab();
    expect(await screen.findByText('Enter contact name')).toBeInTheDocument();
    expect(screen.getByText('February 1990 has 28 days, not 31.')).toBeInTheDocument();
  });

  it('signs and submits the answers, refreshes the user and goes back to what is due', async () => {
    const user = userEvent.setup();
    const { api } = setUp();
    await screen.findByRole('form', { name: 'Emergency contact' }, { timeout: 5000 });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign and submit' }));
    await waitFor(() =>
      expect(api.form_requests_submit_create).toHaveBeenCalledWith(
        { id: 11 },
        {
          answers: {
            contact_name: 'Luis Diaz',
            notes: 'Call after 5 pm',
            birth_date: '1990-07-04',
            relationship: 'Spouse',
            consent: true,
          },
          signature: 'data:image/png;base64,U0lHTkFUVVJF',
        },
      ),
    );
    await waitFor(() => expect(api.auth_user_retrieve).toHaveBeenCalled());
    expect(await screen.findByRole('heading', { level: 1, name: 'Incomplete documents' })).toBeInTheDocument();
    expect(currentPath()).toBe('/profile/incomplete-documents');
    expect(screen.getByText('“Emergency contact” was signed and sent to the office.')).toBeInTheDocument();
    // The refreshed user has no forms due: the navigation no longer offers "Documents due".
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Documents due' })).not.toBeInTheDocument());
  });

  it('goes back to /onboarding when opened from the onboarding checklist', async () => {
    const user = userEvent.setup();
    setUp({ path: '/onboarding/form-request/11/onboarding' });
    await screen.findByRole('form', { name: 'Emergency contact' }, { timeout: 5000 });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign and submit' }));
    await waitFor(() => expect(currentPath()).toBe('/onboarding'));
    expect(await screen.findByText('“Emergency contact” was signed and sent to the office.')).toBeInTheDocument();
  });

  it("maps the server's answers.<key> and signature errors onto the fields", async () => {
    const user = userEvent.setup();
    const refusal = invalidInput({
      'answers.contact_name': ['Enter the full name.'],
      signature: ['The signature is empty.'],
    });
    setUp({ submit: vi.fn(async () => Promise.reject(refusal)) });
    await screen.findByRole('form', { name: 'Emergency contact' }, { timeout: 5000 });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign and submit' }));
    expect(await screen.findByText('Enter the full name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Contact name (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The signature is empty.')).toBeInTheDocument();
    expect(screen.getByText('Please correct the answers marked above.')).toBeInTheDocument();
    expect(screen.queryByText(/was signed and sent/)).not.toBeInTheDocument();
  });

  it('shows a completed form read-only', async () => {
    setUp({
      request: makeFormRequest({
        status: 'COMPLETED',
        answers: { contact_name: 'Luis Diaz', birth_date: '1990-07-04', relationship: 'Spouse', consent: true },
        signed_at: '2026-03-02T14:05:00Z',
      }),
    });
    const answers = await screen.findByRole('region', { name: 'Your answers' }, { timeout: 5000 });
    expect(within(answers).getByText('Luis Diaz')).toBeInTheDocument();
    expect(within(answers).getByText('Jul 4, 1990')).toBeInTheDocument();
    expect(within(answers).getByText('Yes')).toBeInTheDocument();
    expect(within(answers).getByText(/Signed Mar 2, 2026, 9:05 AM/)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
  });
});
