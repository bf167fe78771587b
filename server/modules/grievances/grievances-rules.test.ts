import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testBackends } from '../../test-client';
import { concern, grievancesSuite } from './grievances-suite';

for (const backend of testBackends()) {
  describe(`grievances: who may use them, and whose names they carry (${backend})`, () => {
    const { t, admin, client, newhire, whitfield } = grievancesSuite(backend);

    it('an employee still onboarding may not file, list or read grievances, even with no form due (spec 7: READY employees)', async () => {
      // without a form due, the refusal is the grievances' own, not the onboarding gate's
      await t.database.db.execute(
        sql`update form_requests set required = false where employee_id = (select id from users where email = 'newhire@sunrise.example')`,
      );
      const filed = (await client.post('/api/grievances/', concern)).json();
      for (const answer of [
        await newhire.get('/api/grievances/'),
        await newhire.post('/api/grievances/', concern),
        await newhire.get(`/api/grievances/${filed.id}/`),
      ]) {
        expect(answer.statusCode, answer.body).toBe(403);
        expect(answer.json().code).toBe('permission_denied');
      }
    });

    it('a grievance names who filed it and who wrote each step of its trail', async () => {
      const filed = (await client.post('/api/grievances/', concern)).json();
      expect((await admin.post(`/api/grievances/${filed.id}/notes/`, { note: 'Called her back.' })).statusCode).toBe(
        201,
      );
      const seen = (await admin.get(`/api/grievances/${filed.id}/`)).json();
      expect(seen.filed_by).toEqual({ id: client.user.id, name: 'Clara Whitfield' });
      const office = `${admin.user.first_name} ${admin.user.last_name}`;
      expect(seen.events.map((event: { by: { name: string } | null }) => event.by?.name)).toEqual([
        'Clara Whitfield',
        office,
      ]);
    });

    it('a grievance the office records by phone, with no complainant account, still reaches every admin live', async () => {
      const recorded = await admin.post('/api/grievances/', {
        ...concern,
        channel: 'PHONE',
        client_id: whitfield.id,
        complainant_name: 'Grace Whitfield, her daughter',
      });
      expect(recorded.statusCode, recorded.body).toBe(201);
      const id = recorded.json().id;
      const told = await t.rows(
        sql`select user_id from live_events where type = 'grievance.changed' and (data->>'grievance_id')::int = ${id}`,
      );
      expect(told.map((row) => Number(row.user_id))).toContain(admin.user.id);
    });
  });
}
