import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../../app/testing/render-app';
import { seriousAxeViolations } from '../../../ui/test-utils';
import type { FormTemplate } from '../../../api/hiring';
import { page } from '../../../app/testing/client-fixtures';
import { makeEmployee } from '../../../app/testing/employee-fixtures';
import { waitForLastCall } from '../../../app/testing/wait-for-call';

const admin = makeUser('ROLE_ADMIN', { first_name: 'Grace', last_name: 'Hopper' });

const i9: FormTemplate = {
  id: 4,
  name: 'I-9',
  description: 'Employment eligibility',
  fields: [{ key: 'ssn', label: 'SSN', type: 'text', required: true }],
  signers: ['EMPLOYEE', 'ADMIN'],
  required: true,
  assign_on_hire: true,
  active: true,
  created_at: '2026-03-01T10:00:00Z',
  updated_at: null,
};
const employees = [
  makeEmployee({ id: 201, first_name: 'Nina', last_name: 'Reyes' }),
  makeEmployee({ id: 202, first_name: 'Ada', last_name: 'Stone', position: 'HHA' }),
  makeEmployee({ id: 203, first_name: 'Ned', last_name: 'Park', status: 'NEW', position: 'HCC' }),
];

function setUp(path: string, overrides: Record<string, (...args: never[]) => Promise<unknown>> = {}) {
  const api = Object.assign(stubApi(), {
    form_templates_list: vi.fn(async () => page([i9])),
    form_templates_create: vi.fn(async (_: null, body: Omit<FormTemplate, 'id'>) => ({ id: 9, ...body })),
    form_templates_partial_update: vi.fn(async (_: { id: number }, body: Partial<FormTemplate>) => ({
      ...i9,
      ...body,
    })),
    note_types_list: vi.fn(async () => page([{ id: 1, name: 'General', active: true }])),
    note_types_create: vi.fn(async (_: null, body: { name: string }) => ({ id: 2, name: body.name, active: true })),
    note_types_partial_update: vi.fn(async ({ id }: { id: number }, body: object) => ({
      id,
      name: 'General',
      active: true,
      ...body,
    })),
    document_types_list: vi.fn(async () => page([])),
    document_types_create: vi.fn(async (_: null, body: object) => ({ id: 3, ...body })),
    competency_tests_list: vi.fn(async () =>
      page([
        {
          id: 6,
          name: 'Home care basics',
          description: '',
          pass_mark: 80,
          questions: [],
          observed_skills: [],
          positions: [],
          active: true,
        },
      ]),
    ),
    competency_tests_create: vi.fn(async (_: null, body: object) => ({ id: 7, ...body })),
    employees_list: vi.fn(async (params: { search?: string }) => {
      const results = employees.filter(
        (row) =>
          !params.search || `${row.first_name} ${row.last_name}`.toLowerCase().includes(params.search.toLowerCase()),
      );
      return page(results);
    }),
    form_requests_create: vi.fn(async (_: null, body: { employee_ids: number[] }) =>
      body.employee_ids.map((id) => ({ id })),
    ),
    test_requests_create: vi.fn(async (_: null, body: { employee_ids: number[] }) =>
      body.employee_ids.map((id) => ({ id })),
    ),
    ...overrides,
  });
  return renderApp({ path, user: admin, api });
}

