/** How a visit reads in the app: its service, window, day, worked times and the map link, in the visit's zone. */
import { SERVICES } from './clients';
import { dateIn, formatDay } from './dates';
import { CORRECTION_REASONS, WEEKDAYS, timeIn, weekdayOf, windowIn, type CorrectionReason } from './visits';

interface VisitWindow {
  timezone: string;
  starts_at: string;
  ends_at: string;
}

interface VisitClocks {
  clock_in: { at: string } | null;
  clock_out: { at: string } | null;
  corrected_start_at: string | null;
  corrected_end_at: string | null;
  correction_reason: CorrectionReason | null;
  minutes: number | null;
}

export const serviceLabel = (service: string) => SERVICES[service as keyof typeof SERVICES] ?? service;

/** `09:00–11:00` in the visit's zone (the organization's, never the browser's). */
export const visitWindow = (visit: VisitWindow) =>
  windowIn(visit.timezone, visit.starts_at, visit.ends_at, (at) => dateIn(visit.timezone, at));

/** `HH:MM` of an instant in the visit's zone. */
export const visitTime = (visit: Pick<VisitWindow, 'timezone'>, at: string) => timeIn(visit.timezone, at);

/** "Monday, Mar 2, 2026" of a `YYYY-MM-DD` date. */
export const dayInWords = (day: string) => `${WEEKDAYS[weekdayOf(day)]}, ${formatDay(day)}`;

/** Minutes as worked: "45 min", "2 h", "2 h 5 min". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** A visit's times as worked: the clocks as recorded and the office's correction, flat (the exceptions queue's shape). */
export interface WorkedTimes {
  clock_in_at: string | null;
  clock_out_at: string | null;
  corrected_start_at: string | null;
  corrected_end_at: string | null;
  correction_reason: CorrectionReason | null;
  minutes: number | null;
}

/** A visit's worked times in the flat shape (its clocks carry more than the instant). */
export const workedTimesOf = (visit: VisitClocks): WorkedTimes => ({
  clock_in_at: visit.clock_in?.at ?? null,
  clock_out_at: visit.clock_out?.at ?? null,
  corrected_start_at: visit.corrected_start_at,
  corrected_end_at: visit.corrected_end_at,
  correction_reason: visit.correction_reason,
  minutes: visit.minutes,
});

/**
 * The clocks as recorded, beside the office's corrected times and their reason when corrected, and the minutes
 * worked, in the zone: "Clocked 20:46–20:47 · Corrected to 20:30–20:45 (Times confirmed with the client) ·
 * Worked 15 min". Null when there is nothing yet (no clock, no correction).
 */
export function workedTimesText(timeZone: string, times: WorkedTimes): string | null {
  const span = (from: string, to: string) => windowIn(timeZone, from, to, (at) => dateIn(timeZone, at));
  const { clock_in_at: clockIn, clock_out_at: clockOut } = times;
  const corrected =
    times.corrected_start_at && times.corrected_end_at ? span(times.corrected_start_at, times.corrected_end_at) : null;
  if (!clockIn && !clockOut && !corrected && times.minutes === null) return null;
  const clocked =
    clockIn && clockOut
      ? `Clocked ${span(clockIn, clockOut)}`
      : clockIn
        ? `Clocked in ${timeIn(timeZone, clockIn)}, no clock-out`
        : clockOut
          ? `No clock-in, clocked out ${timeIn(timeZone, clockOut)}`
          : 'Not clocked';
  const reason = times.correction_reason
    ? ` (${CORRECTION_REASONS[times.correction_reason] ?? times.correction_reason})`
    : '';
  return [
    clocked,
    corrected ? `Corrected to ${corrected}${reason}` : null,
    times.minutes !== null ? `Worked ${formatMinutes(times.minutes)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Google Maps' search link for the client's home, by its address: the home's position never reaches a
 * caregiver's phone (product.md, "What each person sees of a visit"; the server sends it to the office only).
 */
export function mapsUrl(visit: { address: string }): string | null {
  const query = visit.address.trim();
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : null;
}

export const clientName = (visit: { client: { first_name: string; last_name: string } }) =>
  `${visit.client.first_name} ${visit.client.last_name}`.trim();
