import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients } from '../db/schema';
import { testApp, type Caller, type TestApi } from '../test-client';

/** The newest row of this operation by this person (written by the request just made). */
async function rowOf(t: TestApi, operationId: string, caller: Caller) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.operationId, operationId), eq(auditLog.actorId, caller.user.id)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/** The demo's client Clara Whitfield (the client user's own client). */
async function claraWhitfield(t: TestApi) {
  const [client] = await t.database.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.firstName, 'Clara'), eq(clients.lastName, 'Whitfield')));
  return client!;
}

/** Reads the path as the caller (answered 200) and gives back the audit row that read wrote. */
async function readAudited(t: TestApi, caller: Caller, path: string, operationId: string) {
  expect((await caller.get(path)).statusCode).toBe(200);
  return rowOf(t, operationId, caller);
}

/**
 * product.md, "Audit": every read of something that names a client or an employee writes
 * its READ or SEARCH row, by every role, not only the office: a marketer reading their own referrals, a client
 * their own work-service review, a caregiver their own pay weeks.
 */
describe('reads that name a client or an employee leave an audit row, for every role', () => {
  let t: TestApi;
  let admin: Caller;
  let marketer: Caller;
  let client: Caller;
  let nurse: Caller;

  beforeAll(async () => {
    t = await testApp();
    [admin, marketer, client, nurse] = await Promise.all(
      ['admin', 'marketer', 'client', 'nurse'].map((who) => t.as(`${who}@sunrise.example`)),
    );
  });
  afterAll(async () => t?.close());

  it("a marketer's list and retrieve of their own referrals", async () => {
    const created = await marketer.post('/api/referrals/', {
      first_name: 'Nell',
      last_name: 'Hargreave',
      date_of_birth: '1939-02-17',
      phone: '(555) 404-8181',
      type: 'HHP',
      requested_services: ['SkilledNurses'],
      source: 'HOSPITAL',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;

    const list = await marketer.get('/api/referrals/?search=hargreave');
    expect(list.statusCode).toBe(200);
    expect(await rowOf(t, 'referrals_list', marketer)).toMatchObject({
      action: 'SEARCH',
      entity: 'referral',
      role: 'ROLE_MARKETER',
      changedFields: { query: { search: 'hargreave' }, count: 1 },
    });

    expect(await readAudited(t, marketer, `/api/referrals/${id}/`, 'referrals_retrieve')).toMatchObject({
      action: 'READ',
      entity: 'referral',
      entityId: String(id),
      role: 'ROLE_MARKETER',
    });
  });

  it("the office's reading of a client's access history", async () => {
    const own = await claraWhitfield(t);
    expect(
      await readAudited(t, admin, `/api/clients/${own.id}/access-history/`, 'clients_access_history_list'),
    ).toMatchObject({
      action: 'READ',
      entity: 'client',
      entityId: String(own.id),
      clientId: own.id,
    });
  });

  it("the office's marketers board, which names the marketers", async () => {
    expect(await readAudited(t, admin, '/api/marketers/', 'marketers_list')).toMatchObject({
      action: 'SEARCH',
      entity: 'referral',
      changedFields: { event: 'marketers-board' },
    });
  });

  it("a client's list and retrieve of their own work-service review", async () => {
    const own = await claraWhitfield(t);
    const list = await client.get('/api/work-service-reviews/');
    expect(list.statusCode).toBe(200);
    expect(await rowOf(t, 'work_service_reviews_list', client)).toMatchObject({
      action: 'SEARCH',
      entity: 'work_service_review',
      role: 'ROLE_CLIENT',
      clientId: own.id,
    });
    const [review] = list.json().results;
    expect(review).toBeDefined();

    expect(
      await readAudited(t, client, `/api/work-service-reviews/${review.id}/`, 'work_service_reviews_retrieve'),
    ).toMatchObject({
      action: 'READ',
      entity: 'work_service_review',
      entityId: String(review.id),
      role: 'ROLE_CLIENT',
      clientId: own.id,
    });
  });

  it("a caregiver's own pay weeks, and the office's reading of them", async () => {
    expect(await readAudited(t, nurse, '/api/payroll-periods/', 'payroll_periods_list')).toMatchObject({
      action: 'READ',
      entity: 'payroll',
      entityId: String(nurse.user.id),
      employeeId: nurse.user.id,
      role: 'ROLE_EMPLOYEE',
    });
    expect(
      await readAudited(t, admin, `/api/payroll-periods/?employee_id=${nurse.user.id}`, 'payroll_periods_list'),
    ).toMatchObject({
      action: 'READ',
      entity: 'payroll',
      employeeId: nurse.user.id,
      role: 'ROLE_ADMIN',
    });
  });
});

describe('reads by employees of their conversations and their own onboarding records leave an audit row', () => {
  let t: TestApi;
  let nurse: Caller;
  let newhire: Caller;
  let admin: Caller;

  beforeAll(async () => {
    t = await testApp();
    [nurse, newhire, admin] = await Promise.all(
      ['nurse', 'newhire', 'admin'].map((who) => t.as(`${who}@sunrise.example`)),
    );
  });
  afterAll(async () => t?.close());

  it("a caregiver's conversations: the list, one conversation and its messages", async () => {
    const created = await nurse.post('/api/conversations/', {
      topic: 'SCHEDULE',
      subject: 'Tuesday',
      body: 'Can I swap?',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(await readAudited(t, nurse, '/api/conversations/', 'conversations_list')).toMatchObject({
      action: 'SEARCH',
      entity: 'conversation',
      role: 'ROLE_EMPLOYEE',
    });
    expect(await readAudited(t, nurse, `/api/conversations/${id}/`, 'conversations_retrieve')).toMatchObject({
      action: 'READ',
      entity: 'conversation',
      entityId: String(id),
      employeeId: nurse.user.id,
    });
    expect(
      await readAudited(t, admin, `/api/conversations/${id}/messages/`, 'conversations_messages_list'),
    ).toMatchObject({
      action: 'READ',
      entity: 'conversation',
      entityId: String(id),
      employeeId: nurse.user.id,
    });
  });

  it("an employee's own form requests, documents and competency tests; the office's applications", async () => {
    const forms = await newhire.get('/api/onboarding/form-requests/');
    expect(forms.statusCode).toBe(200);
    expect(await rowOf(t, 'form_requests_list', newhire)).toMatchObject({
      action: 'READ',
      entity: 'form_request',
      role: 'ROLE_EMPLOYEE',
      employeeId: newhire.user.id,
    });
    const [form] = forms.json().results;
    expect(
      await readAudited(t, newhire, `/api/onboarding/form-requests/${form.id}/`, 'form_requests_retrieve'),
    ).toMatchObject({
      action: 'READ',
      entityId: String(form.id),
      employeeId: newhire.user.id,
    });

    expect(await readAudited(t, newhire, '/api/profile/documents/', 'profile_documents_list')).toMatchObject({
      action: 'READ',
      entity: 'employee_document',
      employeeId: newhire.user.id,
    });

    expect(await readAudited(t, newhire, '/api/onboarding/checklist/', 'onboarding_checklist_retrieve')).toMatchObject({
      action: 'READ',
      entity: 'employee',
      employeeId: newhire.user.id,
    });

    expect(await readAudited(t, newhire, '/api/onboarding/test-requests/', 'test_requests_list')).toMatchObject({
      action: 'READ',
      entity: 'test_request',
      role: 'ROLE_EMPLOYEE',
    });

    const applications = await admin.get('/api/applications/');
    expect(applications.statusCode).toBe(200);
    expect(await rowOf(t, 'applications_list', admin)).toMatchObject({ action: 'SEARCH', entity: 'application' });
    const [application] = applications.json().results;
    expect(await readAudited(t, admin, `/api/applications/${application.id}/`, 'applications_retrieve')).toMatchObject({
      action: 'READ',
      entity: 'application',
      entityId: String(application.id),
    });
  });
});
