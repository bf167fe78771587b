import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testBackends } from '../../test-client';
import { visitsSuite } from './visits-suite';

type Listed = { id: number; exceptions: { code: string }[]; requested_by: { id: number; name: string }[] };

for (const backend of testBackends()) {
  describe(`visits: whose visit a caregiver reads, and what each visit of a list carries (${backend})`, () => {
    const { t, admin, nurse, nguyen, whitfield, at } = visitsSuite(backend);
    const idOf = async (email: string) =>
      Number((await t.rows(sql`select id from users where email = ${email}`))[0].id);

    it("a caregiver cannot read another caregiver's visit ahead, even of a service her position may provide", async () => {
      await at('2031-01-13T12:00:00Z');
      // the aide (READY, HHA) has a form due, which closes her schedule until she signs it: here it is not required
      await t.database.db.execute(
        sql`update form_requests set required = false where employee_id = (select id from users where email = 'aide@sunrise.example')`,
      );
      const booked = await admin.post('/api/visits/', {
        client_id: whitfield.id,
        service_id: whitfield.pathways,
        caregiver_id: await idOf('aide@sunrise.example'),
        service_date: '2031-02-05',
        start_time: '13:00',
        end_time: '14:00',
      });
      expect(booked.statusCode, booked.body).toBe(201);
      // Pathways fits a nurse too: were it open she could see it; it is the aide's
      expect((await nurse.get(`/api/visits/${booked.json().id}/`)).statusCode).toBe(404);
    });

    it('the office sees who asked for each open visit, and each visit of a list carries its own exceptions and requests', async () => {
      await at('2031-01-13T12:00:00Z');
      const open = async (start: string) => {
        const answer = await admin.post('/api/visits/', {
          client_id: nguyen.id,
          service_id: nguyen.nursing,
          service_date: '2031-02-06',
          start_time: start,
          end_time: `${Number(start.slice(0, 2)) + 1}:00`,
        });
        expect(answer.statusCode, answer.body).toBe(201);
        return answer.json().id as number;
      };
      const asked = await open('09:00');
      const quiet = await open('11:00');
      expect((await nurse.post(`/api/visits/${asked}/request/`, {})).statusCode).toBe(201);
      const [visit] = await t.rows(sql`select organization_id from visits where id = ${asked}`);
      await t.database.db.execute(
        sql`insert into visit_exceptions (organization_id, visit_id, code, detail) values (${visit.organization_id}, ${asked}, 'MISSING_CLOCK_IN', 'No clock-in')`,
      );

      const nurseName = `${nurse.user.first_name} ${nurse.user.last_name}`;
      expect((await admin.get(`/api/visits/${asked}/`)).json().requested_by).toEqual([
        { id: nurse.user.id, name: nurseName },
      ]);
      const listed: Listed[] = (await admin.get('/api/visits/?from=2031-02-06&to=2031-02-06')).json().results;
      const byId = new Map(listed.map((v) => [v.id, v]));
      expect(byId.get(asked)!.requested_by).toEqual([{ id: nurse.user.id, name: nurseName }]);
      expect(byId.get(asked)!.exceptions.map((e) => e.code)).toEqual(['MISSING_CLOCK_IN']);
      expect(byId.get(quiet)!.requested_by).toEqual([]);
      expect(byId.get(quiet)!.exceptions).toEqual([]);
    });

    it('a caregiver sees her own request for an open visit, never who else asked for it', async () => {
      await at('2031-01-13T12:00:00Z');
      await t.database.db.execute(
        sql`update form_requests set required = false where employee_id = (select id from users where email = 'aide@sunrise.example')`,
      );
      const [aide] = await t.asEach(['aide@sunrise.example']);
      const booked = await admin.post('/api/visits/', {
        client_id: whitfield.id,
        service_id: whitfield.pathways,
        service_date: '2031-02-07',
        start_time: '13:00',
        end_time: '14:00',
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const id = booked.json().id;
      for (const caregiver of [nurse, aide])
        expect((await caregiver.post(`/api/visits/${id}/request/`, {})).statusCode).toBe(201);
      for (const caregiver of [nurse, aide]) {
        const seen = (await caregiver.get(`/api/visits/${id}/`)).json();
        expect(seen.requested_by.map((r: { id: number }) => r.id)).toEqual([caregiver.user.id]);
      }
      expect((await admin.get(`/api/visits/${id}/`)).json().requested_by).toHaveLength(2);
    });

    it('an employee still onboarding has no schedule: no list, no visit, even with no form due', async () => {
      await at('2031-01-13T12:00:00Z');
      await t.database.db.execute(
        sql`update form_requests set required = false where employee_id = (select id from users where email = 'newhire@sunrise.example')`,
      );
      const [newhire] = await t.asEach(['newhire@sunrise.example']);
      const [visit] = await t.rows(sql`select id from visits where client_id = ${nguyen.id} limit 1`);
      for (const answer of [await newhire.get('/api/visits/'), await newhire.get(`/api/visits/${visit.id}/`)]) {
        expect(answer.statusCode, answer.body).toBe(403);
        expect(answer.json().code).toBe('permission_denied');
      }
    });
  });
}
