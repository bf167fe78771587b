import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testBackends } from '../../test-client';
import { AT_THE_DOOR, FAR_AWAY, MONDAY_MORNING, NGUYEN_HOME, visitsSuite } from './visits-suite';

for (const backend of testBackends()) {
  describe(`visits: booking, the caregiver's day, the board and the export (${backend})`, () => {
    const { t, admin, nurse, client, harbor, nguyen, whitfield, at, book, bookFor, recur } = visitsSuite(backend);

    describe('scheduling', () => {
      it('books a visit for a READY nurse; it shows in her schedule and not in another organization', async () => {
        const answer = await book({
          service_date: '2031-01-07',
          start_time: '09:00',
          end_time: '11:00',
          notes: 'Dressing change',
        });
        expect(answer.statusCode, answer.body).toBe(201);
        const visit = answer.json();
        expect(visit).toMatchObject({
          status: 'SCHEDULED',
          service: 'SkilledNurses',
          service_date: '2031-01-07',
          starts_at: '2031-01-07T14:00:00.000Z',
          ends_at: '2031-01-07T16:00:00.000Z',
          caregiver: { name: 'Nora Okafor' },
        });
        expect(visit.address).toContain('88 Birch Street');

        const mine = (await nurse.get('/api/visits/?from=2031-01-07&to=2031-01-07')).json();
        expect(mine.results.map((v: { id: number }) => v.id)).toEqual([visit.id]);
        expect((await harbor.get(`/api/visits/${visit.id}/`)).statusCode).toBe(404);
        expect((await harbor.get('/api/visits/?from=2031-01-07&to=2031-01-07')).json().count).toBe(0);
      });

      it('refuses each conflict with a message that names it', async () => {
        const overlap = await book({ service_date: '2031-01-07', start_time: '10:59', end_time: '12:00' });
        expect(overlap.statusCode).toBe(409);
        expect(overlap.json().detail).toBe('Nora Okafor is booked 09:00–11:00 with W. Nguyen.');
        // back to back is not an overlap
        expect((await book({ service_date: '2031-01-07', start_time: '11:00', end_time: '12:00' })).statusCode).toBe(
          201,
        );

        const backwards = await book({ service_date: '2031-01-08', start_time: '11:00', end_time: '09:00' });
        expect(backwards.statusCode).toBe(400);
        expect(backwards.json().fields.end_time).toEqual(['The visit must end after it starts.']);
        const tooLong = await book({
          service_date: '2031-01-08',
          start_time: '09:00',
          end_date: '2031-01-09',
          end_time: '09:01',
        });
        expect(tooLong.json().fields.end_time).toEqual(['A visit cannot be longer than 24 hours.']);

        const newhire = (await admin.get('/api/employees/?search=patel')).json().results[0];
        const notReady = await bookFor(whitfield.id, whitfield.pathways, '2031-01-08', '09:00', '10:00', {
          caregiver_id: newhire.id,
        });
        expect(notReady.json().fields.caregiver_id).toEqual([
          'Noah Patel is not READY: finish their onboarding first.',
        ]);

        const notTheirs = await bookFor(whitfield.id, nguyen.nursing, '2031-01-08', '09:00', '10:00');
        expect(notTheirs.json().fields.service_id).toEqual(['Clara Whitfield does not receive this service.']);

        const wrongLicence = await bookFor(nguyen.id, nguyen.therapy, '2031-01-08', '09:00', '10:00', {
          caregiver_id: nurse.user.id,
        });
        expect(wrongLicence.json().fields.caregiver_id[0]).toBe(
          'Nora Okafor (Registered Nurse) cannot provide PhysicalTherapist: it needs Physical Therapist.',
        );
      });

      it('a visit without a caregiver is Open, and the nurse sees open visits that fit her', async () => {
        const open = await bookFor(nguyen.id, nguyen.nursing, '2031-01-09', '13:00', '14:00');
        expect(open.json()).toMatchObject({ status: 'OPEN', caregiver: null });
        const therapy = await bookFor(nguyen.id, nguyen.therapy, '2031-01-09', '15:00', '16:00');
        expect(therapy.statusCode).toBe(201);
        const offered = (await nurse.get('/api/visits/?status=OPEN')).json().results.map((v: { id: number }) => v.id);
        expect(offered).toContain(open.json().id);
        expect(offered).not.toContain(therapy.json().id);
        // the nurse may read an open visit, not a booked one of someone else
        expect((await nurse.get(`/api/visits/${open.json().id}/`)).statusCode).toBe(200);
      });

      it('of many bookings of one hour at the same moment, exactly one succeeds', async () => {
        const answers = await Promise.all(
          Array.from({ length: 8 }, () => book({ service_date: '2031-01-10', start_time: '09:00', end_time: '10:00' })),
        );
        const statuses = answers.map((a) => a.statusCode).sort();
        expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
        for (const refused of answers.filter((a) => a.statusCode === 409))
          expect(refused.json().detail).toBe('Nora Okafor is booked 09:00–10:00 with W. Nguyen.');
      });

      it('the database itself refuses an overlapping booking that skips the check', async () => {
        const [row] = await t.rows(
          sql`select organization_id, client_id, client_service_id from visits where caregiver_id = ${nurse.user.id} limit 1`,
        );
        await expect(
          t.database.db.execute(
            sql`insert into visits (organization_id, client_id, client_service_id, caregiver_id, status, starts_at, ends_at, service_date)
                values (${row.organization_id}, ${row.client_id}, ${row.client_service_id}, ${nurse.user.id}, 'SCHEDULED', '2031-01-10T14:30:00Z', '2031-01-10T15:30:00Z', '2031-01-10')`,
          ),
        ).rejects.toThrow();
      });

      it('a weekly pattern books its days at once and lists what it skipped and why', async () => {
        // Mon/Wed/Fri 09:00–10:00 over two weeks; Friday the 15th is taken by the booking above
        const answer = await recur({
          starts_on: '2031-01-08',
          until: '2031-01-17',
          weekdays: [1, 3, 5],
          start_time: '09:00',
          end_time: '10:00',
        });
        expect(answer.statusCode, answer.body).toBe(201);
        const { created, skipped } = answer.json();
        expect(created.map((v: { service_date: string }) => v.service_date)).toEqual([
          '2031-01-08',
          '2031-01-13',
          '2031-01-15',
          '2031-01-17',
        ]);
        expect(skipped).toEqual([
          { service_date: '2031-01-10', reason: 'Nora Okafor is booked 09:00–10:00 with W. Nguyen.' },
        ]);
        expect(new Set(created.map((v: { pattern_id: number }) => v.pattern_id)).size).toBe(1);
      });

      it('keeps the real duration across a daylight-saving change', async () => {
        // 9 March 2031: New York's clocks jump from 02:00 to 03:00
        const answer = await book({ service_date: '2031-03-09', start_time: '01:00', end_time: '05:00' });
        const visit = answer.json();
        expect(visit.starts_at).toBe('2031-03-09T06:00:00.000Z');
        expect(visit.ends_at).toBe('2031-03-09T09:00:00.000Z');
        expect(visit.service_date).toBe('2031-03-09');
      });

      it('a weekly pattern across the change keeps the local time: 09:00 is 14:00Z before it and 13:00Z after', async () => {
        const answer = await recur({
          starts_on: '2031-03-07',
          until: '2031-03-11',
          weekdays: [5, 1],
          start_time: '09:00',
          end_time: '10:00',
        });
        const created = answer
          .json()
          .created.map((v: { service_date: string; starts_at: string; ends_at: string }) => [
            v.service_date,
            v.starts_at,
            v.ends_at,
          ]);
        expect(created).toEqual([
          ['2031-03-07', '2031-03-07T14:00:00.000Z', '2031-03-07T15:00:00.000Z'],
          ['2031-03-10', '2031-03-10T13:00:00.000Z', '2031-03-10T14:00:00.000Z'],
        ]);
      });

      it('cancel asks for a reason code and tells the caregiver', async () => {
        const visit = (await book({ service_date: '2031-01-14', start_time: '14:00', end_time: '15:00' })).json();
        const noReason = await admin.post(`/api/visits/${visit.id}/cancel/`, {});
        expect(noReason.statusCode).toBe(400);
        const cancelled = await admin.post(`/api/visits/${visit.id}/cancel/`, { reason: 'CLIENT_HOSPITAL' });
        expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', cancel_reason: 'CLIENT_HOSPITAL' });
        const notes = (await nurse.get('/api/notifications/')).json().results.map((n: { title: string }) => n.title);
        expect(notes).toContain('A visit of yours was cancelled');
        // the freed hour can be booked again
        expect((await book({ service_date: '2031-01-14', start_time: '14:00', end_time: '15:00' })).statusCode).toBe(
          201,
        );
      });
    });

    describe("the caregiver's day", () => {
      // booked by the first test that needs it, so that booking's code runs inside a test (mutation testing
      // tells which tests cover which code only for code run in tests, not in hooks)
      let booked: Promise<number> | undefined;
      const theVisit = () =>
        (booked ??= at(MONDAY_MORNING).then(
          async () => (await book({ service_date: '2031-01-06', start_time: '08:00', end_time: '09:00' })).json().id,
        ));

      it('refuses a clock-in more than an hour early, and a clock by anyone but the caregiver', async () => {
        const visitId = await theVisit();
        await at('2031-01-06T11:30:00Z'); // 06:30
        const early = await nurse.post(`/api/visits/${visitId}/clock-in/`, NGUYEN_HOME);
        expect(early.statusCode).toBe(409);
        expect(early.json().detail).toBe(
          'This visit starts Jan 6, 2031 at 08:00: you can clock in from an hour before.',
        );
        await at('2031-01-06T12:58:00Z'); // 07:58
        expect((await admin.post(`/api/visits/${visitId}/clock-in/`, NGUYEN_HOME)).statusCode).toBe(403);
      });

      it('at the home, clock in then out: In progress at the server time, then Verified with its minutes', async () => {
        const visitId = await theVisit();
        await at('2031-01-06T12:58:00Z');
        const clockedIn = await nurse.post(`/api/visits/${visitId}/clock-in/`, { ...AT_THE_DOOR, accuracy: 12 });
        expect(clockedIn.statusCode, clockedIn.body).toBe(200);
        expect(clockedIn.json()).toMatchObject({
          status: 'IN_PROGRESS',
          clock_in: { at: '2031-01-06T12:58:00.000Z', location: 'HOME', distance: 3 },
          exceptions: [],
        });
        await at('2031-01-06T14:01:30Z');
        const out = (
          await nurse.post(`/api/visits/${visitId}/clock-out/`, { latitude: 40.7457, longitude: -73.9823 })
        ).json();
        expect(out).toMatchObject({ status: 'VERIFIED', minutes: 63, exceptions: [] });
        expect(out.clock_out.distance).toBeLessThan(30);
      });

      it('far from the home, the clock names the distance and asks where and why; the answer becomes an exception', async () => {
        const id = (await book({ service_date: '2031-01-06', start_time: '10:00', end_time: '11:00' })).json().id;
        await at('2031-01-06T15:20:00Z'); // 10:20, twenty minutes late
        const far = await nurse.post(`/api/visits/${id}/clock-in/`, FAR_AWAY);
        expect(far.statusCode).toBe(400);
        expect(far.json().fields.location_type[0]).toBe(
          "You are 1.1 km from the client's home. Choose where you are and say why.",
        );
        const declined = await nurse.post(`/api/visits/${id}/clock-in/`, { location_type: 'COMMUNITY' });
        expect(declined.json().fields.reason).toEqual(['Say why the position does not place you at the home.']);
        const clocked = (
          await nurse.post(`/api/visits/${id}/clock-in/`, {
            ...FAR_AWAY,
            location_type: 'COMMUNITY',
            reason: 'Took Mr. Nguyen to the pharmacy',
          })
        ).json();
        expect(clocked.status).toBe('IN_PROGRESS');
        expect(clocked.clock_in).toMatchObject({ location: 'COMMUNITY', reason: 'Took Mr. Nguyen to the pharmacy' });
        expect(clocked.exceptions.map((e: { code: string }) => e.code).sort()).toEqual([
          'LATE_CLOCK_IN',
          'LOCATION_CLOCK_IN',
        ]);
        await at('2031-01-06T16:05:00Z');
        const out = (await nurse.post(`/api/visits/${id}/clock-out/`, AT_THE_DOOR)).json();
        expect(out.status).toBe('COMPLETED');

        // the office's queue
        const queue = (await admin.get('/api/visit-exceptions/')).json();
        const mine = queue.results.filter((e: { visit: { id: number } }) => e.visit.id === id);
        expect(mine.map((e: { code: string }) => e.code).sort()).toEqual(['LATE_CLOCK_IN', 'LOCATION_CLOCK_IN']);
        const late = mine.find((e: { code: string }) => e.code === 'LATE_CLOCK_IN');
        const location = mine.find((e: { code: string }) => e.code === 'LOCATION_CLOCK_IN');

        // a correction needs its reason; it keeps the original clocks beside the corrected times
        const noReason = await admin.post(`/api/visit-exceptions/${late.id}/resolve/`, {
          resolution: 'CORRECTED',
          corrected_start_at: '2031-01-06T15:00:00Z',
        });
        expect(noReason.json().fields.correction_reason).toBeDefined();
        const corrected = (
          await admin.post(`/api/visit-exceptions/${late.id}/resolve/`, {
            resolution: 'CORRECTED',
            correction_reason: 'CLIENT_CONFIRMED',
            corrected_start_at: '2031-01-06T15:00:00Z',
          })
        ).json();
        expect(corrected).toMatchObject({
          status: 'COMPLETED',
          corrected_start_at: '2031-01-06T15:00:00.000Z',
          correction_reason: 'CLIENT_CONFIRMED',
          clock_in: { at: '2031-01-06T15:20:00.000Z' },
          minutes: 65,
        });
        const approved = (
          await admin.post(`/api/visit-exceptions/${location.id}/resolve/`, {
            resolution: 'APPROVED',
            note: 'Pharmacy run agreed with the family',
          })
        ).json();
        expect(approved.status).toBe('VERIFIED');
        expect(
          (await admin.post(`/api/visit-exceptions/${location.id}/resolve/`, { resolution: 'APPROVED' })).statusCode,
        ).toBe(409);
        // the resolved queue shows the original clocks beside the corrected times
        const resolved = (await admin.get('/api/visit-exceptions/?resolved=true'))
          .json()
          .results.find((e: { id: number }) => e.id === late.id);
        expect(resolved.visit).toMatchObject({
          clock_in_at: '2031-01-06T15:20:00.000Z',
          corrected_start_at: '2031-01-06T15:00:00.000Z',
          correction_reason: 'CLIENT_CONFIRMED',
          minutes: 65,
        });
        expect(resolved).toMatchObject({ resolution: 'CORRECTED', resolved_by: { name: 'Alice Grant' } });

        // a recorded clock never changes, whoever writes to the database
        const refusal = await t.database.db
          .execute(sql`update visits set clock_in_at = '2031-01-06T15:00:00Z' where id = ${id}`)
          .then(
            () => null,
            (error: { cause?: Error }) => error.cause?.message,
          );
        expect(refusal).toMatch(/a recorded clock-in time cannot change/);
        await expect(
          t.database.db.execute(
            sql`update visits set corrected_end_at = '2031-01-06T16:00:00Z', correction_reason = null where id = ${id}`,
          ),
        ).rejects.toThrow();
      });

      it('a visit nobody clocked shows as a missing clock-in; approving it marks the visit Missed', async () => {
        const id = (await book({ service_date: '2031-01-06', start_time: '12:00', end_time: '13:00' })).json().id;
        await at('2031-01-06T19:00:00Z');
        const queue = (await admin.get('/api/visit-exceptions/?code=MISSING_CLOCK_IN')).json();
        const missing = queue.results.find((e: { visit: { id: number } }) => e.visit.id === id);
        expect(missing).toBeDefined();
        const resolved = (
          await admin.post(`/api/visit-exceptions/${missing.id}/resolve/`, {
            resolution: 'APPROVED',
            note: 'Client was out',
          })
        ).json();
        expect(resolved.status).toBe('MISSED');
      });

      it('"I can\'t make it" turns a future visit Open and tells the office; another caregiver asks and the office assigns', async () => {
        const id = (await book({ service_date: '2031-01-20', start_time: '09:00', end_time: '10:00' })).json().id;
        const empty = await nurse.post(`/api/visits/${id}/callout/`, { reason: ' ' });
        expect(empty.statusCode).toBe(400);
        const given = (await nurse.post(`/api/visits/${id}/callout/`, { reason: 'My car broke down' })).json();
        expect(given).toMatchObject({ status: 'OPEN', caregiver: null });
        expect(given.changed_at).not.toBeNull();
        const notes = (await admin.get('/api/notifications/')).json().results.map((n: { title: string }) => n.title);
        expect(notes).toContain('A visit needs a caregiver');
        // the nurse asks for it again (she is the only RN), and the office assigns it to her
        const asked = await nurse.post(`/api/visits/${id}/request/`, {});
        expect(asked.statusCode).toBe(201);
        expect((await admin.get(`/api/visits/${id}/`)).json().requested_by).toEqual([
          { id: nurse.user.id, name: 'Nora Okafor' },
        ]);
        const assigned = (await admin.patch(`/api/visits/${id}/`, { caregiver_id: nurse.user.id })).json();
        expect(assigned).toMatchObject({ status: 'SCHEDULED', caregiver: { name: 'Nora Okafor' }, requested_by: [] });
      });
    });

    describe('what others see, and the export', () => {
      it("a client sees their own visits only; a caregiver cannot read another's", async () => {
        const visit = (await bookFor(whitfield.id, whitfield.pathways, '2031-01-27', '09:00', '10:00')).json();
        const mine = (await client.get('/api/visits/?from=2030-12-27&to=2031-03-26')).json();
        expect(mine.results.map((v: { client: { id: number } }) => v.client.id)).toEqual([whitfield.id]);
        expect(mine.results.map((v: { id: number }) => v.id)).toContain(visit.id);
        expect(mine.results[0].notes).toBe('');
        const other = (await book({ service_date: '2031-01-28', start_time: '09:00', end_time: '10:00' })).json();
        expect((await client.get(`/api/visits/${other.id}/`)).statusCode).toBe(404);
      });

      it("the client's home page shows who comes, and a moved visit as changed", async () => {
        const visit = (
          await bookFor(whitfield.id, whitfield.pathways, '2031-01-08', '15:00', '16:00', {
            caregiver_id: nurse.user.id,
          })
        ).json();
        const before = (await client.get('/api/clients/welcome/'))
          .json()
          .upcoming_visits.find((v: { id: number }) => v.id === visit.id);
        expect(before).toMatchObject({
          caregiver: 'Nora O.',
          service: 'Pathways',
          status: 'SCHEDULED',
          changed: false,
        });
        expect(
          (await admin.patch(`/api/visits/${visit.id}/`, { start_time: '16:00', end_time: '17:00' })).statusCode,
        ).toBe(200);
        const after = (await client.get('/api/clients/welcome/'))
          .json()
          .upcoming_visits.find((v: { id: number }) => v.id === visit.id);
        expect(after).toMatchObject({ starts_at: '2031-01-08T21:00:00.000Z', changed: true });
        // notes alone are not a change the client needs to hear of
        const other = (await bookFor(whitfield.id, whitfield.pathways, '2031-01-09', '15:00', '16:00')).json();
        await admin.patch(`/api/visits/${other.id}/`, { notes: 'Bring the shower chair' });
        expect(
          (await client.get('/api/clients/welcome/'))
            .json()
            .upcoming_visits.find((v: { id: number }) => v.id === other.id).changed,
        ).toBe(false);
      });

      it('the schedule board shows a week by caregiver and by client, with open visits and what needs attention', async () => {
        const board = (await admin.get('/api/visits/board/?week=2031-01-08')).json();
        expect(board).toMatchObject({ by: 'caregiver', week_start: '2031-01-05', timezone: 'America/New_York' });
        expect(board.days).toEqual([
          '2031-01-05',
          '2031-01-06',
          '2031-01-07',
          '2031-01-08',
          '2031-01-09',
          '2031-01-10',
          '2031-01-11',
        ]);
        // READY caregivers only (the nurse and the aide), by last name
        expect(board.rows.map((r: { name: string }) => r.name)).toEqual(['Ada Lindqvist', 'Nora Okafor']);
        const nora = board.rows.find((r: { name: string }) => r.name === 'Nora Okafor');
        expect(nora.detail).toBe('RN');
        expect(
          nora.visits.every(
            (v: { service_date: string }) => v.service_date >= '2031-01-05' && v.service_date <= '2031-01-11',
          ),
        ).toBe(true);
        expect(nora.visits.some((v: { status: string; open_exceptions: number }) => v.status === 'VERIFIED')).toBe(
          true,
        );
        expect(nora.visits.find((v: { open_exceptions: number }) => v.open_exceptions > 0)).toBeUndefined();
        expect(nora.minutes).toBeGreaterThan(0);
        expect(board.open.map((v: { client: { name: string } }) => v.client.name)).toContain('Walter Nguyen');
        expect(board.open.every((v: { caregiver: unknown }) => v.caregiver === null)).toBe(true);

        const byClient = (await admin.get('/api/visits/board/?week=2031-01-08&by=client&search=ngu')).json();
        expect(byClient.rows.map((r: { name: string }) => r.name)).toEqual(['Walter Nguyen']);
        expect(byClient.rows[0].detail).toBe('SkilledNurses, PhysicalTherapist');
        expect(byClient.rows[0].visits.length).toBeGreaterThan(3);
        expect((await admin.get('/api/visits/board/?week=2031-02-30')).statusCode).toBe(400);
        expect((await nurse.get('/api/visits/board/')).statusCode).toBe(403);
        // Harbor's board holds none of Sunrise's
        const harborBoard = (await harbor.get('/api/visits/board/?week=2031-01-08')).json();
        expect(JSON.stringify(harborBoard)).not.toContain('Okafor');
      });

      it("verified visits count against the client's authorization, in hours or in visits", async () => {
        const authorize = (unit: string, amount: number) =>
          admin.post(`/api/clients/${nguyen.id}/authorizations/`, {
            service_id: nguyen.nursing,
            unit,
            amount,
            starts_on: '2031-01-01',
            ends_on: '2031-03-31',
          });
        expect((await authorize('HOUR', 10)).statusCode).toBe(201);
        expect((await authorize('VISIT', 12)).statusCode).toBe(201);
        const nursing = (await admin.get(`/api/clients/${nguyen.id}/`))
          .json()
          .services.find((s: { service: string }) => s.service === 'SkilledNurses');
        // two verified visits: 63 minutes at the home, 65 minutes as the office corrected it
        expect(nursing.authorizations.find((a: { unit: string }) => a.unit === 'HOUR')).toMatchObject({
          used: 2.13,
          remaining: 7.87,
        });
        expect(nursing.authorizations.find((a: { unit: string }) => a.unit === 'VISIT')).toMatchObject({
          used: 2,
          remaining: 10,
        });
      });

      it('exports a period’s verified visits as CSV with the six elements and the exception codes', async () => {
        const answer = await admin.get('/api/visits/export/?from=2031-01-06&to=2031-01-06');
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-type']).toContain('text/csv');
        const lines = answer.body.trim().split(/\r?\n/);
        expect(lines[0]).toContain('Service code');
        expect(lines).toHaveLength(3);
        expect(
          lines.some(
            (l) =>
              l.includes('LATE_CLOCK_IN LOCATION_CLOCK_IN') &&
              l.includes('COMMUNITY') &&
              l.includes('CLIENT_CONFIRMED'),
          ),
        ).toBe(true);
        expect(
          lines.every(
            (l, i) =>
              i === 0 ||
              (l.includes('SkilledNurses') &&
                l.includes('Walter Nguyen') &&
                l.includes('Nora Okafor') &&
                l.includes('2031-01-06')),
          ),
        ).toBe(true);
        const audit = await t.rows(sql`select action from audit_log where entity = 'visit' and action = 'EXPORT'`);
        expect(audit.length).toBeGreaterThan(0);
      });
    });
  });
}
