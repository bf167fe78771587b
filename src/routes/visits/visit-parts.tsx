import { SERVICES } from '../../domain/clients';
import { dateIn, formatDay } from '../../domain/dates';
import { VISIT_STATUSES, WEEKDAYS, timeIn, weekdayOf, windowIn, type VisitStatus } from '../../domain/visits';
import { Tag, type TagTone } from '../employees/page-parts';
import type { Visit } from './visits-api';

const STATUS_TONES: Partial<Record<VisitStatus, TagTone>> = {
  OPEN: 'warning',
  IN_PROGRESS: 'warning',
  COMPLETED: 'success',
  VERIFIED: 'success',
  MISSED: 'error',
  CANCELLED: 'error',
};

/** A visit's state in words (the colour only repeats it). */
export function VisitStatusTag({ status }: { status: VisitStatus }) {
  return <Tag tone={STATUS_TONES[status]}>{VISIT_STATUSES[status] ?? status}</Tag>;
}

export const serviceLabel = (service: string) => SERVICES[service as keyof typeof SERVICES] ?? service;

/** `09:00–11:00` in the visit's zone (the organization's, never the browser's). */
export const visitWindow = (visit: Pick<Visit, 'timezone' | 'starts_at' | 'ends_at'>) =>
  windowIn(visit.timezone, visit.starts_at, visit.ends_at, (at) => dateIn(visit.timezone, at));

/** `HH:MM` of an instant in the visit's zone. */
export const visitTime = (visit: Pick<Visit, 'timezone'>, at: string) => timeIn(visit.timezone, at);

/** "Monday, Mar 2, 2026" of a `YYYY-MM-DD` date. */
export const dayInWords = (day: string) => `${WEEKDAYS[weekdayOf(day)]}, ${formatDay(day)}`;

/** Minutes as worked: "45 min", "2 h", "2 h 5 min". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Google Maps' search link for the client's home: its position when known, else its address. */
export function mapsUrl(visit: Pick<Visit, 'address' | 'latitude' | 'longitude'>): string | null {
  const query = visit.latitude !== null && visit.longitude !== null ? `${visit.latitude},${visit.longitude}` : visit.address.trim();
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : null;
}

export const clientName = (visit: Pick<Visit, 'client'>) => `${visit.client.first_name} ${visit.client.last_name}`.trim();
