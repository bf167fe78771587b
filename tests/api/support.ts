/**
 * Helpers shared by the API security suites (tests/api/*.test.ts). They sit on top of the foundation's
 * test support (server/test-support.ts: the real app via buildApp + inject, PGlite or PostgreSQL); nothing
 * here starts a second app or fakes the server.
 *
 * - the operations of the served OpenAPI document (GET /api/schema/) with their `x-access`;
 * - the demo identities of product.md, signed in once per file, and their expired / forged variants;
 * - `mintSession` / `cloneUser`: throwaway sessions and users for operations that would otherwise end the
 *   shared sessions (logout, password change);
 * - plausible request values built from an operation's schemas;
 * - leak scanning and the error-shape check.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { permissionsFor, type Permission } from '../../src/domain/permissions';
import type { ProfileStatus, Role } from '../../src/domain/roles';
import { rowsOf } from '../../server/db/connection';
import {
  employeeProfiles,
  formRequests,
  formTemplates,
  notifications,
  organizations,
  sessionFamilies,
  users,
} from '../../server/db/schema';
import { ACCESS_TABLE, type AccessRule, type Caller } from '../security/access-table';
import { signAccessToken } from '../../server/lib/access-token';
import { withCallers, type Answer, type Caller as ApiCaller } from '../../server/test-client';
import type { TestApp } from '../../server/test-support';

// ---------------------------------------------------------------------------------------------------------
// OpenAPI operations

/** Whether the hand-written table lets an identity call the operation (its role and state; forms due aside). */
export function allows(rule: AccessRule, identity: Pick<Identity, 'caller'>): boolean {
  return 'public' in rule || rule.callers.includes(identity.caller);
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

/** A JSON Schema node of the API document, with the keywords these tests read. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  $ref?: string;
}

/** What loadOperations reads of the API document. */
export interface ApiDocument {
  paths: Record<string, Record<string, DocumentOperation>>;
}

interface DocumentOperation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema } | undefined> };
  tags?: string[];
  responses?: Record<string, { content?: Record<string, unknown> } | undefined>;
}

export interface Operation {
  operationId: string;
  method: string;
  /** OpenAPI path, e.g. /api/users/{id}/ */
  path: string;
  /** Who may call it, from the hand-written table (undefined: the table lacks it, and the matrix fails). */
  access: AccessRule;
  parameters: Parameter[];
  body: JsonSchema | null;
  tags: string[];
  /** It answers `text/event-stream` (a stream that stays open): call it through `injectOperation`. */
  streams: boolean;
}

export async function loadOperations(t: TestApp): Promise<{ document: ApiDocument; operations: Operation[] }> {
  const response = await t.app.inject({ method: 'GET', url: '/api/schema/' });
  expect(response.statusCode).toBe(200);
  const document = response.json<ApiDocument>();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        access: ACCESS_TABLE[operation.operationId]!,
        parameters: (operation.parameters ?? []).map((p) => ({
          ...p,
          schema: deref(document, p.schema) as JsonSchema,
        })),
        body: body ? (deref(document, body) as JsonSchema) : null,
        tags: operation.tags ?? [],
        streams: Boolean(operation.responses?.['200']?.content?.['text/event-stream']),
      });
    }
  }
  return { document, operations };
}

/**
 * Calls an operation in process. An answer that streams (`text/event-stream`: it stays open) is read as far as
 * its first chunk (headers and the stream's opening lines), then the caller hangs up as a closing tab does;
 * every other answer, errors of a streaming operation included, is read whole.
 */
export async function injectOperation(
  t: TestApp,
  op: Pick<Operation, 'streams'>,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  if (!op.streams) return t.app.inject(options);
  const response = await t.app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  const chunks: Buffer[] = [];
  if (response.statusCode === 200) {
    const first = new Promise<void>((resolve) => {
      stream.once('data', (chunk: Buffer) => {
        chunks.push(Buffer.from(chunk));
        resolve();
      });
      stream.once('end', () => resolve());
    });
    const patience = new Promise<void>((resolve) => setTimeout(resolve, 2000).unref());
    await Promise.race([first, patience]);
    stream.destroy();
    (response.raw.res as unknown as { destroy: () => void }).destroy();
  } else {
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  }
  const body = Buffer.concat(chunks).toString();
  return {
    ...response,
    rawPayload: Buffer.concat(chunks),
    payload: body,
    body,
    json: () => JSON.parse(body),
  } as LightMyRequestResponse;
}

