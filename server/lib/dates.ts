import { dateIn } from '#domain/dates';

/**
 * The organization's date now by the server's clock: the "today" of every server decision (due dates,
 * expiry, certification periods, a report's default end), never the process's own date.
 */
export const organizationToday = (app: { now(): Date }, organization: { timezone: string }): string =>
  dateIn(organization.timezone, app.now());
