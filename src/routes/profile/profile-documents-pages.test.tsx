import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import { seriousAxeViolations } from '../../ui/test-utils';
import { makeChecklist, makeDocument } from '../../app/testing/onboarding-fixtures';

vi.mock('signature_pad', () => import('../../app/testing/fake-signature-pad'));

const newHire = makeUser('ROLE_EMPLOYEE', { status: 'NEW', formsDue: 1 });
const card = (name: string) => screen.getByRole('region', { name });

/**
 * Picks license.jpg in the driver license's upload form, which waits for an expiry date; a date that has
 * passed is refused with its reason, then the valid one is typed in its place.
 */
async function pickLicense(
  user: ReturnType<typeof userEvent.setup>,
  form: HTMLElement,
  dates: { passed: string; valid: string },
) {
  await user.upload(
    within(form).getByLabelText('File', { selector: 'input' }),
    new File(['jpeg'], 'license.jpg', { type: 'image/jpeg' }),
  );
  expect(within(form).getByRole('button', { name: 'Upload' })).toBeDisabled();
  await user.type(within(form).getByLabelText('Expiry date'), dates.passed);
  await user.tab();
  expect(
    await within(form).findByText('This date has passed: upload a document that is still valid'),
  ).toBeInTheDocument();
  await user.clear(within(form).getByLabelText('Expiry date'));
  await user.type(within(form).getByLabelText('Expiry date'), dates.valid);
}

