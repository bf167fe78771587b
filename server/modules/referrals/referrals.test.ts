import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#domain/dates';
import { clients, referralEvents } from '../../db/schema';
import { testApp, testBackends, type Caller, type TestApi } from '../../test-client';

for (const backend of testBackends()) {
  describe(`referrals and marketers (${backend})`, () => {
    let t: TestApi;
    let admin: Caller;
    let marketer: Caller;
    let today: string;

    beforeAll(async () => {
      t = await testApp({ backend });
      admin = await t.as('admin@sunrise.example');
      marketer = await t.as('marketer@sunrise.example');
      today = await t.today('sunrise');
    });
    afterAll(async () => t?.close());

    const discharge = {
      first_name: 'Nell',
      last_name: 'Hargreave',
      date_of_birth: '1939-02-17',
      phone: '(555) 404-8181',
      address: '12 Spring Street',
      city: 'Riverton',
      type: 'HHP',
      requested_services: ['SkilledNurses', 'PhysicalTherapist'],
      payer: 'Medicare',
      source: 'HOSPITAL',
      source_name: 'Riverton General Hospital',
      source_contact: 'Dana Cole, (555) 400-2000',
    };

    it('a marketer enters a referral, sees it as New in their own list, and never another’s or a client', async () => {
      const created = await marketer.post('/api/referrals/', discharge);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        status: 'NEW',
        overdue: false,
        marketer: { name: 'Marco Silva' },
        editable: true,
      });
      expect(created.json().events.map((e: { kind: string }) => e.kind)).toEqual(['CREATED']);
      const mine = (await marketer.get('/api/referrals/')).json();
      expect(mine.results[0].last_name).toBe('Hargreave');
      expect(mine.results.every((r: { marketer: { name: string } }) => r.marketer.name === 'Marco Silva')).toBe(true);
      // an office-entered referral is not the marketer's
      const office = await admin.post('/api/referrals/', { ...discharge, last_name: 'Officewalk' });
      expect((await marketer.get(`/api/referrals/${office.json().id}/`)).statusCode).toBe(404);
      expect((await marketer.get('/api/referrals/?search=officewalk')).json().count).toBe(0);
      expect((await marketer.get('/api/clients/')).statusCode).toBe(403);
      // the office hears of the marketer's referral
      const notices = (await admin.get('/api/notifications/')).json();
      expect(notices.results.some((n: { type: string }) => n.type === 'referral_new')).toBe(true);
    });

    it('refuses a referral with a birth in the future, a short phone, or a service its type does not offer, naming the fields', async () => {
      const response = await marketer.post('/api/referrals/', {
        ...discharge,
        date_of_birth: addDays(today, 2),
        phone: '12',
        type: 'HCC',
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fields).sort()).toEqual(['date_of_birth', 'phone', 'requested_services']);
    });

    it('the office moves a referral along to admission: a Pending client with its details, linked both ways, and the marketer told', async () => {
      const { id } = (await marketer.post('/api/referrals/', { ...discharge, last_name: 'Admitwell' })).json();
      expect((await admin.post(`/api/referrals/${id}/status/`, { status: 'CONTACTED' })).json().status).toBe(
        'CONTACTED',
      );
      const noDate = await admin.post(`/api/referrals/${id}/status/`, { status: 'ASSESSMENT_SCHEDULED' });
      expect(noDate.json().fields.assessment_on).toBeDefined();
      const scheduled = await admin.post(`/api/referrals/${id}/status/`, {
        status: 'ASSESSMENT_SCHEDULED',
        assessment_on: addDays(today, 3),
      });
      expect(scheduled.json()).toMatchObject({ status: 'ASSESSMENT_SCHEDULED', assessment_on: addDays(today, 3) });
      // the marketer may not move it
      expect((await marketer.post(`/api/referrals/${id}/admit/`, {})).statusCode).toBe(403);
      const admitted = await admin.post(`/api/referrals/${id}/admit/`, {});
      expect(admitted.statusCode, admitted.body).toBe(200);
      const referral = admitted.json();
      expect(referral.status).toBe('ADMITTED');
      expect(referral.events.map((e: { kind: string; status: string }) => `${e.kind}:${e.status}`)).toEqual([
        'CREATED:NEW',
        'STATUS:CONTACTED',
        'STATUS:ASSESSMENT_SCHEDULED',
        'STATUS:ADMITTED',
      ]);
      expect(referral.events.every((e: { by: { name: string } }) => e.by.name)).toBe(true);
      const client = (await admin.get(`/api/clients/${referral.client_id}/`)).json();
      expect(client).toMatchObject({
        status: 'PENDING',
        type: 'HHP',
        last_name: 'Admitwell',
        date_of_birth: '1939-02-17',
        payer: 'Medicare',
        referral_id: id,
      });
      expect(client.services.map((s: { service: string }) => s.service).sort()).toEqual([
        'PhysicalTherapist',
        'SkilledNurses',
      ]);
      // the marketer sees Admitted and was notified, without the person's name
      expect((await marketer.get(`/api/referrals/${id}/`)).json().status).toBe('ADMITTED');
      const notice = (await marketer.get('/api/notifications/')).json().results[0];
      expect(notice).toMatchObject({ type: 'referral_admitted', link: `/referrals/${id}` });
      expect(JSON.stringify(notice)).not.toContain('Admitwell');
      // admitting again is refused, and makes no second client
      const again = await admin.post(`/api/referrals/${id}/admit/`, {});
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toContain('already admitted');
      expect(await t.database.db.select().from(clients).where(eq(clients.referralId, id))).toHaveLength(1);
      // decided: details no longer change
      expect((await marketer.patch(`/api/referrals/${id}/`, { notes: 'late' })).statusCode).toBe(409);
    });

    it('declining asks for a reason from the list; a declined referral cannot be admitted', async () => {
      const { id } = (await admin.post('/api/referrals/', { ...discharge, last_name: 'Declinson' })).json();
      const noReason = await admin.post(`/api/referrals/${id}/status/`, { status: 'DECLINED' });
      expect(noReason.json().fields.reason).toEqual(['Choose why the referral is declined.']);
      const declined = await admin.post(`/api/referrals/${id}/status/`, {
        status: 'DECLINED',
        reason: 'PAYER_NOT_ACCEPTED',
        note: 'Plan not in network.',
      });
      expect(declined.json()).toMatchObject({ status: 'DECLINED', decline_reason: 'PAYER_NOT_ACCEPTED' });
      const admit = await admin.post(`/api/referrals/${id}/admit/`, {});
      expect(admit.statusCode).toBe(409);
      expect(admit.json().detail).toContain('Declined');
      expect((await admin.get(`/api/clients/?search=declinson`)).json().count).toBe(0);
    });

    it('admission is one transaction: a client that cannot be made leaves the referral where it was', async () => {
      const { id } = (await admin.post('/api/referrals/', { ...discharge, last_name: 'Halfway' })).json();
      // a date of birth that became impossible (set behind the API's back) makes the client refuse
      await t.database.db.execute(sql`update referrals set date_of_birth = ${addDays(today, 5)} where id = ${id}`);
      const admit = await admin.post(`/api/referrals/${id}/admit/`, {});
      expect(admit.statusCode).toBe(400);
      const after = (await admin.get(`/api/referrals/${id}/`)).json();
      expect(after.status).toBe('NEW');
      expect(after.client_id).toBeNull();
      expect(after.events).toHaveLength(1);
    });

    it('two admissions at once make one client', async () => {
      const { id } = (await admin.post('/api/referrals/', { ...discharge, last_name: 'Twiceadmit' })).json();
      const answers = await Promise.all([
        admin.post(`/api/referrals/${id}/admit/`, {}),
        admin.post(`/api/referrals/${id}/admit/`, {}),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(await t.database.db.select().from(clients).where(eq(clients.referralId, id))).toHaveLength(1);
    });

    it('keeps every change as a dated row the database will not let anyone rewrite', async () => {
      const [event] = await t.database.db.select().from(referralEvents).limit(1);
      await expect(
        t.database.db.update(referralEvents).set({ note: 'rewritten' }).where(eq(referralEvents.id, event.id)),
      ).rejects.toThrow();
      await expect(t.database.db.delete(referralEvents).where(eq(referralEvents.id, event.id))).rejects.toThrow();
    });

    it('the board filters by status, marketer, source and overdue (New after 48 hours)', async () => {
      const overdue = (await admin.get('/api/referrals/?overdue=true')).json();
      expect(overdue.results.map((r: { last_name: string }) => r.last_name)).toEqual(['Lund']);
      expect(overdue.results[0].overdue).toBe(true);
      const lost = (await admin.get('/api/referrals/?status=LOST')).json();
      expect(lost.results.map((r: { last_name: string }) => r.last_name)).toEqual(['Grant']);
      const community = (await admin.get('/api/referrals/?source=COMMUNITY')).json();
      expect(community.results.map((r: { last_name: string }) => r.last_name)).toEqual(['Voss']);
      const marketerId = marketer.user.id;
      const theirs = (await admin.get(`/api/referrals/?marketer_id=${marketerId}&limit=100`)).json();
      expect(theirs.results.every((r: { marketer: { id: number } | null }) => r.marketer?.id === marketerId)).toBe(
        true,
      );
    });

    it("lists the marketers with the period's referrals by status, conversion and median days to admission", async () => {
      const body = (await admin.get('/api/marketers/')).json();
      expect(body.count).toBe(1);
      const [marco] = body.results;
      expect(marco).toMatchObject({ first_name: 'Marco', last_name: 'Silva' });
      expect(marco.by_status.ADMITTED).toBeGreaterThanOrEqual(2);
      const decided = marco.by_status.ADMITTED + marco.by_status.DECLINED + marco.by_status.LOST;
      expect(marco.conversion).toBeCloseTo(marco.by_status.ADMITTED / decided, 5);
      expect(marco.median_days_to_admission).toEqual(expect.any(Number));
      // a period before any referral has nothing
      const empty = (await admin.get('/api/marketers/?from=2001-01-01&to=2001-12-31')).json().results[0];
      expect(empty).toMatchObject({ total: 0, conversion: null, median_days_to_admission: null });
      expect((await admin.get(`/api/marketers/?from=${today}&to=${addDays(today, -1)}`)).statusCode).toBe(400);
    });

    it('downloads the conversion report by source and by marketer as CSV, and audits the export', async () => {
      const response = await admin.get('/api/marketers/report/');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toMatch(/attachment; filename="referral-conversion-/);
      const lines = response.body.trim().split('\r\n');
      expect(lines[1]).toBe('Dimension,Name,Referrals,Admitted,Declined,Lost,Open,Conversion,Median days to admission');
      expect(lines.some((line) => line.startsWith('Source,Hospital,'))).toBe(true);
      expect(lines.some((line) => line.startsWith('Marketer,Marco Silva,'))).toBe(true);
      expect(lines.some((line) => line.startsWith('Marketer,Entered by the office,'))).toBe(true);
      expect(response.body).not.toContain('Holloway');
    });
  });
}
