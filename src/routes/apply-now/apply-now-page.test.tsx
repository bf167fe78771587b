import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { drawSignature } from '../../app/testing/fake-signature-pad';
import { renderApp, stubApi } from '../../app/testing/render-app';
import { seriousAxeViolations } from '../../ui/test-utils';
import { invalidInput } from '../../app/testing/api-failures';

vi.mock('signature_pad', () => import('../../app/testing/fake-signature-pad'));

const file = (name: string, type: string, size = 10) => new File(['x'.repeat(size)], name, { type });
const resumeInput = () => screen.getByLabelText('Resume', { selector: 'input' }) as HTMLInputElement;
const form = () => screen.getByRole('form', { name: 'Job application' });
const submit = () => within(form()).getByRole('button', { name: 'Submit application' });

function setUp(applications_create = vi.fn(async () => ({ id: 7, status: 'PENDING' }))) {
  const api = Object.assign(stubApi(), { applications_create });
  const rendered = renderApp({ path: '/apply-now/sunrise', api });
  return { ...rendered, api, applications_create };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Position' }), 'Home Health Aide');
  await user.type(screen.getByLabelText('First name'), 'Rosa');
  await user.type(screen.getByLabelText('Last name'), 'Diaz');
  await user.type(screen.getByLabelText('Email'), 'rosa@example.com');
  await user.type(screen.getByLabelText('Phone'), '+1 555 0142');
  await user.type(screen.getByLabelText('Home address'), '12 Elm St, Springfield');
  const days = screen.getByRole('group', { name: 'Days you can work' });
  await user.click(within(days).getByRole('checkbox', { name: 'Monday' }));
  await user.click(within(days).getByRole('checkbox', { name: 'Saturday' }));
  const shifts = screen.getByRole('group', { name: 'Shifts you can work' });
  await user.click(within(shifts).getByRole('checkbox', { name: 'Overnight' }));
  await user.type(screen.getByLabelText('Earliest start date (optional)'), '01.09.2099');
  await user.type(screen.getByLabelText('Hours per week you want (optional)'), '30');
  await user.type(screen.getByLabelText('Years of experience in care'), '3');
  await user.type(screen.getByLabelText('Your experience'), 'Three years caring for seniors at home.');
  await user.upload(resumeInput(), file('resume.pdf', 'application/pdf'));
  await user.click(
    screen.getByRole('checkbox', { name: /I certify that the information in this application is true and complete/ }),
  );
  await drawSignature(screen.getByRole('img', { name: 'Your signature' }));
}

