import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { drawSignature } from '../../app/testing/fake-signature-pad';
import { makeUser, renderApp, stubApi } from '../../app/testing/render-app';
import type { User } from '../../api/types';
import { seriousAxeViolations } from '../../ui/test-utils';
import type { Checklist, EmployeeDocument, Note } from '../../api/hiring';
import { page } from '../../app/testing/client-fixtures';
import { makeNewHire } from '../../app/testing/employee-fixtures';
import { apiFailure } from '../../app/testing/api-failures';
import { waitForLastCall } from '../../app/testing/wait-for-call';

vi.mock('signature_pad', () => import('../../app/testing/fake-signature-pad'));

// Pages load lazily and the machine is shared by several test runs: give each wait 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const admin = makeUser('ROLE_ADMIN', { first_name: 'Grace', last_name: 'Hopper' });
const ned = makeNewHire({ forms_due: 1, ready_at: null, application_id: 7 });

function doc(overrides: Partial<EmployeeDocument>): EmployeeDocument {
  return {
    id: 1,
    name: 'CPR card',
    required: true,
    requires_expiry: true,
    status: 'PENDING',
    file: { name: 'cpr.pdf', size: 1000, content_type: 'application/pdf' },
    expires_on: null,
    expired: false,
    expiring_soon: false,
    review_note: null,
    uploaded_at: '2026-03-01T12:00:00Z',
    reviewed_at: null,
    ...overrides,
  };
}

const cpr = doc({});
const license = doc({ id: 2, name: 'Driver license', expires_on: '2026-01-31', expired: true, status: 'APPROVED' });
const tb = doc({
  id: 3,
  name: 'TB test',
  requires_expiry: false,
  status: 'PENDING',
  file: { name: 'tb.png', size: 10, content_type: 'image/png' },
});

const note = (id: number, type: { id: number; name: string }, text: string): Note => ({
  id,
  type,
  text,
  author: { id: admin.id, name: 'Grace Hopper' },
  created_at: '2026-03-02T14:05:00Z',
});
const general = { id: 1, name: 'General' };
const performance = { id: 2, name: 'Performance' };

function setUp(
  path: string,
  overrides: Record<string, (...args: never[]) => Promise<unknown>> = {},
  user: User = admin,
) {
  const api = Object.assign(stubApi(), {
    employees_retrieve: vi.fn(async () => ned),
    employees_documents_list: vi.fn(async () => [cpr, license, tb]),
    employees_documents_partial_update: vi.fn(
      async ({ document_id }: { document_id: number }, body: Partial<EmployeeDocument>) => ({
        ...[cpr, license, tb].find((row) => row.id === document_id)!,
        ...body,
      }),
    ),
    employees_documents_create: vi.fn(async (_: unknown, body: { document_type_id?: number; name?: string }) =>
      doc({ id: 9, name: body.name ?? 'Physical exam', status: 'MISSING', file: null }),
    ),
    document_types_list: vi.fn(async () =>
      page([{ id: 5, name: 'Physical exam', required: true, requires_expiry: false, positions: [], active: true }]),
    ),
    note_types_list: vi.fn(async () =>
      page([
        { ...general, active: true },
        { ...performance, active: true },
        { id: 3, name: 'Old type', active: false },
      ]),
    ),
    employees_notes_list: vi.fn(async () => ({
      count: 1,
      next: null,
      previous: null,
      results: [note(11, general, 'Prefers mornings.')],
    })),
    employees_notes_create: vi.fn(async (_: unknown, body: { type_id: number; text: string }) =>
      note(12, performance, body.text),
    ),
    employees_notes_destroy: vi.fn(async () => undefined),
    employees_checklist_retrieve: vi.fn(),
    employees_ready_create: vi.fn(),
    form_templates_list: vi.fn(async () => page([{ id: 4, name: 'I-9', active: true }])),
    competency_tests_list: vi.fn(async () => page([{ id: 6, name: 'Home care basics', active: true }])),
    form_requests_create: vi.fn(async () => []),
    test_requests_create: vi.fn(async () => []),
    form_requests_countersign_create: vi.fn(async () => ({})),
    ...overrides,
  });
  return renderApp({ path, user, api });
}

