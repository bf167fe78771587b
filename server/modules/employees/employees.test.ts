import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  employeeDocuments,
  employeeProfiles,
  formRequests,
  notifications,
  testRequests,
  users,
} from '../../db/schema';
import { PDF_BYTES } from '../../lib/multipart-test-helpers';
import { addDays } from '#domain/dates';
import { SUNRISE_OUTSIDE_THE_OFFICE, testApp, testBackends, type Caller, type TestApi } from '../../test-client';

for (const backend of testBackends()) {
  describe(`employees (${backend})`, () => {
    let t: TestApi;
    let admin: Caller;
    let harborAdmin: Caller;
    let master: Caller;
    let ids: Record<string, number>;

    beforeAll(async () => {
      t = await testApp({ backend });
      admin = await t.as('admin@sunrise.example');
      harborAdmin = await t.as('admin@harbor.example');
      master = await t.as('master@portal.example');
      const rows = await t.database.db.select({ id: users.id, email: users.email }).from(users);
      ids = Object.fromEntries(
        rows.map((r) => [r.email.split('@')[0] + (r.email.includes('harbor') ? '@harbor' : ''), r.id]),
      );
    });
    afterAll(async () => t?.close());

    const audits = (entity: string, entityId: number) =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
        .orderBy(auditLog.id);

    describe('employees_list', () => {
      it('lists the employees with forms due and document flags, by last name', async () => {
        const response = await admin.get('/api/employees/');
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.count).toBe(3);
        expect(body.results.map((e: { last_name: string }) => e.last_name)).toEqual(['Lindqvist', 'Okafor', 'Patel']);
        const [aide, nurse, newhire] = body.results;
        expect(aide).toMatchObject({
          email: 'aide@sunrise.example',
          status: 'READY',
          position: 'HHA',
          forms_due: 1,
          expired_documents: 0,
          expiring_documents: 0,
        });
        expect(nurse).toMatchObject({
          status: 'READY',
          position: 'RN',
          forms_due: 0,
          expired_documents: 0,
          expiring_documents: 1,
        });
        expect(newhire).toMatchObject({ status: 'NEW', position: 'HCC', forms_due: 2, invitation_pending: false });
      });

      it('filters by status, position, search (word prefixes) and expired documents, with matching counts', async () => {
        const names = async (query: string) => {
          const body = (await admin.get(`/api/employees/?${query}`)).json();
          expect(body.count).toBe(body.results.length);
          return body.results.map((e: { email: string }) => e.email.split('@')[0]);
        };
        expect(await names('status=NEW')).toEqual(['newhire']);
        expect(await names('status=READY&position=RN')).toEqual(['nurse']);
        expect(await names('position=CNA')).toEqual([]);
        expect(await names('search=oka')).toEqual(['nurse']);
        expect(await names('search=NORA%20ok')).toEqual(['nurse']);
        expect(await names('search=aide%40')).toEqual(['aide']);
        expect(await names('search=kafor')).toEqual([]);
        expect(await names('search=%25')).toEqual([]);
        expect(await names('expired=true')).toEqual([]);
        const [doc] = await t.database.db
          .select()
          .from(employeeDocuments)
          .where(eq(employeeDocuments.employeeId, ids.aide))
          .limit(1);
        await t.database.db
          .update(employeeDocuments)
          .set({ expiresOn: '2000-01-01' })
          .where(eq(employeeDocuments.id, doc.id));
        expect(await names('expired=true')).toEqual(['aide']);
        expect(await names('expired=false')).toEqual(['nurse', 'newhire']);
        expect((await admin.get('/api/employees/?expired=true')).json().results[0].expired_documents).toBe(1);
        await t.database.db
          .update(employeeDocuments)
          .set({ expiresOn: doc.expiresOn })
          .where(eq(employeeDocuments.id, doc.id));
        expect(await names('ordering=-last_name')).toEqual(['newhire', 'nurse', 'aide']);
        const paged = (await admin.get('/api/employees/?limit=2')).json();
        expect(paged).toMatchObject({ count: 3, previous: null });
        expect(paged.next).toContain('offset=2');
      });

      it('finds a person by the start of any field, whatever the punctuation, accents or case in their name and email', async () => {
        // the word index prefilters searches of plain letters and digits: it must never drop one the prefix test keeps
        const people = [
          { firstName: 'Siobhán', lastName: "O'Brien", email: 'siobhan.obrien+work@example.test' },
          { firstName: 'Jean-Luc', lastName: 'Smith-Jones', email: 'jl_smith-jones@example.test' },
          { firstName: 'Thi', lastName: 'Nguyễn', email: '2nd.nguyen@example.test' },
          { firstName: 'Anna', lastName: 'van der Berg', email: 'ANNA.VDB@Example.test' },
        ];
        const [sunrise] = await t.database.db
          .select({ organizationId: users.organizationId })
          .from(users)
          .where(eq(users.id, ids.nurse));
        const made = await t.database.db
          .insert(users)
          .values(
            people.map((p) => ({
              ...p,
              organizationId: sunrise.organizationId,
              role: 'ROLE_EMPLOYEE' as const,
              timezone: 'America/New_York',
            })),
          )
          .returning({ id: users.id, email: users.email });
        await t.database.db.insert(employeeProfiles).values(
          made.map((m) => ({
            userId: m.id,
            organizationId: sunrise.organizationId!,
            status: 'READY' as const,
            position: 'HHA' as const,
          })),
        );
        try {
          const found = async (search: string) =>
            (
              (await admin.get(`/api/employees/?search=${encodeURIComponent(search)}&limit=100`)).json().results as {
                email: string;
              }[]
            ).map((e) => e.email);
          for (const person of people) {
            for (const field of [person.firstName, person.lastName, person.email]) {
              for (const length of [1, 2, 3, 5, 8, field.length]) {
                const start = field.slice(0, length);
                if (/\s/.test(start)) continue; // a space splits the search into words, each its own prefix
                expect(await found(start), `${start} (${field})`).toContain(person.email);
                expect(await found(start.toUpperCase()), `${start.toUpperCase()} (${field})`).toContain(person.email);
              }
            }
          }
          expect(await found('siob brie')).toEqual([]);
          expect(await found('siob o')).toEqual(['siobhan.obrien+work@example.test']);
          expect(await found('anna van')).toEqual(['ANNA.VDB@Example.test']);
          expect(await found('berg')).toEqual([]);
        } finally {
          const madeIds = made.map((m) => m.id);
          for (const id of madeIds) {
            await t.database.db.delete(employeeProfiles).where(eq(employeeProfiles.userId, id));
            await t.database.db.delete(users).where(eq(users.id, id));
          }
        }
      });

      it('keeps the count in step when a role or status changes (the counts table)', async () => {
        const countOf = async (query = '') => (await admin.get(`/api/employees/?${query}`)).json().count;
        await t.database.db.update(users).set({ role: 'ROLE_CLIENT' }).where(eq(users.id, ids.aide));
        expect(await countOf()).toBe(2);
        expect(await countOf('status=READY')).toBe(1);
        await t.database.db.update(users).set({ role: 'ROLE_EMPLOYEE' }).where(eq(users.id, ids.aide));
        expect(await countOf()).toBe(3);
        expect(await countOf('status=READY&position=HHA')).toBe(1);
      });

      it('shows harbor nothing of sunrise, and lets the master choose', async () => {
        const harbor = (await harborAdmin.get('/api/employees/')).json();
        expect(harbor.results.map((e: { email: string }) => e.email)).toEqual(['tomas.reid@harbor.example']);
        expect((await master.in('sunrise').get('/api/employees/')).json().count).toBe(3);
        expect((await master.get('/api/employees/')).statusCode).toBe(400);
      });
    });

    describe('employees_create, retrieve and partial_update', () => {
      it('creates a NEW employee with the invitation and the onboarding items of the position', async () => {
        const response = await admin.post('/api/employees/', {
          email: 'Lena.Ortiz@Example.com',
          first_name: 'Lena',
          last_name: 'Ortiz',
          phone: '(555) 777-1234',
          position: 'RN',
        });
        expect(response.statusCode).toBe(201);
        const employee = response.json();
        expect(employee).toMatchObject({
          email: 'lena.ortiz@example.com',
          status: 'NEW',
          position: 'RN',
          invitation_pending: true,
          forms_due: 3,
          ready_at: null,
          application_id: null,
        });
        const mail = await t.waitForMail('lena.ortiz@example.com');
        expect(mail.text).toContain('/sign-up/');
        const docs = await t.database.db
          .select()
          .from(employeeDocuments)
          .where(eq(employeeDocuments.employeeId, employee.id));
        expect(docs.map((d) => d.name).sort()).toEqual([
          'CPR certification',
          "Driver's license",
          'Professional license',
          'TB test',
        ]);
        const tests = await t.database.db.select().from(testRequests).where(eq(testRequests.employeeId, employee.id));
        expect(tests).toHaveLength(1);
        const duplicate = await admin.post('/api/employees/', {
          email: 'lena.ortiz@example.com',
          first_name: 'L',
          last_name: 'O',
          position: 'RN',
        });
        expect(duplicate.statusCode).toBe(400);
        expect(duplicate.json().fields).toEqual({ email: ['A user with this email already exists.'] });
        const badPosition = await admin.post('/api/employees/', {
          email: 'x@example.com',
          first_name: 'L',
          last_name: 'O',
          position: 'CEO',
        });
        expect(badPosition.json().fields).toHaveProperty('position');
        expect((await audits('employee', employee.id)).map((a) => a.operationId)).toEqual(['employees_create']);
      });

      it('audits every read of an employee record and every change', async () => {
        const read = await admin.get(`/api/employees/${ids.nurse}/`);
        expect(read.statusCode).toBe(200);
        expect(read.json()).toMatchObject({ id: ids.nurse, status: 'READY', ready_at: expect.any(String) });
        const update = await admin.patch(`/api/employees/${ids.nurse}/`, { phone: '(555) 000-1111', position: 'LPN' });
        expect(update.json()).toMatchObject({ phone: '(555) 000-1111', position: 'LPN' });
        await admin.patch(`/api/employees/${ids.nurse}/`, { position: 'RN' });
        await admin.get(`/api/employees/${ids.nurse}/checklist/`);
        await admin.get(`/api/employees/${ids.nurse}/documents/`);
        await admin.get(`/api/employees/${ids.nurse}/notes/`);
        const rows = await audits('employee', ids.nurse);
        expect(rows.map((r) => r.operationId)).toEqual([
          'employees_retrieve',
          'employees_partial_update',
          'employees_partial_update',
          'employees_checklist_retrieve',
          'employees_documents_list',
          'employees_notes_list',
        ]);
        expect(rows[1].changedFields).toEqual({
          phone: { from: null, to: '(555) 000-1111' },
          position: { from: 'RN', to: 'LPN' },
        });
        expect(rows[0].actorId).toBe(admin.user.id);
      });

      it('answers 404 for ids of another organization and for non-employees, by every verb', async () => {
        for (const [method, url, payload] of [
          ['GET', `/api/employees/${ids.nurse}/`],
          ['PATCH', `/api/employees/${ids.nurse}/`, { phone: '1' }],
          ['GET', `/api/employees/${ids.nurse}/checklist/`],
          ['POST', `/api/employees/${ids.newhire}/ready/`],
          ['GET', `/api/employees/${ids.nurse}/notes/`],
          ['GET', `/api/employees/${ids.nurse}/documents/`],
          ['POST', `/api/employees/${ids.nurse}/documents/`, { name: 'Passport' }],
        ] as const) {
          const response = await harborAdmin.request({ method, url, ...(payload ? { payload } : {}) });
          expect(response.statusCode, `${method} ${url}`).toBe(404);
        }
        expect((await admin.get(`/api/employees/${ids.client}/`)).statusCode).toBe(404);
        expect((await admin.get(`/api/employees/${ids.admin}/`)).statusCode).toBe(404);
      });

      it('refuses employees, clients and marketers (403) and strangers (401)', async () => {
        for (const email of SUNRISE_OUTSIDE_THE_OFFICE) {
          const session = await t.as(email);
          expect((await session.get('/api/employees/')).statusCode).toBe(403);
          expect((await session.get(`/api/employees/${ids.aide}/`)).statusCode).toBe(403);
          expect((await session.get(`/api/employees/${ids.aide}/documents/`)).statusCode).toBe(403);
          expect((await session.post(`/api/employees/${ids.aide}/ready/`)).statusCode).toBe(403);
        }
        expect((await t.anonymous.get('/api/employees/')).statusCode).toBe(401);
      });
    });

    describe('notes', () => {
      it('adds notes typed by the organization’s note types, lists and deletes them', async () => {
        const types = await t.database.db.query.noteTypes.findMany();
        const interview = types.find(
          (n) => n.name === 'Interview' && n.organizationId === admin.user.organization?.id,
        )!;
        const harborType = types.find((n) => n.organizationId !== admin.user.organization?.id)!;
        const created = await admin.post(`/api/employees/${ids.newhire}/notes/`, {
          type_id: interview.id,
          text: 'Warm, punctual, strong references.',
        });
        expect(created.statusCode).toBe(201);
        expect(created.json()).toMatchObject({
          type: { id: interview.id, name: 'Interview' },
          text: 'Warm, punctual, strong references.',
          author: { id: admin.user.id, name: 'Alice Grant' },
        });
        const foreign = await admin.post(`/api/employees/${ids.newhire}/notes/`, { type_id: harborType.id, text: 'x' });
        expect(foreign.statusCode).toBe(400);
        expect(foreign.json().fields).toHaveProperty('type_id');
        const list = (await admin.get(`/api/employees/${ids.newhire}/notes/?type_id=${interview.id}`)).json();
        expect(list.count).toBe(1);
        expect((await admin.get(`/api/employees/${ids.newhire}/notes/?type_id=${interview.id + 1}`)).json().count).toBe(
          0,
        );
        const noteId = created.json().id;
        expect((await harborAdmin.delete(`/api/employees/${ids.newhire}/notes/${noteId}/`)).statusCode).toBe(404);
        const nurse = await t.as('nurse@sunrise.example');
        expect((await nurse.delete(`/api/employees/${ids.newhire}/notes/${noteId}/`)).statusCode).toBe(403);
        expect((await admin.delete(`/api/employees/${ids.newhire}/notes/${noteId}/`)).statusCode).toBe(204);
        expect((await admin.delete(`/api/employees/${ids.newhire}/notes/${noteId}/`)).statusCode).toBe(404);
        expect((await audits('employee_note', noteId)).map((a) => a.operationId)).toEqual([
          'employees_notes_create',
          'employees_notes_destroy',
        ]);
      });
    });

    describe('documents and ready to hire', () => {
      it('refuses ready with the missing list, then accepts once everything is done; the employee gains the READY permissions', async () => {
        const refused = await admin.post(`/api/employees/${ids.newhire}/ready/`);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ code: 'not_ready' });
        expect(refused.json().fields.checklist).toEqual([
          'Form "Employment eligibility attestation" is not completed.',
          'Form "Confidentiality (HIPAA) agreement" is not completed.',
          'Document "CPR certification" is not uploaded.',
          'Document "TB test" is not uploaded.',
          'Document "Driver\'s license" is not uploaded.',
          'No competency test has been passed yet.',
        ]);
        const newhire = await t.as('newhire@sunrise.example');
        expect(newhire.user.permissions).not.toContain('view-workschedules');

        // the employee uploads, the admin reviews
        const slots = (await newhire.get('/api/profile/documents/')).json();
        expect(slots.map((d: { status: string }) => d.status)).toEqual(['MISSING', 'MISSING', 'MISSING']);
        const inTwoYears = addDays(await t.today('sunrise'), 730);
        const nextYear = addDays(await t.today('sunrise'), 365);
        for (const slot of slots) {
          const upload = await newhire.upload(
            `/api/profile/documents/${slot.id}/file/`,
            { expires_on: inTwoYears },
            { field: 'file', name: 'card.pdf', data: PDF_BYTES },
          );
          expect(upload.statusCode).toBe(200);
          expect(upload.json()).toMatchObject({
            status: 'PENDING',
            expires_on: inTwoYears,
            file: { name: 'card.pdf', content_type: 'application/pdf' },
          });
        }
        const [first, ...rest] = slots;
        const rejected = await admin.patch(`/api/employees/${ids.newhire}/documents/${first.id}/`, {
          status: 'REJECTED',
        });
        expect(rejected.json().fields).toHaveProperty('review_note');
        const rejection = await admin.patch(`/api/employees/${ids.newhire}/documents/${first.id}/`, {
          status: 'REJECTED',
          review_note: 'The card is blurry.',
        });
        expect(rejection.json()).toMatchObject({ status: 'REJECTED', review_note: 'The card is blurry.' });
        const [reviewNotice] = await t.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, ids.newhire), eq(notifications.type, 'document_reviewed')));
        expect(reviewNotice.body).toContain('The card is blurry.');
        for (const slot of [first, ...rest]) {
          const approved = await admin.patch(`/api/employees/${ids.newhire}/documents/${slot.id}/`, {
            status: 'APPROVED',
            expires_on: nextYear,
          });
          expect(approved.json()).toMatchObject({ status: 'APPROVED', expires_on: nextYear, expired: false });
        }
        // forms and test (driven directly: the onboarding module owns those operations)
        await t.database.db
          .update(formRequests)
          .set({ status: 'COMPLETED', signedAt: t.clock.now() })
          .where(eq(formRequests.employeeId, ids.newhire));
        const stillRefused = await admin.post(`/api/employees/${ids.newhire}/ready/`);
        expect(stillRefused.json().fields.checklist).toEqual(['No competency test has been passed yet.']);
        await t.database.db
          .update(testRequests)
          .set({ status: 'PASSED', score: 100 })
          .where(eq(testRequests.employeeId, ids.newhire));
        const checklist = (await admin.get(`/api/employees/${ids.newhire}/checklist/`)).json();
        expect(checklist).toMatchObject({ ready: true, missing: [] });
        expect(checklist.tests[0]).toMatchObject({
          name: 'Caregiver competency',
          status: 'PASSED',
          score: 100,
          pass_mark: 80,
        });

        const ready = await admin.post(`/api/employees/${ids.newhire}/ready/`);
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toMatchObject({ status: 'READY', ready_at: expect.any(String), forms_due: 0 });
        const me = (await newhire.get('/api/auth/user/')).json();
        expect(me.profile).toMatchObject({ status: 'READY', forms_due: 0 });
        expect(me.permissions).toEqual(expect.arrayContaining(['view-workschedules', 'view-documents']));
        expect(me.permissions).not.toContain('view-onboarding');
        const [notice] = await t.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, ids.newhire), eq(notifications.type, 'employee_ready')));
        expect(notice.link).toBe('/work-schedule');
        const mail = await t.waitForMail('newhire@sunrise.example');
        expect(mail.subject).toBe('You are ready to work');
        // READY keeps self-service documents through view-documents
        expect((await newhire.get('/api/profile/documents/')).statusCode).toBe(200);
        const rows = await audits('employee', ids.newhire);
        expect(rows.map((r) => r.operationId)).toContain('employees_ready_create');
      });

      it('requests a document slot by type or by name and tells the employee', async () => {
        const created = await admin.post(`/api/employees/${ids.aide}/documents/`, {
          name: 'Hepatitis B vaccination',
          requires_expiry: false,
        });
        expect(created.statusCode).toBe(201);
        expect(created.json()).toMatchObject({
          name: 'Hepatitis B vaccination',
          status: 'MISSING',
          required: true,
          requires_expiry: false,
          file: null,
        });
        const neither = await admin.post(`/api/employees/${ids.aide}/documents/`, {});
        expect(neither.statusCode).toBe(400);
        const [notice] = await t.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, ids.aide), eq(notifications.type, 'document_requested')));
        expect(notice.title).toBe('Please upload Hepatitis B vaccination');
        const approveEmpty = await admin.patch(`/api/employees/${ids.aide}/documents/${created.json().id}/`, {
          status: 'APPROVED',
        });
        expect(approveEmpty.statusCode).toBe(400);
      });
    });
  });
}
