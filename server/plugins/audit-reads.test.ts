import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support';

type Session = Awaited<ReturnType<TestApp['login']>>;

/**
 * product.md, "Audit": every read of something that names a client or an employee writes
 * its READ or SEARCH row, by every role, not only the office: a marketer reading their own referrals, a client
 * their own work-service review, a caregiver their own pay weeks.
 */
describe('reads that name a client or an employee leave an audit row, for every role', () => {
  let t: TestApp;
  let admin: Session;
  let marketer: Session;
  let client: Session;
  let nurse: Session;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, marketer, client, nurse] = await Promise.all(['admin', 'marketer', 'client', 'nurse'].map((who) => t.login(`${who}@sunrise.example`)));
  });
  afterAll(async () => t?.close());

  const get = (url: string, session: Session) => t.app.inject({ method: 'GET', url, headers: t.headers(session.access, 'sunrise') });

  /** The newest row of this operation by this person (written by the request just made). */
  async function rowOf(operationId: string, session: Session) {
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operationId, operationId), eq(auditLog.actorId, session.user.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  }

  it("a marketer's list and retrieve of their own referrals", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/',
      headers: t.headers(marketer.access, 'sunrise'),
      payload: { first_name: 'Nell', last_name: 'Hargreave', date_of_birth: '1939-02-17', phone: '(555) 404-8181', type: 'HHP', requested_services: ['SkilledNurses'], source: 'HOSPITAL' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;

    const list = await get('/api/referrals/?search=hargreave', marketer);
    expect(list.statusCode).toBe(200);
    expect(await rowOf('referrals_list', marketer)).toMatchObject({ action: 'SEARCH', entity: 'referral', role: 'ROLE_MARKETER', changedFields: { query: { search: 'hargreave' }, count: 1 } });

    expect((await get(`/api/referrals/${id}/`, marketer)).statusCode).toBe(200);
    expect(await rowOf('referrals_retrieve', marketer)).toMatchObject({ action: 'READ', entity: 'referral', entityId: String(id), role: 'ROLE_MARKETER' });
  });

  it("the office's reading of a client's access history", async () => {
    const [own] = await t.database.db.select({ id: clients.id }).from(clients).where(and(eq(clients.firstName, 'Clara'), eq(clients.lastName, 'Whitfield')));
    expect((await get(`/api/clients/${own!.id}/access-history/`, admin)).statusCode).toBe(200);
    expect(await rowOf('clients_access_history_list', admin)).toMatchObject({ action: 'READ', entity: 'client', entityId: String(own!.id), clientId: own!.id });
  });

  it("the office's marketers board, which names the marketers", async () => {
    expect((await get('/api/marketers/', admin)).statusCode).toBe(200);
    expect(await rowOf('marketers_list', admin)).toMatchObject({ action: 'SEARCH', entity: 'referral', changedFields: { event: 'marketers-board' } });
  });

  it("a client's list and retrieve of their own work-service review", async () => {
    const [own] = await t.database.db.select({ id: clients.id }).from(clients).where(and(eq(clients.firstName, 'Clara'), eq(clients.lastName, 'Whitfield')));
    const list = await get('/api/work-service-reviews/', client);
    expect(list.statusCode).toBe(200);
    expect(await rowOf('work_service_reviews_list', client)).toMatchObject({ action: 'SEARCH', entity: 'work_service_review', role: 'ROLE_CLIENT', clientId: own!.id });
    const [review] = list.json().results;
    expect(review).toBeDefined();

    expect((await get(`/api/work-service-reviews/${review.id}/`, client)).statusCode).toBe(200);
    expect(await rowOf('work_service_reviews_retrieve', client)).toMatchObject({ action: 'READ', entity: 'work_service_review', entityId: String(review.id), role: 'ROLE_CLIENT', clientId: own!.id });
  });

  it("a caregiver's own pay weeks, and the office's reading of them", async () => {
    expect((await get('/api/payroll-periods/', nurse)).statusCode).toBe(200);
    expect(await rowOf('payroll_periods_list', nurse)).toMatchObject({ action: 'READ', entity: 'payroll', entityId: String(nurse.user.id), employeeId: nurse.user.id, role: 'ROLE_EMPLOYEE' });
    expect((await get(`/api/payroll-periods/?employee_id=${nurse.user.id}`, admin)).statusCode).toBe(200);
    expect(await rowOf('payroll_periods_list', admin)).toMatchObject({ action: 'READ', entity: 'payroll', employeeId: nurse.user.id, role: 'ROLE_ADMIN' });
  });
});

