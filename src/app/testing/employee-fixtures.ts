import type { Employee } from '../../api/hiring';

/** An employee as the server answers it (tests). */
export function makeEmployee(overrides: Partial<Employee> = {}): Employee {
  return {
    id: 201,
    first_name: 'Nina',
    last_name: 'Reyes',
    email: 'nurse@sunrise.example',
    phone: '+1 555 0101',
    position: 'RN',
    status: 'READY',
    is_active: true,
    invitation_pending: false,
    forms_due: 0,
    expired_documents: 0,
    expiring_documents: 0,
    created_at: '2026-01-10T15:00:00Z',
    ready_at: '2026-01-20T15:00:00Z',
    application_id: null,
    ...overrides,
  };
}

/** Ned Park, the new home care companion of the tests (not ready yet), as the server answers him. */
export function makeNewHire(overrides: Partial<Employee> = {}): Employee {
  return makeEmployee({ id: 203, first_name: 'Ned', last_name: 'Park', position: 'HCC', status: 'NEW', ...overrides });
}
