import type { RecurrenceResult, Visit } from '../../api/visits';

/**
 * A visit as the server answers it (tests): Monday Mar 2, 2026, 09:00–11:00 in New York, Nina Reyes with Rosa Diaz.
 * Without the home's position, as a caregiver or client gets it (only the office's view carries it).
 */
export function makeVisit(overrides: Partial<Visit> = {}): Visit {
  return {
    id: 501,
    status: 'SCHEDULED',
    client: { id: 301, first_name: 'Rosa', last_name: 'Diaz' },
    address: '12 Elm Street, Springfield, IL 62701',
    latitude: null,
    longitude: null,
    service_id: 11,
    service: 'Pathways',
    caregiver: { id: 201, name: 'Nina Reyes' },
    starts_at: '2026-03-02T14:00:00.000Z',
    ends_at: '2026-03-02T16:00:00.000Z',
    service_date: '2026-03-02',
    timezone: 'America/New_York',
    notes: '',
    pattern_id: null,
    cancel_reason: null,
    cancel_note: null,
    clock_in: null,
    clock_out: null,
    corrected_start_at: null,
    corrected_end_at: null,
    correction_reason: null,
    correction_note: null,
    minutes: null,
    exceptions: [],
    requested_by: [],
    verified_at: null,
    changed_at: null,
    created_at: '2026-02-20T15:00:00.000Z',
    ...overrides,
  };
}

/** An Open visit as a caregiver it is offered to sees it: the client's initials, the town, no notes. */
export function makeOfferedVisit(overrides: Partial<Visit> = {}): Visit {
  return makeVisit({
    id: 601,
    status: 'OPEN',
    caregiver: null,
    client: { id: 303, first_name: 'I.', last_name: 'K.' },
    address: 'Springfield',
    ...overrides,
  });
}

type Clock = NonNullable<Visit['clock_in']>;

export function makeClock(overrides: Partial<Clock> = {}): Clock {
  return {
    at: '2026-03-02T14:02:00.000Z',
    location: 'HOME',
    latitude: 39.7817,
    longitude: -89.6501,
    accuracy: 12,
    distance: 8,
    reason: null,
    ...overrides,
  };
}

export function makePatternResult(overrides: Partial<RecurrenceResult> = {}): RecurrenceResult {
  return { created: [], skipped: [], ...overrides };
}

type PayrollPeriod = import('../../api/visits').PayrollPeriod;
type PayrollVisit = PayrollPeriod['visits'][number];

export function makePayrollVisit(overrides: Partial<PayrollVisit> = {}): PayrollVisit {
  return {
    id: 505,
    service_date: '2026-02-27',
    client: { id: 301, name: 'Rosa Diaz' },
    service: 'Pathways',
    started_at: '2026-02-27T14:00:00.000Z',
    ended_at: '2026-02-27T16:05:00.000Z',
    minutes: 125,
    corrected: false,
    ...overrides,
  };
}

/** A pay period as the server answers it (tests): the week of Sunday Feb 22, 2026 in New York, one visit. */
/** A long verified day on the pay period (tests): 07:00–18:00 in New York on `date`, 11 hours. */
export function makeLongPayrollDay(id: number, date: string, corrected = false): PayrollVisit {
  return makePayrollVisit({
    id,
    service_date: date,
    started_at: `${date}T12:00:00.000Z`,
    ended_at: `${date}T23:00:00.000Z`,
    minutes: 660,
    corrected,
  });
}

export function makePayrollPeriod(overrides: Partial<PayrollPeriod> = {}): PayrollPeriod {
  const weekStart = overrides.week_start ?? '2026-02-22';
  const visits = overrides.visits ?? [makePayrollVisit()];
  const total = visits.reduce((sum, visit) => sum + visit.minutes, 0);
  const overtime = Math.max(0, total - 40 * 60);
  const day = (offset: number) =>
    new Date(Date.parse(`${weekStart}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  return {
    employee: { id: 201, name: 'Nina Reyes' },
    week_start: weekStart,
    week_end: day(6),
    timezone: 'America/New_York',
    visits,
    days: Array.from({ length: 7 }, (_, offset) => ({
      date: day(offset),
      minutes: visits
        .filter((visit) => visit.service_date === day(offset))
        .reduce((sum, visit) => sum + visit.minutes, 0),
    })),
    total_minutes: total,
    regular_minutes: total - overtime,
    overtime_minutes: overtime,
    overtime: overtime > 0,
    ...overrides,
  };
}
