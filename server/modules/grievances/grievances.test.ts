import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRIEVANCE_MOVES, GRIEVANCE_STATES, type GrievanceState } from '#domain/grievances';
import {
  auditLog,
  clientUsers,
  employeeProfiles,
  grievanceEvents,
  liveEvents,
  notifications,
  users,
} from '../../db/schema';
import { testApp, testBackends, TestClock, type Answer, type Caller, type TestApi } from '../../test-client';

const DAY = 86_400;
// Sunrise keeps New York time. Monday 6 January 2031, 07:00 there.
const MONDAY_MORNING = new Date('2031-01-06T12:00:00Z');

for (const backend of testBackends()) {
  describe(`grievances (${backend})`, () => {
    let t: TestApi;
    const clock = new TestClock();
    let admin: Caller;
    let nurse: Caller;
    let client: Caller;
    let harbor: Caller;
    let master: Caller;
    let newhire: Caller;
    let whitfield: { id: number; pathways: number };

    /** Moves the server's clock and signs everyone in again (their tokens live 5 minutes of that clock). */
    const at = async (instant: Date) => {
      clock.set(instant);
      // the master acts in Sunrise
      [admin, nurse, client, harbor, newhire] = await t.asEach([
        'admin@sunrise.example',
        'nurse@sunrise.example',
        'client@sunrise.example',
        'admin@harbor.example',
        'newhire@sunrise.example',
      ]);
      master = await t.as('master@portal.example', { organization: 'sunrise' });
    };
    const later = (days: number) => at(new Date(clock.now().getTime() + days * DAY * 1000));

    beforeAll(async () => {
      t = await testApp({ backend, clock });
      await at(MONDAY_MORNING);
      const rows = await t.rows(sql`select id from clients where last_name = 'Whitfield'`);
      const detail = (await admin.get(`/api/clients/${rows[0].id}/`)).json();
      whitfield = {
        id: Number(rows[0].id),
        pathways: detail.services.find((s: { service: string }) => s.service === 'Pathways').id,
      };
    });
    afterAll(async () => t?.close());

    const concern = {
      category: 'STAFF',
      description: 'The aide was on her phone the whole visit.',
      occurred_on: '2031-01-03',
      people_involved: 'Friday aide',
      desired_outcome: 'Another aide on Fridays',
    };
    const move = (id: number, state: GrievanceState, extra: object = {}) =>
      admin.post(`/api/grievances/${id}/transition/`, { state, ...extra });
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
      nurse = await t.as('nurse@sunrise.example');
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

    /* ---- who sees a grievance inside the organization (product.md, "Grievances") ---- */

    let accounts = 0;
    /** A signed-up account of Sunrise (the demo password), copied from a demo user (an employee's profile too): a family member of Clara Whitfield's client record when `family`. */
    const account = async (
      from: string,
      firstName: string,
      lastName: string,
      family = false,
    ): Promise<Caller & { email: string }> => {
      const [source] = await t.database.db.select().from(users).where(eq(users.email, from));
      const email = `${firstName.toLowerCase()}-${process.pid}-${++accounts}@family.example`;
      const [made] = await t.database.db
        .insert(users)
        .values({
          organizationId: source.organizationId,
          email,
          firstName,
          lastName,
          role: source.role,
          passwordHash: source.passwordHash,
          isActive: true,
          timezone: source.timezone,
          passwordChangedAt: source.passwordChangedAt,
        })
        .returning({ id: users.id });
      const [profile] = await t.database.db
        .select()
        .from(employeeProfiles)
        .where(eq(employeeProfiles.userId, source.id));
      if (profile) await t.database.db.insert(employeeProfiles).values({ ...profile, userId: made.id });
      if (family)
        await t.database.db.insert(clientUsers).values({
          userId: made.id,
          organizationId: source.organizationId!,
          clientId: whitfield.id,
          relationship: 'FAMILY',
        });
      return { ...(await t.as(email)), email };
    };
    const idsIn = (answer: Answer) => answer.json().results.map((g: { id: number }) => g.id);
    /** Someone outside the grievance: 404 by id and on its trail, and not in their list. */
    const expectNothingOf = async (id: number, session: Caller, who: string) => {
      expect((await session.get(`/api/grievances/${id}/`)).statusCode, who).toBe(404);
      const list = await session.get('/api/grievances/?limit=100');
      expect(list.statusCode, who).toBe(200);
      expect(idsIn(list), who).not.toContain(id);
      expect((await session.post(`/api/grievances/${id}/notes/`, { note: 'Mum gets confused.' })).statusCode, who).toBe(
        404,
      );
      if (session.user.role === 'ROLE_CLIENT') {
        expect((await session.get(`/api/grievances/${id}/shares/`)).statusCode, who).toBe(404);
        expect(
          (await session.post(`/api/grievances/${id}/shares/`, { user_id: session.user.id })).statusCode,
          who,
        ).toBe(404);
      }
    };
    /** The live events, notifications and mails of this grievance a user got. */
    const heardOf = async (user: { id: number; email: string }, id: number) => {
      const events = (await t.database.db.select().from(liveEvents).where(eq(liveEvents.userId, user.id))).filter(
        (e) => (e.data as { grievance_id?: number }).grievance_id === id,
      );
      const told = (await t.database.db.select().from(notifications).where(eq(notifications.userId, user.id))).filter(
        (n) => (n.link ?? '').endsWith(`/${id}`),
      );
      const mails = t.delivered().filter((mail) => mail.to === user.email);
      return { events: events.length, notifications: told.length, mails: mails.length };
    };
    const shareRows = (id: number) =>
      t.database.db
        .select({ action: auditLog.action, actorId: auditLog.actorId, changed: auditLog.changedFields })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'grievance_share'), eq(auditLog.entityId, String(id))))
        .orderBy(auditLog.id);

    it('an abuse complaint naming her son: the rest of the family and the person it names learn nothing of it, until the complainant shares it with one of them', async () => {
      await at(new Date('2031-07-07T14:00:00Z'));
      const daniel = await account('client@sunrise.example', 'Daniel', 'Whitfield', true);
      const june = await account('client@sunrise.example', 'June', 'Whitfield', true);
      const eve = await account('client@sunrise.example', 'Eve', 'Whitfield', true);
      // a family member the office deactivated is not offered
      const ruth = await account('client@sunrise.example', 'Ruth', 'Whitfield', true);
      await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, ruth.user.id));
      const nurseAccount = { id: nurse.user.id as number, email: 'nurse@sunrise.example' };
      const filed = await client.post('/api/grievances/', {
        category: 'ABUSE',
        description: 'My son shouts at me and takes my pension.',
        people_involved: 'My son Daniel; the nurse Nora Okafor saw it',
        desired_outcome: 'Please do not tell Daniel.',
      });
      expect(filed.statusCode, filed.body).toBe(201);
      const { id } = filed.json();
      expect(filed.json().shared_with).toEqual([]);
      expect((await move(id, 'INVESTIGATING', { note: 'We will visit on Monday.' })).statusCode).toBe(200);
      expect(
        (
          await admin.post(`/api/grievances/${id}/notes/`, {
            note: 'Adult protective services called.',
            internal: true,
          })
        ).statusCode,
      ).toBe(201);

      // the son it names, another family member, the nurse it names: 404, not listed, no note
      for (const [who, session] of [
        ['Daniel (named)', daniel],
        ['June (family)', june],
        ['Eve (family)', eve],
        ['the nurse (named)', nurse],
      ] as const)
        await expectNothingOf(id, session, who);

      // the complainant picks from her family, by name only
      const family = await client.get(`/api/grievances/${id}/shares/`);
      expect(family.statusCode, family.body).toBe(200);
      expect(family.json()).toEqual([
        { id: daniel.user.id, name: 'Daniel Whitfield', shared: false },
        { id: eve.user.id, name: 'Eve Whitfield', shared: false },
        { id: june.user.id, name: 'June Whitfield', shared: false },
      ]);
      expect(family.body).not.toContain('@');
      // an active family member of the same client only: not the nurse, not herself, not Ruth
      for (const stranger of [nurse.user.id, client.user.id, ruth.user.id]) {
        const refused = await client.post(`/api/grievances/${id}/shares/`, { user_id: stranger });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().fields.user_id).toBeDefined();
      }
      // the office reads who it is shared with; it shares nothing
      expect((await admin.post(`/api/grievances/${id}/shares/`, { user_id: june.user.id })).statusCode).toBe(403);

      const shared = await client.post(`/api/grievances/${id}/shares/`, { user_id: june.user.id });
      expect(shared.statusCode, shared.body).toBe(201);
      expect(shared.json().shared_with).toEqual([{ id: june.user.id, name: 'June Whitfield' }]);
      expect(
        (await client.get(`/api/grievances/${id}/shares/`)).json().filter((m: { shared: boolean }) => m.shared),
      ).toEqual([{ id: june.user.id, name: 'June Whitfield', shared: true }]);
      expect((await admin.get(`/api/grievances/${id}/`)).json().shared_with).toEqual([
        { id: june.user.id, name: 'June Whitfield' },
      ]);

      // June sees it as the complainant does (no internal note, not who else it is shared with) and adds a note
      const seen = await june.get(`/api/grievances/${id}/`);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json()).toMatchObject({
        description: 'My son shouts at me and takes my pension.',
        desired_outcome: 'Please do not tell Daniel.',
        shared_with: null,
        reprisal_watch: null,
        moves: [],
      });
      expect(seen.json().events.some((e: { note: string }) => e.note === 'We will visit on Monday.')).toBe(true);
      expect(seen.body).not.toContain('protective services');
      const juneList = await june.get('/api/grievances/?limit=100');
      expect(idsIn(juneList)).toContain(id);
      expect(juneList.body).not.toContain('protective services');
      expect(
        (await june.post(`/api/grievances/${id}/notes/`, { note: 'I will stay with Mum this week.' })).statusCode,
      ).toBe(201);
      expect((await june.post(`/api/grievances/${id}/notes/`, { note: 'secret', internal: true })).statusCode).toBe(
        400,
      );
      expect(
        (await client.get(`/api/grievances/${id}/`))
          .json()
          .events.some(
            (e: { note: string; by: { id: number } }) =>
              e.note === 'I will stay with Mum this week.' && e.by.id === june.user.id,
          ),
      ).toBe(true);
      // she neither lists the family nor shares it further
      expect((await june.get(`/api/grievances/${id}/shares/`)).statusCode).toBe(404);
      expect((await june.post(`/api/grievances/${id}/shares/`, { user_id: eve.user.id })).statusCode).toBe(404);
      // the others still learn nothing
      for (const [who, session] of [
        ['Daniel', daniel],
        ['Eve', eve],
        ['the nurse', nurse],
      ] as const)
        await expectNothingOf(id, session, who);

      // the answer reaches Clara and June
      expect(
        (await move(id, 'RESOLVED', { resolution: 'A social worker visits weekly; the bank was told.' })).statusCode,
      ).toBe(200);
      for (const person of [client.user, june.user]) {
        const told = await t.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, person.id), eq(notifications.type, 'grievance_resolved')));
        expect(
          told.map((n) => n.link),
          `user ${person.id}`,
        ).toContain(`/clients/welcome/concerns/${id}`);
      }
      expect((await heardOf({ id: june.user.id, email: june.email }, id)).events).toBeGreaterThan(0);

      // Clara stops sharing: June loses it
      expect((await client.delete(`/api/grievances/${id}/shares/${june.user.id}/`)).statusCode).toBe(204);
      await expectNothingOf(id, june, 'June, no longer shared');
      expect((await client.get(`/api/grievances/${id}/`)).json().shared_with).toEqual([]);
      expect((await client.delete(`/api/grievances/${id}/shares/${june.user.id}/`)).statusCode).toBe(404);
      expect((await june.delete(`/api/grievances/${id}/shares/${eve.user.id}/`)).statusCode).toBe(404);
      // each share change is audited with whom
      expect(await shareRows(id)).toEqual([
        { action: 'CREATE', actorId: client.user.id, changed: expect.objectContaining({ user_id: june.user.id }) },
        { action: 'DELETE', actorId: client.user.id, changed: expect.objectContaining({ user_id: june.user.id }) },
      ]);

      // through all of it, no live event, notification or mail of it reached Daniel, Eve or the nurse
      for (const [who, person] of [
        ['Daniel', daniel],
        ['Eve', eve],
        ['the nurse', nurseAccount],
      ] as const) {
        expect(
          await heardOf({ id: 'user' in person ? person.user.id : person.id, email: person.email }, id),
          who,
        ).toEqual({ events: 0, notifications: 0, mails: 0 });
      }
    });

    it('a family member the office unlinks from the client loses what was shared with them', async () => {
      await at(new Date('2031-07-07T15:00:00Z'));
      const june = await account('client@sunrise.example', 'June', 'Whitfield', true);
      const { id } = (
        await client.post('/api/grievances/', { ...concern, description: 'The bath aide was rough.' })
      ).json();
      expect((await client.post(`/api/grievances/${id}/shares/`, { user_id: june.user.id })).statusCode).toBe(201);
      expect((await june.get(`/api/grievances/${id}/`)).statusCode).toBe(200);
      await t.database.db.delete(clientUsers).where(eq(clientUsers.userId, june.user.id));
      await expectNothingOf(id, june, 'June, no longer of the family');
      expect((await client.get(`/api/grievances/${id}/`)).json().shared_with).toEqual([]);
    });

    it("an employee's grievance is theirs alone: a second employee learns nothing of it; a third admin sees every grievance with its internal notes", async () => {
      await at(new Date('2031-07-07T16:00:00Z'));
      const { id } = (
        await nurse.post('/api/grievances/', {
          ...concern,
          category: 'DISCRIMINATION',
          description: 'Passed over for the day shift again.',
        })
      ).json();
      // a second READY employee, as the nurse is
      const aide = await account('nurse@sunrise.example', 'Eli', 'Second');
      await expectNothingOf(id, aide, 'a second employee');
      expect(
        (await aide.get('/api/grievances/?limit=100'))
          .json()
          .results.every((g: { complainant: { id: number } | null }) => g.complainant?.id === aide.user.id),
      ).toBe(true);
      // Clara's is not the aide's either
      const claras = (
        await client.post('/api/grievances/', { ...concern, description: 'The Friday aide left early.' })
      ).json().id;
      await expectNothingOf(claras, aide, 'an employee, about a client’s');
      expect(
        (await admin.post(`/api/grievances/${claras}/notes/`, { note: 'Checked the rota.', internal: true }))
          .statusCode,
      ).toBe(201);

      const third = await account('admin@sunrise.example', 'Theo', 'Third');
      for (const grievance of [id, claras]) {
        const seen = await third.get(`/api/grievances/${grievance}/`);
        expect(seen.statusCode, seen.body).toBe(200);
        expect(seen.json().reprisal_watch).not.toBeNull();
        expect(seen.json().shared_with).toEqual([]);
      }
      expect(
        (await third.get(`/api/grievances/${claras}/`))
          .json()
          .events.some((e: { note: string; internal: boolean }) => e.internal && e.note === 'Checked the rota.'),
      ).toBe(true);
      const desk = await third.get('/api/grievances/?limit=100');
      expect(idsIn(desk)).toEqual(expect.arrayContaining([id, claras]));
    });

    it('every read of a grievance or of the list writes its READ or SEARCH row, whoever reads', async () => {
      await at(new Date('2031-07-07T17:00:00Z'));
      const { id } = (
        await client.post('/api/grievances/', { ...concern, description: 'Nobody answered the phone.' })
      ).json();
      const rowsOf = (actor: number, action: string) =>
        t.database.db
          .select({ entityId: auditLog.entityId, clientId: auditLog.clientId, role: auditLog.role })
          .from(auditLog)
          .where(and(eq(auditLog.actorId, actor), eq(auditLog.entity, 'grievance'), eq(auditLog.action, action)));
      for (const [session, role] of [
        [client, 'ROLE_CLIENT'],
        [admin, 'ROLE_ADMIN'],
      ] as const) {
        const reads = (await rowsOf(session.user.id, 'READ')).length;
        expect((await session.get(`/api/grievances/${id}/`)).statusCode).toBe(200);
        const after = await rowsOf(session.user.id, 'READ');
        expect(after.length, role).toBe(reads + 1);
        expect(after.at(-1), role).toMatchObject({ entityId: String(id), clientId: whitfield.id, role });
        const searches = (await rowsOf(session.user.id, 'SEARCH')).length;
        expect((await session.get('/api/grievances/?limit=5')).statusCode).toBe(200);
        expect((await rowsOf(session.user.id, 'SEARCH')).length, role).toBe(searches + 1);
      }
      const own = (await nurse.post('/api/grievances/', { ...concern, description: 'My mileage was not paid.' })).json()
        .id;
      const reads = (await rowsOf(nurse.user.id, 'READ')).length;
      const searches = (await rowsOf(nurse.user.id, 'SEARCH')).length;
      await nurse.get(`/api/grievances/${own}/`);
      await nurse.get('/api/grievances/');
      expect((await rowsOf(nurse.user.id, 'READ')).length).toBe(reads + 1);
      expect((await rowsOf(nurse.user.id, 'SEARCH')).length).toBe(searches + 1);
      // a refused read (404) reads nothing
      const refused = (await rowsOf(nurse.user.id, 'READ')).length;
      expect((await nurse.get(`/api/grievances/${id}/`)).statusCode).toBe(404);
      expect((await rowsOf(nurse.user.id, 'READ')).length).toBe(refused);
    });
  });
}