describe('Incomplete documents', { timeout: 20_000 }, () => {
  it('lists what is still due, each linking to the page that completes it', async () => {
    const checklist = makeChecklist({
      forms: [
        { id: 11, name: 'W-4 withholding', required: true, status: 'PENDING', completed_at: null },
        { id: 12, name: 'Photo release', required: false, status: 'PENDING', completed_at: null },
        {
          id: 13,
          name: 'Handbook acknowledgement',
          required: true,
          status: 'COMPLETED',
          completed_at: '2026-03-01T10:00:00Z',
        },
        { id: 14, name: 'I-9', required: true, status: 'AWAITING_COUNTERSIGN', completed_at: null },
      ],
      documents: [
        makeDocument({ id: 1, name: 'Driver license', status: 'MISSING' }),
        makeDocument({ id: 2, name: 'CPR card', status: 'REJECTED', review_note: 'Blurry' }),
        makeDocument({ id: 3, name: 'TB test', status: 'APPROVED', expired: true, expires_on: '2026-01-01' }),
        makeDocument({ id: 4, name: 'Social security card', status: 'APPROVED' }),
        makeDocument({ id: 5, name: 'Diploma', status: 'PENDING' }),
      ],
      tests: [
        { id: 21, name: 'HHA competency', status: 'PENDING', score: null, pass_mark: 80, submitted_at: null },
        {
          id: 22,
          name: 'Infection control',
          status: 'AWAITING_OBSERVATION',
          score: 90,
          pass_mark: 80,
          submitted_at: '2026-03-01T10:00:00Z',
        },
      ],
    });
    const api = Object.assign(stubApi(), { onboarding_checklist_retrieve: vi.fn(async () => checklist) });
    const { container } = renderApp({ path: '/profile/incomplete-documents', user: newHire, api });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Incomplete documents' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const forms = await screen.findByRole('region', { name: 'Forms to fill in and sign' });
    expect(within(forms).getByRole('link', { name: 'Fill in and sign: W-4 withholding' })).toHaveAttribute(
      'href',
      '/onboarding/form-request/11',
    );
    expect(within(forms).getByRole('link', { name: 'Fill in and sign: Photo release (optional)' })).toHaveAttribute(
      'href',
      '/onboarding/form-request/12',
    );
    expect(within(forms).queryByText(/Handbook/)).not.toBeInTheDocument();
    const documents = card('Documents to upload');
    expect(
      within(documents)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Upload: Driver license', '/profile/documents'],
      ['Upload: CPR card', '/profile/documents'],
      ['Upload: TB test', '/profile/documents'],
    ]);
    expect(within(documents).getByText('Expired')).toBeInTheDocument();
    expect(
      within(card('Competency tests to take')).getByRole('link', { name: 'Take the test: HHA competency' }),
    ).toHaveAttribute('href', '/onboarding/test-request/21');
    const waiting = card('Waiting for review');
    expect(within(waiting).getByText('I-9')).toBeInTheDocument();
    expect(within(waiting).getByText('Diploma')).toBeInTheDocument();
    expect(within(waiting).getByText('Waiting for skills observation')).toBeInTheDocument();
    expect(screen.queryByText('Nothing is due')).not.toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('says so when nothing is due', async () => {
    const checklist = makeChecklist({
      ready: true,
      forms: [
        {
          id: 13,
          name: 'Handbook acknowledgement',
          required: true,
          status: 'COMPLETED',
          completed_at: '2026-03-01T10:00:00Z',
        },
      ],
      documents: [makeDocument({ status: 'APPROVED' })],
    });
    const api = Object.assign(stubApi(), { onboarding_checklist_retrieve: vi.fn(async () => checklist) });
    renderApp({ path: '/profile/incomplete-documents', user: makeUser('ROLE_EMPLOYEE', { status: 'NEW' }), api });
    expect(await screen.findByText('Nothing is due', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(
      screen.getByText('You have completed every form, document and test the office asked for.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Forms to fill in and sign' })).not.toBeInTheDocument();
  });
});

describe('My documents', { timeout: 30_000 }, () => {
  const license = makeDocument({ id: 1, name: 'Driver license', requires_expiry: true, status: 'MISSING' });
  const cpr = makeDocument({
    id: 2,
    name: 'CPR card',
    status: 'APPROVED',
    requires_expiry: true,
    expires_on: '2026-01-10',
    expired: true,
    file: { name: 'cpr.pdf', size: 2048, content_type: 'application/pdf' },
    uploaded_at: '2025-01-10T15:00:00Z',
  });
  const tb = makeDocument({
    id: 3,
    name: 'TB test',
    status: 'APPROVED',
    requires_expiry: true,
    expires_on: '2026-04-01',
    expiring_soon: true,
    file: { name: 'tb.png', size: 4096, content_type: 'image/png' },
  });
  const diploma = makeDocument({
    id: 4,
    name: 'Diploma',
    required: false,
    status: 'REJECTED',
    review_note: 'The scan is cut off.',
  });

  function setUp(overrides: Record<string, unknown> = {}) {
    const api = Object.assign(stubApi(), {
      profile_documents_list: vi.fn(async () => [license, cpr, tb, diploma]),
      profile_documents_upload_create: vi.fn(async ({ id }: { id: number }) => ({
        ...license,
        id,
        status: 'PENDING',
        expires_on: '2099-12-31',
        file: { name: 'license.jpg', size: 10, content_type: 'image/jpeg' },
      })),
      documents_file_retrieve: vi.fn(async () => new Blob(['%PDF'], { type: 'application/pdf' })),
      ...overrides,
    });
    return renderApp({ path: '/profile/documents', user: makeUser('ROLE_EMPLOYEE'), api });
  }

  it('shows each document with its status, flags the expired ones and warns of those expiring soon', async () => {
    const { container } = setUp();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My documents' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Driver license' });
    expect(within(card('Driver license')).getByText('Missing')).toBeInTheDocument();
    expect(within(card('CPR card')).getByText('Expired', { selector: 'span' })).toBeInTheDocument();
    expect(within(card('CPR card')).getByText('This document has expired. Upload a current one.')).toBeInTheDocument();
    expect(within(card('CPR card')).getByText(/Expired Jan 10, 2026/)).toBeInTheDocument();
    expect(within(card('TB test')).getByText('Expires soon')).toBeInTheDocument();
    expect(
      within(card('TB test')).getByText('This document expires on Apr 1, 2026. Upload the renewed one.'),
    ).toBeInTheDocument();
    expect(within(card('Diploma')).getByText('Rejected: The scan is cut off.')).toBeInTheDocument();
    // Due ones show the upload form; an approved, valid one offers to replace its file.
    expect(within(card('Driver license')).getByRole('form', { name: 'Upload Driver license' })).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('uploads a requested document with its expiry date (sent as YYYY-MM-DD)', async () => {
    const user = userEvent.setup();
    const { api } = setUp();
    const form = await screen.findByRole('form', { name: 'Upload Driver license' }, { timeout: 5000 });
    await pickLicense(user, form, { passed: '01.01.2001', valid: '31.12.2099' });
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(api.profile_documents_upload_create).toHaveBeenCalledTimes(1));
    const [params, body] = api.profile_documents_upload_create.mock.calls[0] as unknown as [{ id: number }, FormData];
    expect(params).toEqual({ id: 1 });
    expect((body.get('file') as File).name).toBe('license.jpg');
    expect(body.get('expires_on')).toBe('2099-12-31');
    const license = card('Driver license');
    expect(await within(license).findByText('Uploaded. The office will review it.')).toBeInTheDocument();
    expect(within(license).getByText('Waiting for review')).toBeInTheDocument();
    expect(within(license).queryByRole('form')).not.toBeInTheDocument();
  });

  it("takes an expiry date of today, counted in the agency's time zone, not the device's", async () => {
    // 00:30 UTC on Nov 25 is still Nov 24 at Sunrise (New York): a card expiring on the 24th is valid today
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T00:30:00Z') });
    try {
      const user = userEvent.setup();
      const { api } = setUp();
      const form = await screen.findByRole('form', { name: 'Upload Driver license' }, { timeout: 5000 });
      await pickLicense(user, form, { passed: '23.11.2026', valid: '24.11.2026' });
      await user.click(within(form).getByRole('button', { name: 'Upload' }));
      await waitFor(() => expect(api.profile_documents_upload_create).toHaveBeenCalledTimes(1));
      const [, body] = api.profile_documents_upload_create.mock.calls[0] as unknown as [{ id: number }, FormData];
      expect(body.get('expires_on')).toBe('2026-11-24');
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects a file that is not a PDF, PNG or JPEG', async () => {
    const user = userEvent.setup({ applyAccept: false });
    setUp();
    const form = await screen.findByRole('form', { name: 'Upload Driver license' }, { timeout: 5000 });
    await user.upload(
      within(form).getByLabelText('File', { selector: 'input' }),
      new File(['doc'], 'license.docx', { type: 'application/msword' }),
    );
    expect(await within(form).findByText('File type must be .pdf, .png, .jpg, .jpeg')).toBeInTheDocument();
  });

  it('downloads one’s own file through the API client (with the Bearer token)', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:cpr');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api } = setUp();
    await screen.findByRole('region', { name: 'CPR card' }, { timeout: 5000 });
    await user.click(within(card('CPR card')).getByRole('button', { name: 'Download cpr.pdf' }));
    await waitFor(() =>
      expect(api.documents_file_retrieve).toHaveBeenCalledWith({ id: 2 }, undefined, { responseType: 'blob' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
  });
});

describe('My documents, for someone who is not an employee', { timeout: 20_000 }, () => {
  it.each([
    ['ROLE_ADMIN', "An employee's documents are on their page under Employees.", 'Go to Employees', '/employees'],
    ['ROLE_MASTER', "An employee's documents are on their page under Employees.", 'Go to Employees', '/employees'],
    [
      'ROLE_CLIENT',
      'What waits for your signature is on your welcome page.',
      'Go to your welcome page',
      '/clients/welcome',
    ],
    ['ROLE_MARKETER', 'you have none to upload.', null, null],
  ] as const)(
    '%s sees what applies to them, no permission error, and nothing is asked of the server',
    async (role, words, link, to) => {
      const api = stubApi({ profile_documents_list: vi.fn(async () => []) });
      const { container } = renderApp({ path: '/profile/documents', user: makeUser(role), api });
      expect(await screen.findByRole('heading', { level: 1, name: 'My documents' })).toBeInTheDocument();
      expect(screen.getByText('No documents to keep here')).toBeInTheDocument();
      expect(screen.getByText(new RegExp(words.replace(/[.']/g, (c) => `\\${c}`)))).toBeInTheDocument();
      if (link) expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', to);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(api.profile_documents_list).not.toHaveBeenCalled();
      expect(await seriousAxeViolations(container)).toEqual([]);
    },
  );
});
