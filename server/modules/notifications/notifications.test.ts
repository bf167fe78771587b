import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connection';
import { auditLog, notifications, organizations } from '../../db/schema';
import type { Mail } from '../mail/service';
import { testApp, testBackends, type Caller, type TestApi } from '../../test-client';
import { notify } from './service';

for (const backend of testBackends()) {
  describe(`notifications (${backend})`, () => {
    let t: TestApi;
    let nurse: Caller;
    let admin: Caller;
    let harborAdmin: Caller;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      t = await testApp({ backend });
      nurse = await t.as('nurse@sunrise.example');
      admin = await t.as('admin@sunrise.example');
      harborAdmin = await t.as('admin@harbor.example');
      const orgs = await t.database.db.select().from(organizations);
      const sunriseId = orgs.find((o) => o.token === 'sunrise')!.id;
      const harborId = orgs.find((o) => o.token === 'harbor')!.id;
      const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 9, minutes));
      /** A notification of the person's in the organization, `minutes` after nine on New Year's Day. */
      const notified = (
        who: Caller,
        organizationId: number,
        minutes: number,
        notification: Omit<Parameters<typeof notify>[1], 'userId' | 'organizationId'>,
      ) => notify(t.database.db, { userId: who.user.id, organizationId, ...notification }, at(minutes));
      ids.oldMessage = await notified(nurse, sunriseId, 0, { type: 'messages', title: 'Old message' });
      ids.document = await notified(nurse, sunriseId, 1, {
        type: 'documents',
        title: 'License expires',
        body: 'Renew it',
        link: '/profile/documents',
      });
      ids.newMessage = await notified(nurse, sunriseId, 2, { type: 'messages', title: 'New message' });
      ids.adminOwn = await notified(admin, sunriseId, 3, { type: 'applications', title: 'New application' });
      ids.harbor = await notified(harborAdmin, harborId, 4, { type: 'messages', title: 'Harbor only' });
    });
    afterAll(async () => t?.close());

    const titles = (body: { results: { title: string }[] }) => body.results.map((n) => n.title);

    it("lists only the signed-in user's own notifications, newest first", async () => {
      const response = await nurse.get('/api/notifications/');
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
      expect(titles((await admin.in(null).get('/api/notifications/')).json())).toEqual(['New application']);
      expect(titles((await harborAdmin.get('/api/notifications/')).json())).toEqual(['Harbor only']);
    });

    it('filters by type and by unread, and pages', async () => {
      expect(titles((await nurse.get('/api/notifications/?type=messages')).json())).toEqual([
        'New message',
        'Old message',
      ]);
      expect((await nurse.get('/api/notifications/?type=nothing-here')).json()).toMatchObject({
        count: 0,
        results: [],
      });
      const page = (await nurse.get('/api/notifications/?limit=1&offset=1')).json();
      expect(page).toMatchObject({
        count: 3,
        next: 'http://portal.test/api/notifications/?limit=1&offset=2',
        previous: 'http://portal.test/api/notifications/?limit=1',
      });
      expect(titles(page)).toEqual(['License expires']);
      expect((await nurse.get('/api/notifications/?unread=true&limit=1')).json().count).toBe(3);
      expect((await nurse.get('/api/notifications/?unread=false')).json().count).toBe(0);
      const bad = await nurse.get('/api/notifications/?type=<script>&unread=maybe');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields).sort()).toEqual(['type', 'unread']);
    });

    it('is for holders of view-notifications in their own organization only', async () => {
      expect((await t.anonymous.get('/api/notifications/')).statusCode).toBe(401);
      const master = await t.as('master@portal.example');
      expect((await master.in('sunrise').get('/api/notifications/')).statusCode).toBe(403);
      const newhire = await t.as('newhire@sunrise.example');
      expect((await newhire.in(null).get('/api/notifications/')).statusCode).toBe(403);
      const client = await t.as('client@sunrise.example');
      expect((await client.in(null).get('/api/notifications/')).statusCode).toBe(403);
      expect((await nurse.in('harbor').get('/api/notifications/')).statusCode).toBe(403);
      expect((await nurse.in('harbor').patch(`/api/notifications/${ids.document}/`, { read: true })).statusCode).toBe(
        403,
      );
      expect((await t.anonymous.patch(`/api/notifications/${ids.document}/`, { read: true })).statusCode).toBe(401);
      expect((await t.anonymous.post('/api/notifications/read-all/')).statusCode).toBe(401);
      expect((await master.in('sunrise').post('/api/notifications/read-all/')).statusCode).toBe(403);
    });

    it('marks one of one’s notifications read and unread again, audited', async () => {
      t.clock.advance(30);
      const readAt = t.clock.now().toISOString();
      const read = await nurse.patch(`/api/notifications/${ids.document}/`, { read: true });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ id: ids.document, read_at: readAt });
      expect((await nurse.get('/api/notifications/?unread=true')).json().count).toBe(2);
      expect(titles((await nurse.get('/api/notifications/?unread=false')).json())).toEqual(['License expires']);
      const again = await nurse.patch(`/api/notifications/${ids.document}/`, { read: true });
      expect(again.json().read_at).toBe(readAt);
      const unread = await nurse.patch(`/api/notifications/${ids.document}/`, { read: false });
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
        const response = await nurse.patch(`/api/notifications/${id}/`, { read: true });
        expect(response.statusCode, String(id)).toBe(404);
        expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
      }
      expect((await admin.in(null).patch(`/api/notifications/${ids.document}/`, { read: true })).statusCode).toBe(404);
      const missing = await nurse.patch(`/api/notifications/${ids.document}/`, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({ read: ['This field is required.'] });
      const [adminOwn] = await t.database.db.select().from(notifications).where(eq(notifications.id, ids.adminOwn));
      expect(adminOwn.readAt).toBeNull();
    });

    it('marks all of one’s notifications read (of one type when given), nobody else’s', async () => {
      const typed = await nurse.post('/api/notifications/read-all/', { type: 'messages' });
      expect(typed.statusCode).toBe(204);
      expect(titles((await nurse.get('/api/notifications/?unread=true')).json())).toEqual(['License expires']);
      expect((await nurse.post('/api/notifications/read-all/')).statusCode).toBe(204);
      expect((await nurse.get('/api/notifications/?unread=true')).json().count).toBe(0);
      expect((await admin.in(null).get('/api/notifications/?unread=true')).json().count).toBe(1);
      expect((await harborAdmin.in(null).get('/api/notifications/?unread=true')).json().count).toBe(1);
      const rows = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.operationId, 'notifications_read_all_create'))
        .orderBy(auditLog.id);
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
    const stub: Record<string, () => unknown> = {
      insert: () => stub,
      values: () => stub,
      returning: async () => [{ id: 1 }],
      select: () => stub,
      from: () => stub,
      where: () => stub,
      limit: async () => [recipient],
    };
    const chain = stub as unknown as Db;
    const mailer = {
      mail: { send: async (mail: Mail) => void sent.push(mail), close: async () => undefined },
      config: { publicUrl: 'http://portal.test' },
    };
    const named = {
      userId: 2,
      organizationId: 1,
      title: 'C. Whitfield disputed a visit',
      body: 'The visit of Mon, Jan 18 (diabetes care) is in the exceptions queue.',
      link: '/clients/7/reviews/9',
    };
    await notifyWithMail(
      chain,
      { ...named, type: 'work_service_review', mail: 'A client disputed a visit' },
      new Date(),
      mailer,
    );
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
