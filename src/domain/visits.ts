/**
 * Visits (product.md, "Visits: schedule, verification, reviews, payroll"), shared by the server and the app:
 * states, reason and exception codes, and the rules a visit is checked against on both sides.
 */
import type { ServiceCode } from './clients';
import type { Position } from './labels';

export const VISIT_STATUSES = {
  OPEN: 'Open',
  SCHEDULED: 'Scheduled',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  VERIFIED: 'Verified',
  MISSED: 'Missed',
  CANCELLED: 'Cancelled',
} as const;
export type VisitStatus = keyof typeof VISIT_STATUSES;

/** The states that hold a caregiver's time: two of them may not overlap for one caregiver (the database refuses). */
export const BOOKED_STATUSES = [
  'SCHEDULED',
  'IN_PROGRESS',
  'COMPLETED',
  'VERIFIED',
] as const satisfies readonly VisitStatus[];

export const CANCEL_REASONS = {
  CLIENT_REQUEST: 'Client request',
  CLIENT_HOSPITAL: 'Client in hospital',
  CAREGIVER_CALLOUT: 'Caregiver call-out',
  WEATHER: 'Weather',
  OTHER: 'Other',
} as const;
export type CancelReason = keyof typeof CANCEL_REASONS;

/** Where a clock happened, when the position did not place it at the client's home. */
export const LOCATION_TYPES = { HOME: 'Home', COMMUNITY: 'Community' } as const;
export type LocationType = keyof typeof LOCATION_TYPES;

export const EXCEPTION_CODES = {
  LATE_CLOCK_IN: 'Late clock-in',
  MISSING_CLOCK_IN: 'Missing clock-in',
  MISSING_CLOCK_OUT: 'Missing clock-out',
  LOCATION_CLOCK_IN: 'Clock-in away from the home',
  LOCATION_CLOCK_OUT: 'Clock-out away from the home',
  IMPLAUSIBLE_CLOCK_IN: 'Clock-in position not plausible',
  IMPLAUSIBLE_CLOCK_OUT: 'Clock-out position not plausible',
  OVERLAP: 'Overlaps another visit',
  DISPUTE: 'Disputed by the client',
} as const;
export type ExceptionCode = keyof typeof EXCEPTION_CODES;

/** What the office did with an exception: approved as recorded, or corrected the times for a kept reason. */
export const RESOLUTIONS = { APPROVED: 'Approved', CORRECTED: 'Corrected' } as const;
export type Resolution = keyof typeof RESOLUTIONS;

/** Why the office corrected a visit's times (the reason is kept beside the original clocks). */
export const CORRECTION_REASONS = {
  FORGOT_TO_CLOCK: 'Caregiver forgot to clock',
  DEVICE_PROBLEM: 'Phone or network problem',
  WRONG_VISIT: 'Clocked on the wrong visit',
  CLIENT_CONFIRMED: 'Times confirmed with the client',
  OTHER: 'Other',
} as const;
export type CorrectionReason = keyof typeof CORRECTION_REASONS;

/** A clock-in this late after the window's start is an exception. */
export const LATE_AFTER_MINUTES = 15;
/** A clock this close to the client's home counts as "home" (the organization may set its own). */
export const DEFAULT_TOLERANCE_METERS = 250;
/**
 * A clock whose position lies closer than this to the client's home as stored matches it "exactly": phone GPS
 * never lands within a metre of a surveyed point, so the coordinates were typed in (product.md, "What each
 * person sees of a visit"). The clock is recorded and the visit gets an IMPLAUSIBLE_CLOCK_* exception.
 */
export const EXACT_MATCH_METERS = 1;
/** A phone reports its GPS accuracy as 3 m or more; a claim under this (0 included) is not a real reading. */
export const MIN_PLAUSIBLE_ACCURACY_METERS = 1;

