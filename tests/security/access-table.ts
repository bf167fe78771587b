/**
 * Who may call each operation, written by hand from the spec (section 7's permission table, the route
 * prefixes of section 6) and ../shared/design/product.md — never read from the server's `x-access`
 * declarations. The security matrix (tests/api/security-matrix.test.ts) takes its expected statuses from
 * here, and fails when the served document has an operation this table lacks or this table names one the
 * document lacks: a new operation enters this table the day it is written.
 *
 * Callers, by role and state:
 * - `master`, `admin`: the office (the master acting in the organization its header names);
 * - `ready`: a READY employee; `readyRn`: a READY registered nurse (observes home health aides' skills);
 * - `new`: a NEW employee (still onboarding);
 * - `client`, `marketer`.
 * An employee with required forms not yet completed (NEW or READY) is confined to the forms-due pages:
 * only operations marked `formsDue` answer them; every other one is 403 `forms_due`.
 */

export type Caller = 'master' | 'admin' | 'ready' | 'readyRn' | 'new' | 'client' | 'marketer';

export type AccessRule =
  | { public: true }
  | {
      callers: readonly Caller[];
      /** What the forms-due pages need (spec 6): the session, the header's notifications, one's own onboarding. */
      formsDue?: true;
    };

const PUBLIC = { public: true } as const;
const OFFICE = ['master', 'admin'] as const;
const EMPLOYEES = ['ready', 'readyRn', 'new'] as const;
const EVERYONE = [...OFFICE, ...EMPLOYEES, 'client', 'marketer'] as const;
/** Spec 7: `change-signature` is the office's, READY employees' and clients'. */
const SIGNERS = [...OFFICE, 'ready', 'readyRn', 'client'] as const;
/** Spec 7: `edit-profile` is the office's and the marketer's. */
const PROFILE_EDITORS = [...OFFICE, 'marketer'] as const;
/** Spec 7: `view-notifications` is the admin's, READY employees' and the marketer's (not the master's). */
const NOTIFIED = ['admin', 'ready', 'readyRn', 'marketer'] as const;

const office = { callers: OFFICE };
const ownOnboarding = { callers: EMPLOYEES, formsDue: true } as const;
const ownOrOffice = { callers: [...EMPLOYEES, ...OFFICE], formsDue: true } as const;

