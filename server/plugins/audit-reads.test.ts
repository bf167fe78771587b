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

    expect((await marketer.get(`/api/referrals/${id}/`)).statusCode).toBe(200);
    expect(await rowOf(t, 'referrals_retrieve', marketer)).toMatchObject({
      action: 'READ',
      entity: 'referral',
      entityId: String(id),
      role: 'ROLE_MARKETER',
    });
  });

  it("the office's reading of a client's access history", async () => {
    const [own] = await t.database.db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.firstName, 'Clara'), eq(clients.lastName, 'Whitfield')));
    expect((await admin.get(`/api/clients/${own!.id}/access-history/`)).statusCode).toBe(200);
    expect(await rowOf(t, 'clients_access_history_list', admin)).toMatchObject({
      action: 'READ',
      entity: 'client',
      entityId: String(own!.id),
      clientId: own!.id,
    });
  });

  it("the office's marketers board, which names the marketers", async () => {
    expect((await admin.get('/api/marketers/')).statusCode).toBe(200);
    expect(await rowOf(t, 'marketers_list', admin)).toMatchObject({
      action: 'SEARCH',
      entity: 'referral',
      changedFields: { event: 'marketers-board' },
    });
  });

  it("a client's list and retrieve of their own work-service review", async () => {
    const [own] = await t.database.db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.firstName, 'Clara'), eq(clients.lastName, 'Whitfield')));
    const list = await client.get('/api/work-service-reviews/');
    expect(list.statusCode).toBe(200);
    expect(await rowOf(t, 'work_service_reviews_list', client)).toMatchObject({
      action: 'SEARCH',
      entity: 'work_service_review',
      role: 'ROLE_CLIENT',
      clientId: own!.id,
    });
    const [review] = list.json().results;
    expect(review).toBeDefined();

    expect((await client.get(`/api/work-service-reviews/${review.id}/`)).statusCode).toBe(200);
    expect(await rowOf(t, 'work_service_reviews_retrieve', client)).toMatchObject({
      action: 'READ',
      entity: 'work_service_review',
      entityId: String(review.id),
      role: 'ROLE_CLIENT',
      clientId: own!.id,
    });
  });

  it("a caregiver's own pay weeks, and the office's reading of them", async () => {
    expect((await nurse.get('/api/payroll-periods/')).statusCode).toBe(200);
    expect(await rowOf(t, 'payroll_periods_list', nurse)).toMatchObject({
      action: 'READ',
      entity: 'payroll',
      entityId: String(nurse.user.id),
      employeeId: nurse.user.id,
      role: 'ROLE_EMPLOYEE',
    });
    expect((await admin.get(`/api/payroll-periods/?employee_id=${nurse.user.id}`)).statusCode).toBe(200);
    expect(await rowOf(t, 'payroll_periods_list', admin)).toMatchObject({
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
    expect((await nurse.get('/api/conversations/')).statusCode).toBe(200);
    expect(await rowOf(t, 'conversations_list', nurse)).toMatchObject({
      action: 'SEARCH',
      entity: 'conversation',
      role: 'ROLE_EMPLOYEE',
    });
    expect((await nurse.get(`/api/conversations/${id}/`)).statusCode).toBe(200);
    expect(await rowOf(t, 'conversations_retrieve', nurse)).toMatchObject({
      action: 'READ',
      entity: 'conversation',
      entityId: String(id),
      employeeId: nurse.user.id,
    });
    expect((await admin.get(`/api/conversations/${id}/messages/`)).statusCode).toBe(200);
    expect(await rowOf(t, 'conversations_messages_list', admin)).toMatchObject({
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
    expect((await newhire.get(`/api/onboarding/form-requests/${form.id}/`)).statusCode).toBe(200);
    expect(await rowOf(t, 'form_requests_retrieve', newhire)).toMatchObject({
      action: 'READ',
      entityId: String(form.id),
      employeeId: newhire.user.id,
    });

    expect((await newhire.get('/api/profile/documents/')).statusCode).toBe(200);
    expect(await rowOf(t, 'profile_documents_list', newhire)).toMatchObject({
      action: 'READ',
      entity: 'employee_document',
      employeeId: newhire.user.id,
    });

    expect((await newhire.get('/api/onboarding/checklist/')).statusCode).toBe(200);
    expect(await rowOf(t, 'onboarding_checklist_retrieve', newhire)).toMatchObject({
      action: 'READ',
      entity: 'employee',
      employeeId: newhire.user.id,
    });

    expect((await newhire.get('/api/onboarding/test-requests/')).statusCode).toBe(200);
    expect(await rowOf(t, 'test_requests_list', newhire)).toMatchObject({
      action: 'READ',
      entity: 'test_request',
      role: 'ROLE_EMPLOYEE',
    });

    const applications = await admin.get('/api/applications/');
    expect(applications.statusCode).toBe(200);
    expect(await rowOf(t, 'applications_list', admin)).toMatchObject({ action: 'SEARCH', entity: 'application' });
    const [application] = applications.json().results;
    expect((await admin.get(`/api/applications/${application.id}/`)).statusCode).toBe(200);
    expect(await rowOf(t, 'applications_retrieve', admin)).toMatchObject({
      action: 'READ',
      entity: 'application',
      entityId: String(application.id),
    });
  });
});
