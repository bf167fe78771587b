import { customType, integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** bytea as a Buffer (drizzle-orm has no built-in bytea column). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** An instant: `timestamp with time zone`, read and written as a Date. */
export const instant = <TName extends string>(name: TName) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An instant that is never null: the moment the row is inserted, unless the insert gives one. */
export const writtenAt = <TName extends string>(name: TName) => instant(name).notNull().defaultNow();

export const createdAt = () => writtenAt('created_at');

/** The id of a row of another table that this row cannot be without. */
export const requiredRef = <TName extends string>(name: TName, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target);

/**
 * Legacy: a drawn signature as a PNG data URL, written before migration 0010; moved to `files` at start-up
 * (server/lib/signature-files.ts), then null.
 */
export const legacySignature = <TName extends string>(name: TName) => text(name);
