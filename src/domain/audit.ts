/**
 * The audit log (product.md, "Audit"), shared by the server and the app: the actions a row records and the
 * kinds of record it names.
 */

export const AUDIT_ACTIONS = {
  SIGN_IN: 'Sign-in',
  SIGN_IN_FAILED: 'Failed sign-in',
  SIGN_OUT: 'Sign-out',
  CREATE: 'Create',
  UPDATE: 'Update',
  DELETE: 'Delete',
  READ: 'Read',
  SEARCH: 'Search',
  EXPORT: 'Export',
} as const;
export type AuditActionCode = keyof typeof AUDIT_ACTIONS;

/** The kinds of record rows name (the filter offers these; the API takes any entity name). */
export const AUDIT_ENTITIES = {
  session: 'Session',
  user: 'User',
  employee: 'Employee',
  employee_note: 'Employee note',
  employee_document: 'Employee document',
  application: 'Application',
  client: 'Client',
  client_service: 'Client service',
  client_authorization: 'Client authorization',
  client_user: 'Client account',
  referral: 'Referral',
  visit: 'Visit',
  work_service_review: 'Work-service review',
  payroll: 'Payroll',
  form_template: 'Form template',
  form_request: 'Form request',
  note_type: 'Note type',
  document_type: 'Document type',
  competency_test: 'Competency test',
  test_request: 'Competency test request',
  notification: 'Notification',
  conversation: 'Conversation',
  message: 'Message',
  grievance: 'Grievance',
  grievance_share: 'Grievance shared with family',
  audit_log: 'Audit log',
} as const;

/** An entity name in the API: lower-case words joined by underscores. */
export const AUDIT_ENTITY_PATTERN = '^[a-z][a-z_]{0,49}$';
