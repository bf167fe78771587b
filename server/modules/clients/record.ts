import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/actor';
import {
  certificationEnd,
  certificationProblem,
  ENDING_SOON_DAYS,
  ICD10_MESSAGE,
  includesHomeHealth,
  isIcd10Shape,
  isValidNpi,
  normalizeIcd10,
  NPI_MESSAGE,
  type DischargeReason,
  type Payer,
  type ClientStatus,
  type ServiceCode,
} from '#domain/clients';
import { addDays } from '#domain/dates';
import type { ClientType } from '#domain/labels';
import { clients, clientServices } from '../../db/schema';
import { organizationToday } from '../../lib/dates';
import { invalid } from '../../lib/api-error';
import { snakeCase as snake } from '../../lib/search';
import { requireOrganization } from '../../lib/request-organization';
import type { Tx } from '../../db/connection';
import type { RequestOrganization } from '../../types';
import type { ClientOut } from './schemas';
import { auditClient, findClient, summary, type ClientRow } from './client-rows';
import { requireServicesOfType, servicesOf } from './client-services';
import { digitsOf } from './list';
import { portalUsersOf } from './portal-users';

type Fields = Record<string, string[]>;

/** The client's details as a form sends them (create, or the changed ones of an edit). */
export interface ClientInput {
  type?: ClientType;
  status?: ClientStatus;
  services?: ServiceCode[];
  first_name?: string;
  last_name?: string;
  date_of_birth?: string;
  phone?: string;
  address?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  latitude?: number | null;
  longitude?: number | null;
  preferred_language?: string;
  emergency_contact_name?: string;
  emergency_contact_phone?: string;
  emergency_contact_relationship?: string;
  notes?: string;
  payer?: Payer | null;
  member_id?: string | null;
  physician_name?: string | null;
  physician_npi?: string | null;
  diagnosis_code?: string | null;
  diagnosis_description?: string | null;
  certification_start?: string | null;
  certification_end?: string | null;
  discharged_on?: string | null;
  discharge_reason?: DischargeReason | null;
  discharge_note?: string | null;
}

/** A home health client in these statuses has its clinical details (payer, physician, diagnosis, certification). */
const CARE_UNDER_WAY: readonly ClientStatus[] = ['ACTIVE', 'ON_HOLD'];

const trimmed = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : value.trim();
const orNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);

/**
 * Why the client's details are refused, by field, or {} (product.md: home health has a payer with member
 * id, an attending physician with an NPI that checks, an ICD-10 diagnosis and a 60-day certification period).
 */
export function clientProblems(
  client: Omit<ClientRow, 'id' | 'organizationId' | 'createdAt' | 'updatedAt' | 'createdById' | 'referralId'>,
  today: string,
  requireClinical: boolean,
): Fields {
  const problems: Fields = {};
  const add = (field: string, message: string) => (problems[field] ??= []).push(message);
  if (!client.firstName) add('first_name', 'Enter the first name.');
  if (!client.lastName) add('last_name', 'Enter the last name.');
  if (client.dateOfBirth > today) add('date_of_birth', 'The date of birth cannot be in the future.');
  else if (client.dateOfBirth < '1900-01-01') add('date_of_birth', 'Enter a date of birth after 1900.');
  if ((client.latitude === null) !== (client.longitude === null))
    add(client.latitude === null ? 'latitude' : 'longitude', 'Give both coordinates of the home, or neither.');
  if (includesHomeHealth(client.type)) {
    // what is given must be right; what is missing is refused once care is under way (or on the intake form)
    const missing = (field: string, message: string) => requireClinical && add(field, message);
    if (!client.payer) missing('payer', 'Choose the payer: Medicare or Medicaid.');
    if (!client.memberId) missing('member_id', "Enter the payer's member id.");
    if (!client.physicianName) missing('physician_name', 'Enter the attending physician.');
    if (!client.physicianNpi) missing('physician_npi', "Enter the physician's NPI.");
    else if (!isValidNpi(client.physicianNpi)) add('physician_npi', NPI_MESSAGE);
    if (!client.diagnosisCode) missing('diagnosis_code', 'Enter the primary diagnosis (ICD-10).');
    else if (!isIcd10Shape(client.diagnosisCode)) add('diagnosis_code', ICD10_MESSAGE);
    if (!client.certificationStart) {
      if (client.certificationEnd) add('certification_start', 'Enter the start of the certification period.');
      else missing('certification_start', 'Enter the start of the certification period.');
    } else if (!client.certificationEnd) add('certification_end', 'Enter the end of the certification period.');
    else {
      const problem = certificationProblem(client.certificationStart, client.certificationEnd);
      if (problem) add('certification_end', problem);
    }
  }
  if (client.status === 'DISCHARGED') {
    if (!client.dischargedOn) add('discharged_on', 'Enter the date of discharge.');
    else if (client.dischargedOn > today) add('discharged_on', 'The discharge date cannot be in the future.');
    if (!client.dischargeReason) add('discharge_reason', 'Choose the reason for the discharge.');
  }
  return problems;
}

