/**
 * Demo visits (product.md, "Demo organizations"): in Sunrise a week around today, the nurse with visits
 * today (one at client@sunrise.example's home, Clara Whitfield's) and one starting within the hour of the
 * seed (so clocking in can be tried at any hour), the past days clocked and verified, one late clock-in
 * waiting in the exceptions queue, an open visit to ask for; in Harbor a nurse of its own with a visit ahead
 * and one away from the home waiting for the office. Clara's last week that has ended (with her visits in it)
 * has its work-service review waiting for her signature.
 */
import { and, eq } from 'drizzle-orm';
import { addDays, dateIn, zonedTime } from '#domain/dates';
import type { ServiceCode } from '#domain/clients';
import { weekStartOf, type ExceptionCode, type VisitStatus } from '#domain/visits';
import { reviewLink, weekEndOf, weekLabel } from '#domain/work-service-reviews';
import type { Tx } from '../connection';
import {
  clients,
  clientServices,
  clientUsers,
  employeeProfiles,
  notifications,
  organizations,
  users,
  visitExceptions,
  visits,
  workServiceReviews,
} from '../schema';
import { daysBefore, type DemoIds } from './demo';

export interface DemoVisitOf {
  client: string;
  service: ServiceCode;
  caregiver: string | null;
  notes?: string;
  /** Clocked late by this many minutes (an open LATE_CLOCK_IN exception). */
  lateBy?: number;
  /** Clocked in away from the home (an open LOCATION_CLOCK_IN exception), with the caregiver's reason. */
  away?: string;
}

export interface DemoVisit extends DemoVisitOf {
  /** Days from today (organization's date). */
  day: number;
  start: string;
  end: string;
}

export interface VisitWindow {
  startsAt: Date;
  endsAt: Date;
  /** The organization's date of the start. */
  serviceDate: string;
}

export type PlacedVisit = DemoVisitOf & VisitWindow;

const NURSE = 'nurse@sunrise.example';
const AIDE = 'aide@sunrise.example';
const HARBOR_NURSE = 'tomas.reid@harbor.example';

/** The nurse's usual visit to Clara Whitfield: at ten, bathing and light housekeeping. */
const claraVisit = (day: number): DemoVisit => ({
  client: 'Whitfield',
  service: 'Pathways',
  caregiver: NURSE,
  day,
  start: '10:00',
  end: '11:30',
  notes: 'Bathing, light housekeeping',
});

/** The nurse's usual morning on a weekday: Walter Nguyen at eight, then Clara Whitfield at ten. */
const nurseMorning = (day: number): DemoVisit[] => [
  {
    client: 'Nguyen',
    service: 'SkilledNurses',
    caregiver: NURSE,
    day,
    start: '08:00',
    end: '09:00',
    notes: 'Vitals and medication review',
  },
  claraVisit(day),
];

const SUNRISE_VISITS: DemoVisit[] = [
  // the week behind: clocked at the home and verified (Clara's completed week waits for her review)
  ...[-6, -5, -4, -3, -2].flatMap(nurseMorning),
  { client: 'Delgado', service: 'Cna', caregiver: NURSE, day: -1, start: '09:00', end: '10:00', lateBy: 25 },
  { client: 'Becker', service: 'Bds', caregiver: AIDE, day: -1, start: '13:00', end: '16:00' },
  // today: the nurse's day, one of them at Clara's home
  claraVisit(0),
  {
    client: 'Nguyen',
    service: 'SkilledNurses',
    caregiver: NURSE,
    day: 0,
    start: '13:00',
    end: '14:00',
    notes: 'Vitals and medication review',
  },
  { client: 'Delgado', service: 'Cna', caregiver: NURSE, day: 0, start: '15:00', end: '16:00' },
  // the days ahead
  ...[1, 2, 3].flatMap(nurseMorning),
  { client: 'Becker', service: 'Bds', caregiver: AIDE, day: 1, start: '13:00', end: '16:00' },
  {
    client: 'Fischer',
    service: 'Wellness',
    caregiver: null,
    day: 2,
    start: '14:00',
    end: '16:00',
    notes: 'Companionship and a walk',
  },
];

/** The nurse's visit starting within the hour of the seed (nowVisitWindow), at Walter Nguyen's home. */
const NOW_VISIT: DemoVisitOf = {
  client: 'Nguyen',
  service: 'SkilledNurses',
  caregiver: NURSE,
  notes: 'Vitals and medication review',
};

const HARBOR_VISITS: DemoVisit[] = [
  {
    client: 'Holloway',
    service: 'SkilledNurses',
    caregiver: HARBOR_NURSE,
    day: -1,
    start: '09:00',
    end: '10:00',
    away: 'Met the client at the clinic',
  },
  {
    client: 'Holloway',
    service: 'SkilledNurses',
    caregiver: HARBOR_NURSE,
    day: 2,
    start: '09:00',
    end: '10:00',
    notes: 'Dressing change',
  },
];

