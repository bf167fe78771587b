import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE } from '../../lib/multipart-test-helpers';
import { testApp, testBackends, TestClock, type Caller, type TestApi } from '../../test-client';

// Sunrise keeps New York time and starts its weeks on Sunday: the week under review is Sun 17 – Sat 23 January 2027.
const WEEK = '2027-01-17';
const NGUYEN_HOME = { latitude: 40.7455, longitude: -73.9822 };
/** A real phone's reading at the door: about 3 m from the home's stored position (the stored position sent back exactly is an exception). */
const atTheDoor = (home: { latitude: number; longitude: number }) => ({
  latitude: home.latitude + 0.00003,
  longitude: home.longitude,
  accuracy: 6,
});

for (const backend of testBackends()) {
  describe(`work-service reviews: the demo (${backend})`, () => {
    let t: TestApi;
    beforeAll(async () => {
      t = await testApp({ backend });
    });
    afterAll(async () => t?.close());

    it("Clara Whitfield's last week that has ended waits for her signature right after seeding", async () => {
      const client = await t.as('client@sunrise.example');
      const welcome = (await client.get('/api/clients/welcome/')).json();
      expect(welcome.awaiting_signature).toHaveLength(1);
      const [item] = welcome.awaiting_signature;
      expect(item).toMatchObject({
        kind: 'work_service_review',
        link: `/onboarding/work-service-review/${item.id}`,
        due_on: null,
      });
      expect(item.title).toMatch(/^Visits of [A-Z][a-z]{2} \d{1,2} – [A-Z][a-z]{2} \d{1,2}$/);

      const review = (await client.get(`/api/work-service-reviews/${item.id}/`)).json();
      expect(review).toMatchObject({
        status: 'PENDING',
        client: { first_name: 'Clara', last_name: 'Whitfield' },
        title: item.title,
      });
      // the whole week: a visit each day of it the nurse came, each as worked (10:02 to 11:29)
      expect(review.visits.length).toBeGreaterThanOrEqual(1);
      // the client sees the caregiver's first name and initial (product.md, "What each person sees of a visit")
      for (const visit of review.visits)
        expect(visit).toMatchObject({
          caregiver: { name: 'Nora O.' },
          service: 'Pathways',
          minutes: 87,
          corrected: false,
          dispute: null,
        });
      expect(JSON.stringify(review)).not.toContain('Okafor');
      expect(
        review.visits.every(
          (v: { service_date: string }) => v.service_date >= review.week_start && v.service_date <= review.week_end,
        ),
      ).toBe(true);
      // reading again creates nothing more
      expect((await client.get('/api/clients/welcome/')).json().awaiting_signature).toHaveLength(1);
    });
  });

  describe(`work-service reviews (${backend})`, () => {
    let t: TestApi;
    const clock = new TestClock(new Date('2027-01-11T12:00:00Z').getTime());
    let admin: Caller;
    let nurse: Caller;
    let client: Caller;
    let harbor: Caller;
    let whitfield: { id: number; pathways: number; home: { latitude: number; longitude: number } };
    let nguyen: { id: number; nursing: number };
    let claraVisits: number[] = [];
    let reviewId: number;
    let nguyenReviewId: number;

    const at = async (instant: string) => {
      clock.set(new Date(instant));
      [admin, nurse, client, harbor] = await t.asEach([
        'admin@sunrise.example',
        'nurse@sunrise.example',
        'client@sunrise.example',
        'admin@harbor.example',
      ]);
    };

    /** Books a visit for the nurse and works it: clocked in and out at the home (Verified), or away with a reason (Completed with an exception). */
    async function worked(
      clientId: number,
      serviceId: number,
      day: string,
      start: string,
      end: string,
      home: { latitude: number; longitude: number },
    ) {
      const booked = await admin.post('/api/visits/', {
        client_id: clientId,
        service_id: serviceId,
        caregiver_id: nurse.user.id,
        service_date: day,
        start_time: start,
        end_time: end,
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const visit = booked.json();
      await at(visit.starts_at);
      expect((await nurse.post(`/api/visits/${visit.id}/clock-in/`, atTheDoor(home))).statusCode).toBe(200);
      await at(visit.ends_at);
      const out = await nurse.post(`/api/visits/${visit.id}/clock-out/`, atTheDoor(home));
      expect(out.json().status).toBe('VERIFIED');
      await at('2027-01-11T12:00:00Z');
      return visit.id as number;
    }

    const reviewsOf = async (clientId: number, session = admin) =>
      (await session.get(`/api/work-service-reviews/?client_id=${clientId}&limit=100`))
        .json()
        .results.filter((r: { week_start: string }) => r.week_start === WEEK);

    beforeAll(async () => {
      t = await testApp({ backend, clock });
      await at('2027-01-11T12:00:00Z');
      const [w] = await t.rows(sql`select id, latitude, longitude from clients where last_name = 'Whitfield'`);
      const [n] = await t.rows(sql`select id from clients where last_name = 'Nguyen'`);
      const serviceOf = async (id: number, code: string) =>
        (await admin.get(`/api/clients/${id}/`)).json().services.find((s: { service: string }) => s.service === code)
          .id;
      whitfield = {
        id: Number(w.id),
        pathways: await serviceOf(Number(w.id), 'Pathways'),
        home: { latitude: Number(w.latitude), longitude: Number(w.longitude) },
      };
      nguyen = { id: Number(n.id), nursing: await serviceOf(Number(n.id), 'SkilledNurses') };
      claraVisits = [
        await worked(whitfield.id, whitfield.pathways, '2027-01-18', '10:00', '11:00', whitfield.home),
        await worked(whitfield.id, whitfield.pathways, '2027-01-20', '10:00', '11:30', whitfield.home),
      ];
      await worked(nguyen.id, nguyen.nursing, '2027-01-19', '08:00', '09:00', NGUYEN_HOME);
    });
    afterAll(async () => t?.close());

    describe('created when the week ends', () => {
      it('not while the week runs (Saturday evening in New York)', async () => {
        await at('2027-01-24T04:30:00Z'); // Sat 23, 23:30
        expect(await reviewsOf(whitfield.id)).toEqual([]);
        const welcome = (await client.get('/api/clients/welcome/')).json();
        expect(welcome.awaiting_signature.map((r: { title: string }) => r.title)).not.toContain(
          'Visits of Jan 17 – Jan 23',
        );
      });

      it('once per client and week when it has ended, however often and by whom it is read; the client is told once, without health details', async () => {
        await at('2027-01-24T05:30:00Z'); // Sun 24, 00:30
        const before = t.delivered().length;
        const lists = await Promise.all([
          admin.get('/api/work-service-reviews/'),
          client.get('/api/work-service-reviews/'),
          client.get('/api/clients/welcome/'),
          admin.get('/api/work-service-reviews/'),
        ]);
        for (const answer of lists) expect(answer.statusCode, answer.body).toBe(200);
        const [mine] = await reviewsOf(whitfield.id);
        expect(mine).toMatchObject({
          status: 'PENDING',
          week_start: WEEK,
          week_end: '2027-01-23',
          title: 'Visits of Jan 17 – Jan 23',
          visit_count: 2,
          total_minutes: 60 + 90,
        });
        reviewId = mine.id;
        expect(await reviewsOf(whitfield.id)).toHaveLength(1);
        const [theirs] = await reviewsOf(nguyen.id);
        nguyenReviewId = theirs.id;
        const rows = await t.rows(sql`select count(*)::int as n from work_service_reviews where week_start = ${WEEK}`);
        expect(Number(rows[0].n)).toBe(2);

        const welcome = (await client.get('/api/clients/welcome/')).json();
        expect(welcome.awaiting_signature).toContainEqual({
          kind: 'work_service_review',
          id: reviewId,
          title: 'Visits of Jan 17 – Jan 23',
          link: `/onboarding/work-service-review/${reviewId}`,
          due_on: null,
        });

        const told = t
          .delivered()
          .slice(0, t.delivered().length - before)
          .filter(
            (m) => m.to === 'client@sunrise.example' && m.text.includes(`/onboarding/work-service-review/${reviewId}`),
          );
        expect(told).toHaveLength(1);
        // the mail says that a week waits and links to it: no dates of service, no services, no names
        expect(told[0].subject).toBe('A week of your visits is ready to review and sign');
        expect(`${told[0].subject}\n${told[0].text}`).not.toMatch(/Jan|2027|Pathways|Bathing|Nora|Whitfield|Clara/);
      });
    });

    describe('access', () => {
      it('the client reads their own review with every visit as worked; the office too; nobody else', async () => {
        const mine = await client.get(`/api/work-service-reviews/${reviewId}/`);
        expect(mine.statusCode).toBe(200);
        const review = mine.json();
        expect(review.visits.map((v: { visit_id: number }) => v.visit_id)).toEqual(claraVisits);
        // the client sees the caregiver's first name and initial; the office the full name
        expect(review.visits[0]).toMatchObject({
          service_date: '2027-01-18',
          caregiver: { name: 'Nora O.' },
          service: 'Pathways',
          starts_at: '2027-01-18T15:00:00.000Z',
          ends_at: '2027-01-18T16:00:00.000Z',
          minutes: 60,
          corrected: false,
          dispute: null,
        });
        expect(JSON.stringify(review)).not.toContain('Okafor');
        expect(review.timezone).toBe('America/New_York');
        const office = await admin.get(`/api/work-service-reviews/${reviewId}/`);
        expect(office.statusCode).toBe(200);
        expect(office.json().visits[0].caregiver).toEqual({ id: nurse.user.id, name: 'Nora Okafor' });

        // another client's review, another organization's office, another client's list
        expect((await client.get(`/api/work-service-reviews/${nguyenReviewId}/`)).statusCode).toBe(404);
        expect(
          (
            await client.post(`/api/work-service-reviews/${nguyenReviewId}/dispute/`, {
              visit_id: claraVisits[0],
              comment: 'x',
            })
          ).statusCode,
        ).toBe(404);
        expect((await harbor.get(`/api/work-service-reviews/${reviewId}/`)).statusCode).toBe(404);
        expect(
          (await harbor.get('/api/work-service-reviews/')).json().results.map((r: { id: number }) => r.id),
        ).not.toContain(reviewId);
        const listed = (await client.get('/api/work-service-reviews/?limit=100')).json().results;
        expect(listed.length).toBeGreaterThan(0);
        expect(listed.every((r: { client: { id: number } }) => r.client.id === whitfield.id)).toBe(true);
        // the nurse has no reviews; only the client signs or disputes; only the office records "cannot sign"
        expect((await nurse.get('/api/work-service-reviews/')).statusCode).toBe(403);
        expect(
          (await admin.post(`/api/work-service-reviews/${reviewId}/sign/`, { signature: SIGNATURE })).statusCode,
        ).toBe(403);
        expect(
          (await client.post(`/api/work-service-reviews/${reviewId}/unable/`, { reason: 'OTHER', note: 'x' }))
            .statusCode,
        ).toBe(403);
      });
    });

    describe('dispute', () => {
      it("a disputed visit becomes a DISPUTE exception in the office's queue; the review is Disputed and the office is told", async () => {
        const before = t.delivered().length;
        const refused = await client.post(`/api/work-service-reviews/${reviewId}/dispute/`, {
          visit_id: 999_999,
          comment: 'Nobody came',
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().fields.visit_id).toEqual(['Choose one of the visits of this week.']);
        expect(
          (
            await client.post(`/api/work-service-reviews/${reviewId}/dispute/`, {
              visit_id: claraVisits[1],
              comment: '   ',
            })
          ).statusCode,
        ).toBe(400);

        const disputed = await client.post(`/api/work-service-reviews/${reviewId}/dispute/`, {
          visit_id: claraVisits[1],
          comment: 'She left at 11:00, not 11:30.',
        });
        expect(disputed.statusCode, disputed.body).toBe(200);
        const review = disputed.json();
        expect(review.status).toBe('DISPUTED');
        expect(review.visits[1].dispute).toMatchObject({
          comment: 'She left at 11:00, not 11:30.',
          resolution: null,
          resolved_at: null,
        });
        expect(review.visits[0].dispute).toBeNull();

        const queue = (await admin.get('/api/visit-exceptions/?code=DISPUTE')).json().results;
        expect(queue).toContainEqual(
          expect.objectContaining({
            visit_id: claraVisits[1],
            code: 'DISPUTE',
            detail: 'She left at 11:00, not 11:30.',
          }),
        );
        // an open exception: the visit waits for the office before it is Verified again
        expect((await admin.get(`/api/visits/${claraVisits[1]}/`)).json().status).toBe('COMPLETED');

        const again = await client.post(`/api/work-service-reviews/${reviewId}/dispute/`, {
          visit_id: claraVisits[1],
          comment: 'Again',
        });
        expect(again.statusCode).toBe(409);
        expect(again.json().code).toBe('already_disputed');

        const office = t
          .delivered()
          .slice(0, t.delivered().length - before)
          .filter((m) => m.to === 'admin@sunrise.example');
        // the mail says that a client disputed a visit and links to it: not who, not the day
        expect(office.map((m) => m.subject)).toEqual(['A client disputed a visit']);
        expect(`${office[0].subject}\n${office[0].text}`).not.toMatch(/Whitfield|Clara|C\. W|Jan|2027|11:30|11:00/);
        // behind the sign-in, the office's notification names them
        const inApp = await admin.in(null).get('/api/notifications/?limit=1');
        expect(inApp.json().results[0]).toMatchObject({ title: 'C. Whitfield disputed a visit' });
        expect(office[0].text).toContain(`/clients/${whitfield.id}/reviews/${reviewId}`);
        // the welcome page still asks for the signature
        const welcome = (await client.get('/api/clients/welcome/')).json();
        expect(welcome.awaiting_signature).toContainEqual(
          expect.objectContaining({ id: reviewId, title: 'Visits of Jan 17 – Jan 23 (you disputed a visit)' }),
        );
      });
    });

    describe('sign', () => {
      it('stores the signature as a PNG; the review is Signed, read-only, and signing twice is 409', async () => {
        const blank = await client.post(`/api/work-service-reviews/${reviewId}/sign/`, {
          signature: 'data:image/png;base64,AAAA',
        });
        expect(blank.statusCode).toBe(400);
        expect((await client.get(`/api/work-service-reviews/${reviewId}/signature/`)).statusCode).toBe(404);

        await at('2027-01-25T14:00:00Z');
        const signed = await client.post(`/api/work-service-reviews/${reviewId}/sign/`, { signature: SIGNATURE });
        expect(signed.statusCode, signed.body).toBe(200);
        expect(signed.json()).toMatchObject({
          status: 'SIGNED',
          signed_at: '2027-01-25T14:00:00.000Z',
          signed_by: { id: client.user.id },
        });

        for (const session of [client, admin]) {
          const image = await session.get(`/api/work-service-reviews/${reviewId}/signature/`);
          expect(image.statusCode).toBe(200);
          expect(image.headers['content-type']).toBe('image/png');
          expect(image.rawPayload.subarray(0, 8)).toEqual(
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          );
        }

        const twice = await client.post(`/api/work-service-reviews/${reviewId}/sign/`, { signature: SIGNATURE });
        expect(twice.statusCode).toBe(409);
        expect(twice.json().code).toBe('review_signed');
        expect(
          (
            await client.post(`/api/work-service-reviews/${reviewId}/dispute/`, {
              visit_id: claraVisits[0],
              comment: 'Late',
            })
          ).statusCode,
        ).toBe(409);
        expect(
          (await admin.post(`/api/work-service-reviews/${reviewId}/unable/`, { reason: 'OTHER', note: 'Too late' }))
            .statusCode,
        ).toBe(409);
        const welcome = (await client.get('/api/clients/welcome/')).json();
        expect(welcome.awaiting_signature.map((r: { id: number }) => r.id)).not.toContain(reviewId);

        // the database refuses any change to a signed review
        await expect(
          t.database.db.execute(sql`update work_service_reviews set status = 'PENDING' where id = ${reviewId}`),
        ).rejects.toThrow();
        await expect(
          t.database.db.execute(sql`delete from work_service_reviews where id = ${reviewId}`),
        ).rejects.toThrow();
      });

      it('keeps the visits as signed when the office corrects one afterwards', async () => {
        const [exception] = (await admin.get('/api/visit-exceptions/?code=DISPUTE'))
          .json()
          .results.filter((e: { visit_id: number }) => e.visit_id === claraVisits[1]);
        const corrected = await admin.post(`/api/visit-exceptions/${exception.id}/resolve/`, {
          resolution: 'CORRECTED',
          correction_reason: 'CLIENT_CONFIRMED',
          corrected_start_at: '2027-01-20T15:02:00.000Z',
          corrected_end_at: '2027-01-20T16:00:00.000Z',
        });
        expect(corrected.statusCode, corrected.body).toBe(200);
        expect(corrected.json().status).toBe('VERIFIED');
        const review = (await client.get(`/api/work-service-reviews/${reviewId}/`)).json();
        expect(review.visits[1]).toMatchObject({ ends_at: '2027-01-20T16:30:00.000Z', corrected: false, minutes: 90 });
        expect(review.visits[1].dispute).toMatchObject({ resolution: 'CORRECTED' });
      });
    });

    describe('the client cannot sign', () => {
      it('the office records why with a reason code and a note; the client sees the reason, not the note', async () => {
        const missing = await admin.post(`/api/work-service-reviews/${nguyenReviewId}/unable/`, {
          reason: 'COGNITIVE',
          note: '  ',
        });
        expect(missing.statusCode).toBe(400);
        expect(
          (await admin.post(`/api/work-service-reviews/${nguyenReviewId}/unable/`, { reason: 'SLEEPY', note: 'x' }))
            .statusCode,
        ).toBe(400);
        const recorded = await admin.post(`/api/work-service-reviews/${nguyenReviewId}/unable/`, {
          reason: 'COGNITIVE',
          note: 'Advanced dementia; his daughter holds no power of attorney yet.',
        });
        expect(recorded.statusCode, recorded.body).toBe(200);
        expect(recorded.json()).toMatchObject({
          status: 'UNABLE_TO_SIGN',
          unable_reason: 'COGNITIVE',
          unable_note: 'Advanced dementia; his daughter holds no power of attorney yet.',
          unable_recorded_by: { id: admin.user.id },
        });
        const twice = await admin.post(`/api/work-service-reviews/${nguyenReviewId}/unable/`, {
          reason: 'OTHER',
          note: 'x',
        });
        expect(twice.statusCode).toBe(409);
        expect(
          (await admin.get('/api/work-service-reviews/?status=UNABLE_TO_SIGN'))
            .json()
            .results.map((r: { id: number }) => r.id),
        ).toContain(nguyenReviewId);

        // on one of the client's own: they see the reason but not the office's note, and can no longer sign it
        const own = (await admin.get(`/api/work-service-reviews/?client_id=${whitfield.id}&status=PENDING`)).json()
          .results[0];
        expect(
          (
            await admin.post(`/api/work-service-reviews/${own.id}/unable/`, {
              reason: 'HOSPITAL',
              note: 'In hospital all week',
            })
          ).statusCode,
        ).toBe(200);
        const seen = (await client.get(`/api/work-service-reviews/${own.id}/`)).json();
        expect(seen).toMatchObject({ status: 'UNABLE_TO_SIGN', unable_reason: 'HOSPITAL', unable_note: null });
        const sign = await client.post(`/api/work-service-reviews/${own.id}/sign/`, { signature: SIGNATURE });
        expect(sign.statusCode).toBe(409);
        expect(sign.json().code).toBe('review_closed');
      });
    });
  });
}