describe('Onboarding settings', { timeout: 30000 }, () => {
  it('lists form templates and creates one with fields, signers and flags', async () => {
    const user = userEvent.setup();
    const { api, container } = setUp('/employees/onboarding');
    expect(await screen.findByRole('heading', { level: 1, name: 'Onboarding' }, { timeout: 5000 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Form templates' });
    const row = (await within(table).findByText('I-9')).closest('tr')!;
    expect(within(row).getByText('Employee and admin')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'New form template' }));
    const form = screen.getByRole('form', { name: 'New form template' });
    await user.type(within(form).getByLabelText('Name'), 'Emergency contact');
    await user.click(within(form).getByRole('button', { name: 'Add field' }));
    await user.type(within(form).getByLabelText('Field 1 label'), 'Contact name');
    await user.tab();
    expect(within(form).getByLabelText('Field 1 key')).toHaveValue('contact_name');
    await user.click(within(form).getByRole('button', { name: 'Add field' }));
    await user.type(within(form).getByLabelText('Field 2 label'), 'Relationship');
    await user.selectOptions(within(form).getByLabelText('Field 2 type'), 'Choice list');
    await user.type(within(form).getByLabelText('Field 2 choices'), 'Spouse{enter}Parent{enter}Friend');
    await user.click(within(form).getByLabelText('Field 2 required'));
    await user.selectOptions(within(form).getByLabelText('Signed by'), 'Employee');
    await user.click(within(form).getByLabelText('Assign to every new employee on hire'));
    expect(await seriousAxeViolations(container)).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Save template' }));
    await waitFor(() =>
      expect(api.form_templates_create).toHaveBeenCalledWith(null, {
        name: 'Emergency contact',
        description: '',
        fields: [
          { key: 'contact_name', label: 'Contact name', type: 'text', required: true },
          {
            key: 'relationship',
            label: 'Relationship',
            type: 'select',
            required: false,
            options: ['Spouse', 'Parent', 'Friend'],
          },
        ],
        signers: ['EMPLOYEE'],
        required: true,
        assign_on_hire: false,
        active: true,
      }),
    );
    expect(await screen.findByText('Emergency contact was saved.')).toBeInTheDocument();
    expect(within(table).getByText('Emergency contact')).toBeInTheDocument();
  });

  it('edits a template: the signers become Employee and admin → ADMIN is sent', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/employees/onboarding');
    await user.click(await screen.findByRole('button', { name: 'Edit I-9' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Edit I-9' });
    expect(within(form).getByLabelText('Signed by')).toHaveValue('EMPLOYEE_ADMIN');
    await user.click(within(form).getByLabelText('Active'));
    await user.click(within(form).getByRole('button', { name: 'Save template' }));
    await waitFor(() =>
      expect(api.form_templates_partial_update).toHaveBeenCalledWith(
        { id: 4 },
        expect.objectContaining({ signers: ['EMPLOYEE', 'ADMIN'], active: false }),
      ),
    );
  });

  it('adds, renames and deactivates note types', async () => {
    const user = userEvent.setup();
    const { api, container } = setUp('/employees/onboarding?tab=note-types');
    const table = await screen.findByRole('table', { name: 'Note types' }, { timeout: 5000 });
    await within(table).findByText('General');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Performance');
    await user.click(screen.getByRole('button', { name: 'Add note type' }));
    expect(api.note_types_create).toHaveBeenCalledWith(null, { name: 'Performance', active: true });
    expect(await within(table).findByText('Performance')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rename General' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename General' });
    const name = within(dialog).getByRole('textbox', { name: 'New name' });
    await user.clear(name);
    await user.type(name, 'Attendance');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(api.note_types_partial_update).toHaveBeenCalledWith({ id: 1 }, { name: 'Attendance' });
    expect(await within(table).findByText('Attendance')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Deactivate Attendance' }));
    expect(api.note_types_partial_update).toHaveBeenLastCalledWith({ id: 1 }, { active: false });
    expect(await within(table).findByText('Inactive')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('creates a document type for some positions', async () => {
    const user = userEvent.setup();
    const { api } = setUp('/employees/onboarding?tab=document-types');
    await user.click(await screen.findByRole('button', { name: 'New document type' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'New document type' });
    await user.type(within(form).getByLabelText('Name'), 'CPR card');
    await user.click(within(form).getByLabelText(/Has an expiry date/));
    await user.click(within(form).getByRole('checkbox', { name: 'Registered Nurse' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Home Health Aide' }));
    await user.click(within(form).getByRole('button', { name: 'Save document type' }));
    await waitFor(() =>
      expect(api.document_types_create).toHaveBeenCalledWith(null, {
        name: 'CPR card',
        required: true,
        requires_expiry: true,
        positions: ['RN', 'HHA'],
        active: true,
      }),
    );
  });

  it('creates a competency test with questions, the correct answers, pass mark and observed skills', async () => {
    const user = userEvent.setup();
    const { api, container } = setUp('/employees/onboarding?tab=competency-tests');
    await user.click(await screen.findByRole('button', { name: 'New competency test' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'New competency test' });
    await user.type(within(form).getByLabelText('Name'), 'HHA skills');
    const passMark = within(form).getByLabelText('Pass mark (%)');
    await user.clear(passMark);
    await user.type(passMark, '75');
    await user.click(within(form).getByRole('button', { name: 'Add question' }));
    await user.type(within(form).getByLabelText('Question 1'), 'Normal adult resting pulse?');
    await user.type(within(form).getByLabelText('Question 1 choice 1'), '20-40');
    await user.type(within(form).getByLabelText('Question 1 choice 2'), '60-100');
    await user.click(within(form).getByRole('button', { name: 'Add a choice to question 1' }));
    await user.type(within(form).getByLabelText('Question 1 choice 3'), '120-160');
    await user.selectOptions(within(form).getByLabelText('Question 1 correct answer'), '60-100');
    await user.click(within(form).getByRole('button', { name: 'Add skill' }));
    await user.type(within(form).getByLabelText('Skill 1'), 'Safe transfer techniques and ambulation');
    await user.click(within(form).getByRole('checkbox', { name: 'Home Health Aide' }));
    expect(await seriousAxeViolations(container)).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Save test' }));
    await waitFor(() => expect(api.competency_tests_create).toHaveBeenCalled());
    const body = api.competency_tests_create.mock.calls[0][1] as { questions: { id: string }[] };
    expect(body).toMatchObject({
      name: 'HHA skills',
      pass_mark: 75,
      questions: [{ text: 'Normal adult resting pulse?', choices: ['20-40', '60-100', '120-160'], answer: 1 }],
      observed_skills: [{ label: 'Safe transfer techniques and ambulation' }],
      positions: ['HHA'],
      active: true,
    });
    expect(body.questions[0].id).toEqual(expect.any(String));
    expect(await screen.findByText('HHA skills was saved.')).toBeInTheDocument();
  });

  it('sends a form to many employees chosen from a searchable list, and says how many were sent', async () => {
    const user = userEvent.setup();
    const { api, container } = setUp('/employees/onboarding?tab=send-requests');
    const people = await screen.findByRole('list', { name: 'Employees' }, { timeout: 5000 });
    await within(people).findByText('Nina Reyes');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Form template' }), 'I-9');
    await user.click(screen.getByRole('button', { name: 'Select all shown' }));
    await user.click(within(people).getByRole('checkbox', { name: /Ned Park/ }));
    expect(screen.getByText('2 employees selected')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search employees' }), 'ned');
    await waitForLastCall(api.employees_list, expect.objectContaining({ search: 'ned' }));
    await waitFor(() => expect(within(people).queryByText('Nina Reyes')).not.toBeInTheDocument());
    await user.click(within(people).getByRole('checkbox', { name: /Ned Park/ }));
    expect(await seriousAxeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send to 3 employees' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Send I-9?' });
    expect(dialog).toHaveTextContent(
      '3 employees will be notified in the portal and by mail: Nina Reyes, Ada Stone, Ned Park.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(api.form_requests_create).toHaveBeenCalledWith(null, { template_id: 4, employee_ids: [201, 202, 203] });
    expect(await screen.findByText('I-9 was sent to 3 employees.')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Competency test');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Competency test' }), 'Home care basics');
    await user.click(within(people).getByRole('checkbox', { name: /Ned Park/ }));
    await user.click(screen.getByRole('button', { name: 'Send to 1 employee' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Send' }));
    expect(api.test_requests_create).toHaveBeenCalledWith(null, { test_id: 6, employee_ids: [203] });
    expect(await screen.findByText('Home care basics was sent to 1 employee.')).toBeInTheDocument();
  });
});
