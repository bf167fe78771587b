import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GRIEVANCE_MOVES, GRIEVANCE_STATES, type GrievanceState } from '#domain/grievances';
import { grievanceEvents, liveEvents, notifications, users } from '../../db/schema';
import { testBackends } from '../../test-client';
import { concern, grievancesSuite } from './grievances-suite';

for (const backend of testBackends()) {
  describe(`grievances: filing and the workflow (${backend})`, () => {
    const { t, admin, nurse, client, harbor, master, newhire, whitfield, at, later, signInAgain, move } =
      grievancesSuite(backend);

    const userId = async (email: string) =>
      (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

    it('a client files a concern with what happened, when, who and what they want; it is theirs, Received, its filing the first step', async () => {
      const filed = await client.post('/api/grievances/', concern);
      expect(filed.statusCode, filed.body).toBe(201);
      expect(filed.json()).toMatchObject({
        state: 'RECEIVED',
        category: 'STAFF',
        channel: 'PORTAL',
        occurred_on: '2031-01-03',
        people_involved: 'Friday aide',
        desired_outcome: 'Another aide on Fridays',
        complainant_name: 'Clara Whitfield',
        client: { id: whitfield.id, name: 'Clara Whitfield' },
        urgent: false,
        overdue: false,
        moves: [],
        reprisal_watch: null,
      });
      expect(filed.json().events.map((e: { kind: string; to_state: string }) => `${e.kind}:${e.to_state}`)).toEqual([
        'FILED:RECEIVED',
      ]);
      const mine = (await client.get('/api/grievances/')).json();
      expect(mine.results.map((g: { id: number }) => g.id)).toContain(filed.json().id);
      // the office's desk has it; the other organization's does not
      expect((await admin.get(`/api/grievances/${filed.json().id}/`)).statusCode).toBe(200);
      expect((await harbor.get(`/api/grievances/${filed.json().id}/`)).statusCode).toBe(404);
      expect((await harbor.get('/api/grievances/')).json().results.map((g: { id: number }) => g.id)).not.toContain(
        filed.json().id,
      );
    });

    it('refuses a concern without words, dated in the future, or naming someone else, naming the fields', async () => {
      const bad = await client.post('/api/grievances/', {
        ...concern,
        description: '   ',
        occurred_on: '2031-02-01',
        employee_id: 3,
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields).sort()).toEqual(['description', 'employee_id', 'occurred_on']);
      const category = await client.post('/api/grievances/', { ...concern, category: 'PROPERTY' });
      expect(category.statusCode).toBe(400);
    });

    it('a READY employee files their own and sees only their own; a NEW employee may not file', async () => {
      const filed = await nurse.post('/api/grievances/', {
        ...concern,
        category: 'SCHEDULE',
        description: 'My visits were moved without asking.',
      });
      expect(filed.statusCode, filed.body).toBe(201);
      expect(filed.json()).toMatchObject({ complainant: { id: nurse.user.id }, client: null, channel: 'PORTAL' });
      const mine = (await nurse.get('/api/grievances/')).json();
      expect(mine.results.length).toBeGreaterThan(0);
      expect(
        mine.results.every((g: { complainant: { id: number } | null }) => g.complainant?.id === nurse.user.id),
      ).toBe(true);
      // Clara's concern is not the nurse's, nor the nurse's Clara's
      const claras = (await client.get('/api/grievances/')).json().results[0].id;
      expect((await nurse.get(`/api/grievances/${claras}/`)).statusCode).toBe(404);
      expect((await client.get(`/api/grievances/${filed.json().id}/`)).statusCode).toBe(404);
      expect((await nurse.post(`/api/grievances/${claras}/notes/`, { note: 'Me too' })).statusCode).toBe(404);
      // spec 7: view-grievances is a READY employee's
      expect((await newhire.post('/api/grievances/', concern)).statusCode).toBe(403);
    });

    it('the office records a call: the channel and the complainant (a client, an employee or a name) are required', async () => {
      const none = await admin.post('/api/grievances/', concern);
      expect(none.statusCode).toBe(400);
      expect(Object.keys(none.json().fields).sort()).toEqual(['channel', 'complainant_name']);
      const byName = await admin.post('/api/grievances/', {
        ...concern,
        channel: 'PHONE',
        complainant_name: 'Rita Moss, neighbour',
      });
      expect(byName.statusCode, byName.body).toBe(201);
      expect(byName.json()).toMatchObject({
        channel: 'PHONE',
        complainant_name: 'Rita Moss, neighbour',
        complainant: null,
        client: null,
        filed_by: { id: admin.user.id },
      });
      const forClient = await admin.post('/api/grievances/', {
        ...concern,
        channel: 'IN_PERSON',
        client_id: whitfield.id,
      });
      expect(forClient.json()).toMatchObject({
        channel: 'IN_PERSON',
        client: { id: whitfield.id },
        complainant_name: 'Clara Whitfield',
      });
      // no portal user complains in one the office recorded for a client (whoever of the family called, the
      // office cannot tell them apart): no client user sees it, not even the client's own account
      expect((await client.get(`/api/grievances/${forClient.json().id}/`)).statusCode).toBe(404);
      expect(
        (await client.get('/api/grievances/?limit=100')).json().results.map((g: { id: number }) => g.id),
      ).not.toContain(forClient.json().id);
      const forEmployee = await admin.post('/api/grievances/', {
        ...concern,
        channel: 'PHONE',
        employee_id: nurse.user.id,
      });
      expect(forEmployee.json()).toMatchObject({
        complainant: { id: nurse.user.id, name: 'Nora Okafor' },
        complainant_name: 'Nora Okafor',
      });
      expect((await nurse.get(`/api/grievances/${forEmployee.json().id}/`)).statusCode).toBe(200);
      // someone of another organization is no one here
      const foreignClient = await admin.post('/api/grievances/', {
        ...concern,
        channel: 'PHONE',
        client_id: await t
          .rows(
            sql`select min(id)::int as id from clients where organization_id <> (select organization_id from clients where id = ${whitfield.id})`,
          )
          .then((rows) => rows[0].id),
      });
      expect(foreignClient.statusCode).toBe(400);
      expect(foreignClient.json().fields.client_id).toBeDefined();
      // a master acting in Sunrise records one too
      const byMaster = await master.post('/api/grievances/', {
        ...concern,
        channel: 'PHONE',
        complainant_name: 'A caller',
      });
      expect(byMaster.statusCode, byMaster.body).toBe(201);
    });

    it('moves through every state with the allowed moves only; Resolved needs the resolution; each step dated, with who and the note', async () => {
      // product.md: Received → Investigating → Resolved → Complainant notified → Closed, and Reopened
      expect(GRIEVANCE_MOVES).toEqual({
        RECEIVED: ['INVESTIGATING'],
        INVESTIGATING: ['RESOLVED'],
        RESOLVED: ['NOTIFIED', 'REOPENED'],
        NOTIFIED: ['CLOSED', 'REOPENED'],
        CLOSED: ['REOPENED'],
        REOPENED: ['INVESTIGATING'],
      });
      const { id } = (await client.post('/api/grievances/', concern)).json();
      const states = Object.keys(GRIEVANCE_STATES) as GrievanceState[];
      // walk: Received → Investigating → Resolved → notified → Closed → Reopened → Investigating
      const path: GrievanceState[] = ['INVESTIGATING', 'RESOLVED', 'NOTIFIED', 'CLOSED', 'REOPENED', 'INVESTIGATING'];
      let current: GrievanceState = 'RECEIVED';
      for (const next of path) {
        // every move not in the table is refused, naming the state it is in
        for (const refused of states.filter((s) => !GRIEVANCE_MOVES[current].includes(s))) {
          const answer = await move(id, refused, { resolution: 'x' });
          expect(answer.statusCode, `${current} → ${refused}`).toBe(409);
          expect(answer.json().detail).toContain(GRIEVANCE_STATES[current]);
        }
        if (next === 'RESOLVED') {
          const without = await move(id, 'RESOLVED', { resolution: '  ' });
          expect(without.statusCode).toBe(400);
          expect(without.json().fields.resolution).toBeDefined();
        }
        const answer = await move(id, next, {
          note: `to ${next}`,
          resolution: next === 'RESOLVED' ? 'Another aide on Fridays from next week.' : undefined,
        });
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json().state).toBe(next);
        expect(answer.json().moves).toEqual(GRIEVANCE_MOVES[next]);
        if (next === 'RESOLVED')
          expect(answer.json()).toMatchObject({ resolution: 'Another aide on Fridays from next week.' });
        current = next;
      }
      const final = (await admin.get(`/api/grievances/${id}/`)).json();
      expect(final.resolution).toBeNull(); // reopened: no resolution until it is resolved again
      const steps = final.events.filter((e: { kind: string }) => e.kind === 'TRANSITION');
      expect(steps.map((e: { from_state: string; to_state: string }) => `${e.from_state}>${e.to_state}`)).toEqual([
        'RECEIVED>INVESTIGATING',
        'INVESTIGATING>RESOLVED',
        'RESOLVED>NOTIFIED',
        'NOTIFIED>CLOSED',
        'CLOSED>REOPENED',
        'REOPENED>INVESTIGATING',
      ]);
      expect(
        steps.every(
          (e: { by: { id: number }; at: string }) => e.by.id === admin.user.id && !Number.isNaN(Date.parse(e.at)),
        ),
      ).toBe(true);
      expect(steps[1].note).toContain('Another aide on Fridays from next week.');
      expect(steps[2].note).toBe('to NOTIFIED');
      // the complainant cannot move it
      expect(
        (await client.post(`/api/grievances/${id}/transition/`, { state: 'RESOLVED', resolution: 'done' })).statusCode,
      ).toBe(403);
      // the trail is append-only: the database refuses to change a step
      const refused = await t.database.db
        .update(grievanceEvents)
        .set({ note: 'rewritten' })
        .where(eq(grievanceEvents.grievanceId, id))
        .then(
          () => null,
          (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
        );
      expect(refused).toMatch(/append-only/);
    });

    it('internal notes stay with the office: the complainant never sees them, in the grievance or in their list', async () => {
      const { id } = (await client.post('/api/grievances/', concern)).json();
      expect(
        (
          await admin.post(`/api/grievances/${id}/notes/`, {
            note: 'Spoke with the aide; she was texting her supervisor.',
            internal: true,
          })
        ).statusCode,
      ).toBe(201);
      expect(
        (await admin.post(`/api/grievances/${id}/notes/`, { note: 'We are looking into it and will call you.' }))
          .statusCode,
      ).toBe(201);
      const office = (await admin.get(`/api/grievances/${id}/`)).json();
      expect(office.events.map((e: { note: string; internal: boolean }) => `${e.internal}:${e.note}`)).toEqual(
        expect.arrayContaining([
          'true:Spoke with the aide; she was texting her supervisor.',
          'false:We are looking into it and will call you.',
        ]),
      );
      const seen = await client.get(`/api/grievances/${id}/`);
      expect(seen.body).not.toContain('texting her supervisor');
      expect(
        seen.json().events.some((e: { note: string }) => e.note === 'We are looking into it and will call you.'),
      ).toBe(true);
      expect((await client.get('/api/grievances/?limit=100')).body).not.toContain('texting her supervisor');
      // the complainant adds to the trail, never an internal note
      const own = await client.post(`/api/grievances/${id}/notes/`, { note: 'It happened again today.' });
      expect(own.statusCode).toBe(201);
      const hidden = await client.post(`/api/grievances/${id}/notes/`, { note: 'secret', internal: true });
      expect(hidden.statusCode).toBe(400);
      expect(hidden.json().fields.internal).toBeDefined();
    });

    it('an abuse, neglect or mistreatment grievance tells every admin and the master at once, and heads the desk', async () => {
      const second = await admin.post('/api/users/', {
        email: `second-admin-${Date.now()}@sunrise.example`,
        first_name: 'Sam',
        last_name: 'Second',
        role: 'ROLE_ADMIN',
      });
      expect(second.statusCode, second.body).toBeLessThan(300);
      const admins = [admin.user.id, second.json().id as number];
      const masterId = await userId('master@portal.example');
      const mailsBefore = t.delivered().length;
      const filed = await client.post('/api/grievances/', {
        ...concern,
        category: 'ABUSE',
        description: 'The aide pushed me.',
      });
      expect(filed.json().urgent).toBe(true);
      for (const id of [...admins, masterId]) {
        const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, id));
        expect(
          told.some((n) => n.type === 'grievance_urgent' && n.link === `/clients/grievances/${filed.json().id}`),
          `user ${id}`,
        ).toBe(true);
      }
      // the master has no notifications page (spec 7): a mail tells them
      const mail = await t.waitForMail('master@portal.example', mailsBefore);
      expect(mail.subject).toContain('Urgent');
      expect(mail.text).not.toContain('pushed me'); // the mail says where to look, not what was said
      // a desk open elsewhere hears of it: grievance.changed to each admin and the complainant, by id only
      const pushed = await t.database.db.select().from(liveEvents).where(eq(liveEvents.type, 'grievance.changed'));
      const toThis = pushed.filter(
        (event) => (event.data as { grievance_id: number }).grievance_id === filed.json().id,
      );
      expect(toThis.map((event) => event.userId).sort()).toEqual([...admins, client.user.id].sort());
      expect(JSON.stringify(toThis)).not.toContain('pushed me');
      // Harbor's admin hears nothing
      const harborTold = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, harbor.user.id));
      expect(harborTold.some((n) => n.type === 'grievance_urgent')).toBe(false);
      // it heads the desk, newest first or oldest first
      for (const ordering of ['-created_at', 'created_at']) {
        const desk = (await admin.get(`/api/grievances/?ordering=${ordering}`)).json();
        expect(desk.results[0].urgent, ordering).toBe(true);
      }
      expect(
        (await admin.get('/api/grievances/?urgent=true'))
          .json()
          .results.every((g: { category: string }) => g.category === 'ABUSE'),
      ).toBe(true);
    });

    it('filters the desk by state and category, pages on the server, and marks a grievance overdue without a resolution after 14 days', async () => {
      const { id } = (
        await client.post('/api/grievances/', {
          ...concern,
          category: 'BILLING',
          description: 'Billed twice for December.',
        })
      ).json();
      const resolvedOne = (
        await client.post('/api/grievances/', {
          ...concern,
          category: 'BILLING',
          description: 'Billed for a cancelled visit.',
        })
      ).json().id;
      await move(resolvedOne, 'INVESTIGATING');
      await move(resolvedOne, 'RESOLVED', { resolution: 'Refunded.' });
      const billing = (await admin.get('/api/grievances/?category=BILLING')).json();
      expect(billing.results.map((g: { id: number }) => g.id).sort()).toEqual([id, resolvedOne].sort());
      expect(
        (await admin.get('/api/grievances/?state=RESOLVED&category=BILLING'))
          .json()
          .results.map((g: { id: number }) => g.id),
      ).toEqual([resolvedOne]);
      const page = (await admin.get('/api/grievances/?limit=1&offset=1')).json();
      expect(page.results).toHaveLength(1);
      expect(page.count).toBeGreaterThan(2);
      expect((await admin.get(`/api/grievances/${id}/`)).json().overdue).toBe(false);
      await later(13);
      expect((await admin.get(`/api/grievances/${id}/`)).json().overdue).toBe(false);
      await later(2);
      expect((await admin.get(`/api/grievances/${id}/`)).json().overdue).toBe(true);
      expect((await admin.get(`/api/grievances/${resolvedOne}/`)).json().overdue).toBe(false);
      const overdue = (await admin.get('/api/grievances/?overdue=true&category=BILLING')).json();
      expect(overdue.results.map((g: { id: number }) => g.id)).toEqual([id]);
      expect(
        (await admin.get('/api/grievances/?overdue=false&category=BILLING'))
          .json()
          .results.map((g: { id: number }) => g.id),
      ).toEqual([resolvedOne]);
      // the complainant sees it in their list, overdue or not
      expect(
        (await client.get('/api/grievances/?limit=100')).json().results.find((g: { id: number }) => g.id === id)
          .overdue,
      ).toBe(true);
    });

    it('reprisal watch: for 90 days the grievance lists changes to the complainant’s visits (client and caregiver) and role, to the office only', async () => {
      await at(new Date('2031-03-03T14:00:00Z'));
      const byClient = (await client.post('/api/grievances/', concern)).json();
      const byNurse = (await nurse.post('/api/grievances/', { ...concern, description: 'Moved to nights.' })).json();
      const booked = await admin.post('/api/visits/', {
        client_id: whitfield.id,
        service_id: whitfield.pathways,
        caregiver_id: nurse.user.id,
        service_date: '2031-03-10',
        start_time: '09:00',
        end_time: '10:00',
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const watchOf = async (id: number) => (await admin.get(`/api/grievances/${id}/`)).json().reprisal_watch;
      const visitId = String(booked.json().id ?? booked.json()[0]?.id);
      for (const id of [byClient.id, byNurse.id]) {
        const watch = await watchOf(id);
        expect(
          watch.changes.map(
            (c: { entity: string; entity_id: string; action: string }) => `${c.entity}:${c.entity_id}:${c.action}`,
          ),
          `grievance ${id}`,
        ).toContain(`visit:${visitId}:CREATE`);
        expect(watch.changes[0].by).toMatchObject({ id: admin.user.id });
      }
      // the complainant never sees the watch
      expect((await client.get(`/api/grievances/${byClient.id}/`)).json().reprisal_watch).toBeNull();
      // a change to the nurse's account (her role, her access) is listed on her grievance, not on the client's
      const deactivated = await admin.patch(`/api/users/${nurse.user.id}/`, { is_active: false });
      expect(deactivated.statusCode, deactivated.body).toBe(200);
      await admin.patch(`/api/users/${nurse.user.id}/`, { is_active: true });
      const accountChanges = (await watchOf(byNurse.id)).changes.filter((c: { entity: string }) => c.entity === 'user');
      expect(
        accountChanges.map((c: { entity_id: string; fields: string[] }) => `${c.entity_id}:${c.fields.join(',')}`),
      ).toEqual([`${nurse.user.id}:is_active`, `${nurse.user.id}:is_active`]);
      expect((await watchOf(byClient.id)).changes.some((c: { entity: string }) => c.entity === 'user')).toBe(false);
      await signInAgain('nurse');
      // 91 days on, a change is no longer listed (the window closed)
      await later(91);
      const afterWindow = await admin.post('/api/visits/', {
        client_id: whitfield.id,
        service_id: whitfield.pathways,
        caregiver_id: nurse.user.id,
        service_date: '2031-06-10',
        start_time: '09:00',
        end_time: '10:00',
      });
      expect(afterWindow.statusCode, afterWindow.body).toBe(201);
      const lateId = String(afterWindow.json().id);
      for (const id of [byClient.id, byNurse.id]) {
        const watch = await watchOf(id);
        expect(watch.changes.map((c: { entity_id: string }) => c.entity_id)).not.toContain(lateId);
        expect(watch.changes.map((c: { entity_id: string }) => c.entity_id)).toContain(visitId);
      }
    });
  });
}