describe('Employee page', { timeout: 30000 }, () => {
  it('shows the details with the invitation state and the application, in sections', async () => {
    const { container } = setUp('/employees/203');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ned Park' }, { timeout: 5000 })).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Employee sections' });
    await waitFor(() =>
      expect(within(sections).getByRole('link', { name: 'Details' })).toHaveAttribute('aria-current', 'page'),
    );
    for (const name of ['Documents', 'Notes', 'Onboarding', 'Schedule', 'Payroll'])
      expect(within(sections).getByRole('link', { name })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Ned');
    expect(screen.getByRole('link', { name: 'Open the application' })).toHaveAttribute('href', '/applications?id=7');
    expect(await seriousAxeViolations(container)).toEqual([]);
    await userEvent.click(within(sections).getByRole('link', { name: 'Payroll' }));
    expect(await screen.findByText('No verified visits in the period')).toBeInTheDocument();
  });

  it('reviews documents: expired flagged in words, approve, reject with a note, expiry date', async () => {
    const user = userEvent.setup();
    const { api, container } = setUp('/employees/203/documents');
    const table = await screen.findByRole('table', { name: 'Documents of Ned Park' }, { timeout: 5000 });
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    await within(table).findByText('Driver license');
    expect(within(row('Driver license')).getByText('Expired')).toBeInTheDocument();
    expect(within(row('Driver license')).getByText('Jan 31, 2026')).toBeInTheDocument();
    expect(within(row('CPR card')).getByText('Waiting for review')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);

    // Approving a document that needs an expiry date asks for it first.
    await user.click(screen.getByRole('button', { name: 'Approve CPR card' }));
    let dialog = screen.getByRole('dialog', { name: 'Approve CPR card' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Expiry date' }), '31122027');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(api.employees_documents_partial_update).toHaveBeenCalledWith(
        { id: 203, document_id: 1 },
        { status: 'APPROVED', expires_on: '2027-12-31' },
      ),
    );
    expect(await screen.findByText('CPR card was approved.')).toBeInTheDocument();
    expect(within(row('CPR card')).getByText('Approved')).toBeInTheDocument();

    // One without an expiry is approved at once.
    await user.click(screen.getByRole('button', { name: 'Approve TB test' }));
    expect(api.employees_documents_partial_update).toHaveBeenLastCalledWith(
      { id: 203, document_id: 3 },
      { status: 'APPROVED' },
    );

    // Rejecting needs a note.
    await user.click(screen.getByRole('button', { name: 'Reject Driver license' }));
    dialog = screen.getByRole('dialog', { name: 'Reject Driver license?' });
    expect(within(dialog).getByRole('button', { name: 'Reject document' })).toBeDisabled();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Note to the employee' }),
      'The license has expired; upload the new one.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject document' }));
    await waitForLastCall(
      api.employees_documents_partial_update,
      { id: 203, document_id: 2 },
      { status: 'REJECTED', review_note: 'The license has expired; upload the new one.' },
    );
    expect(
      await within(row('Driver license')).findByText('The license has expired; upload the new one.'),
    ).toBeInTheDocument();

    // Setting the expiry date alone.
    await user.click(screen.getByRole('button', { name: 'Set expiry date of Driver license' }));
    dialog = screen.getByRole('dialog', { name: 'Expiry date of Driver license' });
    const date = within(dialog).getByRole('textbox', { name: 'Expiry date' });
    expect(date).toHaveValue('31.01.2026');
    await user.clear(date);
    await user.type(date, '15062028');
    await user.click(within(dialog).getByRole('button', { name: 'Save date' }));
    await waitForLastCall(
      api.employees_documents_partial_update,
      { id: 203, document_id: 2 },
      { expires_on: '2028-06-15' },
    );
  });

  it("uploads a document the office received on paper, with the employee's checks and its expiry date; the row then waits for review", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const missing = doc({ id: 4, name: 'Physical exam', status: 'MISSING', file: null, uploaded_at: null });
    const approvedForGood = doc({ id: 5, name: 'Diploma', requires_expiry: false, status: 'APPROVED' });
    const uploadCreate = vi.fn(async (_: unknown, body: FormData) =>
      doc({
        id: 4,
        name: 'Physical exam',
        status: 'PENDING',
        expires_on: String(body.get('expires_on')),
        file: { name: 'exam.pdf', size: 3, content_type: 'application/pdf' },
      }),
    );
    setUp('/employees/203/documents', {
      employees_documents_list: vi.fn(async () => [missing, approvedForGood, license]),
      employees_documents_upload_create: uploadCreate,
    });
    const table = await screen.findByRole('table', { name: 'Documents of Ned Park' }, { timeout: 5000 });
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    await within(table).findByText('Physical exam');
    // an approved document without an expiry date takes no new file; an expired one can be replaced
    expect(within(row('Diploma')).queryByRole('button', { name: /^Upload / })).not.toBeInTheDocument();
    expect(
      within(row('Driver license')).getByRole('button', { name: 'Upload Driver license received on paper' }),
    ).toBeInTheDocument();

    await user.click(
      within(row('Physical exam')).getByRole('button', { name: 'Upload Physical exam received on paper' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Upload Physical exam' });
    const form = within(dialog).getByRole('form', { name: 'Upload Physical exam' });
    // the file drop's checks: a Word file is refused as on the employee's own page
    await user.upload(
      within(form).getByLabelText('File', { selector: 'input' }),
      new File(['doc'], 'exam.docx', { type: 'application/msword' }),
    );
    expect(await within(form).findByText('File type must be .pdf, .png, .jpg, .jpeg')).toBeInTheDocument();
    await user.upload(
      within(form).getByLabelText('File', { selector: 'input' }),
      new File(['pdf'], 'exam.pdf', { type: 'application/pdf' }),
    );
    await user.type(within(form).getByRole('textbox', { name: 'Expiry date' }), '31122099');
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploadCreate).toHaveBeenCalledTimes(1));
    const [params, body] = uploadCreate.mock.calls[0] as unknown as [{ id: number; document_id: number }, FormData];
    expect(params).toEqual({ id: 203, document_id: 4 });
    expect((body.get('file') as File).name).toBe('exam.pdf');
    expect(body.get('expires_on')).toBe('2099-12-31');
    expect(await screen.findByText('Physical exam was uploaded; it waits for review.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(row('Physical exam')).getByText('Waiting for review')).toBeInTheDocument();
    expect(
      within(row('Physical exam')).getByRole('button', { name: 'Download Physical exam: exam.pdf' }),
    ).toBeInTheDocument();
  });

  it('requests a document of a type or with a custom name', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/employees/203/documents');
    await user.click(await screen.findByRole('button', { name: 'Request document' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Request a document' });
    await user.selectOptions(within(form).getByLabelText('Document type'), 'Physical exam');
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(api.employees_documents_create).toHaveBeenCalledWith({ id: 203 }, { document_type_id: 5 });
    expect(await screen.findByText('Physical exam was requested; Ned is notified.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Request document' }));
    const custom = screen.getByRole('form', { name: 'Request a document' });
    await user.selectOptions(within(custom).getByLabelText('Document type'), 'Another document (custom name)');
    await user.type(within(custom).getByLabelText('Document name'), 'Food handler card');
    await user.click(within(custom).getByLabelText('Has an expiry date'));
    await user.click(within(custom).getByRole('button', { name: 'Send request' }));
    expect(api.employees_documents_create).toHaveBeenLastCalledWith(
      { id: 203 },
      { name: 'Food handler card', required: true, requires_expiry: true },
    );
  });

  it('adds notes typed by the active note types and deletes one after a confirmation', async () => {
    const user = userEvent.setup();
    const { api, container } = setUp('/employees/203/notes');
    expect(await screen.findByText('Prefers mornings.', {}, { timeout: 5000 })).toBeInTheDocument();
    const types = screen.getByRole('combobox', { name: 'Note type' });
    expect(
      within(types)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a type', 'General', 'Performance']);
    await user.selectOptions(types, 'Performance');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Great feedback from the Lee family.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(api.employees_notes_create).toHaveBeenCalledWith(
      { id: 203 },
      { type_id: 2, text: 'Great feedback from the Lee family.' },
    );
    expect(await screen.findByText('The note was added.')).toBeInTheDocument();
    await waitFor(() => expect(api.employees_notes_list).toHaveBeenCalledTimes(2));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show notes of type' }), 'General');
    await waitForLastCall(api.employees_notes_list, { id: 203, limit: 20, offset: 0, type_id: 1 });
    expect(await seriousAxeViolations(container)).toEqual([]);

    await user.click(await screen.findByRole('button', { name: /Delete the General note/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this note?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(api.employees_notes_destroy).toHaveBeenCalledWith({ id: 203, note_id: 11 });
    expect(await screen.findByText('The note was deleted.')).toBeInTheDocument();
    expect(screen.queryByText('Prefers mornings.')).not.toBeInTheDocument();
  });

  it('offers no delete without delete-employee-notes', async () => {
    const limited = makeUser('ROLE_ADMIN', {
      permissions: admin.permissions.filter((permission) => permission !== 'delete-employee-notes'),
    });
    setUp('/employees/203/notes', {}, limited);
    expect(await screen.findByText('Prefers mornings.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it("refuses ready to hire with the server's list of what is missing, then marks the employee ready", async () => {
    const user = userEvent.setup();
    const incomplete: Checklist = {
      ready: false,
      missing: ['Form I-9 is not signed', 'CPR card is not approved'],
      forms: [{ id: 41, name: 'I-9', required: true, status: 'AWAITING_COUNTERSIGN', completed_at: null }],
      documents: [cpr],
      tests: [
        {
          id: 51,
          name: 'Home care basics',
          status: 'PASSED',
          score: 90,
          pass_mark: 80,
          submitted_at: '2026-03-02T14:05:00Z',
        },
      ],
    };
    const refusal = apiFailure(400, 'The employee is not ready.', {
      code: 'not_ready',
      fields: { checklist: incomplete.missing },
    });
    const ready = vi
      .fn()
      .mockRejectedValueOnce(refusal)
      .mockResolvedValueOnce({ ...ned, status: 'READY', ready_at: '2026-03-05T15:00:00Z' });
    const { container } = setUp('/employees/203/onboarding', {
      employees_checklist_retrieve: vi.fn(async () => incomplete),
      employees_ready_create: ready,
    });
    const forms = await screen.findByRole('table', { name: 'Forms' }, { timeout: 5000 });
    expect(within(forms).getByText('Waiting for your countersignature')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Competency tests' })).getByText('90% (pass mark 80%)'),
    ).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Mark ready to hire' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ned Park cannot be marked ready to hire yet. Still missing:');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(incomplete.missing);

    // The form that waits for the admin opens the office's view of it (answers, signature, then the pad).
    expect(within(forms).getByRole('link', { name: 'Countersign I-9' })).toHaveAttribute(
      'href',
      '/employees/203/onboarding/form-request/41',
    );
    expect(within(forms).getByRole('link', { name: 'I-9' })).toHaveAttribute(
      'href',
      '/employees/203/onboarding/form-request/41',
    );

    await user.click(screen.getByRole('button', { name: 'Mark ready to hire' }));
    expect(await screen.findByText('Ned Park is ready to hire and has been notified.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark ready to hire' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Ready to hire').length).toBeGreaterThan(0);
  });

  it("opens the office's view of a form from the countersign notification's link: the employee's answers and signature, then the countersign pad", async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:signature'), revokeObjectURL: vi.fn() });
    const user = userEvent.setup();
    const signed = {
      id: 41,
      template: {
        id: 4,
        name: 'I-9',
        description: '',
        signers: ['EMPLOYEE', 'ADMIN'],
        fields: [
          { key: 'legal_name', label: 'Legal name', type: 'text', required: true },
          { key: 'attest', label: 'I attest that the above is true', type: 'checkbox', required: true },
        ],
      },
      employee: { id: 203, name: 'Ned Park' },
      required: true,
      status: 'AWAITING_COUNTERSIGN',
      answers: { legal_name: 'Ned Park', attest: true },
      signed_at: '2026-03-02T14:05:00Z',
      countersigned_at: null,
      due_date: null,
      created_at: '2026-03-01T12:00:00Z',
    };
    const { api, container } = setUp('/employees/203/onboarding/form-request/41', {
      form_requests_retrieve: vi.fn(async () => signed),
      form_requests_signature_retrieve: vi.fn(async () => new Blob(['PNG'], { type: 'image/png' })),
      form_requests_countersign_create: vi.fn(async () => ({
        ...signed,
        status: 'COMPLETED',
        countersigned_at: '2026-03-03T10:00:00Z',
      })),
    });
    const panel = await screen.findByRole('region', { name: 'I-9' }, { timeout: 5000 });
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent(
      '/employees/203/onboarding/form-request/41',
    );
    expect(within(panel).getByText('Waiting for your countersignature')).toBeInTheDocument();
    expect(within(panel).getByText('Legal name').nextSibling).toHaveTextContent('Ned Park');
    expect(within(panel).getByText('I attest that the above is true').nextSibling).toHaveTextContent('Yes');
    expect(await within(panel).findByRole('img', { name: 'Signature of Ned Park' })).toHaveAttribute(
      'src',
      'blob:signature',
    );
    expect(api.form_requests_signature_retrieve).toHaveBeenCalledWith({ id: 41 }, null, { responseType: 'blob' });
    // the Onboarding section stays current
    const sections = screen.getByRole('navigation', { name: 'Employee sections' });
    expect(within(sections).getByRole('link', { name: 'Onboarding' })).toHaveAttribute('aria-current', 'page');
    expect(await seriousAxeViolations(container)).toEqual([]);

    const pad = screen.getByRole('form', { name: 'Countersign I-9' });
    await drawSignature(within(pad).getByRole('img', { name: 'Your signature' }));
    await user.click(within(pad).getByRole('button', { name: 'Countersign' }));
    await waitFor(() =>
      expect(api.form_requests_countersign_create).toHaveBeenCalledWith(
        { id: 41 },
        { signature: 'data:image/png;base64,U0lHTkFUVVJF' },
      ),
    );
    expect(await screen.findByText('I-9 was countersigned.')).toBeInTheDocument();
    expect(within(panel).getByText('Completed')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Countersign I-9' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Ned’s onboarding' })).toHaveAttribute(
      'href',
      '/employees/203/onboarding',
    );
  });

  it("says so when the form is another employee's or unknown", async () => {
    setUp('/employees/203/onboarding/form-request/99', {
      form_requests_retrieve: vi.fn(async () => ({
        id: 99,
        employee: { id: 7, name: 'Someone Else' },
        status: 'PENDING',
        template: { name: 'X', fields: [] },
      })),
    });
    expect(await screen.findByText('Form not found', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Someone Else')).not.toBeInTheDocument();
  });

  it('sends a form and a test to this employee', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/employees/203/onboarding', {
      employees_checklist_retrieve: vi.fn(async () => ({
        ready: false,
        missing: [],
        forms: [],
        documents: [],
        tests: [],
      })),
    });
    const form = await screen.findByRole('form', { name: 'Send a form' }, { timeout: 5000 });
    await user.selectOptions(within(form).getByLabelText('Form template'), 'I-9');
    await user.click(within(form).getByRole('button', { name: 'Send form' }));
    expect(api.form_requests_create).toHaveBeenCalledWith(null, { template_id: 4, employee_ids: [203] });
    expect(await screen.findByText('The form was sent to Ned Park.')).toBeInTheDocument();
    const test = screen.getByRole('form', { name: 'Send a competency test' });
    await user.selectOptions(within(test).getByLabelText('Competency test'), 'Home care basics');
    await user.click(within(test).getByRole('button', { name: 'Send test' }));
    expect(api.test_requests_create).toHaveBeenCalledWith(null, { test_id: 6, employee_ids: [203] });
  });
});