/** Why a clock's position is not plausible (it matches the home exactly, or claims an impossible accuracy), or null. */
export function implausiblePosition(distance: number | null, accuracy: number | null): string | null {
  if (distance !== null && distance < EXACT_MATCH_METERS)
    return `The position sent matches the client's home to within ${EXACT_MATCH_METERS} m: a phone's GPS is never that exact.`;
  if (accuracy !== null && accuracy < MIN_PLAUSIBLE_ACCURACY_METERS)
    return `The phone claimed an accuracy of ${accuracy} m: a phone's GPS reports a few metres at best.`;
  return null;
}

/** A caregiver as a client or family member sees them: first name and initial ("Maria G."). */
export function firstNameAndInitial(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = (firstName ?? '').trim();
  const initial = (lastName ?? '').trim().charAt(0);
  return [first, initial ? `${initial}.` : ''].filter(Boolean).join(' ');
}

/** The longest window a visit may have. */
export const MAX_VISIT_MINUTES = 24 * 60;
/** A weekly pattern books at most this far ahead. */
export const MAX_PATTERN_DAYS = 366;

/** Who may provide a service: home care by caregivers, aides and nurses; skilled services by their licence and those above it. */
export const SERVICE_POSITIONS: Record<ServiceCode, readonly Position[]> = {
  Pathways: ['HCC', 'HHA', 'CNA', 'LPN', 'RN'],
  Wellness: ['HCC', 'HHA', 'CNA', 'LPN', 'RN'],
  Bds: ['HCC', 'HHA', 'CNA', 'LPN', 'RN'],
  SkilledNurses: ['RN'],
  Lpn: ['LPN', 'RN'],
  Cna: ['CNA', 'HHA', 'LPN', 'RN'],
  PhysicalTherapist: ['PT'],
  OccupationalTherapist: ['OT'],
  SpeechTherapist: ['ST'],
  SocialWorker: ['SW'],
};

export const positionFits = (service: ServiceCode, position: string | null | undefined) =>
  !!position && (SERVICE_POSITIONS[service] ?? []).includes(position as Position);

/** Why a window cannot be a visit, or null. */
export function windowProblem(startsAt: Date, endsAt: Date): string | null {
  const minutes = (endsAt.getTime() - startsAt.getTime()) / 60_000;
  if (minutes <= 0) return 'The visit must end after it starts.';
  if (minutes > MAX_VISIT_MINUTES) return 'A visit cannot be longer than 24 hours.';
  return null;
}

/** Great-circle distance in metres between two positions (haversine, mean Earth radius). */
export function distanceMeters(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whole minutes between two instants, as worked (no rounding to quarter hours). */
export const minutesBetween = (from: Date | string, to: Date | string) =>
  Math.floor((new Date(to).getTime() - new Date(from).getTime()) / 60_000);

/** Weekly hours past which time is overtime. */
export const OVERTIME_AFTER_MINUTES = 40 * 60;

/** "Ana Ruiz is booked 09:00–11:00 with J. Doe": the refusal that names a conflict. */
export function conflictMessage(
  caregiver: string,
  window: string,
  client: { first_name: string; last_name: string },
): string {
  return `${caregiver} is booked ${window} with ${client.first_name.charAt(0)}. ${client.last_name}`;
}

/** The local `HH:MM` of an instant in a zone. */
export function timeIn(timeZone: string, at: Date | string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(at),
  );
}

/** `09:00–11:00` in the zone (a window that ends on another day says so). */
export function windowIn(
  timeZone: string,
  startsAt: Date | string,
  endsAt: Date | string,
  dayOf: (at: Date) => string,
): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const nextDay = dayOf(end) !== dayOf(start) ? ' the next day' : '';
  return `${timeIn(timeZone, start)}–${timeIn(timeZone, end)}${nextDay}`;
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Day of the week (0 Sunday … 6 Saturday) of a `YYYY-MM-DD` date. */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The first day of the week holding `day`, weeks starting on `weekStart` (0 Sunday … 6 Saturday). */
export function weekStartOf(day: string, weekStart: number): string {
  const back = (weekdayOf(day) - weekStart + 7) % 7;
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - back);
  return date.toISOString().slice(0, 10);
}