/** A demo visit at its instants: `day` days from `today` (the organization's date), wall-clock times in its zone. */
function placed(timezone: string, today: string, { day: days, start, end, ...demo }: DemoVisit): PlacedVisit {
  const day = addDays(today, days);
  return {
    ...demo,
    startsAt: zonedTime(timezone, day, start),
    endsAt: zonedTime(timezone, day, end),
    serviceDate: day,
  };
}

const QUARTER_HOUR = 15 * 60_000;
const HOUR = 60 * 60_000;
/** A visit shortened to make way for a caregiver's other one keeps at least this long. */
const SHORTEST_NOW_VISIT = 30 * 60_000;

/**
 * The window of a visit that starts within the hour of `now`, so that clocking in (open from an hour before a
 * visit) can be tried whenever the demo is seeded: from the next quarter hour, an hour long, ending earlier
 * (never under half an hour) to make way for the caregiver's next visit, or starting when the visit under way
 * ends; null when no such window starts within the hour (one of `booked` does: that one can be clocked into).
 * A caregiver is never booked twice for the same minute. Late at night it may end after midnight: its service
 * date is the organization's date of its start.
 */
export function nowVisitWindow(
  timezone: string,
  now: Date,
  booked: { startsAt: Date; endsAt: Date }[],
): VisitWindow | null {
  const sorted = [...booked].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  let start = Math.floor(now.getTime() / QUARTER_HOUR) * QUARTER_HOUR + QUARTER_HOUR;
  let end = start + HOUR;
  for (const visit of sorted) {
    if (visit.startsAt.getTime() >= end || visit.endsAt.getTime() <= start) continue;
    if (visit.startsAt.getTime() - start >= SHORTEST_NOW_VISIT) {
      end = visit.startsAt.getTime();
      break;
    }
    start = visit.endsAt.getTime();
    end = start + HOUR;
  }
  if (start > now.getTime() + HOUR) return null;
  return { startsAt: new Date(start), endsAt: new Date(end), serviceDate: dateIn(timezone, new Date(start)) };
}

/** Sunrise's demo visits around `today` (its date) at their instants, with `extra` ones (Clara's ended week). */
export function sunriseDayVisits(timezone: string, today: string, extra: DemoVisit[] = []): PlacedVisit[] {
  return [...SUNRISE_VISITS, ...extra].map((visit) => placed(timezone, today, visit));
}

/** The list with the nurse's visit of the hour added (when it needs one: nowVisitWindow). */
export function withVisitOfTheHour(timezone: string, now: Date, list: PlacedVisit[]): PlacedVisit[] {
  const window = nowVisitWindow(
    timezone,
    now,
    list.filter((visit) => visit.caregiver === NURSE),
  );
  return window ? [...list, { ...NOW_VISIT, ...window }] : list;
}

async function seedVisits(
  tx: Tx,
  organizationId: number,
  list: PlacedVisit[],
  people: Record<string, number>,
  by: number,
  now: Date,
): Promise<void> {
  for (const demo of list) {
    const [service] = await tx
      .select({
        id: clientServices.id,
        clientId: clientServices.clientId,
        latitude: clients.latitude,
        longitude: clients.longitude,
      })
      .from(clientServices)
      .innerJoin(clients, eq(clients.id, clientServices.clientId))
      .where(
        and(
          eq(clients.organizationId, organizationId),
          eq(clients.lastName, demo.client),
          eq(clientServices.service, demo.service),
        ),
      );
    const { startsAt, endsAt, serviceDate } = demo;
    const caregiverId = demo.caregiver ? people[demo.caregiver] : null;
    const over = endsAt <= now;
    const exception: ExceptionCode | null = demo.lateBy ? 'LATE_CLOCK_IN' : demo.away ? 'LOCATION_CLOCK_IN' : null;
    const status: VisitStatus = !caregiverId ? 'OPEN' : !over ? 'SCHEDULED' : exception ? 'COMPLETED' : 'VERIFIED';
    const clocked = status === 'VERIFIED' || status === 'COMPLETED';
    const clockIn = new Date(startsAt.getTime() + (demo.lateBy ?? 2) * 60_000);
    const clockOut = new Date(endsAt.getTime() - 60_000);
    const home =
      service.latitude !== null && !demo.away
        ? { latitude: service.latitude + 0.0001, longitude: service.longitude, distance: 11 }
        : { latitude: null, longitude: null, distance: null };
    const [row] = await tx
      .insert(visits)
      .values({
        organizationId,
        clientId: service.clientId,
        clientServiceId: service.id,
        caregiverId,
        status,
        startsAt,
        endsAt,
        serviceDate,
        notes: demo.notes ?? '',
        ...(clocked
          ? {
              clockInAt: clockIn,
              clockInLatitude: home.latitude,
              clockInLongitude: home.longitude,
              clockInAccuracy: home.latitude === null ? null : 15,
              clockInDistance: home.distance,
              clockInLocation: demo.away ? 'COMMUNITY' : 'HOME',
              clockInReason: demo.away ?? null,
              clockOutAt: clockOut,
              clockOutLatitude: home.latitude,
              clockOutLongitude: home.longitude,
              clockOutAccuracy: home.latitude === null ? null : 15,
              clockOutDistance: home.distance,
              clockOutLocation: 'HOME',
              verifiedAt: status === 'VERIFIED' ? clockOut : null,
            }
          : {}),
        createdById: by,
        createdAt: daysBefore(startsAt, 10),
        updatedAt: clocked ? clockOut : now,
      } as typeof visits.$inferInsert)
      .returning({ id: visits.id });
    if (exception && clocked) {
      await tx.insert(visitExceptions).values({
        organizationId,
        visitId: row.id,
        code: exception,
        detail: demo.lateBy ? `Clocked in ${demo.lateBy} minutes after the start.` : `In the community: ${demo.away}`,
        createdAt: clockIn,
      });
    }
  }
}

