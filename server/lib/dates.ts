import { gte, lt, sql, type Column, type SQL } from 'drizzle-orm';
import { addDays, dateIn } from '#domain/dates';

/**
 * The organization's date now by the server's clock: the "today" of every server decision (due dates,
 * expiry, certification periods, a report's default end), never the process's own date.
 */
export const organizationToday = (app: { now(): Date }, organization: { timezone: string }): string =>
  dateIn(organization.timezone, app.now());

/** The instant the organization's day `date` begins (its midnight), by the database's own zone rules. */
export const dayStartIn = (timezone: string, date: string): SQL =>
  sql`(${date}::date)::timestamp at time zone ${timezone}`;

/** Conditions keeping the rows whose `column` falls on the organization's days `from` through `to`, either end open. */
export function onDays(column: Column, timezone: string, from?: string, to?: string): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(column, dayStartIn(timezone, from)));
  if (to) conditions.push(lt(column, dayStartIn(timezone, addDays(to, 1))));
  return conditions;
}
