/**
 * Work-service reviews (product.md, "Visits: schedule, verification, reviews, payroll"): one client's
 * completed visits of one week, which the client signs or disputes; shared by the server and the app.
 */
import { addDays, isIsoDate } from './dates';

export const REVIEW_STATUSES = {
  PENDING: 'Waiting for signature',
  SIGNED: 'Signed',
  DISPUTED: 'Disputed',
  UNABLE_TO_SIGN: 'Client cannot sign',
} as const;
export type ReviewStatus = keyof typeof REVIEW_STATUSES;

/** The states in which the client may still sign (a disputed review is signed once the office sorted it out, or as it is). */
export const SIGNABLE_STATUSES = ['PENDING', 'DISPUTED'] as const satisfies readonly ReviewStatus[];

/** Why the office records that a client cannot sign (with a note, kept with the review). */
export const UNABLE_REASONS = {
  PHYSICAL: 'Physically unable to sign',
  COGNITIVE: 'Cognitively unable to sign',
  HOSPITAL: 'In hospital or away from home',
  REFUSED: 'Refused to sign',
  DECEASED: 'Deceased',
  OTHER: 'Other',
} as const;
export type UnableReason = keyof typeof UNABLE_REASONS;

/** The visit states a review covers: those that took place. */
export const REVIEWED_VISIT_STATUSES = ['COMPLETED', 'VERIFIED'] as const;

/** Reviews are created for the weeks that ended at most this many weeks ago (older weeks are history, not a to-do). */
export const REVIEW_LOOKBACK_WEEKS = 8;

/** The last day of the week that starts on `weekStart` (a `YYYY-MM-DD` date). */
export const weekEndOf = (weekStart: string) => addDays(weekStart, 6);

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Nov 16 – Nov 22": a week in words, as the client sees it. */
export function weekLabel(weekStart: string, weekEnd: string = weekEndOf(weekStart)): string {
  if (!isIsoDate(weekStart) || !isIsoDate(weekEnd)) return `${weekStart} – ${weekEnd}`;
  return `${shortDay.format(new Date(`${weekStart}T00:00:00Z`))} – ${shortDay.format(new Date(`${weekEnd}T00:00:00Z`))}`;
}

/** "Visits of Nov 16 – Nov 22": a review's title. */
export const reviewTitle = (weekStart: string, weekEnd?: string) => `Visits of ${weekLabel(weekStart, weekEnd)}`;

/** The app's page of a review (the client's; the office opens the same review under the client's record). */
export const reviewLink = (id: number) => `/onboarding/work-service-review/${id}`;