export const ACCESS_TABLE: Record<string, AccessRule> = {
  // sign-in and the session (spec 4): public, as the login, reset and sign-up pages are
  auth_login_create: PUBLIC,
  auth_token_refresh_create: PUBLIC,
  auth_logout_create: PUBLIC,
  password_texts_list: PUBLIC,
  auth_password_reset_create: PUBLIC,
  auth_password_reset_confirm_create: PUBLIC,
  auth_signup_confirm_create: PUBLIC,
  // one's own account (spec 7: view-profile and change-password are everyone's)
  auth_user_retrieve: { callers: EVERYONE, formsDue: true },
  auth_user_partial_update: { callers: PROFILE_EDITORS },
  auth_password_change_create: { callers: EVERYONE },
  auth_signature_create: { callers: SIGNERS },
  auth_signature_retrieve: { callers: SIGNERS },

  // organizations: the login page is branded before sign-in; only the master lists them all
  organizations_retrieve: PUBLIC,
  organizations_list: { callers: ['master'] },

  // users (view-users)
  users_list: office,
  users_create: office,
  users_retrieve: office,
  users_partial_update: office,
  users_invitation_create: office,

  // notifications (view-notifications): the header's bell, also on the forms-due pages
  notifications_list: { callers: NOTIFIED, formsDue: true },
  notifications_read_all_create: { callers: NOTIFIED, formsDue: true },
  notifications_partial_update: { callers: NOTIFIED, formsDue: true },

  // the live event stream (product.md, "Talking to the office"): whoever has notifications or messages, and the
  // master (who hears of urgent grievances); also on the forms-due pages, where the header's bell stays
  events_stream_retrieve: { callers: ['master', ...NOTIFIED], formsDue: true },

  // /dev: the admin's own organization's outbox (spec 6: the master has /audit-log in place of /dev)
  dev_outbox_list: { callers: ['admin'] },

  // applications: anyone applies; the office reviews (view-applications)
  applications_create: PUBLIC,
  applications_list: office,
  applications_retrieve: office,
  applications_resume_retrieve: office,
  applications_signature_retrieve: office,
  applications_accept_create: office,
  applications_reject_create: office,

  // employees (view-employees; deleting notes: delete-employee-notes)
  employees_list: office,
  employees_create: office,
  employees_retrieve: office,
  employees_partial_update: office,
  employees_checklist_retrieve: office,
  employees_ready_create: office,
  employees_notes_list: office,
  employees_notes_create: office,
  employees_notes_destroy: office,
  employees_documents_list: office,
  employees_documents_create: office,
  employees_documents_partial_update: office,
  // the office uploads a document it received on paper for an employee (issue 12, item 3)
  employees_documents_upload_create: office,

  // documents: one's own (the forms-due pages upload them); a file for its owner or the office
  profile_documents_list: ownOnboarding,
  profile_documents_upload_create: ownOnboarding,
  documents_file_retrieve: ownOrOffice,
  onboarding_checklist_retrieve: ownOnboarding,

  // onboarding settings: the office's
  form_templates_list: office,
  form_templates_create: office,
  form_templates_retrieve: office,
  form_templates_partial_update: office,
  note_types_list: office,
  note_types_create: office,
  note_types_partial_update: office,
  document_types_list: office,
  document_types_create: office,
  document_types_partial_update: office,
  competency_tests_list: office,
  competency_tests_create: office,
  competency_tests_retrieve: office,
  competency_tests_partial_update: office,

  // form requests: the office sends and countersigns; the employee reads and signs their own
  form_requests_create: office,
  form_requests_list: ownOrOffice,
  form_requests_retrieve: ownOrOffice,
  // the signature of a signed form: its employee, or the office reading it before it countersigns (issue 12, item 1)
  form_requests_signature_retrieve: ownOrOffice,
  form_requests_submit_create: ownOnboarding,
  form_requests_countersign_create: office,

  // competency tests: the office sends; the employee takes their own; a READY RN observes an aide's skills
  // (42 CFR 484.80(c)), and not while forms of their own are due
  test_requests_create: office,
  test_requests_list: ownOrOffice,
  test_requests_retrieve: ownOrOffice,
  test_requests_submit_create: ownOnboarding,
  test_requests_observation_create: { callers: ['readyRn'] },
  // the nurse's menu count of skills checks to observe (issue 12, item 9)
  test_requests_awaiting_observation_count_retrieve: { callers: ['readyRn'] },

  // clients (product.md, "Clients and referrals"): the office's, under its /clients prefix (spec 7 names no
  // client permission); the client (or family member) reads only their own home
  clients_list: office,
  clients_create: office,
  clients_retrieve: office,
  clients_partial_update: office,
  clients_services_create: office,
  clients_services_partial_update: office,
  clients_authorizations_create: office,
  clients_invitation_create: office,
  clients_access_history_list: office,
  clients_welcome_retrieve: { callers: ['client'] },

  // referrals: a marketer enters and follows their own (view-referrals); the office works all of them
  // (view-marketer) and alone moves them along and admits
  referrals_list: { callers: [...OFFICE, 'marketer'] },
  referrals_create: { callers: [...OFFICE, 'marketer'] },
  referrals_retrieve: { callers: [...OFFICE, 'marketer'] },
  referrals_partial_update: { callers: [...OFFICE, 'marketer'] },
  referrals_notes_create: { callers: [...OFFICE, 'marketer'] },
  referrals_status_create: office,
  referrals_admit_create: office,

  // marketers' figures and the conversion report: the office's (view-marketer)
  marketers_list: office,
  marketers_report_retrieve: office,

  // grievances (product.md, "Talking to the office"): a READY employee (view-grievances, spec 7: /grievances)
  // and a client ("Report a concern" on /clients/welcome) file and follow their own (others' are 404); the
  // office records one taken by phone and works the organization's desk; only the office moves one along.
  // A NEW employee has no view-grievances.
  grievances_list: { callers: [...OFFICE, 'ready', 'readyRn', 'client'] },
  grievances_create: { callers: [...OFFICE, 'ready', 'readyRn', 'client'] },
  grievances_retrieve: { callers: [...OFFICE, 'ready', 'readyRn', 'client'] },
  grievances_notes_create: { callers: [...OFFICE, 'ready', 'readyRn', 'client'] },
  grievances_transition_create: office,
  // sharing (product.md, "Grievances"): outside the office a grievance is its complainant's alone, unless the
  // complainant shares it with a named family member of the same client: only a client (the complainant;
  // anyone else 404) lists their family and shares or stops sharing; the office reads who it is shared with
  // on the grievance and shares nothing; an employee complainant has no family to share with.
  grievances_shares_list: { callers: ['client'] },
  grievances_shares_create: { callers: ['client'] },
  grievances_shares_destroy: { callers: ['client'] },

  // messages (product.md, "Talking to the office"; spec 6: /messages is the admin's, the master's and the
  // employee's, spec 7 gives view-messages to READY employees): a READY employee writes to the office and
  // reads their own conversations (others' are 404); the office (every admin, and the master acting in the
  // organization) answers from one inbox and writes to one employee or to another admin. NEW employees,
  // clients and marketers have no messages.
  conversations_list: { callers: [...OFFICE, 'ready', 'readyRn'] },
  conversations_create: { callers: [...OFFICE, 'ready', 'readyRn'] },
  conversations_retrieve: { callers: [...OFFICE, 'ready', 'readyRn'] },
  conversations_messages_list: { callers: [...OFFICE, 'ready', 'readyRn'] },
  conversations_messages_create: { callers: [...OFFICE, 'ready', 'readyRn'] },
  conversations_read_create: { callers: [...OFFICE, 'ready', 'readyRn'] },

  // visits (product.md, "Visits"): the office schedules, verifies and exports; a READY employee
  // (view-workschedules, spec 7) reads and clocks their own day, gives a visit up and asks for open ones; a
  // client reads their own visits (their home page shows them). NEW employees have no schedule yet.
  visits_list: { callers: [...OFFICE, 'ready', 'readyRn', 'client'] },
  visits_retrieve: { callers: [...OFFICE, 'ready', 'readyRn', 'client'] },
  visits_create: office,
  visits_partial_update: office,
  visits_recurrences_create: office,
  visits_cancel_create: office,
  visits_export_retrieve: office,
  visits_board_retrieve: office,
  // pay periods: the office reads any employee's (the Payroll tab); a READY employee their own hours
  payroll_periods_list: { callers: [...OFFICE, 'ready', 'readyRn'] },
  payroll_periods_export_retrieve: { callers: [...OFFICE, 'ready', 'readyRn'] },
  visits_clock_in_create: { callers: ['ready', 'readyRn'] },
  visits_clock_out_create: { callers: ['ready', 'readyRn'] },
  visits_callout_create: { callers: ['ready', 'readyRn'] },
  visits_request_create: { callers: ['ready', 'readyRn'] },
  visit_exceptions_list: office,
  visit_exceptions_resolve_create: office,

  // work-service reviews (product.md, "Visits": the client signs their week at
  // /onboarding/work-service-review/:id or disputes a visit; the office reads every review and records when a
  // client cannot sign). Only the client signs or disputes; a client reaches only their own (404 otherwise).
  work_service_reviews_list: { callers: [...OFFICE, 'client'] },
  work_service_reviews_retrieve: { callers: [...OFFICE, 'client'] },
  work_service_reviews_signature_retrieve: { callers: [...OFFICE, 'client'] },
  work_service_reviews_sign_create: { callers: ['client'] },
  work_service_reviews_dispute_create: { callers: ['client'] },
  work_service_reviews_unable_create: office,

  // the audit log (spec 7: view-auditlogs; product.md, "Audit"): the master alone reads it, across organizations
  audit_log_list: { callers: ['master'] },
  audit_log_export_retrieve: { callers: ['master'] },
  audit_log_people_list: { callers: ['master'] },
};
