import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  auditLog,
  employeeDocuments,
  files,
  formRequests,
  notifications,
  testRequests,
  users,
} from '../../db/schema';
import {
  storedFileCount,
  SUNRISE_OUTSIDE_THE_OFFICE,
  testApp,
  testBackends,
  type Caller,
  type TestApi,
} from '../../test-client';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { zipSync } from 'fflate';
import { moveLegacySignatures } from '../../lib/signature-files';
import { minimalDocx, PDF_BYTES, PNG_BYTES, SIGNATURE } from '../../lib/multipart-test-helpers';

const FORM = {
  position: 'HHA',
  first_name: 'Rosa',
  last_name: 'Delgado',
  email: 'rosa.delgado@applicant.example',
  phone: '(555) 123-4567',
  address: '12 Elm Street, Springfield',
  availability: JSON.stringify({
    days: ['MON', 'WED'],
    shifts: ['MORNING'],
    start_date: '2026-09-01',
    hours_per_week: 30,
  }),
  experience: 'Three years caring for my grandmother; CNA course.',
  years_experience: '3',
  attestation: 'true',
  attestation_signature: SIGNATURE,
};

for (const backend of testBackends()) {
  describe(`applications (${backend})`, () => {
    let t: TestApi;
    let admin: Caller;
    let harborAdmin: Caller;
    let master: Caller;

    beforeAll(async () => {
      t = await testApp({ backend });
      admin = await t.as('admin@sunrise.example');
      harborAdmin = await t.as('admin@harbor.example');
      master = await t.as('master@portal.example');
    });
    afterAll(async () => t?.close());

    const apply = (
      fields: Record<string, string>,
      file: { name: string; data: Buffer } | null = { name: 'resume.pdf', data: PDF_BYTES },
      org: string | null = 'sunrise',
    ) => t.anonymous.in(org).upload('/api/applications/', fields, file ? { field: 'resume', ...file } : null);

    it('takes a public application with its resume and tells the admins, in the app and by mail', async () => {
      const mailsBefore = (await t.mails()).length;
      const response = await apply(FORM);
      expect(response.statusCode).toBe(201);
      const { id, status } = response.json();
      expect(status).toBe('PENDING');
      const detail = await admin.get(`/api/applications/${id}/`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({
        id,
        status: 'PENDING',
        position: 'HHA',
        first_name: 'Rosa',
        email: 'rosa.delgado@applicant.example',
        availability: { days: ['MON', 'WED'], shifts: ['MORNING'], start_date: '2026-09-01', hours_per_week: 30 },
        years_experience: 3,
        resume: { name: 'resume.pdf', size: PDF_BYTES.length, content_type: 'application/pdf' },
        reviewed_by: null,
        rejection_reason: null,
        employee_id: null,
      });
      const [notice] = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, admin.user.id), eq(notifications.type, 'application_received')));
      expect(notice.link).toBe(`/applications?id=${id}`);
      const mails = await t.mails();
      expect(mails.length).toBeGreaterThan(mailsBefore);
      const mail = mails.find(
        (m) => m.to === 'admin@sunrise.example' && m.subject === 'New job applications at Sunrise Home Care',
      );
      expect(mail?.text).toContain('http://portal.test/applications');
      expect(mail?.text).not.toContain('Rosa'); // the mail says that something waits, not who

      // a second application within 15 minutes: a notification, no second mail
      expect((await apply({ ...FORM, first_name: 'Ines', email: 'ines@applicant.example' })).statusCode).toBe(201);
      const notices = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, admin.user.id), eq(notifications.type, 'application_received')));
      expect(notices.map((n) => n.title)).toEqual(
        expect.arrayContaining([expect.stringContaining('Rosa Delgado'), expect.stringContaining('Ines Delgado')]),
      );
      expect(
        (await t.mails()).filter(
          (m) => m.to === 'admin@sunrise.example' && m.subject === 'New job applications at Sunrise Home Care',
        ),
      ).toHaveLength(1);

      const resume = await admin.get(`/api/applications/${id}/resume/`);
      expect(resume.statusCode).toBe(200);
      expect(resume.headers['content-type']).toBe('application/pdf');
      expect(resume.headers['content-disposition']).toMatch(/^attachment; filename="resume.pdf"/);
      expect(resume.headers['x-content-type-options']).toBe('nosniff');
      expect(resume.rawPayload.equals(PDF_BYTES)).toBe(true);
    });

    it('checks the resume by content and size, naming the field, and keeps nothing of a refused upload', async () => {
      const before = { rows: (await t.database.db.select().from(files)).length, stored: await storedFileCount(t) };
      const disguised = await apply(FORM, { name: 'resume.pdf', data: PNG_BYTES });
      expect(disguised.statusCode).toBe(400);
      expect(disguised.json().fields).toEqual({ resume: ['File type must be .pdf, .doc, .docx'] });
      // the first bytes are not enough: a PDF must open, a .docx must be a ZIP holding its document
      const anyZip = Buffer.from(
        zipSync({ 'notes.txt': new TextEncoder().encode('word/document.xml [Content_Types].xml') }),
      );
      for (const [name, data] of [
        ['resume.pdf', Buffer.from('%PDF-1.7\n' + 'junk '.repeat(200))],
        ['resume.docx', anyZip],
        [
          'resume.docx',
          Buffer.concat([
            Buffer.from([0x50, 0x4b, 0x03, 0x04]),
            Buffer.from('....[Content_Types].xml....word/document.xml....'),
          ]),
        ],
        ['resume.pdf', PDF_BYTES.subarray(0, PDF_BYTES.length / 3)],
      ] as const) {
        const refused = await apply({ ...FORM, email: `junk.${name}@applicant.example` }, { name, data });
        expect(refused.statusCode, name).toBe(400);
        expect(refused.json().fields, name).toEqual({ resume: ['File type must be .pdf, .doc, .docx'] });
      }
      const huge = Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024 + 1 - PDF_BYTES.length, 0x20)]);
      const tooLarge = await apply(FORM, { name: 'resume.pdf', data: huge });
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toMatchObject({
        code: 'file_too_large',
        fields: { resume: ['The file must be at most 10 MB.'] },
      });
      const exactly = Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024 - PDF_BYTES.length, 0x20)]);
      const missing = await apply(FORM, null);
      expect(missing.json().fields).toEqual({ resume: ['No file was submitted.'] });
      const badFields = await apply(
        { ...FORM, email: 'nope', attestation: 'false', attestation_signature: '' },
        { name: 'r.pdf', data: PDF_BYTES },
      );
      expect(badFields.statusCode).toBe(400);
      expect(Object.keys(badFields.json().fields).sort()).toEqual(['attestation', 'attestation_signature', 'email']);
      expect((await t.database.db.select().from(files)).length).toBe(before.rows);
      expect(await storedFileCount(t)).toBe(before.stored);
      const accepted = await apply(
        { ...FORM, email: 'exactly.ten@applicant.example' },
        { name: 'cv.pdf', data: exactly },
      );
      expect(accepted.statusCode).toBe(201);
    });

    it('accepts a Word resume (.docx and .doc) whatever its name says', async () => {
      const docx = minimalDocx('Rosa Delgado, home health aide');
      const response = await apply({ ...FORM, email: 'word@applicant.example' }, { name: 'my resume', data: docx });
      expect(response.statusCode).toBe(201);
      const detail = (await admin.get(`/api/applications/${response.json().id}/`)).json();
      expect(detail.resume).toMatchObject({
        name: 'my resume.docx',
        content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      });
    });

    it('needs the organization header to apply', async () => {
      const response = await apply({ ...FORM, email: 'noorg@applicant.example' }, undefined, null);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty('X-ORGANIZATION-TOKEN');
    });

    it('accepts: the applicant becomes a NEW employee with the sign-up mail and the onboarding items', async () => {
      const { id } = (
        await apply({ ...FORM, email: 'hired@applicant.example', first_name: 'Hana', last_name: 'Kim' })
      ).json();
      const response = await admin.post(`/api/applications/${id}/accept/`);
      expect(response.statusCode).toBe(200);
      const { application, employee } = response.json();
      expect(application).toMatchObject({
        status: 'ACCEPTED',
        employee_id: employee.id,
        reviewed_by: { id: admin.user.id, name: 'Alice Grant' },
      });
      expect(employee).toMatchObject({
        email: 'hired@applicant.example',
        status: 'NEW',
        position: 'HHA',
        invitation_pending: true,
        application_id: id,
        forms_due: 3,
      });
      const mail = await t.waitForMail('hired@applicant.example');
      expect(mail.text).toMatch(/\/sign-up\/[^/\s]+\/[^/\s]+\/sunrise/);
      const forms = await t.database.db.select().from(formRequests).where(eq(formRequests.employeeId, employee.id));
      expect(forms).toHaveLength(3);
      const docs = await t.database.db
        .select()
        .from(employeeDocuments)
        .where(eq(employeeDocuments.employeeId, employee.id));
      expect(docs.map((d) => d.name).sort()).toEqual(['CPR certification', "Driver's license", 'TB test']);
      const tests = await t.database.db.select().from(testRequests).where(eq(testRequests.employeeId, employee.id));
      expect(tests).toHaveLength(1);
      const again = await admin.post(`/api/applications/${id}/accept/`);
      expect(again.statusCode).toBe(409);
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'application'), eq(auditLog.entityId, String(id))));
      expect(audits.map((a) => a.operationId)).toEqual(['applications_create', 'applications_accept_create']);
    });

    it('refuses to accept an applicant whose email already has an account', async () => {
      const { id } = (await apply({ ...FORM, email: 'nurse@sunrise.example' })).json();
      const response = await admin.post(`/api/applications/${id}/accept/`);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ email: ['A user with this email already exists.'] });
      const [row] = await t.database.db.select().from(applications).where(eq(applications.id, id));
      expect(row.status).toBe('PENDING');
    });

    it('rejects only with a reason, and keeps it', async () => {
      const { id } = (await apply({ ...FORM, email: 'rejected@applicant.example' })).json();
      const blank = await admin.post(`/api/applications/${id}/reject/`, { reason: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().fields).toHaveProperty('reason');
      const none = await admin.post(`/api/applications/${id}/reject/`, {});
      expect(none.json().fields).toHaveProperty('reason');
      const response = await admin.post(`/api/applications/${id}/reject/`, { reason: 'No availability on weekends.' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'REJECTED', rejection_reason: 'No availability on weekends.' });
      expect((await admin.get(`/api/applications/${id}/`)).json().rejection_reason).toBe(
        'No availability on weekends.',
      );
      expect((await admin.post(`/api/applications/${id}/accept/`)).statusCode).toBe(409);
    });

    it('lists by status, position and search, newest first, paged', async () => {
      const list = (await admin.get('/api/applications/?status=REJECTED')).json();
      expect(list.results.every((a: { status: string }) => a.status === 'REJECTED')).toBe(true);
      const search = (await admin.get('/api/applications/?search=hana%20kim')).json();
      expect(search.results.map((a: { email: string }) => a.email)).toEqual(['hired@applicant.example']);
      const all = (await admin.get('/api/applications/?limit=2')).json();
      expect(all.results).toHaveLength(2);
      expect(all.next).toContain('offset=2');
      const times = all.results.map((a: { created_at: string }) => a.created_at);
      expect([...times].sort().reverse()).toEqual(times);
      const master = (await masterSession().in('sunrise').get('/api/applications/')).json();
      expect(master.count).toBe((await admin.get('/api/applications/')).json().count);
    });
    const masterSession = () => master;

    it('answers a page of 50 signed applications in under 100 KB: each links to its signature, read back byte for byte', async () => {
      // a drawn signature from a high-density phone screen: noise does not compress, like a real stroke image
      const raw = randomBytes(260 * 120 * 4);
      const drawn = await sharp(raw, { raw: { width: 260, height: 120, channels: 4 } })
        .png()
        .toBuffer();
      expect(drawn.length).toBeGreaterThan(100_000);
      const ids: number[] = [];
      for (let i = 0; i < 50; i += 1) {
        const response = await apply({
          ...FORM,
          last_name: `Signed${i}`,
          email: `signed${i}@applicant.example`,
          attestation_signature: `data:image/png;base64,${drawn.toString('base64')}`,
        });
        expect(response.statusCode, response.body).toBe(201);
        ids.push(response.json().id);
      }
      const page = await admin.get('/api/applications/?search=signed&limit=50');
      expect(page.statusCode).toBe(200);
      expect(page.json().results).toHaveLength(50);
      expect(page.rawPayload.length).toBeLessThan(100 * 1024);
      console.info(
        `[applications ${backend}] 50-row page: ${page.rawPayload.length} bytes; the signatures inline would add ${50 * (drawn.toString('base64').length + 22)} bytes`,
      );
      const row = page.json().results.find((a: { id: number }) => a.id === ids[7]);
      expect(row.attestation_signature_url).toBe(`/api/applications/${ids[7]}/signature/`);
      const image = await admin.get(row.attestation_signature_url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(drawn)).toBe(true);
      // a signature that is no image is refused at the field, and nothing is kept
      const before = (await t.database.db.select().from(files)).length;
      const junk = await apply({
        ...FORM,
        email: 'junk.signature@applicant.example',
        attestation_signature: `data:image/png;base64,${drawn.subarray(0, 200).toString('base64')}`,
      });
      expect(junk.statusCode).toBe(400);
      expect(junk.json().fields).toEqual({ attestation_signature: ['Upload a valid PNG image.'] });
      expect((await t.database.db.select().from(files)).length).toBe(before);
    });

    it('moves a signature kept as a data URL (before migration 0010) into a file, once, however many processes start', async () => {
      const { id } = (await apply({ ...FORM, email: 'legacy@applicant.example' })).json();
      const [{ fileId }] = await t.database.db
        .select({ fileId: applications.attestationSignatureFileId })
        .from(applications)
        .where(eq(applications.id, id));
      // as a row written by the old code looks
      await t.database.db
        .update(applications)
        .set({ attestationSignatureFileId: null, legacyAttestationSignature: SIGNATURE })
        .where(eq(applications.id, id));
      await t.database.db.delete(files).where(eq(files.id, fileId!));
      expect((await admin.get(`/api/applications/${id}/`)).json().attestation_signature_url).toBeNull();
      const filesBefore = (await t.database.db.select().from(files)).length;
      const moved = await Promise.all([
        moveLegacySignatures(t.app),
        moveLegacySignatures(t.app),
        moveLegacySignatures(t.app),
      ]);
      expect(moved.reduce((a, b) => a + b, 0)).toBe(1);
      expect((await t.database.db.select().from(files)).length).toBe(filesBefore + 1);
      const [after] = await t.database.db.select().from(applications).where(eq(applications.id, id));
      expect(after.legacyAttestationSignature).toBeNull();
      const detail = (await admin.get(`/api/applications/${id}/`)).json();
      expect(detail.attestation_signature_url).toBe(`/api/applications/${id}/signature/`);
      expect((await admin.get(detail.attestation_signature_url)).rawPayload.equals(PNG_BYTES)).toBe(true);
    });

    it('keeps applications inside their organization and away from other roles', async () => {
      const { id } = (await apply({ ...FORM, email: 'tenancy@applicant.example' })).json();
      for (const url of [
        `/api/applications/${id}/`,
        `/api/applications/${id}/resume/`,
        `/api/applications/${id}/signature/`,
      ]) {
        expect((await harborAdmin.get(url)).statusCode).toBe(404);
        expect((await master.in('harbor').get(url)).statusCode).toBe(404);
      }
      expect((await harborAdmin.post(`/api/applications/${id}/accept/`)).statusCode).toBe(404);
      expect(
        (await harborAdmin.get('/api/applications/')).json().results.some((a: { id: number }) => a.id === id),
      ).toBe(false);
      expect((await admin.in('harbor').get('/api/applications/')).statusCode).toBe(403);
      for (const email of SUNRISE_OUTSIDE_THE_OFFICE) {
        const session = await t.as(email);
        expect((await session.get('/api/applications/')).statusCode).toBe(403);
        expect((await session.get(`/api/applications/${id}/resume/`)).statusCode).toBe(403);
        expect((await session.get(`/api/applications/${id}/signature/`)).statusCode).toBe(403);
        expect((await session.post(`/api/applications/${id}/reject/`, { reason: 'x' })).statusCode).toBe(403);
      }
      expect((await t.anonymous.get('/api/applications/')).statusCode).toBe(401);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, 'tenancy@applicant.example'));
      expect(row).toBeUndefined();
    });
  });
}
