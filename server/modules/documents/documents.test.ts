import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, employeeDocuments, files, notifications, users } from '../../db/schema';
import { addDays, zonedTime } from '#domain/dates';
import { DEMO_TIMEZONES } from '../../db/seed';
import { PDF_BYTES, PNG_BYTES } from '../../lib/multipart-test-helpers';
import { storedFileCount, testApp, testBackends, type Caller, type TestApi } from '../../test-client';
import { sweepExpiringDocuments } from './expiry-sweep';

for (const backend of testBackends()) {
  describe(`documents (${backend})`, () => {
    let t: TestApi;
    let admin: Caller;
    let newhire: Caller;
    let aide: Caller;
    let harborAdmin: Caller;
    let slotIds: number[];
    /** Expiry dates a year or two ahead of the organization's today (never a fixed date the calendar overtakes). */
    let nextYear: string;
    let inTwoYears: string;

    beforeAll(async () => {
      t = await testApp({ backend });
      nextYear = addDays(await t.today('sunrise'), 365);
      inTwoYears = addDays(await t.today('sunrise'), 730);
      admin = await t.as('admin@sunrise.example');
      newhire = await t.as('newhire@sunrise.example');
      aide = await t.as('aide@sunrise.example');
      harborAdmin = await t.as('admin@harbor.example');
      const rows = await t.database.db
        .select()
        .from(employeeDocuments)
        .where(eq(employeeDocuments.employeeId, newhire.user.id))
        .orderBy(employeeDocuments.id);
      slotIds = rows.map((r) => r.id);
    });
    afterAll(async () => t?.close());

    const upload = (
      caller: Caller,
      id: number,
      fields: Record<string, string>,
      file: { name: string; data: Buffer } | null,
    ) => caller.upload(`/api/profile/documents/${id}/file/`, fields, file ? { field: 'file', ...file } : null);

    it('lists one’s own documents (NEW through view-onboarding, READY through view-documents)', async () => {
      const mine = await newhire.get('/api/profile/documents/');
      expect(mine.statusCode).toBe(200);
      expect(mine.json().map((d: { name: string }) => d.name)).toEqual([
        'CPR certification',
        'TB test',
        "Driver's license",
      ]);
      const aides = (await aide.get('/api/profile/documents/')).json();
      expect(aides).toHaveLength(3);
      expect(aides.every((d: { status: string }) => d.status === 'APPROVED')).toBe(true);
      for (const email of ['client@sunrise.example', 'marketer@sunrise.example']) {
        const session = await t.as(email);
        expect((await session.get('/api/profile/documents/')).statusCode).toBe(403);
      }
    });

    it('checks the type by content and the size, names the field, and leaves no row or file behind', async () => {
      const before = { rows: (await t.database.db.select().from(files)).length, stored: await storedFileCount(t) };
      const disguised = await upload(
        newhire,
        slotIds[0],
        { expires_on: nextYear },
        { name: 'card.pdf', data: Buffer.from('GIF89a not a pdf') },
      );
      expect(disguised.statusCode).toBe(400);
      expect(disguised.json().fields).toEqual({ file: ['File type must be .pdf, .png, .jpg, .jpeg'] });
      // an image must decode, within sane dimensions
      const truncated = await upload(
        newhire,
        slotIds[0],
        { expires_on: nextYear },
        { name: 'card.png', data: PNG_BYTES.subarray(0, 40) },
      );
      expect(truncated.json().fields).toEqual({ file: ['File type must be .pdf, .png, .jpg, .jpeg'] });
      const { default: sharp } = await import('sharp');
      const enormous = await sharp({ create: { width: 20_000, height: 10, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();
      const tooWide = await upload(newhire, slotIds[0], { expires_on: nextYear }, { name: 'card.png', data: enormous });
      expect(tooWide.json().fields).toEqual({ file: ['File type must be .pdf, .png, .jpg, .jpeg'] });

      const huge = await upload(
        newhire,
        slotIds[0],
        { expires_on: nextYear },
        { name: 'card.png', data: Buffer.concat([PNG_BYTES, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG_BYTES.length)]) },
      );
      expect(huge.statusCode).toBe(413);
      expect(huge.json().fields).toEqual({ file: ['The file must be at most 10 MB.'] });
      const noExpiry = await upload(newhire, slotIds[0], {}, { name: 'card.pdf', data: PDF_BYTES });
      expect(noExpiry.json().fields).toEqual({ expires_on: ['This document needs its expiry date.'] });
      const pastExpiry = await upload(
        newhire,
        slotIds[0],
        { expires_on: '2001-01-01' },
        { name: 'card.pdf', data: PDF_BYTES },
      );
      expect(pastExpiry.json().fields).toHaveProperty('expires_on');
      const notMultipart = await newhire.post(`/api/profile/documents/${slotIds[0]}/file/`, { expires_on: nextYear });
      expect(notMultipart.statusCode).toBe(400);
      expect((await t.database.db.select().from(files)).length).toBe(before.rows);
      expect(await storedFileCount(t)).toBe(before.stored);
      const [slot] = await t.database.db.select().from(employeeDocuments).where(eq(employeeDocuments.id, slotIds[0]));
      expect(slot.status).toBe('MISSING');
    });

    it('takes a PNG with a .pdf name as a PNG, notifies the admins, and serves the file to its owner and the admin only', async () => {
      const response = await upload(
        newhire,
        slotIds[0],
        { expires_on: nextYear },
        { name: 'cpr.pdf', data: PNG_BYTES },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'PENDING',
        file: { name: 'cpr.png', content_type: 'image/png', size: PNG_BYTES.length },
      });
      const [notice] = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, admin.user.id), eq(notifications.type, 'document_uploaded')));
      expect(notice).toMatchObject({
        title: 'Noah Patel uploaded CPR certification',
        link: `/employees/${newhire.user.id}/documents`,
      });

      const url = `/api/documents/${slotIds[0]}/file/`;
      for (const session of [newhire, admin]) {
        const file = await session.get(url);
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('image/png');
        expect(file.headers['content-disposition']).toMatch(/^attachment;/);
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
      }
      const master = await t.as('master@portal.example', { organization: 'sunrise' });
      expect((await master.get(url)).statusCode).toBe(200);
      expect((await master.in('harbor').get(url)).statusCode).toBe(404);
      // another employee: as if it did not exist; an admin of another organization: not found either
      expect((await aide.get(url)).statusCode).toBe(404);
      expect((await harborAdmin.get(url)).statusCode).toBe(404);
      for (const email of ['client@sunrise.example', 'marketer@sunrise.example']) {
        expect((await (await t.as(email)).get(url)).statusCode).toBe(403);
      }
      // and nobody uploads into someone else's slot
      const foreign = await upload(aide, slotIds[1], { expires_on: nextYear }, { name: 'x.pdf', data: PDF_BYTES });
      expect(foreign.statusCode).toBe(404);
      const reads = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'employee_document'), eq(auditLog.entityId, String(slotIds[0]))));
      // the owner's reading is audited too: the owner, the admin and the master
      expect(reads.map((r) => r.operationId)).toEqual([
        'profile_documents_upload_create',
        'documents_file_retrieve',
        'documents_file_retrieve',
        'documents_file_retrieve',
      ]);
    });

    it('replaces a rejected upload', async () => {
      const rejected = await admin.patch(`/api/employees/${newhire.user.id}/documents/${slotIds[0]}/`, {
        status: 'REJECTED',
        review_note: 'Expired card.',
      });
      expect(rejected.json().status).toBe('REJECTED');
      const again = await upload(
        newhire,
        slotIds[0],
        { expires_on: inTwoYears },
        { name: 'cpr-new.pdf', data: PDF_BYTES },
      );
      expect(again.json()).toMatchObject({
        status: 'PENDING',
        review_note: null,
        expires_on: inTwoYears,
        file: { name: 'cpr-new.pdf' },
      });
    });

    it('lets the office upload a paper document for an employee: the same checks and expiry date, waiting for review, the uploader audited', async () => {
      const officeUpload = (
        caller: Caller,
        employeeId: number,
        id: number,
        fields: Record<string, string>,
        file: { name: string; data: Buffer } | null,
      ) =>
        caller.upload(
          `/api/employees/${employeeId}/documents/${id}/file/`,
          fields,
          file ? { field: 'file', ...file } : null,
        );
      const license = slotIds[2];
      const before = { rows: (await t.database.db.select().from(files)).length, stored: await storedFileCount(t) };
      // the employee's checks: the content decides the type, the size, the expiry date
      const disguised = await officeUpload(
        admin,
        newhire.user.id,
        license,
        { expires_on: nextYear },
        { name: 'license.pdf', data: Buffer.from('GIF89a not a pdf') },
      );
      expect(disguised.statusCode).toBe(400);
      expect(disguised.json().fields).toEqual({ file: ['File type must be .pdf, .png, .jpg, .jpeg'] });
      const huge = await officeUpload(
        admin,
        newhire.user.id,
        license,
        { expires_on: nextYear },
        {
          name: 'license.png',
          data: Buffer.concat([PNG_BYTES, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG_BYTES.length)]),
        },
      );
      expect(huge.statusCode).toBe(413);
      const noExpiry = await officeUpload(
        admin,
        newhire.user.id,
        license,
        {},
        { name: 'license.pdf', data: PDF_BYTES },
      );
      expect(noExpiry.json().fields).toEqual({ expires_on: ['This document needs its expiry date.'] });
      const pastExpiry = await officeUpload(
        admin,
        newhire.user.id,
        license,
        { expires_on: '2001-01-01' },
        { name: 'license.pdf', data: PDF_BYTES },
      );
      expect(pastExpiry.json().fields).toEqual({ expires_on: ['This document has already expired.'] });
      // not the employee's slot, another organization's admin, the employee themselves: refused
      const refusals: [Caller, number, number][] = [
        [admin, aide.user.id, 404],
        [harborAdmin, newhire.user.id, 404],
        [newhire, newhire.user.id, 403],
      ];
      for (const [caller, employeeId, status] of refusals) {
        const file = { name: 'license.pdf', data: PDF_BYTES };
        const refused = await officeUpload(caller, employeeId, license, { expires_on: nextYear }, file);
        expect(refused.statusCode).toBe(status);
      }
      expect((await t.database.db.select().from(files)).length).toBe(before.rows);
      expect(await storedFileCount(t)).toBe(before.stored);

      const uploaded = await officeUpload(
        admin,
        newhire.user.id,
        license,
        { expires_on: inTwoYears },
        { name: 'license.pdf', data: PDF_BYTES },
      );
      expect(uploaded.statusCode).toBe(200);
      expect(uploaded.json()).toMatchObject({
        id: license,
        status: 'PENDING',
        expires_on: inTwoYears,
        file: { name: 'license.pdf', content_type: 'application/pdf' },
      });
      // the employee sees it among their documents, and is told
      const mine = (await newhire.get('/api/profile/documents/')).json();
      expect(mine.find((d: { id: number }) => d.id === license)).toMatchObject({
        status: 'PENDING',
        expires_on: inTwoYears,
        file: { name: 'license.pdf' },
      });
      const [told] = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, newhire.user.id), eq(notifications.type, 'document_uploaded')));
      expect(told).toMatchObject({ title: "The office uploaded Driver's license for you", link: '/profile/documents' });
      // who uploaded it: the stored file and the audit log name the admin
      const [slot] = await t.database.db.select().from(employeeDocuments).where(eq(employeeDocuments.id, license));
      const [file] = await t.database.db.select().from(files).where(eq(files.id, slot.fileId!));
      expect(file.createdById).toBe(admin.user.id);
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.operationId, 'employees_documents_upload_create'), eq(auditLog.entityId, String(license))),
        );
      expect(audit).toMatchObject({ actorId: admin.user.id, entity: 'employee_document' });
      expect(audit.changedFields).toMatchObject({
        event: 'office-upload',
        employee_id: newhire.user.id,
        uploaded_by: { id: admin.user.id, role: 'ROLE_ADMIN' },
        expires_on: inTwoYears,
      });
    });

    it('warns 30 and 7 days ahead and on expiry, once each, the employee and the admins, by mail too', async () => {
      const today = await t.today('sunrise');
      // local noon: whole days later are whole local days later, across a daylight-saving change too
      t.clock.set(zonedTime(DEMO_TIMEZONES.sunrise, today, '12:00'));
      const [nurse] = await t.database.db.select().from(users).where(eq(users.email, 'nurse@sunrise.example'));
      const nurseDocs = await t.database.db
        .select()
        .from(employeeDocuments)
        .where(eq(employeeDocuments.employeeId, nurse.id))
        .orderBy(employeeDocuments.id);
      // the seeded CPR card (20 days ahead) was already warned at 30 days
      const cpr = nurseDocs.find((d) => d.name === 'CPR certification')!;
      expect(cpr.warned30At).not.toBeNull();
      const tb = nurseDocs.find((d) => d.name === 'TB test')!;
      await t.database.db
        .update(employeeDocuments)
        .set({ expiresOn: addDays(today, 25) })
        .where(eq(employeeDocuments.id, tb.id));
      const kinds = () =>
        t.database.db
          .select({ type: notifications.type, userId: notifications.userId, title: notifications.title })
          .from(notifications)
          .where(
            and(
              inArray(notifications.type, ['document_expiring', 'document_expired']),
              inArray(notifications.userId, [nurse.id, admin.user.id]),
            ),
          );
      const before = (await kinds()).length;

      expect(await sweepExpiringDocuments(t.app)).toEqual({ expired: 0, in7: 0, in30: 1 });
      expect(await sweepExpiringDocuments(t.app)).toEqual({ expired: 0, in7: 0, in30: 0 });
      const afterFirst = await kinds();
      expect(afterFirst.length - before).toBe(2);
      expect(
        afterFirst.some((n) => n.userId === nurse.id && n.title === `Your TB test expires on ${addDays(today, 25)}`),
      ).toBe(true);
      expect(
        afterFirst.some(
          (n) => n.userId === admin.user.id && n.title === `Nora Okafor's TB test expires on ${addDays(today, 25)}`,
        ),
      ).toBe(true);
      // the mails say that a document expires, not which one, whose or when
      const expiring = (await t.mails()).filter((m) => m.subject === 'A document expires soon');
      expect(expiring.map((m) => m.to).sort()).toEqual(['admin@sunrise.example', 'nurse@sunrise.example']);
      for (const mail of expiring)
        expect(`${mail.subject}\n${mail.text}`).not.toMatch(/TB|Nora|Okafor|\d{4}-\d\d-\d\d/);

      t.clock.advance(19 * 86_400); // 6 days before the TB test, 1 day before the CPR card
      expect(await sweepExpiringDocuments(t.app)).toEqual({ expired: 0, in7: 2, in30: 0 });
      t.clock.advance(2 * 86_400); // the CPR card has expired
      expect(await sweepExpiringDocuments(t.app)).toEqual({ expired: 1, in7: 0, in30: 0 });
      expect(await sweepExpiringDocuments(t.app)).toEqual({ expired: 0, in7: 0, in30: 0 });
      const expired = (await kinds()).filter((n) => n.type === 'document_expired');
      expect(expired.map((n) => n.userId).sort()).toEqual([nurse.id, admin.user.id].sort());
      // and the list flags it (a new sign-in: three weeks passed)
      admin = await t.as('admin@sunrise.example');
      const list = await admin.get('/api/employees/?expired=true');
      expect(
        list.json().results.map((e: { id: number; expired_documents: number }) => [e.id, e.expired_documents]),
      ).toEqual([[nurse.id, 1]]);
      const docs = (await admin.get(`/api/employees/${nurse.id}/documents/`)).json();
      expect(docs.find((d: { name: string }) => d.name === 'CPR certification')).toMatchObject({
        expired: true,
        expiring_soon: false,
      });
      expect(docs.find((d: { name: string }) => d.name === 'TB test')).toMatchObject({
        expired: false,
        expiring_soon: true,
      });
    });

    it('two sweeps at once warn once (the claim is atomic)', async () => {
      const [doc] = await t.database.db
        .select()
        .from(employeeDocuments)
        .where(eq(employeeDocuments.employeeId, aide.user.id))
        .limit(1);
      const today = await t.today('sunrise');
      await t.database.db
        .update(employeeDocuments)
        .set({ expiresOn: addDays(today, 3) })
        .where(eq(employeeDocuments.id, doc.id));
      const results = await Promise.all([
        sweepExpiringDocuments(t.app),
        sweepExpiringDocuments(t.app),
        sweepExpiringDocuments(t.app),
      ]);
      expect(results.reduce((sum, r) => sum + r.in7, 0)).toBe(1);
    });
  });
}
