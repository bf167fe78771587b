export const CLIENT_TYPES = { HCC: 'Home Care', HHP: 'Home Health', 'HCC, HHP': 'Both' } as const;
export type ClientType = keyof typeof CLIENT_TYPES;

/** URL slug of /clients/new/:type → the client type and the page title. */
export const CLIENT_TYPE_SLUGS = {
  'home-care': { type: 'HCC', title: 'Home Care Client' },
  'home-health': { type: 'HHP', title: 'Home Health Patient' },
  group: { type: 'HCC, HHP', title: 'Home Care/Health Patient' },
} as const satisfies Record<string, { type: ClientType; title: string }>;
export type ClientTypeSlug = keyof typeof CLIENT_TYPE_SLUGS;

export const HOME_CARE_SERVICES = { Pathways: 'Pathways', Wellness: 'Health Wellness', Bds: 'BDS Waiver' } as const;

export const HOME_HEALTH_PAYERS = { Medicare: 'Medicare', Medicaid: 'Medicaid' } as const;

export const HOME_HEALTH_SERVICES = {
  SkilledNurses: 'RN Skilled Nurses Services',
  Lpn: 'Lpn',
  Cna: 'Cna',
  PhysicalTherapist: 'PhysicalTherapist',
  OccupationalTherapist: 'OccupationalTherapist',
  SpeechTherapist: 'SpeechTherapist',
  SocialWorker: 'SocialWorker',
} as const;

export const POSITIONS = {
  HCC: 'Home Care Caregiver',
  RN: 'Registered Nurse',
  LPN: 'Licensed Practical Nurse',
  CNA: 'Certified Nurse Assistant',
  HHA: 'Home Health Aide',
  PT: 'Physical Therapist',
  OT: 'Occupational Therapist',
  ST: 'Speech Therapist',
  SW: 'Social Worker',
} as const;
export type Position = keyof typeof POSITIONS;

export function positionLabel(position: string | null | undefined): string {
  if (!position) return '—';
  return POSITIONS[position as keyof typeof POSITIONS] ?? position;
}

/** The days and shifts an applicant says they can work, in the order the form offers them. */
export const AVAILABILITY_DAYS = {
  MON: 'Monday',
  TUE: 'Tuesday',
  WED: 'Wednesday',
  THU: 'Thursday',
  FRI: 'Friday',
  SAT: 'Saturday',
  SUN: 'Sunday',
} as const;
export type AvailabilityDay = keyof typeof AVAILABILITY_DAYS;

export const AVAILABILITY_SHIFTS = {
  MORNING: 'Morning',
  AFTERNOON: 'Afternoon',
  EVENING: 'Evening',
  OVERNIGHT: 'Overnight',
} as const;
export type AvailabilityShift = keyof typeof AVAILABILITY_SHIFTS;