describe('reads by employees of their conversations and their own onboarding records leave an audit row', () => {
  let t: TestApp;
  let nurse: Session;
  let newhire: Session;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp();
    [nurse, newhire, admin] = await Promise.all(['nurse', 'newhire', 'admin'].map((who) => t.login(`${who}@sunrise.example`)));
  });
  afterAll(async () => t?.close());

  const get = (url: string, session: Session) => t.app.inject({ method: 'GET', url, headers: t.headers(session.access, 'sunrise') });
  async function rowOf(operationId: string, session: Session) {
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operationId, operationId), eq(auditLog.actorId, session.user.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  }

  it("a caregiver's conversations: the list, one conversation and its messages", async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/conversations/', headers: t.headers(nurse.access, 'sunrise'), payload: { topic: 'SCHEDULE', subject: 'Tuesday', body: 'Can I swap?' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await get('/api/conversations/', nurse)).statusCode).toBe(200);
    expect(await rowOf('conversations_list', nurse)).toMatchObject({ action: 'SEARCH', entity: 'conversation', role: 'ROLE_EMPLOYEE' });
    expect((await get(`/api/conversations/${id}/`, nurse)).statusCode).toBe(200);
    expect(await rowOf('conversations_retrieve', nurse)).toMatchObject({ action: 'READ', entity: 'conversation', entityId: String(id), employeeId: nurse.user.id });
    expect((await get(`/api/conversations/${id}/messages/`, admin)).statusCode).toBe(200);
    expect(await rowOf('conversations_messages_list', admin)).toMatchObject({ action: 'READ', entity: 'conversation', entityId: String(id), employeeId: nurse.user.id });
  });

  it("an employee's own form requests, documents and competency tests; the office's applications", async () => {
    const forms = await get('/api/onboarding/form-requests/', newhire);
    expect(forms.statusCode).toBe(200);
    expect(await rowOf('form_requests_list', newhire)).toMatchObject({ action: 'READ', entity: 'form_request', role: 'ROLE_EMPLOYEE', employeeId: newhire.user.id });
    const [form] = forms.json().results;
    expect((await get(`/api/onboarding/form-requests/${form.id}/`, newhire)).statusCode).toBe(200);
    expect(await rowOf('form_requests_retrieve', newhire)).toMatchObject({ action: 'READ', entityId: String(form.id), employeeId: newhire.user.id });

    expect((await get('/api/profile/documents/', newhire)).statusCode).toBe(200);
    expect(await rowOf('profile_documents_list', newhire)).toMatchObject({ action: 'READ', entity: 'employee_document', employeeId: newhire.user.id });

    expect((await get('/api/onboarding/checklist/', newhire)).statusCode).toBe(200);
    expect(await rowOf('onboarding_checklist_retrieve', newhire)).toMatchObject({ action: 'READ', entity: 'employee', employeeId: newhire.user.id });

    expect((await get('/api/onboarding/test-requests/', newhire)).statusCode).toBe(200);
    expect(await rowOf('test_requests_list', newhire)).toMatchObject({ action: 'READ', entity: 'test_request', role: 'ROLE_EMPLOYEE' });

    const applications = await get('/api/applications/', admin);
    expect(applications.statusCode).toBe(200);
    expect(await rowOf('applications_list', admin)).toMatchObject({ action: 'SEARCH', entity: 'application' });
    const [application] = applications.json().results;
    expect((await get(`/api/applications/${application.id}/`, admin)).statusCode).toBe(200);
    expect(await rowOf('applications_retrieve', admin)).toMatchObject({ action: 'READ', entity: 'application', entityId: String(application.id) });
  });
});