/** Resolves local `$ref`s (components/schemas) so the generators see plain schemas. */
export function deref(document: unknown, schema: unknown, depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 20) return schema;
  const ref = (schema as JsonSchema).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = ref
      .slice(2)
      .split('/')
      .reduce((node: unknown, key: string) => (node as Record<string, unknown> | undefined)?.[key], document);
    return deref(document, target, depth + 1);
  }
  if (Array.isArray(schema)) return schema.map((s) => deref(document, s, depth + 1));
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [
      k,
      typeof v === 'object' && v !== null ? deref(document, v, depth + 1) : v,
    ]),
  );
}

export const pathParams = (op: Operation) => op.parameters.filter((p) => p.in === 'path');
export const queryParams = (op: Operation) => op.parameters.filter((p) => p.in === 'query');

const LONE_SURROGATE = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;
const LONE_SURROGATE_ONLY = /^(?:[\ud800-\udbff]|[\udc00-\udfff])$/;

/** Fills `{name}` segments, percent-encoded; a lone surrogate goes out as its (invalid) UTF-8 bytes. */
export function fillPath(path: string, values: Record<string, string | number>, raw = false): string {
  const encode = (value: string) =>
    value
      .split(LONE_SURROGATE)
      .map((part) => (LONE_SURROGATE_ONLY.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (raw ? String(values[name]) : encode(String(values[name]))));
}

// ---------------------------------------------------------------------------------------------------------
// Identities

export type IdentityName =
  'master' | 'admin' | 'nurse' | 'newhire' | 'client' | 'marketer' | 'harborAdmin' | 'aide' | 'aideDue';

/**
 * Who each identity is, by hand (product.md's demo users): its account (a demo user, or a copy of one) and
 * the caller it is in the access table. `aide` is a copy of the READY aide with no forms due; `aideDue` a
 * copy that has one required form to sign (a READY employee confined to the forms-due pages).
 */
export const IDENTITIES_BY_NAME: Record<IdentityName, { email: string; caller: Caller; copy?: { formsDue: number } }> =
  {
    master: { email: 'master@portal.example', caller: 'master' },
    admin: { email: 'admin@sunrise.example', caller: 'admin' },
    nurse: { email: 'nurse@sunrise.example', caller: 'readyRn' },
    newhire: { email: 'newhire@sunrise.example', caller: 'new' },
    client: { email: 'client@sunrise.example', caller: 'client' },
    marketer: { email: 'marketer@sunrise.example', caller: 'marketer' },
    harborAdmin: { email: 'admin@harbor.example', caller: 'admin' },
    aide: { email: 'aide@sunrise.example', caller: 'ready', copy: { formsDue: 0 } },
    aideDue: { email: 'aide@sunrise.example', caller: 'ready', copy: { formsDue: 1 } },
  };

export interface OrganizationInfo {
  id: number;
  token: string;
  name: string;
}

export interface Identity {
  name: IdentityName;
  /** Who it is in the access table. */
  caller: Caller;
  email: string;
  userId: number;
  role: Role;
  status: ProfileStatus | null;
  /** Own organization token; the master's "own" is sunrise (the organization it starts in). */
  own: OrganizationInfo;
  foreign: OrganizationInfo;
  isMaster: boolean;
  permissions: Permission[];
  /** Required forms not yet completed: an employee with some is confined to the forms-due pages (spec 6). */
  formsDue: number;
  access: string;
  refresh: string;
  familyId: string;
}

export interface World {
  sunrise: OrganizationInfo;
  harbor: OrganizationInfo;
  identities: Record<IdentityName, Identity>;
  /** A user id of each organization to put in path parameters (a user that is not signed in by the suites). */
  userIds: { sunrise: number; harbor: number };
  /** Per resource (see resourceOf): a row id of each organization. */
  targets: Record<string, { sunrise: number; harbor: number }>;
}

/** Path parameters other than `{id}` and the resource they name. */
const PARAM_RESOURCES: Record<string, string> = {
  note_id: 'notes',
  document_id: 'documents',
  service_id: 'clients/services',
};

/**
 * The resource a path parameter names: `{id}` → the path before it without /api/ ('users', 'employees',
 * 'onboarding/form-templates', 'documents', 'profile/documents'); `{note_id}` → 'notes', `{document_id}` → 'documents'.
 */
export function resourceOf(path: string, param = 'id'): string {
  if (param !== 'id') return PARAM_RESOURCES[param] ?? param;
  const segments = path.replace(/^\/api\//, '').split('/');
  const index = segments.indexOf('{id}');
  return (index > 0 ? segments.slice(0, index) : segments.slice(0, 1)).join('/');
}

/** The row id for an operation's path parameter in the given organization (users when the resource is unknown). */
export function targetId(world: World, path: string, organization: OrganizationInfo, param = 'id'): number {
  if (path.startsWith('/api/organizations/')) return organization.id;
  const ids = world.targets[resourceOf(path, param)] ?? world.targets.users;
  return organization.token === 'harbor' ? ids.harbor : ids.sunrise;
}

/** Every path parameter of `path` filled with the rows of `organization`. */
export function targetIds(world: World, path: string, organization: OrganizationInfo): Record<string, number> {
  return Object.fromEntries(
    [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, targetId(world, path, organization, name)]),
  );
}

/** The table behind a resource (resourceOf), for before/after snapshots of the row an operation names. */
export const RESOURCE_TABLES: Record<string, string> = {
  users: 'users',
  notifications: 'notifications',
  applications: 'applications',
  employees: 'users',
  notes: 'employee_notes',
  documents: 'employee_documents',
  'profile/documents': 'employee_documents',
  'onboarding/form-templates': 'form_templates',
  'onboarding/note-types': 'note_types',
  'onboarding/document-types': 'document_types',
  'onboarding/competency-tests': 'competency_tests',
  'onboarding/form-requests': 'form_requests',
  'onboarding/test-requests': 'test_requests',
  clients: 'clients',
  'clients/services': 'client_services',
  referrals: 'referrals',
  grievances: 'grievances',
  visits: 'visits',
  'visit-exceptions': 'visit_exceptions',
  'work-service-reviews': 'work_service_reviews',
  conversations: 'conversations',
};

/** The table of the row an operation acts on: its last path parameter's resource. */
export function tableOf(path: string): string | undefined {
  const params = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
  return params.length ? RESOURCE_TABLES[resourceOf(path, params[params.length - 1])] : undefined;
}

export function jwtPayload(token: string): { sid: string } & Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

async function organizationInfo(t: TestApp, token: string): Promise<OrganizationInfo> {
  const [row] = await t.database.db
    .select({ id: organizations.id, token: organizations.token, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.token, token));
  return row;
}

/** Signs every demo identity in once (real login) and gathers the ids the suites use. */
export async function buildWorld(
  t: TestApp,
  only: IdentityName[] = Object.keys(IDENTITIES_BY_NAME) as IdentityName[],
): Promise<World> {
  const sunrise = await organizationInfo(t, 'sunrise');
  const harbor = await organizationInfo(t, 'harbor');
  const identities = {} as Record<IdentityName, Identity>;
  for (const name of only) {
    const { email, caller, copy } = IDENTITIES_BY_NAME[name];
    const account = copy ? await copyWithFormsDue(t, email, copy.formsDue) : email;
    const session = await t.login(account);
    const role = session.user.role as Role;
    const status = (session.user.profile?.status ?? null) as ProfileStatus | null;
    const isHarbor = session.user.organization?.token === 'harbor';
    identities[name] = {
      name,
      caller,
      email: account,
      userId: session.user.id,
      role,
      status,
      own: isHarbor ? harbor : sunrise,
      foreign: isHarbor ? sunrise : harbor,
      isMaster: role === 'ROLE_MASTER',
      permissions: permissionsFor(role, status),
      formsDue: session.user.profile?.forms_due ?? 0,
      access: session.access,
      refresh: session.refresh,
      familyId: jwtPayload(session.access).sid,
    };
  }
  const idOf = async (email: string) =>
    (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  // one notification for a user of each organization (the demo seed has none), named after its organization
  const notificationFor = async (email: string, organization: OrganizationInfo) => {
    const [row] = await t.database.db
      .insert(notifications)
      .values({
        userId: await idOf(email),
        organizationId: organization.id,
        type: 'message',
        title: `Notice for ${organization.name}`,
        body: `${email}`,
        link: '/notifications',
      })
      .returning({ id: notifications.id });
    return row.id;
  };
  const userIds = { sunrise: await idOf('aide@sunrise.example'), harbor: await idOf('admin@harbor.example') };
  return {
    sunrise,
    harbor,
    identities,
    userIds,
    targets: {
      users: userIds,
      notifications: {
        sunrise: await notificationFor('admin@sunrise.example', sunrise),
        harbor: await notificationFor('admin@harbor.example', harbor),
      },
      ...(await hiringTargets(t, sunrise, harbor)),
      ...(await clientTargets(t, sunrise, harbor)),
    },
  };
}

/** A copy of a demo user (cloneUser) with `formsDue` required forms waiting for their signature. */
async function copyWithFormsDue(t: TestApp, email: string, formsDue: number): Promise<string> {
  const [source] = await t.database.db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.email, email));
  const copy = await cloneUser(t, source.id);
  const [template] = await t.database.db
    .select({ id: formTemplates.id })
    .from(formTemplates)
    .where(eq(formTemplates.organizationId, source.organizationId!))
    .limit(1);
  for (let i = 0; i < formsDue; i += 1) {
    await t.database.db.insert(formRequests).values({
      organizationId: source.organizationId!,
      templateId: template.id,
      employeeId: copy.id,
      required: true,
      status: 'PENDING',
    });
  }
  return copy.email;
}