describe('ApplyNow page', { timeout: 30_000 }, () => {
  it('shows the branded application with the spec’s position labels and no serious axe violation', async () => {
    const { container } = setUp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply now' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Sunrise Home Care')).toBeInTheDocument();
    const position = screen.getByRole('combobox', { name: 'Position' });
    expect(
      within(position)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a position',
      'Home Care Caregiver',
      'Registered Nurse',
      'Licensed Practical Nurse',
      'Certified Nurse Assistant',
      'Home Health Aide',
      'Physical Therapist',
      'Occupational Therapist',
      'Speech Therapist',
      'Social Worker',
    ]);
    expect(submit()).toBeDisabled();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it("counts today in the agency's time zone, not the device's", async () => {
    // 00:30 UTC on Nov 25 is still Nov 24 at Sunrise (New York): a start on the 24th is today, the 23rd has passed
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T00:30:00Z') });
    try {
      const user = userEvent.setup();
      setUp();
      await screen.findByRole('form', { name: 'Job application' }, { timeout: 5000 });
      const startDate = screen.getByLabelText('Earliest start date (optional)');
      await user.type(startDate, '23.11.2026');
      await user.tab();
      expect(await screen.findByText('Choose today or a later date')).toBeInTheDocument();
      await user.clear(startDate);
      await user.type(startDate, '24.11.2026');
      await user.tab();
      await waitFor(() => expect(screen.queryByText('Choose today or a later date')).not.toBeInTheDocument());
      expect(startDate).not.toHaveAttribute('aria-invalid', 'true');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says what is wrong, field by field, once touched', async () => {
    const user = userEvent.setup();
    setUp();
    await screen.findByRole('form', { name: 'Job application' }, { timeout: 5000 });
    await user.type(screen.getByLabelText('Email'), 'rosa@');
    await user.click(screen.getByLabelText('First name'));
    await user.tab();
    await user.type(screen.getByLabelText('Years of experience in care'), '120');
    await user.type(screen.getByLabelText('Earliest start date (optional)'), '31.02.2099');
    await user.tab();
    expect(await screen.findByText('Enter a valid email address, like name@example.com')).toBeInTheDocument();
    expect(screen.getByText('Enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Enter whole years between 0 and 70')).toBeInTheDocument();
    expect(screen.getByText('February 2099 has 28 days, not 31.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(submit()).toBeDisabled();
    expect(screen.getByText(/Complete every field that is not marked optional/)).toBeInTheDocument();
  });

  it('asks for a day, a shift, the certification and the signature', async () => {
    const user = userEvent.setup();
    setUp();
    await screen.findByRole('form', { name: 'Job application' }, { timeout: 5000 });
    const monday = screen.getByRole('checkbox', { name: 'Monday' });
    await user.click(monday);
    await user.click(monday);
    const attestation = screen.getByRole('checkbox', { name: /I certify/ });
    await user.click(attestation);
    await user.click(attestation);
    await user.tab();
    expect(await screen.findByText('Choose at least one day you can work')).toBeInTheDocument();
    expect(screen.getByText('Check the box to certify your application')).toBeInTheDocument();
  });

  it("rejects a resume that is not PDF or Word, or larger than 10 MB, with the file drop's texts", async () => {
    const user = userEvent.setup({ applyAccept: false });
    setUp();
    await screen.findByRole('form', { name: 'Job application' }, { timeout: 5000 });
    expect(screen.getByText('Accepted: .pdf, .doc, .docx')).toBeInTheDocument();
    await user.upload(resumeInput(), file('photo.png', 'image/png'));
    expect(await screen.findByText('File type must be .pdf, .doc, .docx')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Chosen files' })).not.toBeInTheDocument();
    await user.upload(resumeInput(), file('huge.pdf', 'application/pdf', 10 * 1024 * 1024 + 1));
    expect(await screen.findByText('File is larger than 10485760 bytes')).toBeInTheDocument();
    await user.upload(
      resumeInput(),
      file('resume.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    );
    expect(within(screen.getByRole('list', { name: 'Chosen files' })).getByText('resume.docx')).toBeInTheDocument();
  });

  it('submits the application as multipart form data and thanks the applicant', async () => {
    const user = userEvent.setup();
    const { applications_create } = setUp();
    await screen.findByRole('form', { name: 'Job application' }, { timeout: 5000 });
    await fillIn(user);
    await user.click(submit());
    await waitFor(() => expect(applications_create).toHaveBeenCalledTimes(1));
    const [params, body] = applications_create.mock.calls[0] as unknown as [null, FormData];
    expect(params).toBeNull();
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...body.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      position: 'HHA',
      first_name: 'Rosa',
      last_name: 'Diaz',
      email: 'rosa@example.com',
      phone: '+1 555 0142',
      address: '12 Elm St, Springfield',
      availability: JSON.stringify({
        days: ['MON', 'SAT'],
        shifts: ['OVERNIGHT'],
        start_date: '2099-09-01',
        hours_per_week: 30,
      }),
      experience: 'Three years caring for seniors at home.',
      years_experience: '3',
      attestation: 'true',
      attestation_signature: 'data:image/png;base64,U0lHTkFUVVJF',
    });
    expect((body.get('resume') as File).name).toBe('resume.pdf');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you — Sunrise Home Care received your application' }),
    ).toBeInTheDocument();
    expect(screen.getByText('rosa@example.com')).toBeInTheDocument();
  });

  it("maps the server's field errors onto the fields", async () => {
    const user = userEvent.setup();
    const refusal = invalidInput({
      email: ['An application with this email is already open.'],
      resume: ['The file is not a PDF or Word document.'],
    });
    setUp(vi.fn(async () => Promise.reject(refusal)));
    await screen.findByRole('form', { name: 'Job application' }, { timeout: 5000 });
    await fillIn(user);
    await user.click(submit());
    expect(await screen.findByText('An application with this email is already open.')).toBeInTheDocument();
    expect(screen.getByText('The file is not a PDF or Word document.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please correct the fields marked above.')).toBeInTheDocument();
  });
});
