import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, clientUsers, employeeProfiles, liveEvents, notifications, users } from '../../db/schema';
import { testBackends, type Answer, type Caller } from '../../test-client';
import { concern, grievancesSuite } from './grievances-suite';

for (const backend of testBackends()) {
  describe(`grievances: who sees a grievance, and sharing it (${backend})`, () => {
    const { t, admin, nurse, client, whitfield, at, move } = grievancesSuite(backend);

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
