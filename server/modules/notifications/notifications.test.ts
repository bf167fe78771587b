import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, organizations } from '../../db/schema';
import { createTestApp, testBackends, type TestApp } from '../../test-support';
import { notify } from './service';

type Session = Awaited<ReturnType<TestApp['login']>>;

for (const backend of testBackends()) {
  describe(`notifications (${backend})`, () => {
    let t: TestApp;
    let nurse: Session;
    let admin: Session;
    let harborAdmin: Session;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      t = await createTestApp({ backend });
      nurse = await t.login('nurse@sunrise.example');
      admin = await t.login('admin@sunrise.example');
      harborAdmin = await t.login('admin@harbor.example');
      const orgs = await t.database.db.select().from(organizations);
      const sunriseId = orgs.find((o) => o.token === 'sunrise')!.id;
      const harborId = orgs.find((o) => o.token === 'harbor')!.id;
      const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 9, minutes));
      const db = t.database.db;
      ids.oldMessage = await notify(db, { userId: nurse.user.id, organizationId: sunriseId, type: 'messages', title: 'Old message' }, at(0));
      ids.document = await notify(
        db,
        { userId: nurse.user.id, organizationId: sunriseId, type: 'documents', title: 'License expires', body: 'Renew it', link: '/profile/documents' },
        at(1),
      );
      ids.newMessage = await notify(db, { userId: nurse.user.id, organizationId: sunriseId, type: 'messages', title: 'New message' }, at(2));
      ids.adminOwn = await notify(db, { userId: admin.user.id, organizationId: sunriseId, type: 'applications', title: 'New application' }, at(3));
      ids.harbor = await notify(db, { userId: harborAdmin.user.id, organizationId: harborId, type: 'messages', title: 'Harbor only' }, at(4));
    });
    afterAll(async () => t?.close());

    const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
    const patch = (id: number, payload: object, headers: Record<string, string>) =>
      t.app.inject({ method: 'PATCH', url: `/api/notifications/${id}/`, payload, headers });
    const readAll = (headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method: 'POST', url: '/api/notifications/read-all/', headers, ...(payload ? { payload } : {}) });
    const titles = (body: { results: { title: string }[] }) => body.results.map((n) => n.title);
    const asNurse = () => t.headers(nurse.access, 'sunrise');

    it("lists only the signed-in user's own notifications, newest first", async () => {
      const response = await get('/api/notifications/', asNurse());
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ count: 3, next: null, previous: null });
      expect(titles(body)).toEqual(['New message', 'License expires', 'Old message']);
      expect(body.results[1]).toEqual({
        id: ids.document,
        type: 'documents',
        title: 'License expires',
        body: 'Renew it',
        link: '/profile/documents',
        read_at: null,
        created_at: '2026-01-01T09:01:00.000Z',
      });
      expect(titles((await get('/api/notifications/', t.headers(admin.access))).json())).toEqual(['New application']);
      expect(titles((await get('/api/notifications/', t.headers(harborAdmin.access, 'harbor'))).json())).toEqual(['Harbor only']);
    });

    it('filters by type and by unread, and pages', async () => {
      expect(titles((await get('/api/notifications/?type=messages', asNurse())).json())).toEqual(['New message', 'Old message']);
      expect((await get('/api/notifications/?type=nothing-here', asNurse())).json()).toMatchObject({ count: 0, results: [] });
      const page = (await get('/api/notifications/?limit=1&offset=1', asNurse())).json();
      expect(page).toMatchObject({
        count: 3,
        next: 'http://portal.test/api/notifications/?limit=1&offset=2',
        previous: 'http://portal.test/api/notifications/?limit=1',
      });
      expect(titles(page)).toEqual(['License expires']);
      expect((await get('/api/notifications/?unread=true&limit=1', asNurse())).json().count).toBe(3);
      expect((await get('/api/notifications/?unread=false', asNurse())).json().count).toBe(0);
      const bad = await get('/api/notifications/?type=<script>&unread=maybe', asNurse());
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields).sort()).toEqual(['type', 'unread']);
    });

    it('is for holders of view-notifications in their own organization only', async () => {
      expect((await get('/api/notifications/', {})).statusCode).toBe(401);
      const master = await t.login('master@portal.example');
      expect((await get('/api/notifications/', t.headers(master.access, 'sunrise'))).statusCode).toBe(403);
      const newhire = await t.login('newhire@sunrise.example');
      expect((await get('/api/notifications/', t.headers(newhire.access))).statusCode).toBe(403);
      const client = await t.login('client@sunrise.example');
      expect((await get('/api/notifications/', t.headers(client.access))).statusCode).toBe(403);
      expect((await get('/api/notifications/', t.headers(nurse.access, 'harbor'))).statusCode).toBe(403);
      expect((await patch(ids.document, { read: true }, t.headers(nurse.access, 'harbor'))).statusCode).toBe(403);
      expect((await patch(ids.document, { read: true }, {})).statusCode).toBe(401);
      expect((await readAll({})).statusCode).toBe(401);
      expect((await readAll(t.headers(master.access, 'sunrise'))).statusCode).toBe(403);
    });

    it('marks one of one’s notifications read and unread again, audited', async () => {
      t.clock.advance(30);
      const readAt = t.clock.now().toISOString();
      const read = await patch(ids.document, { read: true }, asNurse());
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ id: ids.document, read_at: readAt });
      expect((await get('/api/notifications/?unread=true', asNurse())).json().count).toBe(2);
      expect(titles((await get('/api/notifications/?unread=false', asNurse())).json())).toEqual(['License expires']);
      const again = await patch(ids.document, { read: true }, asNurse());
      expect(again.json().read_at).toBe(readAt);
      const unread = await patch(ids.document, { read: false }, asNurse());
      expect(unread.json().read_at).toBeNull();
      const rows = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'notification'), eq(auditLog.entityId, String(ids.document))))
        .orderBy(auditLog.id);
      expect(rows.map((r) => [r.operationId, r.actorId, r.changedFields])).toEqual([
        ['notifications_partial_update', nurse.user.id, { read: { from: false, to: true } }],
        ['notifications_partial_update', nurse.user.id, { read: { from: true, to: false } }],
      ]);
    });

    it("answers 404 for someone else's notification, in the same or another organization", async () => {
      for (const id of [ids.adminOwn, ids.harbor, 999_999]) {
        const response = await patch(id, { read: true }, asNurse());
        expect(response.statusCode, String(id)).toBe(404);
        expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
      }
      expect((await patch(ids.document, { read: true }, t.headers(admin.access))).statusCode).toBe(404);
      const missing = await patch(ids.document, {}, asNurse());
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({ read: ['This field is required.'] });
      const [adminOwn] = await t.database.db.select().from(notifications).where(eq(notifications.id, ids.adminOwn));
      expect(adminOwn.readAt).toBeNull();
    });

    it('marks all of one’s notifications read (of one type when given), nobody else’s', async () => {
      const typed = await readAll(asNurse(), { type: 'messages' });
      expect(typed.statusCode).toBe(204);
      expect(titles((await get('/api/notifications/?unread=true', asNurse())).json())).toEqual(['License expires']);
      expect((await readAll(asNurse())).statusCode).toBe(204);
      expect((await get('/api/notifications/?unread=true', asNurse())).json().count).toBe(0);
      expect((await get('/api/notifications/?unread=true', t.headers(admin.access))).json().count).toBe(1);
      expect((await get('/api/notifications/?unread=true', t.headers(harborAdmin.access))).json().count).toBe(1);
      const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.operationId, 'notifications_read_all_create')).orderBy(auditLog.id);
      expect(rows.map((r) => r.changedFields)).toEqual([
        { event: 'read-all', type: 'messages', count: 2 },
        { event: 'read-all', count: 1 },
      ]);
    });
  });
}