export async function seedDemoVisits(
  tx: Tx,
  ids: DemoIds,
  timezones: Record<'sunrise' | 'harbor', string>,
  now: Date,
): Promise<void> {
  // Harbor's own nurse, READY (invited: no password, so no demo sign-in)
  const [tomas] = await tx
    .insert(users)
    .values({
      organizationId: ids.organizations.harbor,
      email: HARBOR_NURSE,
      firstName: 'Tomas',
      lastName: 'Reid',
      role: 'ROLE_EMPLOYEE',
      passwordHash: null,
      timezone: timezones.harbor,
      createdAt: daysBefore(now, 90),
    })
    .returning({ id: users.id });
  await tx.insert(employeeProfiles).values({
    userId: tomas.id,
    organizationId: ids.organizations.harbor,
    status: 'READY',
    position: 'RN',
    readyAt: daysBefore(now, 80),
  });
  const people = { ...ids.users, [HARBOR_NURSE]: tomas.id };
  const claraWeek = await lastEndedWeek(tx, ids.organizations.sunrise, timezones.sunrise, now);
  const sunrise = withVisitOfTheHour(
    timezones.sunrise,
    now,
    sunriseDayVisits(timezones.sunrise, dateIn(timezones.sunrise, now), claraWeek.visits),
  );
  await seedVisits(tx, ids.organizations.sunrise, sunrise, people, ids.users['admin@sunrise.example'], now);
  await seedReview(tx, ids.organizations.sunrise, 'Whitfield', claraWeek.weekStart, now);
  const harborToday = dateIn(timezones.harbor, now);
  await seedVisits(
    tx,
    ids.organizations.harbor,
    HARBOR_VISITS.map((visit) => placed(timezones.harbor, harborToday, visit)),
    people,
    ids.users['admin@harbor.example'],
    now,
  );
}

/** Days between two `YYYY-MM-DD` dates (`to` − `from`). */
const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The organization's last week that has ended, and, when the seed runs on the week's last day (SUNRISE_VISITS'
 * days -6 … -2 then all fall in the week under way), Clara's visits of each of its days, so an ended week of
 * hers always exists. On other days the week already holds some of hers and nothing is added (the suites book
 * their own visits around the seed's).
 */
async function lastEndedWeek(
  tx: Tx,
  organizationId: number,
  timezone: string,
  now: Date,
): Promise<{ weekStart: string; visits: DemoVisit[] }> {
  const [organization] = await tx
    .select({ weekStart: organizations.weekStart })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const today = dateIn(timezone, now);
  const weekStart = addDays(weekStartOf(today, organization?.weekStart ?? 0), -7);
  const days = Array.from({ length: 7 }, (_, i) => daysFrom(today, addDays(weekStart, i)));
  const hasHers = SUNRISE_VISITS.some((visit) => visit.client === 'Whitfield' && days.includes(visit.day));
  return { weekStart, visits: hasHers ? [] : days.map(claraVisit) };
}

/** The client's work-service review of a week that has ended, waiting for their signature; their portal users are told. */
async function seedReview(
  tx: Tx,
  organizationId: number,
  lastName: string,
  weekStart: string,
  now: Date,
): Promise<void> {
  const [client] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.organizationId, organizationId), eq(clients.lastName, lastName)));
  const weekEnd = weekEndOf(weekStart);
  const [review] = await tx
    .insert(workServiceReviews)
    .values({ organizationId, clientId: client.id, weekStart, weekEnd, status: 'PENDING', createdAt: now })
    .returning({ id: workServiceReviews.id });
  const people = await tx
    .select({ userId: clientUsers.userId })
    .from(clientUsers)
    .where(eq(clientUsers.clientId, client.id));
  for (const { userId } of people) {
    await tx.insert(notifications).values({
      userId,
      organizationId,
      type: 'work_service_review',
      title: `Please review and sign your visits of ${weekLabel(weekStart, weekEnd)}`,
      body: 'Check the visits of the week and sign, or tell us about a visit that is not right.',
      link: reviewLink(review.id),
      createdAt: now,
    });
  }
}
