import type { Checklist, EmployeeDocument, FormRequest, TestRequest } from '../../api/onboarding';

// Answers shaped as contract-3 says, for the page tests.

export function makeDocument(overrides: Partial<EmployeeDocument> = {}): EmployeeDocument {
  return {
    id: 1,
    name: 'Driver license',
    required: true,
    requires_expiry: false,
    status: 'MISSING',
    file: null,
    expires_on: null,
    expired: false,
    expiring_soon: false,
    review_note: null,
    uploaded_at: null,
    reviewed_at: null,
    ...overrides,
  };
}

export function makeChecklist(overrides: Partial<Checklist> = {}): Checklist {
  return { ready: false, missing: [], forms: [], documents: [], tests: [], ...overrides };
}

export function makeFormRequest(overrides: Partial<FormRequest> = {}): FormRequest {
  return {
    id: 11,
    template: {
      id: 3,
      name: 'Emergency contact',
      description: 'Who we call if something happens to you at work.',
      signers: ['EMPLOYEE'],
      fields: [
        { key: 'contact_name', label: 'Contact name', type: 'text', required: true },
        { key: 'notes', label: 'Notes', type: 'textarea', required: false },
        { key: 'birth_date', label: 'Date of birth', type: 'date', required: true },
        {
          key: 'relationship',
          label: 'Relationship',
          type: 'select',
          required: true,
          options: ['Spouse', 'Parent', 'Friend'],
        },
        { key: 'consent', label: 'I agree that the office may call this person', type: 'checkbox', required: true },
      ],
    },
    employee: { id: 100, name: 'Ana Ortiz' },
    required: true,
    status: 'PENDING',
    answers: null,
    signed_at: null,
    countersigned_at: null,
    due_date: '2026-04-01',
    created_at: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

export function makeTestRequest(overrides: Partial<TestRequest> = {}): TestRequest {
  return {
    id: 21,
    test: {
      id: 5,
      name: 'Home health aide competency',
      description: 'The written part and the skills a registered nurse observes.',
      pass_mark: 80,
      questions: [
        {
          id: 'q1',
          text: 'How often should you wash your hands?',
          choices: ['Once a shift', 'Before and after each contact', 'Never'],
        },
        { id: 'q2', text: 'A normal adult resting pulse is', choices: ['20-40', '60-100', '140-180'] },
      ],
      observed_skills: [
        { id: 's1', label: 'Reading and recording temperature, pulse and respiration' },
        { id: 's2', label: 'Safe transfer techniques and ambulation' },
      ],
    },
    employee: { id: 100, name: 'Ana Ortiz', position: 'HHA' },
    status: 'PENDING',
    score: null,
    written_passed: null,
    review_subjects: [],
    skill_results: [],
    observer: null,
    observed_at: null,
    submitted_at: null,
    created_at: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}
