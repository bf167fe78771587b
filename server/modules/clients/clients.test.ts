import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificationEnd, ICD10_MESSAGE, NPI_MESSAGE } from '#domain/clients';
import { addDays } from '#domain/dates';
import { auditLog, clients, clientServices } from '../../db/schema';
import { testApp, testBackends, type Caller, type TestApi } from '../../test-client';

for (const backend of testBackends()) {
  describe(`clients (${backend})`, () => {
    let t: TestApi;
    let admin: Caller;
    let master: Caller;
    let today: string;

    beforeAll(async () => {
      t = await testApp({ backend });
      admin = await t.as('admin@sunrise.example');
      master = await t.as('master@portal.example');
      today = await t.today('sunrise');
    });
    afterAll(async () => t?.close());

    const clientId = async (lastName: string, organizationToken = 'sunrise') => {
      const [row] = await t.rows(
        sql`select c.id from clients c join organizations o on o.id = c.organization_id where o.token = ${organizationToken} and c.last_name = ${lastName}`,
      );
      return Number(row.id);
    };
    const homeHealth = (overrides: object = {}) => ({
      type: 'HHP',
      first_name: 'Iris',
      last_name: 'Calloway',
      date_of_birth: '1944-05-06',
      phone: '(555) 777-1212',
      address: '4 Linden Street',
      city: 'Riverton',
      payer: 'Medicare',
      member_id: '5JK8-XJ9-RP17',
      physician_name: 'Dr. Helen Park',
      physician_npi: '1234567893',
      diagnosis_code: 'i509',
      certification_start: today,
      certification_end: certificationEnd(today),
      services: ['SkilledNurses'],
      ...overrides,
    });

    describe('clients_list', () => {
      it("lists the organization's dozen clients by last name, none of Harbor's", async () => {
        const body = (await admin.get('/api/clients/?limit=50')).json();
        expect(body.count).toBe(12);
        const names = body.results.map((c: { last_name: string }) => c.last_name);
        expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
        expect(names).toContain('Whitfield');
        expect(names).not.toContain('Holloway');
      });

      it('searches by name prefix or phone digits, filters by type and status, and pages', async () => {
        const names = async (query: string) => {
          const body = (await admin.get(`/api/clients/?${query}`)).json();
          return body.results.map((c: { last_name: string }) => c.last_name);
        };
        expect(await names('search=whit')).toEqual(['Whitfield']);
        expect(await names('search=clara%20w')).toEqual(['Whitfield']);
        expect(await names('search=555201441')).toEqual(['Whitfield']);
        expect(await names('search=itfield')).toEqual([]);
        expect(await names('type=HHP&status=ACTIVE')).toEqual(['Delgado', 'Nguyen', 'Raman']);
        expect(await names('type=HCC,%20HHP')).toEqual(['Brandt', 'Delgado']);
        expect(await names('status=DISCHARGED')).toEqual(['Osei']);
        const first = (await admin.get('/api/clients/?limit=5&ordering=-last_name')).json();
        expect(first.results).toHaveLength(5);
        expect(first.next).toContain('offset=5');
        expect(first.results[0].last_name).toBe('Whitfield');
      });

      it('writes a SEARCH audit row with the query', async () => {
        await admin.get('/api/clients/?search=delg');
        const [row] = await t.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, 'SEARCH'))
          .orderBy(sql`${auditLog.id} desc`)
          .limit(1);
        expect(row.changedFields).toMatchObject({ query: { search: 'delg' }, count: 1 });
      });
    });

    describe('clients_create', () => {
      it('takes a home health patient in with a normalized diagnosis and the 60-day period', async () => {
        const response = await admin.post('/api/clients/', homeHealth());
        expect(response.statusCode, response.body).toBe(201);
        const client = response.json();
        expect(client).toMatchObject({
          type: 'HHP',
          status: 'PENDING',
          diagnosis_code: 'I50.9',
          physician_npi: '1234567893',
          certification_end: addDays(today, 59),
        });
        expect(client.services.map((s: { service: string }) => s.service)).toEqual(['SkilledNurses']);
      });

      it('refuses, at the field, an NPI whose check digit is wrong, a diagnosis of no ICD-10 shape, a birth in the future, a period not 60 days', async () => {
        const response = await admin.post(
          '/api/clients/',
          homeHealth({
            physician_npi: '1234567890',
            diagnosis_code: '123.4',
            date_of_birth: addDays(today, 1),
            certification_end: addDays(today, 30),
          }),
        );
        expect(response.statusCode).toBe(400);
        const { fields } = response.json();
        expect(fields.physician_npi).toEqual([NPI_MESSAGE]);
        expect(fields.diagnosis_code).toEqual([ICD10_MESSAGE]);
        expect(fields.date_of_birth).toEqual(['The date of birth cannot be in the future.']);
        expect(fields.certification_end[0]).toContain('60 days');
        expect((await admin.get('/api/clients/?search=calloway')).json().count).toBe(1);
      });

      it('requires the home health fields on the intake form, and none for home care', async () => {
        const missing = await admin.post(
          '/api/clients/',
          homeHealth({
            payer: null,
            physician_name: null,
            physician_npi: null,
            diagnosis_code: null,
            certification_start: null,
            certification_end: null,
            member_id: null,
          }),
        );
        expect(Object.keys(missing.json().fields).sort()).toEqual([
          'certification_start',
          'diagnosis_code',
          'member_id',
          'payer',
          'physician_name',
          'physician_npi',
        ]);
        const homeCare = await admin.post('/api/clients/', {
          type: 'HCC',
          first_name: 'Otto',
          last_name: 'Lindgren',
          date_of_birth: '1950-01-01',
          services: ['Pathways'],
          physician_npi: '1',
        });
        expect(homeCare.statusCode, homeCare.body).toBe(201);
        expect(homeCare.json().physician_npi).toBeNull();
      });

      it("refuses a service of another type (a home care client's skilled nursing)", async () => {
        const response = await admin.post('/api/clients/', {
          type: 'HCC',
          first_name: 'Ada',
          last_name: 'Nobody',
          date_of_birth: '1950-01-01',
          services: ['SkilledNurses'],
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().fields.services[0]).toContain('SkilledNurses');
        expect((await admin.get('/api/clients/?search=nobody')).json().count).toBe(0);
      });
    });

    describe('one client', () => {
      it('reads a client with services, authorizations, portal users and its referral, and audits the READ', async () => {
        const id = await clientId('Nguyen');
        const client = (await admin.get(`/api/clients/${id}/`)).json();
        expect(client.referral_id).toEqual(expect.any(Number));
        expect(client.services.map((s: { service: string }) => s.service).sort()).toEqual([
          'PhysicalTherapist',
          'SkilledNurses',
        ]);
        // the demo's verified visits of the nurse at Mr. Nguyen's count against his authorization
        const [verified] = await t.rows(
          sql`select count(*)::int as n from visits where client_service_id = ${client.services[0].id} and status = 'VERIFIED'`,
        );
        expect(Number(verified.n)).toBeGreaterThanOrEqual(5);
        expect(client.services[0].authorizations[0]).toMatchObject({
          unit: 'VISIT',
          amount: 18,
          used: Number(verified.n),
          remaining: 18 - Number(verified.n),
        });
        const reads = await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.clientId, id), eq(auditLog.action, 'READ')));
        expect(reads.length).toBeGreaterThan(0);
      });

      it("answers 404 for another organization's client, even to the master acting in Sunrise", async () => {
        const harbor = await clientId('Holloway', 'harbor');
        expect((await admin.get(`/api/clients/${harbor}/`)).statusCode).toBe(404);
        expect((await master.in('sunrise').get(`/api/clients/${harbor}/`)).statusCode).toBe(404);
        expect((await master.in('harbor').get(`/api/clients/${harbor}/`)).statusCode).toBe(200);
      });

      it('discharges with a date and a reason, and refuses one without', async () => {
        const id = await clientId('Fischer');
        const refused = await admin.patch(`/api/clients/${id}/`, { status: 'DISCHARGED' });
        expect(Object.keys(refused.json().fields).sort()).toEqual(['discharge_reason', 'discharged_on']);
        const done = await admin.patch(`/api/clients/${id}/`, {
          status: 'DISCHARGED',
          discharged_on: today,
          discharge_reason: 'MOVED',
        });
        expect(done.json()).toMatchObject({ status: 'DISCHARGED', discharged_on: today, discharge_reason: 'MOVED' });
        const history = (await admin.get(`/api/clients/${id}/access-history/`)).json();
        expect(history.results[0]).toMatchObject({ action: 'UPDATE', actor: { name: 'Alice Grant' } });
        expect(history.results[0].what).toContain('status');
      });

      it('adds a service of its type and an authorization that warns when it ends within 14 days', async () => {
        const id = await clientId('Tanaka');
        const service = await admin.post(`/api/clients/${id}/services/`, { service: 'Pathways' });
        expect(service.statusCode, service.body).toBe(201);
        const again = await admin.post(`/api/clients/${id}/services/`, { service: 'Pathways' });
        expect(again.statusCode).toBe(400);
        const authorization = await admin.post(`/api/clients/${id}/authorizations/`, {
          service_id: service.json().id,
          unit: 'HOUR',
          amount: 40,
          starts_on: today,
          ends_on: addDays(today, 10),
        });
        expect(authorization.json()).toMatchObject({ remaining: 40, low: false, ending_soon: true });
        const backwards = await admin.post(`/api/clients/${id}/authorizations/`, {
          service_id: service.json().id,
          unit: 'HOUR',
          amount: 40,
          starts_on: today,
          ends_on: addDays(today, -1),
        });
        expect(backwards.json().fields.ends_on).toBeDefined();
      });

      it("won't make a home health client active without its clinical details", async () => {
        const created = await admin.post('/api/clients/', homeHealth({ last_name: 'Pendleton' }));
        const id = created.json().id;
        // what an admission from a referral leaves out
        await t.database.db.update(clients).set({ physicianNpi: null }).where(eq(clients.id, id));
        const refused = await admin.patch(`/api/clients/${id}/`, { status: 'ACTIVE' });
        expect(refused.json().fields.physician_npi).toBeDefined();
        expect(
          (await admin.patch(`/api/clients/${id}/`, { status: 'ACTIVE', physician_npi: '1245319599' })).json().status,
        ).toBe('ACTIVE');
      });

      it('invites a family member as a client user linked to the client, who lands on their own home', async () => {
        const id = await clientId('Delgado');
        const after = t.delivered().length;
        const invited = await admin.post(`/api/clients/${id}/invitation/`, {
          email: 'luis.delgado@example.com',
          first_name: 'Luis',
          last_name: 'Delgado',
          relationship: 'FAMILY',
        });
        expect(invited.statusCode, invited.body).toBe(201);
        expect(invited.json()).toMatchObject({ relationship: 'FAMILY', invitation_pending: true });
        const mail = await t.waitForMail('luis.delgado@example.com', after);
        expect(mail.text).not.toContain('Delgado, Rosa');
        expect(
          (await admin.get(`/api/clients/${id}/`)).json().portal_users.map((u: { email: string }) => u.email),
        ).toContain('luis.delgado@example.com');
      });
    });

    describe('the client’s home', () => {
      it('shows the signed-in client their own record and nothing of anyone else', async () => {
        const client = await t.as('client@sunrise.example');
        const welcome = (await client.get('/api/clients/welcome/')).json();
        expect(welcome).toMatchObject({
          client: { first_name: 'Clara', last_name: 'Whitfield', status: 'ACTIVE' },
          relationship: 'SELF',
        });
        // her last week that has ended waits for her signature (the demo's work-service review)
        expect(welcome.awaiting_signature).toEqual([
          expect.objectContaining({ kind: 'work_service_review', title: expect.stringMatching(/^Visits of /) }),
        ]);
        // the demo's week around today: the nurse comes each of the next days; the days behind were verified
        expect(welcome.upcoming_visits.length).toBeGreaterThanOrEqual(3);
        for (const visit of welcome.upcoming_visits)
          expect(visit).toMatchObject({ caregiver: 'Nora O.', service: 'Pathways', changed: false });
        expect(welcome.upcoming_visits.every((v: { ends_at: string }) => new Date(v.ends_at) >= t.clock.now())).toBe(
          true,
        );
        expect(welcome.past_visits.map((v: { status: string }) => v.status)).toContain('VERIFIED');
        expect((await client.get(`/api/clients/${welcome.client.id}/`)).statusCode).toBe(403);
      });

      it('files a concern that the client sees as Received and the office hears of', async () => {
        const client = await t.as('client@sunrise.example');
        const filed = await client.post('/api/grievances/', {
          category: 'STAFF',
          description: 'The aide was on her phone the whole visit.',
        });
        expect(filed.statusCode, filed.body).toBe(201);
        expect(filed.json()).toMatchObject({ state: 'RECEIVED', category: 'STAFF' });
        const mine = (await client.get('/api/grievances/')).json();
        expect(mine.results.map((g: { state: string }) => g.state)).toEqual(['RECEIVED', 'INVESTIGATING']);
        const notices = (await admin.get('/api/notifications/')).json();
        expect(notices.results[0]).toMatchObject({ type: 'grievance_new' });
        expect(JSON.stringify(notices.results[0])).not.toContain('phone the whole visit');
      });
    });

    it('counts the list from counts the database keeps, equal to the rows through creates, moves and changes of type', async () => {
      const id = await clientId('Kowalski');
      await admin.patch(`/api/clients/${id}/`, { status: 'ACTIVE' });
      await admin.patch(`/api/clients/${id}/`, { type: 'HCC, HHP' });
      const rows = async (where: ReturnType<typeof sql>) =>
        Number(
          (
            await t.rows(
              sql`select count(*)::int as n from clients c join organizations o on o.id = c.organization_id where o.token = 'sunrise' and ${where}`,
            )
          )[0]?.n ?? 0,
        );
      for (const [query, where] of [
        ['', sql`true`],
        ['status=ACTIVE', sql`c.status = 'ACTIVE'`],
        ['type=HHP', sql`c.type in ('HHP', 'HCC, HHP')`],
        ['type=HCC,%20HHP&status=ACTIVE', sql`c.type = 'HCC, HHP' and c.status = 'ACTIVE'`],
        ['status=DISCHARGED', sql`c.status = 'DISCHARGED'`],
      ] as const) {
        expect((await admin.get(`/api/clients/?${query}`)).json().count, query).toBe(await rows(where));
      }
    });

    it('keeps client services unique per client in the database', async () => {
      const id = await clientId('Becker');
      await expect(
        t.database.db.insert(clientServices).values({ organizationId: 1, clientId: id, service: 'Bds' }),
      ).rejects.toThrow();
    });
  });
}
