import { afterAll, describe, expect, it } from 'vitest';
import { addDays, dateIn } from '#domain/dates';
import { testApp, TestClock, type TestApi } from '../../test-client';
import { seedDemo } from './index';
import { nowVisitWindow, sunriseDayVisits, withVisitOfTheHour, type PlacedVisit } from './visits';

const ZONE = 'America/New_York'; // Sunrise's (server/db/seed/demo.ts)
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NURSE = 'nurse@sunrise.example';
// Walter Nguyen's home (the seed's position), read at the door by a real phone (about 3 m off)
const AT_NGUYENS_DOOR = { latitude: 40.74553, longitude: -73.9822, accuracy: 12 };

/** Every five minutes of the 48 hours from `from` (an instant). */
const everyFiveMinutes = (from: string) =>
  Array.from({ length: (48 * 60) / 5 }, (_, i) => new Date(Date.parse(from) + i * 5 * MINUTE));

describe('the nurse’s demo visits, whenever the demo is seeded (product.md: clocking in can be tried at any time of day)', () => {
  it.each([
    ['an ordinary day', '2026-11-24T05:00:00Z'],
    ['the night daylight time ends (an hour repeats)', '2026-10-31T04:00:00Z'],
    ['the night daylight time begins (an hour is skipped)', '2027-03-13T05:00:00Z'],
  ])(
    'on %s: at every instant she has visits today and one she can clock into now, with half an hour or more of it left, and is never booked twice for a minute',
    (_, from) => {
      const days = new Map<string, PlacedVisit[]>(); // the day's visits, placed once (the zone's arithmetic is slow)
      for (const now of everyFiveMinutes(from)) {
        const today = dateIn(ZONE, now);
        if (!days.has(today)) days.set(today, sunriseDayVisits(ZONE, today));
        const hers = withVisitOfTheHour(ZONE, now, days.get(today)!).filter((visit) => visit.caregiver === NURSE);
        const at = now.toISOString();
        expect(hers.filter((visit) => visit.serviceDate === today).length, at).toBeGreaterThanOrEqual(3);
        // clocking in opens an hour before a visit's start and closes at its end
        const open = hers.filter(
          (visit) =>
            visit.startsAt.getTime() - HOUR <= now.getTime() && visit.endsAt.getTime() - now.getTime() >= 30 * MINUTE,
        );
        expect(open.length, `${at}: a visit to clock into`).toBeGreaterThan(0);
        const sorted = [...hers].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
        for (let i = 1; i < sorted.length; i += 1)
          expect(sorted[i]!.startsAt.getTime(), `${at}: an overlap`).toBeGreaterThanOrEqual(
            sorted[i - 1]!.endsAt.getTime(),
          );
        for (const visit of hers) expect(visit.serviceDate, at).toBe(dateIn(ZONE, visit.startsAt));
      }
    },
  );

  it('the visit of the hour starts at the next quarter hour and lasts an hour, at a client’s home, in the evening too', () => {
    const evening = new Date('2026-11-24T02:40:00Z'); // 21:40 on Nov 23 in New York
    const day = sunriseDayVisits(ZONE, dateIn(ZONE, evening));
    const added = withVisitOfTheHour(ZONE, evening, day).slice(day.length);
    expect(added).toEqual([
      expect.objectContaining({
        client: 'Nguyen',
        service: 'SkilledNurses',
        caregiver: NURSE,
        startsAt: new Date('2026-11-24T02:45:00Z'),
        endsAt: new Date('2026-11-24T03:45:00Z'),
        serviceDate: '2026-11-23',
      }),
    ]);
  });

  it('late at night it ends after midnight and belongs to the date it starts on', () => {
    expect(nowVisitWindow(ZONE, new Date('2026-11-25T04:20:00Z'), [])).toEqual({
      // 23:20 in New York: 23:30 to 00:30
      startsAt: new Date('2026-11-25T04:30:00Z'),
      endsAt: new Date('2026-11-25T05:30:00Z'),
      serviceDate: '2026-11-24',
    });
    expect(nowVisitWindow(ZONE, new Date('2026-11-25T04:50:00Z'), [])?.serviceDate).toBe('2026-11-25'); // 00:00 to 01:00
  });

  it('makes way for her other visits: shorter before the next one, after the one under way, or none when hers starts within the hour', () => {
    const visit = (start: string, end: string) => ({ startsAt: new Date(start), endsAt: new Date(end) });
    const noon = new Date('2026-11-24T17:00:00Z');
    // the next one starts 45 minutes after the quarter hour: the visit of the hour ends as it starts
    expect(nowVisitWindow(ZONE, noon, [visit('2026-11-24T18:00:00Z', '2026-11-24T19:00:00Z')])).toMatchObject({
      startsAt: new Date('2026-11-24T17:15:00Z'),
      endsAt: new Date('2026-11-24T18:00:00Z'),
    });
    // one under way until 12:30: the visit of the hour follows it
    expect(nowVisitWindow(ZONE, noon, [visit('2026-11-24T16:00:00Z', '2026-11-24T17:30:00Z')])).toMatchObject({
      startsAt: new Date('2026-11-24T17:30:00Z'),
      endsAt: new Date('2026-11-24T18:30:00Z'),
    });
    // the next one starts at 12:30: it is the one to clock into
    expect(nowVisitWindow(ZONE, noon, [visit('2026-11-24T17:30:00Z', '2026-11-24T18:30:00Z')])).toBeNull();
    // one under way for another hour and more: it is the one to clock into
    expect(nowVisitWindow(ZONE, noon, [visit('2026-11-24T16:00:00Z', '2026-11-24T18:30:00Z')])).toBeNull();
  });
});

describe('the demo seeded late in the evening, as a new user would try it', () => {
  let t: TestApi | undefined;
  afterAll(async () => t?.close());

  it(
    'at 23:50 the nurse finds the visit of the hour on her schedule (on the next date) and clocks in at the client’s door',
    { timeout: 180_000 },
    async () => {
      const clock = new TestClock();
      clock.set(new Date('2026-11-24T04:50:00Z')); // 23:50 on Nov 23 in New York
      t = await testApp({ clock, seed: false });
      await seedDemo(t.database.db, { now: clock.now() });
      const nurse = await t.as(NURSE);
      const today = dateIn(ZONE, clock.now());
      const listed = await nurse.get(`/api/visits/?from=${today}&to=${addDays(today, 1)}&limit=100`);
      expect(listed.statusCode, listed.body).toBe(200);
      const ahead = (
        listed.json().results as { id: number; status: string; starts_at: string; service_date: string }[]
      ).filter(
        (visit) =>
          visit.status === 'SCHEDULED' &&
          Date.parse(visit.starts_at) > clock.now().getTime() &&
          Date.parse(visit.starts_at) <= clock.now().getTime() + HOUR,
      );
      expect(ahead).toMatchObject([{ starts_at: '2026-11-24T05:00:00.000Z', service_date: '2026-11-24' }]);
      const clockedIn = await nurse.post(`/api/visits/${ahead[0]!.id}/clock-in/`, AT_NGUYENS_DOOR);
      expect(clockedIn.statusCode, clockedIn.body).toBe(200);
      expect(clockedIn.json()).toMatchObject({ status: 'IN_PROGRESS', clock_in: { location: 'HOME' } });
    },
  );
});
