/**
 * Clients and referrals (product.md, "Clients and referrals"): the codes the server stores, their labels,
 * and the rules both the forms and the server check (NPI check digit, ICD-10 shape, certification period).
 */
import { addDays, formatDay, isIsoDate } from './dates';
import { HOME_CARE_SERVICES, HOME_HEALTH_PAYERS, HOME_HEALTH_SERVICES, type ClientType } from './labels';

/** The person and home a referral names and its client keeps (admission copies them), as the API names them. */
export const PERSON_HOME_FIELDS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'phone',
  'address',
  'city',
  'state',
  'postal_code',
] as const;
export type PersonHomeField = (typeof PERSON_HOME_FIELDS)[number];

export const CLIENT_STATUSES = {
  PENDING: 'Pending',
  ACTIVE: 'Active',
  WAITING_LIST: 'Waiting list',
  ON_HOLD: 'On hold',
  DISCHARGED: 'Discharged',
} as const;
export type ClientStatus = keyof typeof CLIENT_STATUSES;

export const DISCHARGE_REASONS = {
  GOALS_MET: 'Goals met',
  HOSPITALIZED: 'Admitted to hospital or facility',
  MOVED: 'Moved out of the service area',
  CHOSE_ANOTHER: 'Chose another agency',
  PAYER_ENDED: 'Payer or authorization ended',
  DECEASED: 'Deceased',
  OTHER: 'Other',
} as const;
export type DischargeReason = keyof typeof DISCHARGE_REASONS;

/** Every service code and its label (spec 3): home care's and home health's. */
export const SERVICES = { ...HOME_CARE_SERVICES, ...HOME_HEALTH_SERVICES } as const;
export type ServiceCode = keyof typeof SERVICES;

/** The services a client type may receive: home care's, home health's, or both. */
export function servicesFor(type: ClientType): ServiceCode[] {
  const homeCare = Object.keys(HOME_CARE_SERVICES) as ServiceCode[];
  const homeHealth = Object.keys(HOME_HEALTH_SERVICES) as ServiceCode[];
  if (type === 'HCC') return homeCare;
  if (type === 'HHP') return homeHealth;
  return [...homeCare, ...homeHealth];
}

/** Home health's payers of spec 3 (a home health patient needs one, with a member id). */
export const PAYERS = HOME_HEALTH_PAYERS;
export type Payer = keyof typeof PAYERS;

export const includesHomeHealth = (type: ClientType) => type !== 'HCC';

export const SERVICE_STATUSES = { ACTIVE: 'Active', ON_HOLD: 'On hold', ENDED: 'Ended' } as const;
export type ServiceStatus = keyof typeof SERVICE_STATUSES;

export const AUTHORIZATION_UNITS = { HOUR: 'Hours', VISIT: 'Visits' } as const;
export type AuthorizationUnit = keyof typeof AUTHORIZATION_UNITS;

/** An authorization warns when less than this share of it remains, or when it ends within the days below. */
export const LOW_REMAINING_SHARE = 0.1;
export const ENDING_SOON_DAYS = 14;

export const CLIENT_RELATIONSHIPS = { SELF: 'The client', FAMILY: 'A family member' } as const;
export type ClientRelationship = keyof typeof CLIENT_RELATIONSHIPS;

export const REFERRAL_STATUSES = {
  NEW: 'New',
  CONTACTED: 'Contacted',
  ASSESSMENT_SCHEDULED: 'Assessment scheduled',
  ADMITTED: 'Admitted',
  DECLINED: 'Declined',
  LOST: 'Lost',
} as const;
export type ReferralStatus = keyof typeof REFERRAL_STATUSES;

/** Decided referrals (admitted, declined, lost) move no further; conversion is admitted / decided. */
export const DECIDED_REFERRAL_STATUSES: readonly ReferralStatus[] = ['ADMITTED', 'DECLINED', 'LOST'];

/** The moves the office makes by hand (admission is its own operation, which creates the client). */
export const REFERRAL_MOVES: Record<ReferralStatus, readonly ReferralStatus[]> = {
  NEW: ['CONTACTED', 'ASSESSMENT_SCHEDULED', 'DECLINED', 'LOST'],
  CONTACTED: ['ASSESSMENT_SCHEDULED', 'DECLINED', 'LOST'],
  ASSESSMENT_SCHEDULED: ['ASSESSMENT_SCHEDULED', 'DECLINED', 'LOST'],
  ADMITTED: [],
  DECLINED: [],
  LOST: [],
};

