import { describe, expect, it } from 'vitest';
import { addDays, dateIn, isIsoDate, isIsoDateTime, zonedTime } from './dates';

describe('an organization’s dates', () => {
  it('today is the local date of the zone, not the UTC date', () => {
    const halfPastMidnightUtc = new Date('2026-11-25T00:30:00Z');
    expect(dateIn('America/New_York', halfPastMidnightUtc)).toBe('2026-11-24');
    expect(dateIn('UTC', halfPastMidnightUtc)).toBe('2026-11-25');
    expect(dateIn('Asia/Tokyo', new Date('2026-11-24T20:00:00Z'))).toBe('2026-11-25');
  });

  it('an unknown zone counts as UTC', () => {
    expect(dateIn('Mars/Olympus_Mons', new Date('2026-11-25T00:30:00Z'))).toBe('2026-11-25');
  });

  it('adds calendar days across month ends, leap days and daylight-saving changes', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-02-29', 1)).toBe('2028-03-01');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-03-13', 1)).toBe('2027-03-14');
    expect(addDays('2027-03-15', -2)).toBe('2027-03-13');
  });

  it('knows a real calendar date', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('26-11-25')).toBe(false);
    expect(isIsoDate('1950-02-30')).toBe(false);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2026-04-31')).toBe(false);
    expect(isIsoDate('2026-00-10')).toBe(false);
    expect(isIsoDate('0000-01-01')).toBe(false); // PostgreSQL has no year 0
    expect(isIsoDate('0001-01-01')).toBe(true);
    expect(isIsoDate('2026-01-05T10:00:00Z')).toBe(false);
  });

  it('knows a real instant', () => {
    for (const value of [
      '2026-01-05T10:00:00Z',
      '2026-01-05T10:00:00.123Z',
      '2028-02-29T23:59:59-05:00',
      '2026-01-05T10:00:00+14:00',
      '0001-01-01T00:00:00Z',
    ])
      expect(isIsoDateTime(value), value).toBe(true);
    for (const value of [
      '2026-02-30T10:00:00Z',
      '2026-13-01T10:00:00Z',
      '2025-02-29T00:00:00Z',
      '2026-01-05T24:00:00Z',
      '2026-01-05T10:60:00Z',
      '2026-01-05T23:59:60Z',
      '2026-01-05T10:00:00+16:00',
      '2026-01-05T10:00:00',
      '2026-01-05 10:00:00Z',
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+01:00',
      '2026-01-05',
    ])
      expect(isIsoDateTime(value), value).toBe(false);
  });

  it('finds the instant of a local wall time, in standard and daylight time', () => {
    expect(zonedTime('America/New_York', '2027-01-15', '09:00').toISOString()).toBe('2027-01-15T14:00:00.000Z');
    expect(zonedTime('America/New_York', '2027-07-15', '09:00').toISOString()).toBe('2027-07-15T13:00:00.000Z');
    expect(zonedTime('America/Chicago', '2028-02-29', '23:30').toISOString()).toBe('2028-03-01T05:30:00.000Z');
    expect(zonedTime('Asia/Kolkata', '2028-02-29', '12:00').toISOString()).toBe('2028-02-29T06:30:00.000Z');
  });

  it('on the night daylight time begins, a skipped wall time is the instant the clocks jumped to', () => {
    expect(zonedTime('America/New_York', '2027-03-14', '01:30').toISOString()).toBe('2027-03-14T06:30:00.000Z');
    expect(zonedTime('America/New_York', '2027-03-14', '02:30').toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(zonedTime('America/New_York', '2027-03-14', '03:30').toISOString()).toBe('2027-03-14T07:30:00.000Z');
  });

  it('on the night daylight time ends, a repeated wall time is its first occurrence', () => {
    expect(zonedTime('America/New_York', '2026-11-01', '01:30').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedTime('America/New_York', '2026-11-01', '02:30').toISOString()).toBe('2026-11-01T07:30:00.000Z');
  });

  it('whole days from local noon stay whole local days across a daylight-saving change', () => {
    const noon = zonedTime('America/New_York', '2027-03-10', '12:00');
    const fiveDaysLater = new Date(noon.getTime() + 5 * 86_400_000);
    expect(dateIn('America/New_York', fiveDaysLater)).toBe('2027-03-15');
  });
});
