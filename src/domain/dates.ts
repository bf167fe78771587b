/**
 * Calendar dates, shared by the server and the app. A person's dates (today, due dates, expiry, a visit's
 * service date, a pay period) are the organization's local dates: take "today" from `dateIn(zone, now)`,
 * never from `new Date().toISOString()` (the UTC date) or the machine's own zone.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD` of an instant in a time zone (an organization's "today"); an unknown zone counts as UTC. */
export function dateIn(timeZone: string, at: Date): string {
  let format = formats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return at.toISOString().slice(0, 10);
    }
    formats.set(timeZone, format);
  }
  return format.format(at);
}

/** Adds (or, negative, takes) days to a `YYYY-MM-DD` date: calendar days, whatever daylight saving does. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A real calendar date written `YYYY-MM-DD`, from 0001-01-01 (PostgreSQL has no year 0): not 1950-02-30,
 * 2025-02-29 or 2026-13-01. The API's `format: date` is this check (server/lib/validator.ts).
 */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * A real instant written as RFC 3339 (`2026-01-05T10:00:00Z`, `2026-01-05T05:00:00.250-05:00`): a real
 * calendar date, hours 00-23, minutes and seconds 00-59 (no leap second: JavaScript cannot read one), an
 * offset of at most 14 hours, and not before the year 1 in UTC. The API's `format: date-time` is this check.
 */
export function isIsoDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match || !isIsoDate(match[1])) return false;
  const [hours, minutes, seconds] = [match[2], match[3], match[4]].map(Number);
  if (hours > 23 || minutes > 59 || seconds > 59) return false;
  if (match[5] && (Number(match[7]) > 59 || Number(match[6]) * 60 + Number(match[7]) > 14 * 60)) return false;
  const instant = new Date(value);
  return !Number.isNaN(instant.getTime()) && instant.getUTCFullYear() >= 1;
}

/** Minutes the zone is ahead of UTC at an instant (New York in winter: -300). */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant of a wall-clock time (`HH:MM`) on a local date in a zone: `zonedTime('America/New_York',
 * '2027-03-14', '09:00')` is 13:00Z (daylight time began that night). A time that the spring change skips
 * counts as the instant the clocks jumped to (02:30 → 03:30); an hour the autumn change repeats, its first.
 */
export function zonedTime(timeZone: string, day: string, time: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  const first = wall - offsetMinutes(timeZone, new Date(wall)) * 60_000;
  const second = wall - offsetMinutes(timeZone, new Date(first)) * 60_000;
  const shows = (at: number) => at + offsetMinutes(timeZone, new Date(at)) * 60_000 === wall;
  const real = [first, second].filter(shows);
  return new Date(real.length ? Math.min(...real) : Math.max(first, second));
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A `YYYY-MM-DD` date in words ("Nov 26, 2026"), for messages the server and the app both show. */
export function formatDay(day: string): string {
  return isIsoDate(day) ? dayFormat.format(new Date(`${day}T00:00:00Z`)) : day;
}
