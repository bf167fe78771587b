import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, formRequests, formTemplates, notifications, users } from '../../db/schema';
import { fileStorageOf } from '../../lib/file-storage';
import { testBackends, type Caller } from '../../test-client';
import { onboardingSuite, SIGNATURE } from './onboarding-test-kit';

const ELIGIBILITY_ANSWERS = {
  legal_name: 'Noah Patel',
  date_of_birth: '1995-02-28',
  status: 'A lawful permanent resident',
  attest: true,
};

for (const backend of testBackends()) {
  describe(`form requests (${backend})`, () => {
    const { t, admin, master, harborAdmin, nurse, aide, newhire, client, marketer } = onboardingSuite(backend);
    const templates: Record<string, number> = {};

    const formsDue = async (session: Caller) =>
      (await session.get('/api/auth/user/')).json().profile.forms_due as number;
    const ownRequests = async (session: Caller) => (await session.get('/api/onboarding/form-requests/')).json().results;
    const requestOf = async (session: Caller, template: string) =>
      (await ownRequests(session)).find((r: { template: { id: number } }) => r.template.id === templates[template]);

    beforeAll(async () => {
      for (const row of await t.database.db.select().from(formTemplates)) templates[row.name] = row.id;
    });

    it("lists one's own form requests, without the answers of others", async () => {
      const aides = await ownRequests(aide);
      expect(aides.map((r: { status: string }) => r.status).sort()).toEqual(['COMPLETED', 'COMPLETED', 'PENDING']);
      expect(aides.every((r: { employee: { id: number } }) => r.employee.id === aide.user.id)).toBe(true);
      const pending = (await aide.get('/api/onboarding/form-requests/?status=PENDING')).json();
      expect(pending.count).toBe(1);
      expect(pending.results[0]).toMatchObject({
        template: { name: 'Confidentiality (HIPAA) agreement', signers: ['EMPLOYEE', 'ADMIN'] },
        employee: { id: aide.user.id, name: 'Ada Lindqvist' },
        required: true,
        status: 'PENDING',
        answers: null,
        signed_at: null,
        countersigned_at: null,
        due_date: null,
      });
      expect(pending.results[0].template.fields.map((f: { key: string }) => f.key)).toEqual([
        'understand',
        'report',
        'questions',
      ]);
      // the query's employee filter is for admins: an employee still sees only their own
      const filtered = (await aide.get(`/api/onboarding/form-requests/?employee=${nurse.user.id}`)).json();
      expect(filtered.results.every((r: { employee: { id: number } }) => r.employee.id === aide.user.id)).toBe(true);
    });

    it('admins list the organization’s requests, by employee, audited', async () => {
      const all = (await admin.get('/api/onboarding/form-requests/?limit=1000')).json();
      expect(all.count).toBe(9);
      const newhires = (await admin.get(`/api/onboarding/form-requests/?employee=${newhire.user.id}`)).json();
      expect(newhires.count).toBe(3);
      expect((await harborAdmin.get('/api/onboarding/form-requests/')).json().count).toBe(0);
      const [audit] = (await t.auditsOf('form_requests_list')).filter((a) => a.actorId === admin.user.id);
      expect(audit).toMatchObject({ entity: 'form_request' });
      expect(audit.changedFields).toMatchObject({ event: 'read-list', employee_id: newhire.user.id });
    });

    it('refuses a submission with problems, naming each answer, and writes nothing', async () => {
      const request = await requestOf(newhire, 'Employment eligibility attestation');
      const url = `/api/onboarding/form-requests/${request.id}/submit/`;
      const bad = await newhire.post(url, {
        answers: { legal_name: '  ', date_of_birth: '1995-02-30', status: 'Martian', attest: 'yes' },
        signature: SIGNATURE,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({
        'answers.legal_name': ['This field is required.'],
        'answers.date_of_birth': [expect.stringContaining('date')],
        'answers.status': ['Not a valid choice.'],
        'answers.attest': ['Must be true or false.'],
      });
      const unchecked = await newhire.post(url, {
        answers: { ...ELIGIBILITY_ANSWERS, attest: false },
        signature: SIGNATURE,
      });
      expect(unchecked.json().fields).toEqual({ 'answers.attest': ['This box must be checked.'] });
      const unsigned = await newhire.post(url, { answers: ELIGIBILITY_ANSWERS, signature: '' });
      expect(unsigned.statusCode).toBe(400);
      expect(Object.keys(unsigned.json().fields)).toEqual(['signature']);
      const notPng = await newhire.post(url, {
        answers: ELIGIBILITY_ANSWERS,
        signature: 'data:image/png;base64,SGVsbG8gd29ybGQ=',
      });
      expect(notPng.json().fields).toEqual({ signature: ['Upload a valid PNG image.'] });
      const huge = await newhire.post(url, {
        answers: ELIGIBILITY_ANSWERS,
        signature: SIGNATURE + 'A'.repeat(600_000),
      });
      expect(huge.statusCode).toBe(400);
      expect(Object.keys(huge.json().fields)).toEqual(['signature']);
      expect((await requestOf(newhire, 'Employment eligibility attestation')).status).toBe('PENDING');
      expect(await t.auditsOf('form_requests_submit_create')).toHaveLength(0);
    });

    it('an employee-signed form completes on submit: forms_due drops at once and the admins hear of it', async () => {
      expect(await formsDue(newhire)).toBe(2);
      const request = await requestOf(newhire, 'Employment eligibility attestation');
      const submitted = await newhire.post(`/api/onboarding/form-requests/${request.id}/submit/`, {
        answers: { ...ELIGIBILITY_ANSWERS, unknown_key: 'dropped' },
        signature: SIGNATURE,
      });
      expect(submitted.statusCode).toBe(200);
      expect(submitted.json()).toMatchObject({
        id: request.id,
        status: 'COMPLETED',
        answers: ELIGIBILITY_ANSWERS,
        countersigned_at: null,
      });
      expect(submitted.json().signed_at).toEqual(expect.any(String));
      expect(submitted.json().answers).not.toHaveProperty('unknown_key');
      expect(await formsDue(newhire)).toBe(1);

      const [notice] = await t.notificationsOf(admin.user.id, 'form_completed');
      expect(notice).toMatchObject({
        title: 'Noah Patel completed Employment eligibility attestation',
        link: `/employees/${newhire.user.id}/onboarding`,
      });
      const mail = await t.waitForMail('admin@sunrise.example');
      // the mail says that a form was signed, not whose or which
      expect(mail.subject).toBe('A form was signed');
      expect(mail.text).not.toMatch(/Noah|Patel|eligibility/);
      const [audit] = await t.auditsOf('form_requests_submit_create');
      expect(audit).toMatchObject({ actorId: newhire.user.id, entity: 'form_request', entityId: String(request.id) });

      const again = await newhire.post(`/api/onboarding/form-requests/${request.id}/submit/`, {
        answers: ELIGIBILITY_ANSWERS,
        signature: SIGNATURE,
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('already_submitted');
    });

    it("the aide's one form due needs the office's countersignature: once she signed it is the office's to do, not hers (forms_due 0, not confined), and still keeps her from ready to hire until countersigned", async () => {
      expect(await formsDue(aide)).toBe(1);
      const request = await requestOf(aide, 'Confidentiality (HIPAA) agreement');
      const early = await admin.post(`/api/onboarding/form-requests/${request.id}/countersign/`, {
        signature: SIGNATURE,
      });
      expect(early.statusCode).toBe(400);
      expect(early.json().code).toBe('not_awaiting_countersignature');

      const signed = await aide.post(`/api/onboarding/form-requests/${request.id}/submit/`, {
        answers: { understand: true, report: true },
        signature: SIGNATURE,
      });
      expect(signed.statusCode).toBe(200);
      expect(signed.json()).toMatchObject({
        status: 'AWAITING_COUNTERSIGN',
        answers: { understand: true, report: true },
      });
      // waiting for the office is not hers to do: nothing is due, and her work schedule is open again
      expect(await formsDue(aide)).toBe(0);
      const schedule = await aide.get('/api/visits/?limit=1');
      expect(schedule.statusCode).toBe(200);
      // the checklist still says what is missing (the office's countersignature)
      const checklist = (await aide.get('/api/onboarding/checklist/')).json();
      expect(checklist.missing).toContain(
        'Form "Confidentiality (HIPAA) agreement" awaits the office\'s countersignature.',
      );
      // the office is sent to its own view of the form (under /employees, an admin's prefix), which shows her signature
      const [notice] = await t.notificationsOf(admin.user.id, 'form_completed');
      expect(notice).toMatchObject({
        title: 'Ada Lindqvist signed Confidentiality (HIPAA) agreement: please countersign',
        link: `/employees/${aide.user.id}/onboarding/form-request/${request.id}`,
      });
      const signatureUrl = `/api/onboarding/form-requests/${request.id}/signature/`;
      for (const reader of [admin, aide]) {
        const signature = await reader.get(signatureUrl);
        expect(signature.statusCode).toBe(200);
        expect(signature.headers['content-type']).toBe('image/png');
        expect(signature.rawPayload.toString('base64')).toBe(SIGNATURE.split(',')[1]);
      }
      const signatureReads = (await t.auditsOf('form_requests_signature_retrieve')).map((row) => row.actorId);
      // both readings are audited, the employee's of her own signature too
      expect(signatureReads.sort()).toEqual([admin.user.id, aide.user.id].sort());
      expect((await nurse.get(signatureUrl)).statusCode).toBe(404);
      expect((await harborAdmin.get(signatureUrl)).statusCode).toBe(404);
      expect((await client.get(signatureUrl)).statusCode).toBe(403);
      const unsignedForm = (await ownRequests(newhire)).find((r: { status: string }) => r.status === 'PENDING');
      expect((await admin.get(`/api/onboarding/form-requests/${unsignedForm.id}/signature/`)).statusCode).toBe(404);

      expect(
        (await aide.post(`/api/onboarding/form-requests/${request.id}/countersign/`, { signature: SIGNATURE }))
          .statusCode,
      ).toBe(403);
      expect(
        (await harborAdmin.post(`/api/onboarding/form-requests/${request.id}/countersign/`, { signature: SIGNATURE }))
          .statusCode,
      ).toBe(404);
      const unsigned = await admin.post(`/api/onboarding/form-requests/${request.id}/countersign/`, { signature: '' });
      expect(unsigned.json().fields).toEqual({ signature: ['Sign before submitting.'] });

      const before = (await t.mails()).length;
      const countersigned = await admin.post(`/api/onboarding/form-requests/${request.id}/countersign/`, {
        signature: SIGNATURE,
      });
      expect(countersigned.statusCode).toBe(200);
      expect(countersigned.json().status).toBe('COMPLETED');
      expect(countersigned.json().countersigned_at).toEqual(expect.any(String));
      // both signatures are stored files, each drawn by its signer
      const [row] = await t.database.db.select().from(formRequests).where(eq(formRequests.id, request.id));
      const signers = await Promise.all(
        [row.signatureFileId!, row.countersignatureFileId!].map(async (id) => {
          const [file] = await t.database.db.select().from(files).where(eq(files.id, id));
          expect((await fileStorageOf(t.app).get(file.storageKey))?.toString('base64')).toBe(SIGNATURE.split(',')[1]);
          return file.createdById;
        }),
      );
      expect(signers).toEqual([aide.user.id, admin.user.id]);
      expect(await formsDue(aide)).toBe(0);
      const [done] = await t.notificationsOf(aide.user.id, 'form_completed');
      expect(done.link).toBe(`/onboarding/form-request/${request.id}`);
      expect((await t.mails()).length).toBe(before + 1);
      expect((await t.mails())[0].to).toBe('aide@sunrise.example');
      expect(await t.auditsOf('form_requests_countersign_create')).toHaveLength(1);

      const employeeSigned = await requestOf(newhire, 'Employment eligibility attestation');
      const needless = await admin.post(`/api/onboarding/form-requests/${employeeSigned.id}/countersign/`, {
        signature: SIGNATURE,
      });
      expect(needless.json().code).toBe('no_countersignature');
    });

    it('sends a form to many employees at once: each gets a notification with the link and a mail, audited', async () => {
      expect(await formsDue(nurse)).toBe(0);
      const created = await admin.post('/api/onboarding/form-requests/', {
        template_id: templates['Emergency contact'],
        employee_ids: [nurse.user.id, aide.user.id],
        due_date: '2026-05-01',
      });
      expect(created.statusCode).toBe(201);
      const rows = created.json();
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({
        employee: { id: nurse.user.id },
        status: 'PENDING',
        required: true,
        due_date: '2026-05-01',
      });
      // a READY employee with a new required form has it due at once
      expect(await formsDue(nurse)).toBe(1);
      for (const [session, row] of [
        [nurse, rows[0]],
        [aide, rows[1]],
      ] as const) {
        const [notice] = await t.notificationsOf(session.user.id, 'form_requested');
        expect(notice).toMatchObject({
          title: 'Please fill and sign: Emergency contact',
          link: `/onboarding/form-request/${row.id}`,
        });
        const mail = await t.waitForMail(session.user.email);
        expect(mail.text).toContain(`http://portal.test/onboarding/form-request/${row.id}`);
      }
      expect(await t.auditsOf('form_requests_create')).toHaveLength(2);

      const twice = await admin.post('/api/onboarding/form-requests/', {
        template_id: templates['Emergency contact'],
        employee_ids: [nurse.user.id],
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().fields.employee_ids[0]).toContain('Nora Okafor');
    });

    it('is all or nothing: one id that is not an employee of the organization refuses the whole request', async () => {
      const count = async () => (await t.database.db.select().from(formRequests)).length;
      const noticeCount = async () =>
        (await t.database.db.select().from(notifications).where(eq(notifications.type, 'form_requested'))).length;
      const [before, beforeNotices] = [await count(), await noticeCount()];
      const [harborUser] = await t.database.db.select().from(users).where(eq(users.email, 'admin@harbor.example'));
      for (const stranger of [harborUser.id, admin.user.id, client.user.id, 999_999]) {
        const refused = await admin.post('/api/onboarding/form-requests/', {
          template_id: templates['Employment eligibility attestation'],
          employee_ids: [nurse.user.id, stranger],
        });
        expect(refused.statusCode).toBe(400);
        expect(Object.keys(refused.json().fields)).toEqual(['employee_ids']);
      }
      const foreignTemplate = await admin.post('/api/onboarding/form-requests/', {
        template_id: templates['Harbor orientation acknowledgment'],
        employee_ids: [nurse.user.id],
      });
      expect(Object.keys(foreignTemplate.json().fields)).toEqual(['template_id']);
      const sunriseIntoHarbor = await harborAdmin.post('/api/onboarding/form-requests/', {
        template_id: templates['Harbor orientation acknowledgment'],
        employee_ids: [nurse.user.id],
      });
      expect(Object.keys(sunriseIntoHarbor.json().fields)).toEqual(['employee_ids']);
      expect(await count()).toBe(before);
      expect(await noticeCount()).toBe(beforeNotices);
    });

    it("keeps each employee's requests their own; admins' reads are audited; nothing crosses organizations", async () => {
      const request = await requestOf(newhire, 'Confidentiality (HIPAA) agreement');
      expect((await newhire.get(`/api/onboarding/form-requests/${request.id}/`)).statusCode).toBe(200);
      expect((await nurse.get(`/api/onboarding/form-requests/${request.id}/`)).statusCode).toBe(404);
      const foreignSubmit = await nurse.post(`/api/onboarding/form-requests/${request.id}/submit/`, {
        answers: {},
        signature: SIGNATURE,
      });
      expect(foreignSubmit.statusCode).toBe(404);
      expect((await harborAdmin.get(`/api/onboarding/form-requests/${request.id}/`)).statusCode).toBe(404);
      expect((await master.in('harbor').get(`/api/onboarding/form-requests/${request.id}/`)).statusCode).toBe(404);

      const read = await admin.get(`/api/onboarding/form-requests/${request.id}/`);
      expect(read.statusCode).toBe(200);
      const [audit] = await t.auditsOf('form_requests_retrieve');
      expect(audit).toMatchObject({ actorId: admin.user.id, entityId: String(request.id) });
      expect(audit.changedFields).toMatchObject({ event: 'read', employee_id: newhire.user.id });
      // the employee's reading of their own form is audited too
      expect(
        (await t.auditsOf('form_requests_retrieve')).filter((a) => a.actorId === newhire.user.id).length,
      ).toBeGreaterThan(0);
      expect((await master.in('sunrise').get(`/api/onboarding/form-requests/${request.id}/`)).statusCode).toBe(200);
    });

    it('refuses admins filling a form, and clients and marketers everything (403)', async () => {
      const request = await requestOf(newhire, 'Confidentiality (HIPAA) agreement');
      expect(
        (await admin.post(`/api/onboarding/form-requests/${request.id}/submit/`, { answers: {}, signature: SIGNATURE }))
          .statusCode,
      ).toBe(403);
      for (const who of [client, marketer]) {
        expect((await who.get('/api/onboarding/form-requests/')).statusCode).toBe(403);
        expect((await who.get(`/api/onboarding/form-requests/${request.id}/`)).statusCode).toBe(403);
        expect(
          (await who.post(`/api/onboarding/form-requests/${request.id}/submit/`, { answers: {}, signature: SIGNATURE }))
            .statusCode,
        ).toBe(403);
        expect(
          (await who.post(`/api/onboarding/form-requests/${request.id}/countersign/`, { signature: SIGNATURE }))
            .statusCode,
        ).toBe(403);
        expect(
          (await who.post('/api/onboarding/form-requests/', { template_id: 1, employee_ids: [1] })).statusCode,
        ).toBe(403);
        expect((await who.get('/api/onboarding/checklist/')).statusCode).toBe(403);
      }
      expect(
        (await nurse.post('/api/onboarding/form-requests/', { template_id: 1, employee_ids: [1] })).statusCode,
      ).toBe(403);
      expect((await t.anonymous.get('/api/onboarding/form-requests/')).statusCode).toBe(401);
    });

    it("serves the employee's own checklist", async () => {
      const checklist = await newhire.get('/api/onboarding/checklist/');
      expect(checklist.statusCode).toBe(200);
      const body = checklist.json();
      expect(body.ready).toBe(false);
      expect(body.forms.map((f: { name: string; status: string }) => [f.name, f.status])).toEqual([
        ['Emergency contact', 'COMPLETED'],
        ['Employment eligibility attestation', 'COMPLETED'],
        ['Confidentiality (HIPAA) agreement', 'PENDING'],
      ]);
      expect(body.missing.some((text: string) => text.includes('Confidentiality (HIPAA) agreement'))).toBe(true);
      expect((await aide.get('/api/onboarding/checklist/')).statusCode).toBe(200);
      expect((await admin.get('/api/onboarding/checklist/')).statusCode).toBe(403);
      const rows = await t.database.db
        .select()
        .from(formRequests)
        .where(and(eq(formRequests.employeeId, newhire.user.id), eq(formRequests.status, 'COMPLETED')));
      expect(rows).toHaveLength(2);
    });
  });
}