/** A referral still New this long after it came in is overdue. */
export const REFERRAL_OVERDUE_HOURS = 48;

export const REFERRAL_SOURCES = {
  HOSPITAL: 'Hospital',
  PHYSICIAN: "Physician's office",
  FAMILY: 'Family',
  SELF: 'Self',
  COMMUNITY: 'Community organization',
  OTHER: 'Other',
} as const;
export type ReferralSource = keyof typeof REFERRAL_SOURCES;

export const DECLINE_REASONS = {
  NOT_ELIGIBLE: 'Not eligible',
  OUT_OF_AREA: 'Out of area',
  PAYER_NOT_ACCEPTED: 'Payer not accepted',
  NO_STAFF: 'No staff available',
  CHOSE_ANOTHER_AGENCY: 'Chose another agency',
  OTHER: 'Other',
} as const;
export type DeclineReason = keyof typeof DECLINE_REASONS;

/** What pays for a referral's care: home health's payers, a home care program, or neither known yet. */
export const REFERRAL_PAYERS = {
  ...HOME_HEALTH_PAYERS,
  PRIVATE_INSURANCE: 'Private insurance',
  PRIVATE_PAY: 'Private pay',
  OTHER: 'Other',
} as const;
export type ReferralPayer = keyof typeof REFERRAL_PAYERS;

// grievances have their own domain file; these names stay importable from here
export { GRIEVANCE_CATEGORIES, GRIEVANCE_STATES, type GrievanceCategory, type GrievanceState } from './grievances';

// ---- checks shared by the forms and the server ----

export const NPI_MESSAGE = 'Enter a 10-digit NPI whose last digit checks (CMS check digit).';
export const ICD10_MESSAGE = 'Enter an ICD-10 code such as I10, E11.9 or S72.001A.';
export const CERTIFICATION_DAYS = 60;

/**
 * A National Provider Identifier: 10 digits whose last is the Luhn check digit of the first nine behind
 * the card-issuer prefix 80840 (CMS, "Requirements for National Provider Identifier Check Digit").
 */
export function isValidNpi(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const digits = `80840${value.slice(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    // from the right of the 14 digits, every other one starting with the rightmost is doubled
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === Number(value[9]);
}

/** An ICD-10-CM code as written (`E11.9`), upper-cased, with the dot put back after the category. */
export function normalizeIcd10(value: string): string {
  const code = value.trim().toUpperCase().replace(/\s+/g, '');
  if (/^[A-Z][0-9][0-9A-Z][0-9A-Z]{1,4}$/.test(code)) return `${code.slice(0, 3)}.${code.slice(3)}`;
  return code;
}

/** The shape of an ICD-10-CM code: a letter, a digit, a digit or letter (the category), then up to four after the dot. */
export function isIcd10Shape(value: string): boolean {
  return /^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/.test(normalizeIcd10(value));
}

/** The last day of a certification period of 60 days (day 1 is its start). */
export const certificationEnd = (start: string) => addDays(start, CERTIFICATION_DAYS - 1);

/** Why a certification period is wrong, or null: it runs 60 days, its last day the 60th. */
export function certificationProblem(start: string, end: string): string | null {
  if (!isIsoDate(start) || !isIsoDate(end)) return 'Enter both dates of the certification period.';
  if (end !== certificationEnd(start))
    return `A certification period is 60 days: one that starts ${formatDay(start)} ends ${formatDay(certificationEnd(start))}.`;
  return null;
}

/** Units still authorized, and whether to warn (less than 10% left, or the authorization ends within 14 days). */
export function authorizationWarnings(authorization: { amount: number; used: number; ends_on: string }, today: string) {
  const remaining = Math.max(0, authorization.amount - authorization.used);
  const low = remaining < authorization.amount * LOW_REMAINING_SHARE;
  const endingSoon = authorization.ends_on >= today && authorization.ends_on <= addDays(today, ENDING_SOON_DAYS);
  const ended = authorization.ends_on < today;
  return { remaining, low, endingSoon, ended };
}
