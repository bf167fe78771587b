import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { testApp, testBackends, type Caller, type TestApi } from '../../test-client';
import type { LiveEvent } from '../events/bus';
import { cloneUser } from '../../../tests/api/support';

for (const backend of testBackends()) {
  describe(`conversations (${backend})`, () => {
    let t: TestApi;
    let nurse: Caller;
    let otherNurse: Caller;
    let admin: Caller;
    let secondAdmin: Caller;
    let master: Caller;
    let harborAdmin: Caller;
    const events: LiveEvent[] = [];

    beforeAll(async () => {
      t = await testApp({ backend });
      nurse = await t.as('nurse@sunrise.example');
      admin = await t.as('admin@sunrise.example');
      // the master acts in Sunrise
      master = await t.as('master@portal.example', { organization: 'sunrise' });
      harborAdmin = await t.as('admin@harbor.example');
      otherNurse = await t.as((await cloneUser(t, nurse.user.id)).email);
      secondAdmin = await t.as((await cloneUser(t, admin.user.id)).email);
      t.app.events.subscribe((event) => events.push(event));
    });
    afterAll(async () => t?.close());

    const start = async (session: Caller, payload: object) => {
      const response = await session.post('/api/conversations/', payload);
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    const write = async (session: Caller, id: number, body: string) => {
      const response = await session.post(`/api/conversations/${id}/messages/`, { body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    const listOf = async (session: Caller, query = '') => {
      const response = await session.get(`/api/conversations/${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const summaryOf = async (session: Caller, id: number) =>
      (await listOf(session)).results.find((c: { id: number }) => c.id === id);
    const eventsSince = (from: number) =>
      events.slice(from).map((e) => ({ userId: e.userId, type: e.type, data: e.data }));

    it("lists the seed's conversation of the nurse with the office: the nurse sees the office, the admin sees the nurse and one unread", async () => {
      const mine = await listOf(nurse);
      expect(mine.count).toBe(1);
      expect(mine.results[0]).toMatchObject({
        kind: 'OFFICE',
        topic: 'SCHEDULE',
        subject: 'Thursday morning visits',
        other_party: { id: null, name: 'Office' },
        unread: 0,
      });
      const inbox = await listOf(admin);
      const seeded = inbox.results.find((c: { id: number }) => c.id === mine.results[0].id);
      expect(seeded).toMatchObject({ other_party: { id: nurse.user.id, name: 'Nora Okafor' }, unread: 1 });
      expect(seeded.preview).toContain('Does that change the visit');
      expect((await listOf(harborAdmin)).results.map((c: { subject: string }) => c.subject)).toEqual([
        'Mileage on my last pay period',
      ]);
    });

    it('an employee starts a conversation with the office and only they and the office see it', async () => {
      const created = await start(nurse, { topic: 'SCHEDULE', subject: 'Friday', body: 'Can I swap Friday with Ada?' });
      expect(created).toMatchObject({
        kind: 'OFFICE',
        topic: 'SCHEDULE',
        subject: 'Friday',
        employee: { id: nurse.user.id, name: 'Nora Okafor' },
        unread: 0,
      });
      expect(created.participants.map((p: { id: number }) => p.id)).toEqual(
        expect.arrayContaining([nurse.user.id, admin.user.id, secondAdmin.user.id]),
      );
      expect((await listOf(otherNurse)).results).toEqual([]);
      expect((await otherNurse.get(`/api/conversations/${created.id}/`)).statusCode).toBe(404);
      expect((await otherNurse.get(`/api/conversations/${created.id}/messages/`)).statusCode).toBe(404);
      expect((await otherNurse.post(`/api/conversations/${created.id}/messages/`, { body: 'Hello?' })).statusCode).toBe(
        404,
      );
      expect((await harborAdmin.get(`/api/conversations/${created.id}/`)).statusCode).toBe(404);
      // the office sees it, newest activity first; the master acting in Sunrise too
      expect((await listOf(admin)).results[0]).toMatchObject({
        id: created.id,
        unread: 1,
        other_party: { name: 'Nora Okafor' },
      });
      expect((await listOf(master)).results[0]).toMatchObject({ id: created.id, unread: 1 });
    });

    it('refuses a topic that is not one of the four, a blank subject and an empty or blank message, naming the field', async () => {
      const topic = await nurse.post('/api/conversations/', { topic: 'HOLIDAY', subject: 'x', body: 'y' });
      expect(topic.statusCode).toBe(400);
      expect(Object.keys(topic.json().fields)).toEqual(['topic']);
      const empty = await nurse.post('/api/conversations/', { topic: 'PAY', subject: 'Pay', body: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields).toEqual({ body: ['This field may not be blank.'] });
      const blank = await nurse.post('/api/conversations/', { topic: 'PAY', subject: '   ', body: '  ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().fields).toEqual({
        subject: ['This field may not be blank.'],
        body: ['This field may not be blank.'],
      });
      const [conversation] = (await listOf(nurse)).results;
      const blankMessage = await nurse.post(`/api/conversations/${conversation.id}/messages/`, { body: ' \n ' });
      expect(blankMessage.statusCode).toBe(400);
      expect(blankMessage.json()).toMatchObject({
        code: 'invalid',
        fields: { body: ['This field may not be blank.'] },
      });
      expect((await listOf(nurse)).count).toBe(2); // nothing half-written
    });

    it('the office writes to one READY employee or to another admin, never to someone else', async () => {
      const toEmployee = await start(admin, {
        topic: 'ONBOARDING',
        subject: 'Your CPR card',
        body: 'Please upload your new CPR card.',
        employee_id: otherNurse.user.id,
      });
      expect(toEmployee).toMatchObject({ kind: 'OFFICE', employee: { id: otherNurse.user.id } });
      expect((await listOf(otherNurse)).results.map((c: { id: number }) => c.id)).toEqual([toEmployee.id]);
      const direct = await start(admin, {
        topic: 'OTHER',
        subject: 'Cover for me',
        body: 'Can you take the phones at noon?',
        counterpart_id: secondAdmin.user.id,
      });
      expect(direct).toMatchObject({ kind: 'DIRECT', other_party: { id: secondAdmin.user.id } });
      expect(await summaryOf(secondAdmin, direct.id)).toMatchObject({
        unread: 1,
        other_party: { id: admin.user.id, name: 'Alice Grant' },
      });
      // a direct conversation is the two admins' only
      expect((await master.get(`/api/conversations/${direct.id}/`)).statusCode).toBe(404);
      expect((await nurse.get(`/api/conversations/${direct.id}/`)).statusCode).toBe(404);

      const newhire = (await t.as('newhire@sunrise.example')).user.id;
      const refusals = [
        [{ employee_id: newhire }, 'employee_id'],
        [{ employee_id: harborAdmin.user.id }, 'employee_id'],
        [{ counterpart_id: admin.user.id }, 'counterpart_id'],
        [{ counterpart_id: nurse.user.id }, 'counterpart_id'],
        [{}, 'employee_id'],
        [{ employee_id: nurse.user.id, counterpart_id: secondAdmin.user.id }, 'counterpart_id'],
      ] as const;
      for (const [to, field] of refusals) {
        const response = await admin.post('/api/conversations/', { topic: 'OTHER', subject: 'x', body: 'y', ...to });
        expect(response.statusCode, JSON.stringify(to)).toBe(400);
        expect(Object.keys(response.json().fields)).toEqual([field]);
      }
      const employeeNaming = await nurse.post('/api/conversations/', {
        topic: 'OTHER',
        subject: 'x',
        body: 'y',
        employee_id: otherNurse.user.id,
      });
      expect(employeeNaming.statusCode).toBe(400);
      expect(Object.keys(employeeNaming.json().fields)).toEqual(['employee_id']);
    });

    it("the office is one inbox: each admin has their own read mark, and one's own messages are never unread", async () => {
      const created = await start(nurse, {
        topic: 'PAY',
        subject: 'Overtime',
        body: 'Was my Saturday paid as overtime?',
      });
      const first = created.last_message_id;
      expect(await summaryOf(admin, created.id)).toMatchObject({ unread: 1 });
      expect(await summaryOf(secondAdmin, created.id)).toMatchObject({ unread: 1 });

      const read = await admin.post(`/api/conversations/${created.id}/read/`, { message_id: first });
      expect(read.json()).toEqual({ conversation_id: created.id, last_read_message_id: first, unread: 0 });
      expect(await summaryOf(admin, created.id)).toMatchObject({ unread: 0 });
      expect(await summaryOf(secondAdmin, created.id)).toMatchObject({ unread: 1 });
      expect((await listOf(admin, '?unread=true')).results.map((c: { id: number }) => c.id)).not.toContain(created.id);
      expect((await listOf(secondAdmin, '?unread=true')).results.map((c: { id: number }) => c.id)).toContain(
        created.id,
      );

      const answer = await write(secondAdmin, created.id, 'Yes, 3 hours at time and a half.');
      expect(answer).toMatchObject({ author: { id: secondAdmin.user.id, name: 'Throwaway Clone' }, read_by: [] });
      expect(await summaryOf(secondAdmin, created.id)).toMatchObject({ unread: 0 });
      expect(await summaryOf(admin, created.id)).toMatchObject({ unread: 1 });
      expect(await summaryOf(nurse, created.id)).toMatchObject({
        unread: 1,
        preview: 'Yes, 3 hours at time and a half.',
      });

      // answers say who has read them
      await nurse.post(`/api/conversations/${created.id}/read/`, { message_id: answer.id });
      const page = (await nurse.get(`/api/conversations/${created.id}/messages/`)).json();
      expect(
        page.results.map((m: { body: string; read_by: { name: string }[] }) => [
          m.body,
          m.read_by.map((r) => r.name).sort(),
        ]),
      ).toEqual([
        ['Was my Saturday paid as overtime?', ['Alice Grant', 'Throwaway Clone']],
        ['Yes, 3 hours at time and a half.', ['Nora Okafor']],
      ]);
      const detail = (await admin.get(`/api/conversations/${created.id}/`)).json();
      expect(detail.read_marks).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            user: { id: nurse.user.id, name: 'Nora Okafor' },
            last_read_message_id: answer.id,
          }),
          expect.objectContaining({ user: { id: admin.user.id, name: 'Alice Grant' }, last_read_message_id: first }),
        ]),
      );
    });

    it('a read mark never moves backwards, and refuses a message of another conversation', async () => {
      const created = await start(admin, {
        topic: 'SCHEDULE',
        subject: 'Marks',
        body: 'One',
        employee_id: nurse.user.id,
      });
      const two = await write(admin, created.id, 'Two');
      const three = await write(admin, created.id, 'Three');
      expect(
        (await nurse.post(`/api/conversations/${created.id}/read/`, { message_id: three.id })).json(),
      ).toMatchObject({ last_read_message_id: three.id, unread: 0 });
      const back = await nurse.post(`/api/conversations/${created.id}/read/`, { message_id: two.id });
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ last_read_message_id: three.id, unread: 0 });
      expect(await summaryOf(nurse, created.id)).toMatchObject({ unread: 0 });
      const seeded = (await listOf(nurse)).results.find(
        (c: { subject: string }) => c.subject === 'Thursday morning visits',
      );
      const foreign = await nurse.post(`/api/conversations/${created.id}/read/`, {
        message_id: seeded.last_message_id,
      });
      expect(foreign.statusCode).toBe(400);
      expect(Object.keys(foreign.json().fields)).toEqual(['message_id']);
    });

    it('pages messages by id: the latest page, older ones before an id, and catching up after one (none twice)', async () => {
      const created = await start(nurse, { topic: 'OTHER', subject: 'Paging', body: 'm1' });
      for (let i = 2; i <= 7; i++) await write(i % 2 ? nurse : admin, created.id, `m${i}`);
      const url = `/api/conversations/${created.id}/messages/`;
      const bodies = (page: { results: { body: string }[] }) => page.results.map((m) => m.body);
      const latest = (await nurse.get(`${url}?limit=3`)).json();
      expect(bodies(latest)).toEqual(['m5', 'm6', 'm7']);
      expect(latest.has_more).toBe(true);
      const older = (await nurse.get(`${url}?limit=3&before=${latest.results[0].id}`)).json();
      expect(bodies(older)).toEqual(['m2', 'm3', 'm4']);
      const oldest = (await nurse.get(`${url}?limit=3&before=${older.results[0].id}`)).json();
      expect(bodies(oldest)).toEqual(['m1']);
      expect(oldest.has_more).toBe(false);
      // catch-up after a dropped connection: what came after the last one shown, in order
      const shown = latest.results[0].id; // m5
      await write(admin, created.id, 'm8');
      const caughtUp = (await nurse.get(`${url}?after=${shown}&limit=2`)).json();
      expect(bodies(caughtUp)).toEqual(['m6', 'm7']);
      expect(caughtUp.has_more).toBe(true);
      const rest = (await nurse.get(`${url}?after=${caughtUp.results[1].id}`)).json();
      expect(bodies(rest)).toEqual(['m8']);
      expect(rest.has_more).toBe(false);
      expect((await nurse.get(`${url}?after=0`)).statusCode).toBe(400);
    });

    it('tells the recipient with a notification and a mail that never carry the message itself', async () => {
      const text = 'My back hurts after the Becker visit, can someone else lift him?';
      const created = await start(nurse, { topic: 'SCHEDULE', subject: 'Becker', body: text });
      const [notice] = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, admin.user.id), eq(notifications.link, `/messages/${created.id}`)));
      expect(notice).toMatchObject({ type: 'message', title: 'New message from Nora Okafor about schedule' });
      expect(`${notice.title} ${notice.body}`).not.toContain('back hurts');
      const mail = await t.waitForMail('admin@sunrise.example');
      // the mail says that a message waits, not whose
      expect(mail.subject).toBe('You have a new message');
      expect(mail.text).toContain(`/messages/${created.id}`);
      expect(`${mail.subject} ${mail.text}`).not.toMatch(/back hurts|Nora|Okafor|Becker/);
      // the author is not told of their own message; the next messages wait behind the unread notification
      const own = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, nurse.user.id), eq(notifications.link, `/messages/${created.id}`)));
      expect(own).toEqual([]);
      await write(nurse, created.id, 'Also on Friday.');
      const waiting = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, admin.user.id), eq(notifications.link, `/messages/${created.id}`)));
      expect(waiting).toHaveLength(1);
      // reading the conversation reads its notice too, and the bell hears the count
      const from = events.length;
      const last = (await summaryOf(admin, created.id)).last_message_id;
      await admin.post(`/api/conversations/${created.id}/read/`, { message_id: last });
      const [after] = await t.database.db.select().from(notifications).where(eq(notifications.id, notice.id));
      expect(after.readAt).not.toBeNull();
      expect(
        eventsSince(from).filter((e) => e.type === 'notifications.read' && e.userId === admin.user.id),
      ).toHaveLength(1);
    });

    it('publishes message.created to every participant but the author, and conversation.read to the others', async () => {
      const from = events.length;
      const created = await start(nurse, { topic: 'SCHEDULE', subject: 'Events', body: 'Hello office' });
      const messageEvents = eventsSince(from).filter((e) => e.type === 'message.created');
      expect(messageEvents.map((e) => e.userId).sort()).toEqual([admin.user.id, secondAdmin.user.id].sort());
      expect(messageEvents[0].data).toEqual({ conversation_id: created.id, message_id: created.last_message_id });
      expect(JSON.stringify(eventsSince(from))).not.toContain('Hello office');

      const beforeAnswer = events.length;
      const answer = await write(admin, created.id, 'Hello Nora');
      const byUser = (a: { userId: number }, b: { userId: number }) => a.userId - b.userId;
      expect(
        eventsSince(beforeAnswer)
          .filter((e) => e.type === 'message.created')
          .sort(byUser),
      ).toEqual(
        [nurse.user.id, secondAdmin.user.id]
          .map((userId) => ({
            userId,
            type: 'message.created',
            data: { conversation_id: created.id, message_id: answer.id },
          }))
          .sort(byUser),
      );

      const beforeRead = events.length;
      await nurse.post(`/api/conversations/${created.id}/read/`, { message_id: answer.id });
      const reads = eventsSince(beforeRead).filter((e) => e.type === 'conversation.read');
      expect(reads.map((e) => e.userId).sort()).toEqual([admin.user.id, secondAdmin.user.id].sort());
      expect(reads[0].data).toEqual({
        conversation_id: created.id,
        user_id: nurse.user.id,
        last_read_message_id: answer.id,
      });
      // reading again moves nothing and tells no one
      const again = events.length;
      await nurse.post(`/api/conversations/${created.id}/read/`, { message_id: answer.id });
      expect(eventsSince(again).filter((e) => e.type === 'conversation.read')).toEqual([]);

      // a direct conversation: only the other admin hears
      const direct = events.length;
      await start(admin, { topic: 'OTHER', subject: 'Direct', body: 'Just us', counterpart_id: secondAdmin.user.id });
      expect(
        eventsSince(direct)
          .filter((e) => e.type === 'message.created')
          .map((e) => e.userId),
      ).toEqual([secondAdmin.user.id]);
    });

    it('filters the list by topic and pages it on the server', async () => {
      const pay = await listOf(admin, '?topic=PAY');
      expect(pay.results.length).toBeGreaterThan(0);
      expect(pay.results.every((c: { topic: string }) => c.topic === 'PAY')).toBe(true);
      const all = await listOf(admin);
      const firstTwo = await listOf(admin, '?limit=2');
      const nextTwo = await listOf(admin, '?limit=2&offset=2');
      expect(firstTwo.count).toBe(all.count);
      expect([...firstTwo.results, ...nextTwo.results].map((c: { id: number }) => c.id)).toEqual(
        all.results.slice(0, 4).map((c: { id: number }) => c.id),
      );
      const times = all.results.map((c: { last_message_at: string }) => c.last_message_at);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('keeps clients, marketers and NEW employees out', async () => {
      for (const email of ['client@sunrise.example', 'marketer@sunrise.example', 'newhire@sunrise.example']) {
        const session = await t.as(email);
        expect((await session.get('/api/conversations/')).statusCode, email).toBe(403);
      }
    });
  });
}
