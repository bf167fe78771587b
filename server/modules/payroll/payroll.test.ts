import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, testBackends, TestClock, type Caller, type TestApi } from '../../test-client';

// Wednesday 12 February 2031, noon in New York: the week of Sunday the 9th is under way
const NOW = new Date('2031-02-12T17:00:00Z');

for (const backend of testBackends()) {
  describe(`payroll (${backend})`, () => {
    let t: TestApi;
    let admin: Caller;
    let nurse: Caller;
    let aide: Caller;
    let harbor: Caller;

    /** A visit the nurse worked (verified), clocked at these New York times; optionally corrected by the office. */
    async function worked(day: string, from: string, to: string, corrected?: { from: string; to: string }) {
      const at = (time: string) => `${day} ${time} America/New_York`;
      await t.database.db.execute(sql`
        insert into visits (organization_id, client_id, client_service_id, caregiver_id, status, starts_at, ends_at, service_date,
          clock_in_at, clock_out_at, clock_in_location, clock_out_location, verified_at,
          corrected_start_at, corrected_end_at, correction_reason, corrected_by_id, corrected_at)
        select s.organization_id, s.client_id, s.id, ${nurse.user.id}, 'VERIFIED', ${at(from)}::timestamptz, ${at(to)}::timestamptz, ${day}::date,
          ${at(from)}::timestamptz, ${at(to)}::timestamptz, 'HOME', 'HOME', ${at(to)}::timestamptz,
          ${corrected ? at(corrected.from) : null}::timestamptz, ${corrected ? at(corrected.to) : null}::timestamptz,
          ${corrected ? 'CLIENT_CONFIRMED' : null}, ${corrected ? admin.user.id : null}, ${corrected ? at(corrected.to) : null}::timestamptz
        from client_services s join clients c on c.id = s.client_id where c.last_name = 'Nguyen' and s.service = 'SkilledNurses'`);
    }

    beforeAll(async () => {
      // seeded at today's date (on PostgreSQL from this clock), years before the weeks worked here; then the clock moves
      const clock = new TestClock();
      t = await testApp({ backend, clock });
      clock.set(NOW);
      [admin, nurse, aide, harbor] = await Promise.all([
        t.as('admin@sunrise.example'),
        t.as('nurse@sunrise.example'),
        t.as('aide@sunrise.example'),
        t.as('admin@harbor.example'),
      ]);
      // the week of 2 February: five days of nine hours (45 h: 5 h overtime), one corrected by the office
      for (const day of ['2031-02-03', '2031-02-04', '2031-02-05', '2031-02-06']) await worked(day, '08:00', '17:00');
      await worked('2031-02-07', '08:07', '17:00', { from: '08:00', to: '17:00' });
      // the week of 9 February: one visit of 1 h 23 min
      await worked('2031-02-10', '09:00', '10:23');
    });
    afterAll(async () => t?.close());

    it("the office reads an employee's pay periods: each week's visits and minutes, daily totals, overtime over 40 hours", async () => {
      const answer = await admin.get(
        `/api/payroll-periods/?employee_id=${nurse.user.id}&from=2031-02-02&to=2031-02-15`,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      const [current, previous] = answer.json().results;
      expect(current).toMatchObject({
        week_start: '2031-02-09',
        week_end: '2031-02-15',
        total_minutes: 83,
        overtime: false,
        employee: { name: 'Nora Okafor' },
      });
      expect(previous).toMatchObject({
        week_start: '2031-02-02',
        total_minutes: 45 * 60,
        regular_minutes: 40 * 60,
        overtime_minutes: 5 * 60,
        overtime: true,
      });
      expect(previous.days.map((d: { minutes: number }) => d.minutes)).toEqual([0, 540, 540, 540, 540, 540, 0]);
      const friday = previous.visits.find((v: { service_date: string }) => v.service_date === '2031-02-07');
      expect(friday).toMatchObject({
        minutes: 540,
        corrected: true,
        started_at: '2031-02-07T13:00:00.000Z',
        client: { name: 'Walter Nguyen' },
        service: 'SkilledNurses',
      });
    });

    it('an employee sees their own hours only; the office must name the employee', async () => {
      const own = (await nurse.get('/api/payroll-periods/?from=2031-02-09&to=2031-02-09')).json();
      expect(own.results).toHaveLength(1);
      expect(own.results[0].total_minutes).toBe(83);
      expect((await nurse.get(`/api/payroll-periods/?employee_id=${admin.user.id}`)).statusCode).toBe(404);
      expect((await admin.get('/api/payroll-periods/')).json().fields.employee_id).toEqual(['Choose the employee.']);
      expect((await harbor.get(`/api/payroll-periods/?employee_id=${nurse.user.id}`)).statusCode).toBe(404);
      // the aide has forms due: confined to her onboarding
      expect((await aide.get('/api/payroll-periods/')).statusCode).toBe(403);
      // without dates: the current week and the three before it, newest first
      const recent = (await admin.get(`/api/payroll-periods/?employee_id=${nurse.user.id}`)).json();
      expect(recent.results.map((p: { week_start: string }) => p.week_start)).toEqual([
        '2031-02-09',
        '2031-02-02',
        '2031-01-26',
        '2031-01-19',
      ]);
    });

    it('pays a night across the autumn change as worked: 00:30 to 03:30 on 2 November 2031 is four hours', async () => {
      // New York's clocks go back from 02:00 to 01:00 that night
      await t.database.db.execute(sql`
        insert into visits (organization_id, client_id, client_service_id, caregiver_id, status, starts_at, ends_at, service_date,
          clock_in_at, clock_out_at, clock_in_location, clock_out_location, verified_at)
        select s.organization_id, s.client_id, s.id, ${nurse.user.id}, 'VERIFIED', '2031-11-02T04:30:00Z', '2031-11-02T08:30:00Z', '2031-11-02',
          '2031-11-02T04:30:00Z', '2031-11-02T08:30:00Z', 'HOME', 'HOME', '2031-11-02T08:30:00Z'
        from client_services s join clients c on c.id = s.client_id where c.last_name = 'Nguyen' and s.service = 'SkilledNurses'`);
      const [week] = (
        await admin.get(`/api/payroll-periods/?employee_id=${nurse.user.id}&from=2031-11-02&to=2031-11-02`)
      ).json().results;
      expect(week).toMatchObject({ week_start: '2031-11-02', total_minutes: 240 });
      expect(week.days[0]).toEqual({ date: '2031-11-02', minutes: 240 });
    });

    it('exports the periods as CSV, a line per visit and a total per week', async () => {
      const answer = await admin.get(
        `/api/payroll-periods/export/?employee_id=${nurse.user.id}&from=2031-02-02&to=2031-02-15`,
      );
      expect(answer.headers['content-type']).toContain('text/csv');
      const lines = answer.body.trim().split('\r\n');
      expect(lines[0]).toBe(
        'Employee,Week start,Date,Visit id,Client,Service,Start,End,Minutes,Hours,Corrected by the office',
      );
      expect(lines).toHaveLength(1 + 5 + 1 + 1 + 1);
      expect(lines[6]).toContain('Week total (regular 40.00 h, overtime 5.00 h)');
      expect(lines[6]).toContain(',2700,45.00,');
    });
  });
}
