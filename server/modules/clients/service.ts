import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  authorizationWarnings,
  certificationEnd,
  certificationProblem,
  ENDING_SOON_DAYS,
  ICD10_MESSAGE,
  includesHomeHealth,
  isIcd10Shape,
  isValidNpi,
  normalizeIcd10,
  NPI_MESSAGE,
  SERVICES,
  servicesFor,
  type AuthorizationUnit,
  type ClientRelationship,
  type DischargeReason,
  type Payer,
  type ServiceStatus,
  type ClientStatus,
  type ServiceCode,
} from '#domain/clients';
import { addDays } from '#domain/dates';
import { CLIENT_TYPES, type ClientType } from '#domain/labels';
import {
  auditLog,
  clientAuthorizations,
  clientCounts,
  clients,
  clientServices,
  clientUsers,
  users,
  visits,
} from '../../db/schema';
import { organizationToday } from '../../lib/dates';
import { invalid, notFound } from '../../lib/api-error';
import type { Page } from '../../lib/paging';
import { prefixPattern, SEARCH_COUNT_LIMIT, searchTerms, snakeCase as snake } from '../../lib/search';
import { requireOrganization } from '../../lib/request-organization';
import { rowsOf, type Tx } from '../../db/connection';
import { personName } from '../../lib/names';
import type { RequestOrganization } from '../../types';
import { createUserService } from '../users/service';
import { awaitingSignature } from '../work-service-reviews/service';
import type {
  AccessEntryOut,
  AuthorizationOut,
  ClientOrdering,
  ClientOut,
  ClientServiceOut,
  ClientSummaryOut,
  PortalUserOut,
  WelcomeOut,
} from './schemas';

type ClientRow = typeof clients.$inferSelect;
type Fields = Record<string, string[]>;

export interface ClientListFilter {
  search?: string;
  type?: ClientType;
  status?: ClientStatus;
  ordering?: ClientOrdering;
}

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

const ORDERINGS: Record<ClientOrdering, SQL[]> = {
  last_name: [asc(clients.lastName), asc(clients.firstName), asc(clients.id)],
  '-last_name': [desc(clients.lastName), desc(clients.firstName), desc(clients.id)],
  created_at: [asc(clients.createdAt), asc(clients.id)],
  '-created_at': [desc(clients.createdAt), desc(clients.id)],
  status: [asc(clients.status), asc(clients.lastName), asc(clients.firstName), asc(clients.id)],
  '-status': [desc(clients.status), desc(clients.lastName), desc(clients.firstName), desc(clients.id)],
};

export const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** Every condition of a search word: it begins the first or last name, or (digits) begins the phone. */
export function nameOrPhoneMatches(
  table: { firstName: Column; lastName: Column; phoneDigits: Column },
  search: string | undefined,
): SQL[] {
  return searchTerms(search).map((term) => {
    const pattern = prefixPattern(term);
    const digits = digitsOf(term);
    const byName = [sql`lower(${table.lastName}) like ${pattern}`, sql`lower(${table.firstName}) like ${pattern}`];
    return or(
      ...byName,
      ...(digits.length >= 3 && digits.length === term.replace(/[\s().+-]/g, '').length
        ? [sql`${table.phoneDigits} like ${`${digits}%`}`]
        : []),
    )!;
  });
}

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

/** A home care client keeps no home health fields; a client not discharged keeps no discharge. */
function withoutFieldsOfOtherTypes(client: ClientRow): ClientRow {
  const cleared = { ...client };
  if (!includesHomeHealth(client.type)) {
    Object.assign(cleared, {
      payer: null,
      memberId: null,
      physicianName: null,
      physicianNpi: null,
      diagnosisCode: null,
      diagnosisDescription: null,
      certificationStart: null,
      certificationEnd: null,
    });
  }
  if (client.status !== 'DISCHARGED')
    Object.assign(cleared, { dischargedOn: null, dischargeReason: null, dischargeNote: null });
  return cleared;
}