/** The row's columns for the input's fields (undefined: not sent, unchanged). */
function columnsOf(input: ClientInput): Partial<ClientRow> {
  const columns: Partial<ClientRow> = {
    type: input.type,
    status: input.status,
    firstName: trimmed(input.first_name) ?? undefined,
    lastName: trimmed(input.last_name) ?? undefined,
    dateOfBirth: input.date_of_birth,
    phone: trimmed(input.phone) ?? undefined,
    phoneDigits: input.phone === undefined ? undefined : digitsOf(input.phone),
    address: trimmed(input.address) ?? undefined,
    city: trimmed(input.city) ?? undefined,
    state: trimmed(input.state) ?? undefined,
    postalCode: trimmed(input.postal_code) ?? undefined,
    latitude: input.latitude,
    longitude: input.longitude,
    preferredLanguage: trimmed(input.preferred_language) ?? undefined,
    emergencyContactName: trimmed(input.emergency_contact_name) ?? undefined,
    emergencyContactPhone: trimmed(input.emergency_contact_phone) ?? undefined,
    emergencyContactRelationship: trimmed(input.emergency_contact_relationship) ?? undefined,
    notes: trimmed(input.notes) ?? undefined,
    payer: input.payer === undefined ? undefined : input.payer || null,
    memberId: orNull(input.member_id),
    physicianName: orNull(input.physician_name),
    physicianNpi: input.physician_npi === undefined ? undefined : input.physician_npi?.replace(/\s/g, '') || null,
    diagnosisCode:
      input.diagnosis_code === undefined
        ? undefined
        : input.diagnosis_code
          ? normalizeIcd10(input.diagnosis_code)
          : null,
    diagnosisDescription: orNull(input.diagnosis_description),
    certificationStart: input.certification_start,
    certificationEnd: input.certification_end,
    dischargedOn: input.discharged_on,
    dischargeReason: input.discharge_reason,
    dischargeNote: orNull(input.discharge_note),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as Partial<ClientRow>;
}

/** The home health fields, empty: what a home care client keeps of them. */
const NO_HOME_HEALTH = {
  payer: null,
  memberId: null,
  physicianName: null,
  physicianNpi: null,
  diagnosisCode: null,
  diagnosisDescription: null,
  certificationStart: null,
  certificationEnd: null,
} satisfies Partial<ClientRow>;

/** The discharge, empty: what a client not discharged keeps of it. */
const NO_DISCHARGE = { dischargedOn: null, dischargeReason: null, dischargeNote: null } satisfies Partial<ClientRow>;

/** A home care client keeps no home health fields; a client not discharged keeps no discharge. */
function withoutFieldsOfOtherTypes(client: ClientRow): ClientRow {
  return {
    ...client,
    ...(includesHomeHealth(client.type) ? {} : NO_HOME_HEALTH),
    ...(client.status === 'DISCHARGED' ? {} : NO_DISCHARGE),
  };
}

function nextCertification(row: ClientRow, today: string): ClientOut['next_certification'] {
  if (!row.certificationEnd || !includesHomeHealth(row.type) || row.status === 'DISCHARGED') return null;
  if (row.certificationEnd > addDays(today, ENDING_SOON_DAYS)) return null;
  const start = addDays(row.certificationEnd, 1);
  return { start, end: certificationEnd(start) };
}

/** The client as the office sees it: its details, services with their authorizations, and portal users. */
async function serialize(app: FastifyInstance, organization: RequestOrganization, row: ClientRow): Promise<ClientOut> {
  const [services, portalUsers] = await Promise.all([
    servicesOf(app, organization, row.id),
    portalUsersOf(app, organization, row.id),
  ]);
  return {
    ...summary(row),
    address: row.address,
    state: row.state,
    postal_code: row.postalCode,
    latitude: row.latitude,
    longitude: row.longitude,
    preferred_language: row.preferredLanguage,
    emergency_contact_name: row.emergencyContactName,
    emergency_contact_phone: row.emergencyContactPhone,
    emergency_contact_relationship: row.emergencyContactRelationship,
    notes: row.notes,
    payer: row.payer,
    member_id: row.memberId,
    physician_name: row.physicianName,
    physician_npi: row.physicianNpi,
    diagnosis_code: row.diagnosisCode,
    diagnosis_description: row.diagnosisDescription,
    certification_start: row.certificationStart,
    certification_end: row.certificationEnd,
    next_certification: nextCertification(row, organizationToday(app, organization)),
    discharged_on: row.dischargedOn,
    discharge_reason: row.dischargeReason,
    discharge_note: row.dischargeNote,
    referral_id: row.referralId,
    services,
    portal_users: portalUsers,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The client's record: the office creates, reads and edits it; a referral's admission creates one too. */
export function createClientRecord(app: FastifyInstance) {
  const todayIn = (organization: RequestOrganization) => organizationToday(app, organization);

  /**
   * Inserts a client (and its services) inside a transaction: the office's form and a referral's admission
   * share it. Refuses, by field, what the client's type requires and is missing.
   */
  async function insertClient(
    tx: Tx,
    organization: RequestOrganization,
    input: ClientInput & { type: ClientType },
    by: number,
    extra: Partial<ClientRow> = {},
    { requireClinical = true } = {},
  ): Promise<ClientRow> {
    const now = app.now();
    const draft = withoutFieldsOfOtherTypes({
      id: 0,
      organizationId: organization.id,
      status: 'PENDING',
      firstName: '',
      lastName: '',
      dateOfBirth: '',
      phone: '',
      phoneDigits: '',
      address: '',
      city: '',
      state: '',
      postalCode: '',
      latitude: null,
      longitude: null,
      preferredLanguage: '',
      emergencyContactName: '',
      emergencyContactPhone: '',
      emergencyContactRelationship: '',
      notes: '',
      ...NO_HOME_HEALTH,
      ...NO_DISCHARGE,
      referralId: null,
      createdById: by,
      createdAt: now,
      updatedAt: now,
      ...columnsOf(input),
      ...extra,
    } as ClientRow);
    const problems = clientProblems(draft, todayIn(organization), requireClinical);
    if (Object.keys(problems).length) throw invalid(problems);
    const services = [...new Set(input.services ?? [])];
    requireServicesOfType(input.type, services);
    const { id: _id, ...values } = draft;
    const [row] = await tx.insert(clients).values(values).returning();
    if (services.length) {
      await tx
        .insert(clientServices)
        .values(
          services.map((service) => ({ organizationId: organization.id, clientId: row.id, service, createdAt: now })),
        );
    }
    return row;
  }

  return {
    insertClient,
    todayIn,

    async create(actor: Actor, input: ClientInput & { type: ClientType }): Promise<ClientOut> {
      const organization = requireOrganization(actor);
      if (input.status === 'DISCHARGED') throw invalid({ status: ['A new client cannot be discharged.'] });
      const row = await app.db.transaction((tx) => insertClient(tx, organization, input, actor.user.id));
      const { id: _id, createdAt: _c, updatedAt: _u, ...values } = row;
      await auditClient(actor, row.id, {
        action: 'CREATE',
        changed: {
          event: 'create',
          ...Object.fromEntries(Object.entries(values).map(([k, v]) => [snake(k), v])),
          services: input.services ?? [],
        },
      });
      return serialize(app, organization, row);
    },

    async retrieve(actor: Actor, id: number): Promise<ClientOut> {
      const organization = requireOrganization(actor);
      const row = await findClient(app, organization, id);
      await auditClient(actor, id, { action: 'READ', changed: { event: 'read', what: 'client' } });
      return serialize(app, organization, row);
    },

    async update(actor: Actor, id: number, input: ClientInput): Promise<ClientOut> {
      const organization = requireOrganization(actor);
      const { changed, row } = await app.db.transaction(async (tx) => {
        const current = await findClient(app, organization, id, tx);
        const next = withoutFieldsOfOtherTypes({ ...current, ...columnsOf(input) });
        // a discharge is dated and reasoned; leaving discharge takes its date and reason away
        const problems = clientProblems(next, todayIn(organization), CARE_UNDER_WAY.includes(next.status));
        if (Object.keys(problems).length) throw invalid(problems);
        if (next.type !== current.type) {
          const kept = await tx
            .select({ service: clientServices.service })
            .from(clientServices)
            .where(eq(clientServices.clientId, id));
          requireServicesOfType(
            next.type as ClientType,
            kept.map((s) => s.service),
          );
        }
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const key of Object.keys(next) as (keyof ClientRow)[]) {
          if (key === 'updatedAt' || next[key] === current[key]) continue;
          changes[snake(key)] = { from: current[key], to: next[key] };
        }
        if (!Object.keys(changes).length) return { changed: changes, row: current };
        const { id: _id, organizationId: _o, createdAt: _c, createdById: _b, referralId: _r, ...values } = next;
        const [updated] = await tx
          .update(clients)
          .set({ ...values, updatedAt: app.now() })
          .where(and(eq(clients.id, id), eq(clients.organizationId, organization.id)))
          .returning();
        return { changed: changes, row: updated };
      });
      if (Object.keys(changed).length) await auditClient(actor, id, { action: 'UPDATE', changed });
      return serialize(app, organization, row);
    },
  };
}
