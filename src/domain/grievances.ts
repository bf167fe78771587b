/**
 * Grievances (product.md, "Talking to the office"; 42 CFR 484.50(e)): categories, states and the moves
 * between them, shared by the forms and the server.
 */

/** product.md's categories. Codes kept from before: CARE, SCHEDULE, STAFF, ABUSE, BILLING, OTHER (PROPERTY moved to OTHER, migration 0017). */
export const GRIEVANCE_CATEGORIES = {
  CARE: 'Quality of care',
  STAFF: 'Staff conduct',
  MISSED_VISIT: 'Missed or late visit',
  SCHEDULE: 'Schedule',
  BILLING: 'Billing',
  PRIVACY: 'Privacy',
  DISCRIMINATION: 'Discrimination',
  ABUSE: 'Abuse, neglect or mistreatment',
  OTHER: 'Other',
} as const;
export type GrievanceCategory = keyof typeof GRIEVANCE_CATEGORIES;

/** An abuse, neglect or mistreatment grievance is urgent: every admin and the master are told at once, and it heads the desk. */
export const URGENT_GRIEVANCE_CATEGORIES: readonly GrievanceCategory[] = ['ABUSE'];
export const isUrgentCategory = (category: GrievanceCategory) => URGENT_GRIEVANCE_CATEGORIES.includes(category);

export const GRIEVANCE_STATES = {
  RECEIVED: 'Received',
  INVESTIGATING: 'Investigating',
  RESOLVED: 'Resolved',
  NOTIFIED: 'Complainant notified',
  CLOSED: 'Closed',
  REOPENED: 'Reopened',
} as const;
export type GrievanceState = keyof typeof GRIEVANCE_STATES;

/**
 * The moves the office makes: Received → Investigating → Resolved (with the resolution) → Complainant
 * notified → Closed; a Resolved, notified or Closed grievance may be Reopened, and a Reopened one is
 * investigated again.
 */
export const GRIEVANCE_MOVES: Record<GrievanceState, readonly GrievanceState[]> = {
  RECEIVED: ['INVESTIGATING'],
  INVESTIGATING: ['RESOLVED'],
  RESOLVED: ['NOTIFIED', 'REOPENED'],
  NOTIFIED: ['CLOSED', 'REOPENED'],
  CLOSED: ['REOPENED'],
  REOPENED: ['INVESTIGATING'],
};

export const canMoveGrievance = (from: GrievanceState, to: GrievanceState) => GRIEVANCE_MOVES[from].includes(to);

/** The button that makes each move. */
export const GRIEVANCE_MOVE_LABELS: Record<GrievanceState, string> = {
  RECEIVED: 'Received',
  INVESTIGATING: 'Start investigating',
  RESOLVED: 'Resolve',
  NOTIFIED: 'Complainant notified',
  CLOSED: 'Close',
  REOPENED: 'Reopen',
};

/** States in which the grievance has a resolution (it stops counting toward overdue). */
export const RESOLVED_GRIEVANCE_STATES: readonly GrievanceState[] = ['RESOLVED', 'NOTIFIED', 'CLOSED'];

/** A grievance without a resolution this many days after it was filed is overdue. */
export const GRIEVANCE_OVERDUE_DAYS = 14;
/** For this many days after filing, changes to the complainant's visits or role are listed on the grievance. */
export const REPRISAL_WATCH_DAYS = 90;

/** How it came in: filed by the complainant in the portal, or recorded by the office. */
export const GRIEVANCE_CHANNELS = {
  PORTAL: 'Portal',
  PHONE: 'Phone',
  IN_PERSON: 'In person',
} as const;
export type GrievanceChannel = keyof typeof GRIEVANCE_CHANNELS;
