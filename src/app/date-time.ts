import { DEFAULT_LOCALE } from '../domain/constants';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string | null | undefined): Intl.DateTimeFormat {
  const key = timeZone || '';
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(DEFAULT_LOCALE, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: timeZone || undefined,
      });
    } catch {
      format = new Intl.DateTimeFormat(DEFAULT_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
    }
    formats.set(key, format);
  }
  return format;
}

/** A date and time in the user's time zone, en-US ("Mar 2, 2026, 9:05 AM"); '—' for none. */
export function formatDateTime(iso: string | null | undefined, timeZone: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return formatFor(timeZone)
    .format(date)
    .replace(/[\u202f\u00a0]/g, ' ');
}

/** The IANA time zones the browser knows, with `current` kept even when the list lacks it (e.g. "UTC"). */
export function timeZoneOptions(current?: string | null): string[] {
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  const zones = new Set(supported);
  if (current) zones.add(current);
  if (!zones.has('UTC')) zones.add('UTC');
  return [...zones].sort((a, b) => a.localeCompare(b));
}
