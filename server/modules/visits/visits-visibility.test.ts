import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type Caller } from '../../test-client';
import { AT_THE_DOOR, FAR_AWAY, NGUYEN_HOME, visitsSuite } from './visits-suite';

for (const backend of testBackends()) {
  describe(`visits: who sees what of a visit, and the audit (${backend})`, () => {
    const { t, admin, nurse, client, nguyen, whitfield, at, book, bookFor } = visitsSuite(backend);

    // (product.md, "What each person sees of a visit", "Audit")
    describe('who sees what of a visit, and the audit rows of every read', () => {
      let aide: Caller;
      let family: Caller;
      /** The audit rows written from here on (by id), for one operation. */
      const auditAfter = async (mark: number, operation: string) =>
        t.rows(
          sql`select actor_id, role, action, entity, entity_id, client_id, changed_fields from audit_log where id > ${mark} and operation_id = ${operation} order by id`,
        );
      const lastAuditId = async () =>
        Number((await t.rows(sql`select coalesce(max(id), 0) as id from audit_log`))[0].id);
      const signInOthers = async () => {
        [aide, family] = await t.asEach(['aide@sunrise.example', 'grace.whitfield@example.com']);
      };

      beforeAll(async () => {
        // a second family member of Clara Whitfield's, signing in with the demo password
        const [clara] = await t.rows(
          sql`select organization_id, password_hash from users where email = 'client@sunrise.example'`,
        );
        const [grace] = await t.rows(
          sql`insert into users (organization_id, email, first_name, last_name, role, password_hash) values (${clara.organization_id}, 'grace.whitfield@example.com', 'Grace', 'Whitfield', 'ROLE_CLIENT', ${clara.password_hash}) returning id`,
        );
        await t.database.db.execute(
          sql`insert into client_users (user_id, organization_id, client_id, relationship) values (${grace.id}, ${clara.organization_id}, ${whitfield.id}, 'FAMILY')`,
        );
        // the aide (READY, HHA) has a form due, which closes her schedule until she signs it: here it is not required
        await t.database.db.execute(
          sql`update form_requests set required = false where employee_id = (select id from users where email = 'aide@sunrise.example')`,
        );
        await at('2031-01-13T12:00:00Z'); // Monday 13 January, 07:00
        await signInOthers();
      });

      it('a caregiver reads an open visit only when it fits their position and lies ahead, without address, notes or position', async () => {
        const nursing = (
          await bookFor(nguyen.id, nguyen.nursing, '2031-02-04', '09:00', '10:00', { notes: 'Gate code 4512' })
        ).json();
        const pathways = (
          await bookFor(whitfield.id, whitfield.pathways, '2031-02-04', '13:00', '14:00', {
            notes: 'Key under the mat',
          })
        ).json();
        const past = (await bookFor(whitfield.id, whitfield.pathways, '2031-01-10', '13:00', '14:00')).json();
        expect([nursing.status, pathways.status, past.status]).toEqual(['OPEN', 'OPEN', 'OPEN']);

        // the aide (HHA) may not provide skilled nursing: the nurse-only visit is not hers to read, ask for or find
        expect((await aide.get(`/api/visits/${nursing.id}/`)).statusCode).toBe(404);
        expect((await aide.post(`/api/visits/${nursing.id}/request/`, {})).statusCode).toBe(404);
        const offeredToAide = (await aide.get('/api/visits/?status=OPEN'))
          .json()
          .results.map((v: { id: number }) => v.id);
        expect(offeredToAide).toContain(pathways.id);
        expect(offeredToAide).not.toContain(nursing.id);
        // an open visit in the past is nobody's to read, whatever it needs
        expect((await aide.get(`/api/visits/${past.id}/`)).statusCode).toBe(404);
        expect((await nurse.get(`/api/visits/${past.id}/`)).statusCode).toBe(404);
        expect(offeredToAide).not.toContain(past.id);

        // one that fits: what deciding needs (day, window, service, the town), never the address, notes or position
        const [home] = await t.rows(sql`select address, city from clients where id = ${nguyen.id}`);
        for (const [visit, session, town] of [
          [nursing, nurse, home.city],
          [pathways, aide, 'Riverton'],
        ] as const) {
          const answer = await session.get(`/api/visits/${visit.id}/`);
          expect(answer.statusCode, answer.body).toBe(200);
          const seen = answer.json();
          expect(seen).toMatchObject({
            status: 'OPEN',
            service_date: '2031-02-04',
            address: town,
            notes: '',
            latitude: null,
            longitude: null,
            cancel_note: null,
            exceptions: [],
          });
          expect(seen.client.first_name).toMatch(/^[A-Z]\.$/);
          expect(seen.client.last_name).toMatch(/^[A-Z]\.$/);
          const listed = (await session.get('/api/visits/?status=OPEN&from=2031-02-04&to=2031-02-04'))
            .json()
            .results.find((v: { id: number }) => v.id === visit.id);
          expect(listed).toEqual(seen);
        }
        const nurseView = JSON.stringify((await nurse.get(`/api/visits/${nursing.id}/`)).json());
        for (const secret of ['Gate code', home.address, 'Nguyen', 'Walter', '40.7455', '-73.9822'])
          expect(nurseView).not.toContain(secret);
        expect(JSON.stringify((await aide.get(`/api/visits/${pathways.id}/`)).json())).not.toMatch(
          /Key under the mat|Orchard Lane|Whitfield|40\.7411/,
        );

        // once hers, the visit shows her the address and the office's notes, never the home's position
        expect((await nurse.post(`/api/visits/${nursing.id}/request/`, {})).statusCode).toBe(201);
        expect((await admin.patch(`/api/visits/${nursing.id}/`, { caregiver_id: nurse.user.id })).statusCode).toBe(200);
        const hers = (await nurse.get(`/api/visits/${nursing.id}/`)).json();
        expect(hers).toMatchObject({
          status: 'SCHEDULED',
          client: { first_name: 'Walter', last_name: 'Nguyen' },
          notes: 'Gate code 4512',
          latitude: null,
          longitude: null,
        });
        expect(hers.address).toContain(home.address);
        const inHerDay = (await nurse.get('/api/visits/?from=2031-02-04&to=2031-02-04'))
          .json()
          .results.find((v: { id: number }) => v.id === nursing.id);
        expect(inHerDay).toMatchObject({ latitude: null, longitude: null, notes: 'Gate code 4512' });
        // the office alone gets the home's position
        expect((await admin.get(`/api/visits/${nursing.id}/`)).json()).toMatchObject({
          latitude: NGUYEN_HOME.latitude,
          longitude: NGUYEN_HOME.longitude,
        });
      });

      it('a clock at exactly the home’s coordinates, or claiming an accuracy no phone has, is recorded and becomes an exception', async () => {
        const exact = (await book({ service_date: '2031-01-14', start_time: '09:00', end_time: '10:00' })).json();
        const precise = (await book({ service_date: '2031-01-14', start_time: '11:00', end_time: '12:00' })).json();
        await at('2031-01-14T13:58:00Z'); // 08:58
        await signInOthers();
        const clockedIn = await nurse.post(`/api/visits/${exact.id}/clock-in/`, { ...NGUYEN_HOME, accuracy: 8 });
        expect(clockedIn.statusCode, clockedIn.body).toBe(200);
        expect(clockedIn.json()).toMatchObject({ status: 'IN_PROGRESS', clock_in: { location: 'HOME', distance: 0 } });
        expect(clockedIn.json().exceptions.map((e: { code: string }) => e.code)).toEqual(['IMPLAUSIBLE_CLOCK_IN']);
        await at('2031-01-14T15:00:00Z');
        const out = (await nurse.post(`/api/visits/${exact.id}/clock-out/`, { ...AT_THE_DOOR, accuracy: 7 })).json();
        // the home's exact coordinates keep the visit from Verified until the office looks
        expect(out.status).toBe('COMPLETED');

        await at('2031-01-14T15:58:00Z'); // 10:58
        expect(
          (await nurse.post(`/api/visits/${precise.id}/clock-in/`, { ...AT_THE_DOOR, accuracy: 6 })).json().exceptions,
        ).toEqual([]);
        await at('2031-01-14T17:00:00Z');
        const half = (
          await nurse.post(`/api/visits/${precise.id}/clock-out/`, { ...AT_THE_DOOR, accuracy: 0.5 })
        ).json();
        expect(half).toMatchObject({ status: 'COMPLETED', clock_out: { location: 'HOME', accuracy: 0.5 } });
        expect(half.exceptions.map((e: { code: string }) => e.code)).toEqual(['IMPLAUSIBLE_CLOCK_OUT']);

        const queue = (await admin.get('/api/visit-exceptions/?limit=100')).json().results;
        expect(queue.find((e: { visit: { id: number } }) => e.visit.id === exact.id)).toMatchObject({
          code: 'IMPLAUSIBLE_CLOCK_IN',
        });
        expect(queue.find((e: { visit: { id: number } }) => e.visit.id === precise.id)).toMatchObject({
          code: 'IMPLAUSIBLE_CLOCK_OUT',
        });
      });

      it('the client and every family member see times, service, status and the caregiver’s first name and initial, nothing else', async () => {
        const booked = (
          await bookFor(whitfield.id, whitfield.pathways, '2031-01-15', '13:00', '14:00', {
            caregiver_id: nurse.user.id,
            notes: 'Key under the mat',
          })
        ).json();
        await at('2031-01-15T18:20:00Z'); // 13:20, late
        await signInOthers();
        const away = { ...FAR_AWAY, accuracy: 9, location_type: 'COMMUNITY', reason: 'Took her to the pharmacy' };
        expect((await nurse.post(`/api/visits/${booked.id}/clock-in/`, away)).statusCode).toBe(200);
        await at('2031-01-15T19:00:00Z');
        await signInOthers();
        const out = (await nurse.post(`/api/visits/${booked.id}/clock-out/`, away)).json();
        const late = out.exceptions.find((e: { code: string }) => e.code === 'LATE_CLOCK_IN');
        await admin.post(`/api/visit-exceptions/${late.id}/resolve/`, {
          resolution: 'CORRECTED',
          correction_reason: 'OTHER',
          corrected_start_at: '2031-01-15T18:00:00Z',
          note: 'HR remark: third late arrival',
        });
        const location = out.exceptions.find((e: { code: string }) => e.code === 'LOCATION_CLOCK_IN');
        await admin.post(`/api/visit-exceptions/${location.id}/resolve/`, {
          resolution: 'APPROVED',
          note: 'Pharmacy run agreed',
        });
        // the office sees it all
        expect((await admin.get(`/api/visits/${booked.id}/`)).json()).toMatchObject({
          caregiver: { name: 'Nora Okafor' },
          correction_note: 'HR remark: third late arrival',
          clock_in: { reason: 'Took her to the pharmacy', latitude: FAR_AWAY.latitude },
        });

        for (const session of [client, family]) {
          const one = await session.get(`/api/visits/${booked.id}/`);
          expect(one.statusCode, one.body).toBe(200);
          const seen = one.json();
          expect(seen).toMatchObject({
            status: 'COMPLETED',
            service: 'Pathways',
            starts_at: '2031-01-15T18:00:00.000Z',
            caregiver: { id: nurse.user.id, name: 'Nora O.' },
            corrected_start_at: '2031-01-15T18:00:00.000Z',
            notes: '',
            latitude: null,
            longitude: null,
            correction_reason: null,
            correction_note: null,
            exceptions: [],
          });
          for (const clock of [seen.clock_in, seen.clock_out])
            expect(clock).toEqual({
              at: expect.any(String),
              location: null,
              latitude: null,
              longitude: null,
              accuracy: null,
              distance: null,
              reason: null,
            });
          const listed = (await session.get('/api/visits/?from=2031-01-15&to=2031-01-15'))
            .json()
            .results.find((v: { id: number }) => v.id === booked.id);
          expect(listed).toEqual(seen);
          const text = JSON.stringify(seen);
          for (const secret of [
            'Okafor',
            'pharmacy',
            'Pharmacy',
            'HR remark',
            'Key under the mat',
            String(FAR_AWAY.latitude),
            'COMMUNITY',
            'LATE_CLOCK_IN',
          ])
            expect(text).not.toContain(secret);
        }
      });

      it('every read of a visit writes its audit row, for every role: one row per request', async () => {
        const [visit] = await t.rows(
          sql`select id, client_id from visits where caregiver_id = ${nurse.user.id} and client_id = ${nguyen.id} order by id limit 1`,
        );
        let mark = await lastAuditId();
        expect((await nurse.get(`/api/visits/${visit.id}/`)).statusCode).toBe(200);
        expect(await auditAfter(mark, 'visits_retrieve')).toEqual([
          expect.objectContaining({
            actor_id: nurse.user.id,
            role: 'ROLE_EMPLOYEE',
            action: 'READ',
            entity: 'visit',
            entity_id: String(visit.id),
            client_id: nguyen.id,
          }),
        ]);

        for (const [session, role] of [
          [nurse, 'ROLE_EMPLOYEE'],
          [aide, 'ROLE_EMPLOYEE'],
          [client, 'ROLE_CLIENT'],
          [family, 'ROLE_CLIENT'],
          [admin, 'ROLE_ADMIN'],
        ] as const) {
          mark = await lastAuditId();
          expect((await session.get('/api/visits/?from=2031-01-01&to=2031-01-31')).statusCode).toBe(200);
          expect(await auditAfter(mark, 'visits_list')).toEqual([
            expect.objectContaining({ actor_id: session.user.id, role, action: 'SEARCH', entity: 'visit' }),
          ]);
        }

        mark = await lastAuditId();
        const [whitfieldVisit] = await t.rows(
          sql`select id from visits where client_id = ${whitfield.id} and caregiver_id is not null order by id desc limit 1`,
        );
        expect((await family.get(`/api/visits/${whitfieldVisit.id}/`)).statusCode).toBe(200);
        expect(await auditAfter(mark, 'visits_retrieve')).toEqual([
          expect.objectContaining({
            actor_id: family.user.id,
            role: 'ROLE_CLIENT',
            action: 'READ',
            entity_id: String(whitfieldVisit.id),
            client_id: whitfield.id,
          }),
        ]);

        mark = await lastAuditId();
        expect((await admin.get('/api/visits/board/?week=2031-01-13&by=client&search=ngu')).statusCode).toBe(200);
        const board = await auditAfter(mark, 'visits_board_retrieve');
        expect(board).toEqual([
          expect.objectContaining({ actor_id: admin.user.id, action: 'SEARCH', entity: 'visit' }),
        ]);
        expect(board[0].changed_fields).toMatchObject({
          event: 'board',
          query: { week: '2031-01-12', by: 'client', search: 'ngu' },
          count: 1,
        });

        mark = await lastAuditId();
        expect((await admin.get('/api/visit-exceptions/?code=IMPLAUSIBLE_CLOCK_IN')).statusCode).toBe(200);
        const queue = await auditAfter(mark, 'visit_exceptions_list');
        expect(queue).toEqual([
          expect.objectContaining({ actor_id: admin.user.id, action: 'SEARCH', entity: 'visit' }),
        ]);
        expect(queue[0].changed_fields).toMatchObject({
          event: 'exceptions',
          query: { code: 'IMPLAUSIBLE_CLOCK_IN' },
          count: 1,
        });
      });
    });
  });
}
