import type { Authorization, Client, ClientService, ClientSummary, Grievance, Welcome } from '../../api/clients';

/** A client as the server answers it (tests). */
export function makeClient(overrides: Partial<Client> = {}): Client {
  return {
    id: 301,
    first_name: 'Rosa',
    last_name: 'Diaz',
    type: 'HCC',
    status: 'ACTIVE',
    date_of_birth: '1941-05-12',
    phone: '(555) 010-2020',
    city: 'Springfield',
    created_at: '2026-02-01T15:00:00Z',
    address: '12 Elm Street',
    state: 'IL',
    postal_code: '62701',
    latitude: null,
    longitude: null,
    preferred_language: 'Spanish',
    emergency_contact_name: 'Lena Diaz',
    emergency_contact_phone: '(555) 010-3030',
    emergency_contact_relationship: 'Daughter',
    notes: 'Has a small dog. Ring twice.',
    payer: null,
    member_id: null,
    physician_name: null,
    physician_npi: null,
    diagnosis_code: null,
    diagnosis_description: null,
    certification_start: null,
    certification_end: null,
    next_certification: null,
    discharged_on: null,
    discharge_reason: null,
    discharge_note: null,
    referral_id: null,
    services: [],
    portal_users: [],
    updated_at: '2026-02-01T15:00:00Z',
    ...overrides,
  };
}

export function summaryOf(client: Client): ClientSummary {
  const { id, first_name, last_name, type, status, date_of_birth, phone, city, created_at } = client;
  return { id, first_name, last_name, type, status, date_of_birth, phone, city, created_at };
}

export function makeAuthorization(overrides: Partial<Authorization> = {}): Authorization {
  return {
    id: 1,
    service_id: 11,
    unit: 'HOUR',
    amount: 100,
    used: 0,
    remaining: 100,
    starts_on: '2026-01-01',
    ends_on: '2026-06-30',
    reference: 'PA-1001',
    low: false,
    ending_soon: false,
    ended: false,
    created_at: '2026-01-01T15:00:00Z',
    ...overrides,
  };
}

export function makeService(overrides: Partial<ClientService> = {}): ClientService {
  return {
    id: 11,
    service: 'Pathways',
    status: 'ACTIVE',
    authorizations: [],
    created_at: '2026-02-01T15:00:00Z',
    ...overrides,
  };
}

export function makeWelcome(overrides: Partial<Welcome> = {}): Welcome {
  return {
    client: {
      id: 301,
      first_name: 'Rosa',
      last_name: 'Diaz',
      type: 'HCC',
      status: 'ACTIVE',
      services: [{ service: 'Pathways', status: 'ACTIVE' }],
    },
    relationship: 'SELF',
    upcoming_visits: [],
    past_visits: [],
    awaiting_signature: [],
    ...overrides,
  };
}

export function makeGrievance(overrides: Partial<Grievance> = {}): Grievance {
  return {
    id: 1,
    category: 'SCHEDULE',
    description: 'The caregiver came late.',
    state: 'RECEIVED',
    urgent: false,
    overdue: false,
    channel: 'PORTAL',
    complainant_name: 'Rosa Diaz',
    complainant: { id: 9, name: 'Rosa Diaz' },
    client: { id: 301, name: 'Rosa Diaz' },
    occurred_on: null,
    created_at: '2026-03-02T15:00:00Z',
    updated_at: '2026-03-02T15:00:00Z',
    ...overrides,
  };
}

export const page = <T>(results: T[], count = results.length) => ({ count, next: null, previous: null, results });