describe('the mail of a notification', () => {
  it('says that something happened and links to it, never the title or body that name people and days', async () => {
    const { notify: notifyWithMail, MAIL_LINES, MAIL_FALLBACK } = await import('./service');
    const sent: { to: string; subject: string; text: string }[] = [];
    const recipient = { email: 'admin@sunrise.example', isActive: true };
    const chain: any = { insert: () => chain, values: () => chain, returning: async () => [{ id: 1 }], select: () => chain, from: () => chain, where: () => chain, limit: async () => [recipient] };
    const mailer = { mail: { send: async (mail: any) => void sent.push(mail), close: async () => undefined }, config: { publicUrl: 'http://portal.test' } };
    const named = { userId: 2, organizationId: 1, title: 'C. Whitfield disputed a visit', body: 'The visit of Mon, Jan 18 (diabetes care) is in the exceptions queue.', link: '/clients/7/reviews/9' };
    await notifyWithMail(chain, { ...named, type: 'work_service_review', mail: 'A client disputed a visit' }, new Date(), mailer);
    await notifyWithMail(chain, { ...named, type: 'visit' }, new Date(), mailer);
    await notifyWithMail(chain, { ...named, type: 'a_type_with_no_line' }, new Date(), mailer);
    expect(sent.map((m) => m.subject)).toEqual(['A client disputed a visit', MAIL_LINES.visit, MAIL_FALLBACK]);
    for (const mail of sent) {
      expect(mail.text).toContain('http://portal.test/clients/7/reviews/9');
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(/Whitfield|Jan 18|diabetes|exceptions queue/);
    }
    // every type's line names no one and no day
    for (const line of Object.values(MAIL_LINES)) expect(line).not.toMatch(/\d|\$\{/);
  });
});