/** Rows of the first id (lowest) of a table in an organization, optionally narrowed by a SQL condition. */
async function firstId(t: TestApp, table: string, organization: OrganizationInfo, where = sql``): Promise<number> {
  const result = await t.database.db.execute(
    sql`SELECT min(id)::int AS id FROM ${sql.identifier(table)} WHERE organization_id = ${organization.id} ${where}`,
  );
  const id = rowsOf<{ id: number | null }>(result)[0]?.id;
  if (!id) throw new Error(`buildWorld: no ${table} row in ${organization.token}`);
  return Number(id);
}

/**
 * Issue 9's rows in each organization (the demo seed has clients and referrals in both): a client with a
 * service (`{service_id}` is a service of that client), and a referral still open (the marketer's in sunrise).
 */
async function clientTargets(
  t: TestApp,
  sunrise: OrganizationInfo,
  harbor: OrganizationInfo,
): Promise<Record<string, { sunrise: number; harbor: number }>> {
  const client = async (organization: OrganizationInfo) =>
    firstId(t, 'clients', organization, sql`AND id IN (SELECT client_id FROM client_services)`);
  const clients = { sunrise: await client(sunrise), harbor: await client(harbor) };
  const serviceOf = (organization: OrganizationInfo, clientId: number) =>
    firstId(t, 'client_services', organization, sql`AND client_id = ${clientId}`);
  const open = sql`AND status IN ('NEW', 'CONTACTED', 'ASSESSMENT_SCHEDULED')`;
  return {
    clients,
    'clients/services': {
      sunrise: await serviceOf(sunrise, clients.sunrise),
      harbor: await serviceOf(harbor, clients.harbor),
    },
    referrals: {
      sunrise: await firstId(t, 'referrals', sunrise, sql`${open} AND marketer_id IS NOT NULL`),
      harbor: await firstId(t, 'referrals', harbor, open),
    },
    // issue 10: a visit still ahead (the nurse's in sunrise, so her calls reach her own) and an open exception
    visits: {
      sunrise: await firstId(
        t,
        'visits',
        sunrise,
        sql`AND status = 'SCHEDULED' AND caregiver_id = (SELECT id FROM users WHERE email = 'nurse@sunrise.example')`,
      ),
      harbor: await firstId(t, 'visits', harbor, sql`AND status = 'SCHEDULED'`),
    },
    'visit-exceptions': {
      sunrise: await firstId(t, 'visit_exceptions', sunrise, sql`AND resolved_at IS NULL`),
      harbor: await firstId(t, 'visit_exceptions', harbor, sql`AND resolved_at IS NULL`),
    },
    // work-service reviews: Clara's week waiting for her signature (the seed's, so client@sunrise.example reaches
    // her own), and in harbor one the office recorded its client cannot sign (the seed has none there)
    'work-service-reviews': {
      sunrise: await firstId(
        t,
        'work_service_reviews',
        sunrise,
        sql`AND status = 'PENDING' AND client_id IN (SELECT client_id FROM client_users)`,
      ),
      harbor: await harborReview(t, harbor),
    },
    // issue 11: the seed's conversation of the nurse with the office (so her calls reach her own) and harbor's
    conversations: {
      sunrise: await firstId(
        t,
        'conversations',
        sunrise,
        sql`AND employee_id = (SELECT id FROM users WHERE email = 'nurse@sunrise.example')`,
      ),
      harbor: await firstId(t, 'conversations', harbor),
    },
    // grievances: Clara's (so client@sunrise.example reaches her own) and harbor's call taken by phone
    grievances: {
      sunrise: await firstId(
        t,
        'grievances',
        sunrise,
        sql`AND complainant_id = (SELECT id FROM users WHERE email = 'client@sunrise.example')`,
      ),
      harbor: await firstId(t, 'grievances', harbor),
    },
  };
}