function summary(row: ClientRow): ClientSummaryOut {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    type: row.type,
    status: row.status,
    date_of_birth: row.dateOfBirth,
    phone: row.phone,
    city: row.city,
    created_at: row.createdAt.toISOString(),
  };
}

export function createClientService(app: FastifyInstance) {
  const userService = createUserService(app);
  const todayIn = (organization: RequestOrganization) => organizationToday(app, organization);

  async function find(
    organization: RequestOrganization,
    id: number,
    db: FastifyInstance['db'] | Tx = app.db,
  ): Promise<ClientRow> {
    const [row] = await db
      .select()
      .from(clients)
      .where(and(eq(clients.id, id), eq(clients.organizationId, organization.id)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  async function servicesOf(organization: RequestOrganization, clientId: number): Promise<ClientServiceOut[]> {
    const today = todayIn(organization);
    const [serviceRows, authorizationRows] = await Promise.all([
      app.db
        .select()
        .from(clientServices)
        .where(and(eq(clientServices.organizationId, organization.id), eq(clientServices.clientId, clientId)))
        .orderBy(asc(clientServices.createdAt), asc(clientServices.id)),
      app.db
        .select()
        .from(clientAuthorizations)
        .where(
          and(eq(clientAuthorizations.organizationId, organization.id), eq(clientAuthorizations.clientId, clientId)),
        )
        .orderBy(desc(clientAuthorizations.startsOn), desc(clientAuthorizations.id)),
    ]);
    const used = await usedUnits(
      clientId,
      authorizationRows.map((a) => a.id),
    );
    return serviceRows.map((service) => ({
      id: service.id,
      service: service.service,
      status: service.status,
      authorizations: authorizationRows
        .filter((a) => a.serviceId === service.id)
        .map((a) => serializeAuthorization(a, today, used.get(a.id))),
      created_at: service.createdAt.toISOString(),
    }));
  }

  /**
   * What each authorization has used: its service's Verified visits dated within it, as hours worked (the
   * office's corrected times if any, else the clocks; whole minutes, as payroll counts them) or as visits.
   */
  async function usedUnits(clientId: number, authorizationIds: number[]): Promise<Map<number, number>> {
    if (!authorizationIds.length) return new Map();
    const result = await app.db.execute(sql`
      select a.id, a.unit, count(v.id)::int as visits,
        coalesce(sum(floor(extract(epoch from (coalesce(v.corrected_end_at, v.clock_out_at) - coalesce(v.corrected_start_at, v.clock_in_at))) / 60)), 0)::int as minutes
      from client_authorizations a
      left join visits v on v.client_id = ${clientId} and v.client_service_id = a.service_id and v.status = 'VERIFIED'
        and v.service_date between a.starts_on and a.ends_on
      where a.id in ${sql`(${sql.join(
        authorizationIds.map((id) => sql`${id}`),
        sql`, `,
      )})`}
      group by a.id, a.unit`);
    const rows = rowsOf<{ id: number; unit: AuthorizationUnit; visits: number; minutes: number }>(result);
    return new Map(
      rows.map((r) => [
        Number(r.id),
        r.unit === 'HOUR' ? Math.round((Number(r.minutes) / 60) * 100) / 100 : Number(r.visits),
      ]),
    );
  }

  function serializeAuthorization(
    row: typeof clientAuthorizations.$inferSelect,
    today: string,
    used = 0,
  ): AuthorizationOut {
    const { remaining, low, endingSoon, ended } = authorizationWarnings(
      { amount: row.amount, used, ends_on: row.endsOn },
      today,
    );
    return {
      id: row.id,
      service_id: row.serviceId,
      unit: row.unit,
      amount: row.amount,
      used,
      remaining,
      starts_on: row.startsOn,
      ends_on: row.endsOn,
      reference: row.reference,
      low,
      ending_soon: endingSoon,
      ended,
      created_at: row.createdAt.toISOString(),
    };
  }

  async function portalUsersOf(organization: RequestOrganization, clientId: number): Promise<PortalUserOut[]> {
    const rows = await app.db
      .select({ link: clientUsers, user: users })
      .from(clientUsers)
      .innerJoin(users, eq(users.id, clientUsers.userId))
      .where(and(eq(clientUsers.organizationId, organization.id), eq(clientUsers.clientId, clientId)))
      .orderBy(asc(clientUsers.createdAt));
    return rows.map(({ link, user }) => ({
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      relationship: link.relationship,
      invitation_pending: user.passwordHash === null,
      is_active: user.isActive,
    }));
  }

  function nextCertification(row: ClientRow, today: string): ClientOut['next_certification'] {
    if (!row.certificationEnd || !includesHomeHealth(row.type) || row.status === 'DISCHARGED') return null;
    if (row.certificationEnd > addDays(today, ENDING_SOON_DAYS)) return null;
    const start = addDays(row.certificationEnd, 1);
    return { start, end: certificationEnd(start) };
  }

  async function serialize(organization: RequestOrganization, row: ClientRow): Promise<ClientOut> {
    const [services, portalUsers] = await Promise.all([
      servicesOf(organization, row.id),
      portalUsersOf(organization, row.id),
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
      next_certification: nextCertification(row, todayIn(organization)),
      discharged_on: row.dischargedOn,
      discharge_reason: row.dischargeReason,
      discharge_note: row.dischargeNote,
      referral_id: row.referralId,
      services,
      portal_users: portalUsers,
      updated_at: row.updatedAt.toISOString(),
    };
  }

  function requireServicesOfType(type: ClientType, services: readonly ServiceCode[]) {
    const allowed = servicesFor(type);
    const foreign = services.filter((service) => !allowed.includes(service));
    if (foreign.length)
      throw invalid({ services: [`A ${CLIENT_TYPES[type]} client cannot receive ${foreign.join(', ')}.`] });
  }

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
      payer: null,
      memberId: null,
      physicianName: null,
      physicianNpi: null,
      diagnosisCode: null,
      diagnosisDescription: null,
      certificationStart: null,
      certificationEnd: null,
      dischargedOn: null,
      dischargeReason: null,
      dischargeNote: null,
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

  /** Without a search, from the counts the triggers keep (no scan however many clients); a search's stops at 10,000. */
  async function countClients(organizationId: number, filter: ClientListFilter, where: SQL): Promise<number> {
    if (!searchTerms(filter.search).length) {
      const conditions = [eq(clientCounts.organizationId, organizationId)];
      if (filter.type)
        conditions.push(
          filter.type === 'HCC, HHP'
            ? eq(clientCounts.type, filter.type)
            : inArray(clientCounts.type, [filter.type, 'HCC, HHP']),
        );
      if (filter.status) conditions.push(eq(clientCounts.status, filter.status));
      const [row] = await app.db
        .select({ total: sql<number>`coalesce(sum(${clientCounts.count}), 0)::int` })
        .from(clientCounts)
        .where(and(...conditions));
      return Number(row?.total ?? 0);
    }
    const bounded = app.db
      .select({ one: sql`1` })
      .from(clients)
      .where(where)
      .limit(SEARCH_COUNT_LIMIT)
      .as('matches');
    const [row] = await app.db.select({ total: sql<number>`count(*)::int` }).from(bounded);
    return Number(row?.total ?? 0);
  }

  async function audit(
    request: FastifyRequest,
    clientId: number,
    entry: {
      action?: 'READ' | 'SEARCH' | 'CREATE' | 'UPDATE';
      entity?: string;
      entityId?: number;
      changed: Record<string, unknown>;
    },
  ) {
    await request.audit({
      entity: entry.entity ?? 'client',
      entityId: entry.entityId ?? clientId,
      action: entry.action,
      clientId,
      changed: entry.changed,
    });
  }

  return {
    find,
    insertClient,
    serialize,
    todayIn,

    async list(
      request: FastifyRequest,
      filter: ClientListFilter,
      page: Page,
    ): Promise<{ count: number; results: ClientSummaryOut[] }> {
      const organization = requireOrganization(request);
      const conditions: SQL[] = [eq(clients.organizationId, organization.id)];
      // home care (or home health) means every client receiving it: those of both types too
      if (filter.type)
        conditions.push(
          filter.type === 'HCC, HHP' ? eq(clients.type, filter.type) : inArray(clients.type, [filter.type, 'HCC, HHP']),
        );
      if (filter.status) conditions.push(eq(clients.status, filter.status));
      conditions.push(...nameOrPhoneMatches(clients, filter.search));
      const where = and(...conditions)!;
      const [rows, total] = await Promise.all([
        app.db
          .select()
          .from(clients)
          .where(where)
          .orderBy(...ORDERINGS[filter.ordering ?? 'last_name'])
          .limit(page.limit)
          .offset(page.offset),
        countClients(organization.id, filter, where),
      ]);
      // a list of clients is a search of health records: the query is kept (product.md, "Audit")
      await request.audit({
        entity: 'client',
        action: 'SEARCH',
        changed: { query: { ...filter, ...page }, count: total },
      });
      return { count: total, results: rows.map(summary) };
    },

    async create(request: FastifyRequest, input: ClientInput & { type: ClientType }): Promise<ClientOut> {
      const organization = requireOrganization(request);
      if (input.status === 'DISCHARGED') throw invalid({ status: ['A new client cannot be discharged.'] });
      const row = await app.db.transaction((tx) => insertClient(tx, organization, input, request.user!.user.id));
      const { id: _id, createdAt: _c, updatedAt: _u, ...values } = row;
      await audit(request, row.id, {
        action: 'CREATE',
        changed: {
          event: 'create',
          ...Object.fromEntries(Object.entries(values).map(([k, v]) => [snake(k), v])),
          services: input.services ?? [],
        },
      });
      return serialize(organization, row);
    },

    async retrieve(request: FastifyRequest, id: number): Promise<ClientOut> {
      const organization = requireOrganization(request);
      const row = await find(organization, id);
      await audit(request, id, { action: 'READ', changed: { event: 'read', what: 'client' } });
      return serialize(organization, row);
    },

    async update(request: FastifyRequest, id: number, input: ClientInput): Promise<ClientOut> {
      const organization = requireOrganization(request);
      const { changed, row } = await app.db.transaction(async (tx) => {
        const current = await find(organization, id, tx);
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
      if (Object.keys(changed).length) await audit(request, id, { action: 'UPDATE', changed });
      return serialize(organization, row);
    },

    async addService(
      request: FastifyRequest,
      id: number,
      input: { service: ServiceCode; status?: ServiceStatus },
    ): Promise<ClientServiceOut> {
      const organization = requireOrganization(request);
      const client = await find(organization, id);
      requireServicesOfType(client.type as ClientType, [input.service]);
      const [existing] = await app.db
        .select({ id: clientServices.id })
        .from(clientServices)
        .where(and(eq(clientServices.clientId, id), eq(clientServices.service, input.service)));
      if (existing)
        throw invalid({ service: ['This client already receives this service; change its status instead.'] });
      const [row] = await app.db
        .insert(clientServices)
        .values({
          organizationId: organization.id,
          clientId: id,
          service: input.service,
          status: input.status ?? 'ACTIVE',
          createdAt: app.now(),
        })
        .returning();
      await audit(request, id, {
        action: 'CREATE',
        entity: 'client_service',
        entityId: row.id,
        changed: { event: 'create', service: row.service, status: row.status },
      });
      return {
        id: row.id,
        service: row.service,
        status: row.status,
        authorizations: [],
        created_at: row.createdAt.toISOString(),
      };
    },

    async updateService(
      request: FastifyRequest,
      id: number,
      serviceId: number,
      input: { status: ServiceStatus },
    ): Promise<ClientServiceOut> {
      const organization = requireOrganization(request);
      await find(organization, id);
      const [current] = await app.db
        .select()
        .from(clientServices)
        .where(
          and(
            eq(clientServices.id, serviceId),
            eq(clientServices.clientId, id),
            eq(clientServices.organizationId, organization.id),
          ),
        );
      if (!current) throw notFound();
      if (current.status !== input.status) {
        await app.db.update(clientServices).set({ status: input.status }).where(eq(clientServices.id, serviceId));
        await audit(request, id, {
          action: 'UPDATE',
          entity: 'client_service',
          entityId: serviceId,
          changed: { status: { from: current.status, to: input.status } },
        });
      }
      const services = await servicesOf(organization, id);
      return services.find((s) => s.id === serviceId)!;
    },

    async addAuthorization(
      request: FastifyRequest,
      id: number,
      input: {
        service_id: number;
        unit: AuthorizationUnit;
        amount: number;
        starts_on: string;
        ends_on: string;
        reference?: string;
      },
    ): Promise<AuthorizationOut> {
      const organization = requireOrganization(request);
      await find(organization, id);
      const [service] = await app.db
        .select()
        .from(clientServices)
        .where(
          and(
            eq(clientServices.id, input.service_id),
            eq(clientServices.clientId, id),
            eq(clientServices.organizationId, organization.id),
          ),
        );
      if (!service) throw invalid({ service_id: ["Choose one of this client's services."] });
      if (input.ends_on < input.starts_on)
        throw invalid({ ends_on: ['The authorization cannot end before it starts.'] });
      const [row] = await app.db
        .insert(clientAuthorizations)
        .values({
          organizationId: organization.id,
          clientId: id,
          serviceId: service.id,
          unit: input.unit,
          amount: input.amount,
          startsOn: input.starts_on,
          endsOn: input.ends_on,
          reference: input.reference?.trim() ?? '',
          createdById: request.user!.user.id,
          createdAt: app.now(),
        })
        .returning();
      await audit(request, id, {
        action: 'CREATE',
        entity: 'client_authorization',
        entityId: row.id,
        changed: {
          event: 'create',
          service: service.service,
          unit: row.unit,
          amount: row.amount,
          starts_on: row.startsOn,
          ends_on: row.endsOn,
          reference: row.reference,
        },
      });
      return serializeAuthorization(row, todayIn(organization));
    },

    async invite(
      request: FastifyRequest,
      id: number,
      input: { email: string; first_name: string; last_name: string; relationship: ClientRelationship },
    ): Promise<PortalUserOut> {
      const organization = requireOrganization(request);
      await find(organization, id);
      const user = await userService.invite(
        request,
        organization,
        { email: input.email, first_name: input.first_name, last_name: input.last_name, role: 'ROLE_CLIENT' },
        async (tx, userId) => {
          await tx.insert(clientUsers).values({
            userId,
            organizationId: organization.id,
            clientId: id,
            relationship: input.relationship,
            createdAt: app.now(),
          });
        },
      );
      await audit(request, id, {
        action: 'CREATE',
        entity: 'client_user',
        entityId: user.id,
        changed: { event: 'invite', user_id: user.id, relationship: input.relationship },
      });
      return (await portalUsersOf(organization, id)).find((p) => p.id === user.id)!;
    },

    async accessHistory(
      request: FastifyRequest,
      id: number,
      page: Page,
    ): Promise<{ count: number; results: AccessEntryOut[] }> {
      const organization = requireOrganization(request);
      await find(organization, id);
      const where = and(
        eq(auditLog.clientId, id),
        eq(auditLog.organizationId, organization.id),
        isNotNull(auditLog.clientId),
      )!;
      const [rows, [total]] = await Promise.all([
        app.db
          .select({
            entry: auditLog,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            role: users.role,
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(page.limit)
          .offset(page.offset),
        app.db
          .select({ total: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(where),
      ]);
      // who read the client is itself a read of the client; written after the page, so it shows from the next one
      await request.audit({
        entity: 'client',
        entityId: id,
        action: 'READ',
        clientId: id,
        changed: { event: 'access-history', ...page },
      });
      return {
        count: Number(total?.total ?? 0),
        results: rows.map(({ entry, firstName, lastName, email, role }) => ({
          id: entry.id,
          at: entry.createdAt.toISOString(),
          actor:
            entry.actorId && role
              ? {
                  id: entry.actorId,
                  name: personName({ firstName: firstName ?? '', lastName: lastName ?? '', email: email ?? '' }),
                  role,
                }
              : null,
          action: entry.action ?? 'UPDATE',
          entity: entry.entity,
          what: describeAuditChange(entry.entity, entry.changedFields),
        })),
      };
    },

    async welcome(request: FastifyRequest): Promise<WelcomeOut> {
      const organization = requireOrganization(request);
      const userId = request.user!.user.id;
      const [link] = await app.db
        .select({ link: clientUsers, client: clients })
        .from(clientUsers)
        .innerJoin(clients, and(eq(clients.id, clientUsers.clientId), eq(clients.organizationId, organization.id)))
        .where(and(eq(clientUsers.userId, userId), eq(clientUsers.organizationId, organization.id)))
        .limit(1);
      if (!link)
        return { client: null, relationship: null, upcoming_visits: [], past_visits: [], awaiting_signature: [] };
      const services = await app.db
        .select({ service: clientServices.service, status: clientServices.status })
        .from(clientServices)
        .where(and(eq(clientServices.clientId, link.client.id), inArray(clientServices.status, ['ACTIVE', 'ON_HOLD'])))
        .orderBy(asc(clientServices.id));
      const now = app.now();
      const visitRows = (where: SQL, order: SQL[]) =>
        app.db
          .select({ visit: visits, service: clientServices.service, first: users.firstName, last: users.lastName })
          .from(visits)
          .innerJoin(clientServices, eq(clientServices.id, visits.clientServiceId))
          .leftJoin(users, eq(users.id, visits.caregiverId))
          .where(and(eq(visits.organizationId, organization.id), eq(visits.clientId, link.client.id), where))
          .orderBy(...order)
          .limit(20);
      const [upcoming, past] = await Promise.all([
        // who comes in the next two weeks; a visit cancelled or moved shows so
        visitRows(and(gte(visits.endsAt, now), lt(visits.startsAt, new Date(now.getTime() + 14 * 86_400_000)))!, [
          asc(visits.startsAt),
          asc(visits.id),
        ]),
        visitRows(
          and(
            lt(visits.endsAt, now),
            gte(visits.startsAt, new Date(now.getTime() - 14 * 86_400_000)),
            inArray(visits.status, ['COMPLETED', 'VERIFIED', 'MISSED']),
          )!,
          [desc(visits.startsAt), desc(visits.id)],
        ),
      ]);
      const welcomeVisit = ({ visit, service, first, last }: (typeof upcoming)[number]) => ({
        id: visit.id,
        caregiver: visit.caregiverId && first !== null ? `${first} ${(last ?? '').charAt(0)}.`.trim() : null,
        service: SERVICES[service],
        starts_at: visit.startsAt.toISOString(),
        ends_at: visit.endsAt.toISOString(),
        status: visit.status,
        changed: visit.changedAt !== null,
      });
      await audit(request, link.client.id, { action: 'READ', changed: { event: 'read', what: 'welcome' } });
      return {
        client: {
          id: link.client.id,
          first_name: link.client.firstName,
          last_name: link.client.lastName,
          type: link.client.type,
          status: link.client.status,
          services,
        },
        relationship: link.link.relationship,
        upcoming_visits: upcoming.map(welcomeVisit),
        past_visits: past.map(welcomeVisit),
        // the weeks that ended wait for the client's signature (created now if missing: createDueReviews)
        awaiting_signature: await awaitingSignature(app, organization.id, link.client.id),
      };
    },
  };
}

/** A row of the access history in words: the fields a change touched (their names, never their values). */
export function describeAuditChange(entity: string, changed: Record<string, unknown> | null): string {
  const subject = entity.replace(/_/g, ' ');
  if (!changed) return subject;
  const event = typeof changed.event === 'string' ? changed.event : null;
  if (event === 'read')
    return `${subject}${typeof changed.what === 'string' && changed.what !== entity ? ` (${changed.what})` : ''}`;
  if (event) return `${subject}: ${event}`;
  const fields = Object.keys(changed).map((key) => key.replace(/_/g, ' '));
  return fields.length ? `${subject}: ${fields.join(', ')}` : subject;
}
