import type { MarketerFigures, Referral, ReferralEvent } from '../../api/referrals';

/** A referral as the server answers it (tests). */
export function makeReferral(overrides: Partial<Referral> = {}): Referral {
  return {
    id: 12,
    first_name: 'Rosa',
    last_name: 'Diaz',
    date_of_birth: '1941-05-03',
    phone: '+1 555 0142',
    type: 'HCC',
    payer: null,
    source: 'HOSPITAL',
    source_name: "St. Mary's",
    status: 'NEW',
    assessment_on: null,
    decline_reason: null,
    overdue: false,
    marketer: { id: 31, name: 'Mia Lane' },
    client_id: null,
    status_changed_at: '2026-03-02T14:05:00Z',
    created_at: '2026-03-02T14:05:00Z',
    address: '12 Elm St',
    city: 'Albany',
    state: 'NY',
    postal_code: '12203',
    requested_services: ['Pathways'],
    source_contact: 'Discharge planner, ext. 12',
    notes: '',
    editable: true,
    events: [makeEvent({ id: 1, kind: 'CREATED' })],
    ...overrides,
  } as Referral;
}

export function makeEvent(overrides: Partial<ReferralEvent> = {}): ReferralEvent {
  return {
    id: 1,
    kind: 'CREATED',
    status: null,
    assessment_on: null,
    reason: null,
    note: '',
    changes: null,
    by: { id: 31, name: 'Mia Lane' },
    at: '2026-03-02T14:05:00Z',
    ...overrides,
  } as ReferralEvent;
}

export function makeFigures(overrides: Partial<MarketerFigures> = {}): MarketerFigures {
  return {
    id: 31,
    first_name: 'Mia',
    last_name: 'Lane',
    email: 'mia@sunrise.example',
    is_active: true,
    by_status: { NEW: 2, CONTACTED: 1, ASSESSMENT_SCHEDULED: 1, ADMITTED: 3, DECLINED: 3, LOST: 1 },
    total: 11,
    conversion: 3 / 7,
    median_days_to_admission: 4.5,
    ...overrides,
  };
}