/** A work-service review in harbor: its client's first week with a visit, recorded as one the client cannot sign. */
async function harborReview(t: TestApp, harbor: OrganizationInfo): Promise<number> {
  const result = await t.database.db.execute(sql`
    INSERT INTO work_service_reviews (organization_id, client_id, week_start, week_end, status, unable_reason, unable_note, unable_recorded_by_id, unable_recorded_at)
    SELECT v.organization_id, v.client_id, v.service_date, v.service_date + 6, 'UNABLE_TO_SIGN', 'HOSPITAL', 'In hospital for the week',
      (SELECT id FROM users WHERE email = 'admin@harbor.example'), now()
    FROM visits v WHERE v.organization_id = ${harbor.id} ORDER BY v.id LIMIT 1
    RETURNING id`);
  return Number(rowsOf<{ id: number }>(result)[0].id);
}

/** A call that must succeed while the world is built. */
async function must<T = { id: number }>(what: string, answer: Promise<Answer>): Promise<T> {
  const response = await answer;
  if (response.statusCode >= 300)
    throw new Error(`buildWorld: ${what} answered ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response.body ? response.json<T>() : (null as T);
}

/**
 * Issue 3's rows in each organization, made through the API where the demo seed has none in harbor: a harbor
 * application, an employee (with the onboarding items of hire), a note, an uploaded document, a competency
 * test and a test request; in sunrise the aide's rows (an employee that no suite signs in as), with a freshly
 * uploaded file. Keys follow resourceOf.
 */
async function hiringTargets(
  t: TestApp,
  sunrise: OrganizationInfo,
  harbor: OrganizationInfo,
): Promise<Record<string, { sunrise: number; harbor: number }>> {
  const db = t.database.db;
  const { PDF_BYTES, SIGNATURE } = await import('../../server/lib/multipart-test-helpers');
  const api = withCallers(t);
  const harborAdmin = await api.as('admin@harbor.example');
  const sunriseAdmin = await api.as('admin@sunrise.example');
  const tag = unique();

  // applications: sunrise's seeded pending one; a harbor one through the public form
  const harborApplication = await must(
    'harbor application',
    api.anonymous.in('harbor').upload(
      '/api/applications/',
      {
        position: 'HHA',
        first_name: 'Harley',
        last_name: 'Applicant',
        email: `applicant-${tag}@harbor.example`,
        phone: '(555) 010-2020',
        address: '9 Quay Road',
        availability: JSON.stringify({ days: ['MON'], shifts: ['MORNING'] }),
        experience: 'Two years.',
        years_experience: '2',
        attestation: 'true',
        attestation_signature: SIGNATURE,
      },
      { field: 'resume', name: 'resume.pdf', data: PDF_BYTES, type: 'application/pdf' },
    ),
  );

  // employees: the sunrise aide; a new harbor HHA (gets harbor's form, document slot on hire)
  const aide = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'aide@sunrise.example')))[0].id;
  const harborEmployee = await must(
    'harbor employee',
    harborAdmin.post('/api/employees/', {
      email: `employee-${tag}@harbor.example`,
      first_name: 'Hollis',
      last_name: 'Harborworker',
      position: 'HHA',
    }),
  );

  // notes
  const noteOf = async (admin: ApiCaller, employeeId: number, organization: OrganizationInfo) => {
    const typeId = await firstId(t, 'note_types', organization);
    const note = await must(
      `note in ${organization.token}`,
      admin.post(`/api/employees/${employeeId}/notes/`, {
        type_id: typeId,
        text: `Note about an employee of ${organization.name}`,
      }),
    );
    return note.id as number;
  };

  // documents: a file uploaded by the employee themselves (so the file exists in storage)
  const uploadedDocument = async (employeeId: number, organization: OrganizationInfo) => {
    const documentId = await firstId(t, 'employee_documents', organization, sql`AND employee_id = ${employeeId}`);
    const session = await mintSession(t, employeeId);
    const fields = { expires_on: addDays(await t.today(organization.token), 365) };
    const file = { field: 'file', name: 'cpr.pdf', data: PDF_BYTES, type: 'application/pdf' };
    await must(
      `upload in ${organization.token}`,
      api.bearer(session.access, organization.token).upload(`/api/profile/documents/${documentId}/file/`, fields, file),
    );
    return documentId;
  };

  // a harbor competency test (the seed has none) and a request of it
  const harborTest = await must(
    'harbor competency test',
    harborAdmin.post('/api/onboarding/competency-tests/', {
      name: 'Harbor aide competency',
      description: 'Harbor written test',
      pass_mark: 80,
      questions: [{ id: 'q1', text: 'Wash hands?', choices: ['No', 'Yes'], answer: 1 }],
      observed_skills: [],
      positions: [],
      active: true,
    }),
  );
  const [harborTestRequest] = await must<{ id: number }[]>(
    'harbor test request',
    harborAdmin.post('/api/onboarding/test-requests/', { test_id: harborTest.id, employee_ids: [harborEmployee.id] }),
  );

  const documents = {
    sunrise: await uploadedDocument(aide, sunrise),
    harbor: await uploadedDocument(harborEmployee.id, harbor),
  };
  return {
    applications: {
      sunrise: await firstId(t, 'applications', sunrise, sql`AND status = 'PENDING'`),
      harbor: harborApplication.id,
    },
    employees: { sunrise: aide, harbor: harborEmployee.id },
    notes: {
      sunrise: await noteOf(sunriseAdmin, aide, sunrise),
      harbor: await noteOf(harborAdmin, harborEmployee.id, harbor),
    },
    documents,
    'profile/documents': documents,
    'onboarding/form-templates': {
      sunrise: await firstId(t, 'form_templates', sunrise),
      harbor: await firstId(t, 'form_templates', harbor),
    },
    'onboarding/note-types': {
      sunrise: await firstId(t, 'note_types', sunrise),
      harbor: await firstId(t, 'note_types', harbor),
    },
    'onboarding/document-types': {
      sunrise: await firstId(t, 'document_types', sunrise),
      harbor: await firstId(t, 'document_types', harbor),
    },
    'onboarding/competency-tests': { sunrise: await firstId(t, 'competency_tests', sunrise), harbor: harborTest.id },
    'onboarding/form-requests': {
      sunrise: await firstId(t, 'form_requests', sunrise, sql`AND employee_id = ${aide} AND status = 'PENDING'`),
      harbor: await firstId(t, 'form_requests', harbor, sql`AND employee_id = ${harborEmployee.id}`),
    },
    'onboarding/test-requests': {
      sunrise: await firstId(t, 'test_requests', sunrise, sql`AND employee_id = ${aide}`),
      harbor: harborTestRequest.id,
    },
  };
}

/** An access token that is right in every respect but has expired (same user and family). */
export async function expiredAccess(t: TestApp, identity: Pick<Identity, 'userId' | 'familyId'>): Promise<string> {
  const past = new Date(t.clock.now().getTime() - 3600_000);
  return signAccessToken(
    { userId: identity.userId, familyId: identity.familyId },
    t.app.keys.access,
    t.app.config,
    past,
  );
}

/** An access token with valid claims signed with a key the server does not know. */
export async function forgedAccess(t: TestApp, identity: Pick<Identity, 'userId' | 'familyId'>): Promise<string> {
  return signAccessToken(
    { userId: identity.userId, familyId: identity.familyId },
    new Uint8Array(randomBytes(32)),
    t.app.config,
    t.clock.now(),
  );
}

/** A fresh refresh family for a user, and its access token (no Argon2 round: for throwaway sessions). */
export async function mintSession(t: TestApp, userId: number): Promise<{ access: string; familyId: string }> {
  const [user] = await t.database.db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, userId));
  const now = t.clock.now();
  const familyId = randomUUID();
  await t.database.db.insert(sessionFamilies).values({
    id: familyId,
    userId,
    organizationId: user.organizationId,
    generation: 0,
    createdAt: now,
    lastSeenAt: now,
  });
  return { access: await signAccessToken({ userId, familyId }, t.app.keys.access, t.app.config, now), familyId };
}

let cloneCounter = 0;

/** A copy of a user (same role, organization, profile and password) with its own email: a throwaway identity. */
export async function cloneUser(t: TestApp, userId: number): Promise<{ id: number; email: string }> {
  const db = t.database.db;
  const [source] = await db.select().from(users).where(eq(users.id, userId));
  const email = `clone-${process.pid}-${++cloneCounter}-${randomBytes(3).toString('hex')}@example.test`;
  const [created] = await db
    .insert(users)
    .values({
      organizationId: source.organizationId,
      email,
      firstName: 'Throwaway',
      lastName: 'Clone',
      role: source.role,
      passwordHash: source.passwordHash,
      isActive: true,
      timezone: source.timezone,
      passwordChangedAt: source.passwordChangedAt,
    })
    .returning({ id: users.id });
  const [profile] = await db.select().from(employeeProfiles).where(eq(employeeProfiles.userId, userId));
  if (profile) await db.insert(employeeProfiles).values({ ...profile, userId: created.id });
  return { id: created.id, email };
}

export async function countRows(
  t: TestApp,
  table: 'users' | 'audit_log' | 'outbox' | 'organizations' | 'employee_profiles' | 'notifications',
): Promise<number> {
  const rows = rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)));
  return Number(rows[0].n);
}

// ---------------------------------------------------------------------------------------------------------
// Plausible values

/** A 1x1 transparent PNG. */
export const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const STRONG_PASSWORD = 'Lantern-Quay-Orchard-7419';

let uniq = 0;
export const unique = () => `${process.pid.toString(36)}${(++uniq).toString(36)}${randomBytes(2).toString('hex')}`;

/** Picks a non-null branch of a union. */
function branches(schema: JsonSchema): JsonSchema[] {
  const list = schema.anyOf ?? schema.oneOf;
  return Array.isArray(list) ? list : [];
}

export function isNullable(schema: JsonSchema): boolean {
  return (
    schema.type === 'null' ||
    branches(schema).some((b) => b.type === 'null') ||
    (Array.isArray(schema.type) && schema.type.includes('null'))
  );
}

export function baseType(schema: JsonSchema): string | undefined {
  if (schema.enum || schema.const !== undefined) return typeof (schema.const ?? schema.enum?.[0]);
  const nonNull = branches(schema).filter((b) => b.type !== 'null');
  if (nonNull.length) return baseType(nonNull[0]);
  return Array.isArray(schema.type) ? schema.type.find((x: string) => x !== 'null') : schema.type;
}

/** A valid value for one field: the minimal plausible thing a real client would send. */
export function plausible(schema: JsonSchema, name = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const nonNull = branches(schema).filter((b) => b.type !== 'null');
  if (nonNull.length) {
    // a union of enums: prefer an unprivileged role when the field is a role
    if (/role/i.test(name)) {
      const values = nonNull.map((b) => b.const ?? b.enum?.[0]);
      if (values.includes('ROLE_EMPLOYEE')) return 'ROLE_EMPLOYEE';
    }
    return plausible(nonNull[0], name);
  }
  const type = baseType(schema);
  switch (type) {
    case 'string':
      return plausibleString(schema, name);
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => plausible(schema.items ?? {}, name));
    case 'object':
      return plausibleObject(schema);
    default:
      return 'x';
  }
}

function plausibleString(schema: JsonSchema, name: string): string {
  const pattern: string | undefined = schema.pattern;
  let value: string;
  if (pattern?.includes('data:image/png')) value = TINY_PNG;
  else if (schema.format === 'email' || /email/i.test(name)) value = `probe-${unique()}@example.test`;
  else if (schema.format === 'date-time') value = new Date('2026-01-05T10:00:00Z').toISOString();
  else if (schema.format === 'date' || pattern === '^\\d{4}-\\d{2}-\\d{2}$') value = '2026-01-05';
  else if (/password/i.test(name)) value = STRONG_PASSWORD;
  else if (/phone/i.test(name)) value = '+1 555 0100';
  else if (/timezone/i.test(name)) value = 'America/New_York';
  else if (/first_name/i.test(name)) value = 'Probe';
  else if (/last_name/i.test(name)) value = 'Person';
  else value = 'probe';
  if (schema.minLength && value.length < schema.minLength) value = value.padEnd(schema.minLength, 'x');
  if (schema.maxLength && value.length > schema.maxLength) value = value.slice(0, schema.maxLength);
  return value;
}

/**
 * A valid body that also tries to take over what a caller must not set (state, role, names): each such field
 * the operation knows gets a value its schema accepts (the attempted one when it can), the others ride along.
 */
export function hostileBody(op: Operation): Record<string, unknown> {
  const attempt: Record<string, unknown> = {
    is_active: false,
    role: 'ROLE_ADMIN',
    first_name: 'Owned',
    read: true,
    status: 'APPROVED',
    name: 'Owned',
    reason: 'Owned',
  };
  const known = op.body?.properties ?? {};
  for (const [key, value] of Object.entries(attempt)) {
    const field = known[key];
    const choices: unknown[] | undefined =
      field?.enum ?? branches(field ?? {}).find((b) => Array.isArray(b.enum))?.enum;
    if (choices && !choices.includes(value)) attempt[key] = choices[0];
  }
  return { ...plausibleBody(op), ...attempt };
}

/** Required fields only, each with a plausible value. */
export function plausibleObject(schema: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of schema.required ?? []) out[key] = plausible(schema.properties?.[key] ?? {}, key);
  return out;
}

export function plausibleBody(op: Operation): Record<string, unknown> | undefined {
  return op.body ? plausibleObject(op.body) : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Checks

const ORGANIZATION_ID_KEYS = new Set(['organization_id', 'organizationId', 'organization']);

/**
 * Every trace of `foreign` in a JSON answer: its token, name or email domain in any string, or its id under an
 * organization key (`organization_id`, `organization: id` or `organization: { id }`).
 */
export function findLeaks(body: unknown, foreign: OrganizationInfo): string[] {
  const leaks: string[] = [];
  // The token as a slug (a whole value, a URL segment, an email domain), not as an ordinary word: "7 Harbor
  // View" is an address in sunrise, "/favicons/harbor.svg" or "x@harbor.example" belong to harbor.
  const token = foreign.token.toLowerCase();
  const needles = [foreign.name.toLowerCase(), `@${token}.`, `/${token}/`, `/${token}.`];
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      const lower = value.toLowerCase();
      if (lower === token || lower.endsWith(`/${token}`)) leaks.push(`${path}: "${value.slice(0, 80)}" is ${token}`);
      for (const needle of needles)
        if (lower.includes(needle)) leaks.push(`${path}: "${value.slice(0, 80)}" contains ${needle}`);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, `${path}[${i}]`));
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (ORGANIZATION_ID_KEYS.has(key)) {
          const id = inner && typeof inner === 'object' ? (inner as { id?: unknown }).id : inner;
          if (id === foreign.id) leaks.push(`${path}.${key} = organization ${foreign.id}`);
        }
        walk(inner, `${path}.${key}`);
      }
    }
  };
  walk(body, '$');
  return leaks;
}

const INTERNALS =
  /\bat \S+ \(|\.(?:ts|js|mjs):\d+|node_modules|\bstack\b|\bSELECT\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|\bDELETE FROM\b|syntax error|relation \\?"|violates|duplicate key|\bpg_|drizzle|postgres|pglite|TypeError|ReferenceError/i;

/** What every error answer must look like: the one shape, nothing about the server's insides. */
export function errorProblems(response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (response.statusCode < 400) return problems;
  if (INTERNALS.test(response.body)) problems.push(`internals in body: ${response.body.slice(0, 300)}`);
  let body: { detail?: unknown; code?: unknown; fields?: unknown } | null;
  try {
    body = response.json();
  } catch {
    problems.push(`not JSON: ${response.body.slice(0, 120)}`);
    return problems;
  }
  if (typeof body?.detail !== 'string' || typeof body?.code !== 'string')
    problems.push(`not {detail, code}: ${response.body.slice(0, 200)}`);
  const extra = Object.keys(body ?? {}).filter((k) => !['detail', 'code', 'fields'].includes(k));
  if (extra.length) problems.push(`unexpected keys ${extra.join(', ')}`);
  if (body?.fields !== undefined) {
    const ok =
      body.fields &&
      typeof body.fields === 'object' &&
      Object.values(body.fields).every((list) => Array.isArray(list) && list.every((s) => typeof s === 'string'));
    if (!ok) problems.push(`fields not { name: [string] }: ${JSON.stringify(body.fields).slice(0, 200)}`);
  }
  return problems;
}

export function jsonOrNull(response: LightMyRequestResponse): unknown {
  try {
    return response.body ? response.json() : null;
  } catch {
    return null;
  }
}

export const describeCase = (parts: Record<string, unknown>) =>
  Object.entries(parts)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
