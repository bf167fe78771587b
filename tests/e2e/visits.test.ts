/**
 * Visits as seven journeys in headless Chromium against the real server (PGlite): the steps
 * share one server and run in order. Where setting up is not the point of a journey, it books through the API;
 * the times follow the clock the suite runs at (visits "now" may cross midnight, the demo's own visits of the
 * nurse make way).
 *
 * 2. The caregiver's day, on a 390×844 phone: with the position granted at the client's home the nurse clocks
 *    in ("In progress since HH:MM") and out (Verified, with the minutes worked); with the position declined they
 *    pick Community and give a reason, and the office sees the exception on the client's Visits tab.
 *    "I can't make it" with a reason turns a later visit Open and tells the office (its notifications); the nurse
 *    asks for an open visit and the office assigns it to her from the client's Visits tab.
 * 1. Scheduling, on the client's Visits tab: a visit booked in the browser; an overlapping one of the same
 *    caregiver refused with the conflict named; a weekly pattern lists what it booked and what it skipped and
 *    why; Cancel asks for a reason; a visit without caregiver is Open; the schedule board shows the visit in
 *    the caregiver's row.
 * 3. Verification: journey 2's clock-in away from the home waits in /clients/visit-exceptions; the office
 *    corrects the times with a reason code; the resolved exception keeps the original clocks, the visit is
 *    Verified with the corrected times (the Payroll tab tags them), and the client's authorization "used"
 *    units move by the quarter of an hour worked.
 * 4. EVV export: the period's CSV holds the verified visit with the six elements and its exception codes.
 * 5. Work-service review on a phone: the client opens the review from /clients/welcome, disputes a visit with a
 *    comment, signs on the signature pad; the review is signed and read-only and prints without header, menu
 *    and buttons; the office sees the DISPUTE in its queue.
 * 6. Payroll: the nurse's verified visits with their minutes and each week's total on the Payroll tab, the
 *    nurse's "My hours" on /work-schedule on a phone, both CSVs.
 * 7. The client's welcome page lists the real upcoming visits; a visit the office moves shows as changed.
 *
 * Screenshots go to tests/e2e/.artifacts/visits-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { formatDateTime } from '../../src/app/date-time';
import { SERVICES } from '../../src/domain/clients';
import { DEFAULT_LOCALE } from '../../src/domain/constants';
import { addDays, dateIn, formatDay, zonedTime } from '../../src/domain/dates';
import { timeIn, WEEKDAYS, weekdayOf, weekStartOf, windowIn } from '../../src/domain/visits';
import { DEMO_TIMEZONES } from '../../server/db/seed';
import {
  DESKTOP,
  PHONE,
  DEMO_PASSWORD,
  DEMO_USERS,
  download,
  screenshot,
  useJourneyPages,
  useSuite,
  waitForPath,
  drawSignature,
  type JourneyPage,
} from './harness';

const STEP = 150_000; // per step: the machine is shared and slow
const ZONE = DEMO_TIMEZONES.sunrise;
const WEEK_STARTS_ON = 0; // Sunrise's weeks start on Sunday
const MINUTE = 60_000;

interface Clock {
  at: string;
  location: string;
  reason: string | null;
  latitude: number | null;
  longitude: number | null;
}

interface Visit {
  id: number;
  status: string;
  starts_at: string;
  ends_at: string;
  service_date: string;
  service: string;
  client: { id: number; first_name: string; last_name: string };
  caregiver: { id: number; name: string } | null;
  clock_in: Clock | null;
  clock_out: Clock | null;
  corrected_start_at: string | null;
  corrected_end_at: string | null;
  correction_reason: string | null;
  minutes: number | null;
  changed_at: string | null;
  exceptions: { id: number; code: string; resolved_at: string | null }[];
}

interface ClientDetail {
  id: number;
  first_name: string;
  last_name: string;
  status: string;
  latitude: number | null;
  longitude: number | null;
  services: {
    id: number;
    service: string;
    status: string;
    authorizations: { id: number; used: number; unit: string }[];
  }[];
}

interface Review {
  id: number;
  status: string;
  title: string;
  visit_count: number;
  visits: { visit_id: number; service_date: string; starts_at: string; ends_at: string; minutes: number }[];
}

// ---------------------------------------------------------------------------------------------------------
// What the pages write, computed as the app does

/** "Tuesday, Dec 1, 2026" of a `YYYY-MM-DD` date (the app's dayInWords). */
const dayWords = (day: string) => `${WEEKDAYS[weekdayOf(day)]}, ${formatDay(day)}`;
/** "45 min", "2 h", "2 h 5 min" (the app's formatMinutes). */
function minutesText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
/** Payroll's totals: nothing worked is "0 h". */
const hoursText = (minutes: number) => (minutes === 0 ? '0 h' : minutesText(minutes));
/** "9:05 AM" in a zone (the welcome page's end of a visit). */
const timeOfDay = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(DEFAULT_LOCALE, { timeStyle: 'short', timeZone })
    .format(new Date(iso))
    .replace(/[\u202f\u00a0]/g, ' ');
/** The welcome page's heading of a visit: "Dec 1, 2026, 10:00 AM – 11:30 AM". */
const welcomeHeading = (visit: { starts_at: string; ends_at: string }, timeZone: string) =>
  `${formatDateTime(visit.starts_at, timeZone)} – ${timeOfDay(visit.ends_at, timeZone)}`;
/** `09:00–10:00` of a visit in Sunrise's zone, "the next day" when it ends on another date (the app's visitWindow). */
const windowOf = (visit: { starts_at: string; ends_at: string }) =>
  windowIn(ZONE, visit.starts_at, visit.ends_at, (at) => dateIn(ZONE, at));
/** An ISO date as the app's date mask shows it (dd.mm.yyyy). */
const masked = (iso: string) => iso.split('-').reverse().join('.');
/** The instant truncated to its minute. */
const toMinute = (at: number) => new Date(Math.floor(at / MINUTE) * MINUTE);

/** Types a date into a masked date field, as a person does (digits only; the mask adds the dots). */
async function typeDate(field: Locator, iso: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(masked(iso).replace(/\D/g, ''), { delay: 10 });
}

/** RFC 4180 lines into cells (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------

describe.sequential('visits, end to end', () => {
  const suite = useSuite();
  const { pages, signedIn } = useJourneyPages(suite);
  const state = {} as {
    token: string;
    nurseId: number;
    aideId: number;
    client: { id: number; name: string; latitude: number; longitude: number; serviceId: number; service: string };
    clara: ClientDetail & { serviceId: number };
    delgado: ClientDetail & { serviceId: number };
    home: Visit;
    away: Visit;
    office: JourneyPage;
    clientPage: JourneyPage;
    /** Journey 3's visit, verified with corrected times. */
    corrected: Visit;
    dispute: { visitId: number; comment: string; day: string };
  };

  /** A call to the API as the holder of `token` (a refusal throws with the server's words). */
  async function call<T>(token: string | undefined, method: string, path: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${suite.server.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-organization': 'sunrise',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await answer.json().catch(() => null)) as T;
    if (!answer.ok) throw new Error(`${method} ${path} was refused (${answer.status}): ${JSON.stringify(data)}`);
    return data;
  }

  /** The office's call to the API, as the admin. */
  const api = <T>(method: string, path: string, body?: unknown) => call<T>(state.token, method, path, body);

  const login = async (email: string) =>
    (await call<{ access: string }>(undefined, 'POST', '/api/auth/login/', { email, password: DEMO_PASSWORD })).access;

  /** Books a visit from `start` to `end` (instants; their minutes in Sunrise's zone). */
  async function bookAt(
    client: { id: number; serviceId: number },
    caregiverId: number | null,
    start: Date,
    end: Date,
  ): Promise<Visit> {
    const day = dateIn(ZONE, start);
    const endDay = dateIn(ZONE, end);
    return api<Visit>('POST', '/api/visits/', {
      client_id: client.id,
      service_id: client.serviceId,
      caregiver_id: caregiverId,
      service_date: day,
      start_time: timeIn(ZONE, start),
      end_time: timeIn(ZONE, end),
      ...(endDay !== day ? { end_date: endDay } : {}),
    });
  }

  /** Books the nurse at the client from `from` to `to` minutes from now, in Sunrise's zone. */
  const book = (from: number, to: number) =>
    bookAt(state.client, state.nurseId, new Date(Date.now() + from * MINUTE), new Date(Date.now() + to * MINUTE));

  const cardName = (visit: Visit) => `${windowOf(visit)} · ${state.client.name}`;

  async function phone(options: BrowserContextOptions = {}): Promise<Page> {
    const page = await signedIn(DEMO_USERS.nurse, { ...PHONE, ...options });
    await page.goto(`${suite.server.url}/work-schedule`);
    return page;
  }

  /** The admin's desktop page, signed in once for the journeys. */
  async function office(path: string): Promise<JourneyPage> {
    state.office ??= await signedIn(DEMO_USERS.admin, DESKTOP);
    await state.office.goto(`${suite.server.url}${path}`);
    return state.office;
  }

  async function client(lastName: string, service: string): Promise<ClientDetail & { serviceId: number }> {
    const summary = (
      await api<{ results: { id: number; last_name: string }[] }>('GET', '/api/clients/?limit=100')
    ).results.find((row) => row.last_name === lastName)!;
    const detail = await api<ClientDetail>('GET', `/api/clients/${summary.id}/`);
    return { ...detail, serviceId: detail.services.find((row) => row.service === service)!.id };
  }

  /** The "Used" figure of the client's first authorization of `service`, on the Services tab. */
  async function usedOnServicesTab(page: Page, clientId: number, service: string): Promise<number> {
    await page.goto(`${suite.server.url}/clients/${clientId}/services`);
    const cell = page
      .getByRole('table', { name: `Authorizations of ${SERVICES[service as keyof typeof SERVICES]}` })
      .locator('tbody tr')
      .first()
      .locator('td[data-label="Used"]');
    await cell.waitFor();
    return Number((await cell.innerText()).replace(/,/g, ''));
  }

  it('books two visits for the nurse "now" at a client whose home has a position', { timeout: STEP }, async () => {
    state.token = await login(DEMO_USERS.admin);
    const ready = (
      await api<{ results: { id: number; email: string }[] }>('GET', `/api/employees/?status=READY&limit=100`)
    ).results;
    state.nurseId = ready.find((row) => row.email === DEMO_USERS.nurse)!.id;
    state.aideId = ready.find((row) => row.email === DEMO_USERS.aide)!.id;
    const clients = (await api<{ results: { id: number; status: string }[] }>('GET', '/api/clients/?limit=100'))
      .results;
    for (const summary of clients.filter((row) => row.status === 'ACTIVE')) {
      const detail = await api<ClientDetail>('GET', `/api/clients/${summary.id}/`);
      const service = detail.services.find(
        (row) => row.status === 'ACTIVE' && ['Pathways', 'Wellness', 'Bds'].includes(row.service),
      );
      // Clara Whitfield's visits are journeys 3, 5 and 7's
      if (detail.latitude !== null && detail.longitude !== null && service && detail.last_name !== 'Whitfield') {
        state.client = {
          id: detail.id,
          name: `${detail.first_name} ${detail.last_name}`,
          latitude: detail.latitude,
          longitude: detail.longitude,
          serviceId: service.id,
          service: service.service,
        };
        break;
      }
    }
    expect(state.client, 'a demo client with a position and a home-care service').toBeTruthy();

    // The demo's own visits of the nurse in these minutes make way (the office cancels them).
    const today = dateIn(ZONE, new Date());
    const mine = (
      await api<{ results: Visit[] }>(
        'GET',
        `/api/visits/?caregiver_id=${state.nurseId}&from=${addDays(today, -1)}&to=${addDays(today, 1)}&limit=1000`,
      )
    ).results;
    const until = Date.now() + 60 * MINUTE;
    for (const visit of mine) {
      if (
        ['SCHEDULED', 'OPEN'].includes(visit.status) &&
        new Date(visit.starts_at).getTime() < until &&
        new Date(visit.ends_at).getTime() > Date.now() - 5 * MINUTE
      ) {
        await api('POST', `/api/visits/${visit.id}/cancel/`, {
          reason: 'OTHER',
          note: 'Making way for the end-to-end test.',
        });
      }
    }
    state.home = await book(-2, 40);
    state.away = await book(41, 55);
    expect(state.home.status).toBe('SCHEDULED');
  });

  it(
    'journey 2: on a phone with the position granted at the home, the nurse clocks in and out',
    { timeout: STEP },
    async () => {
      const page = await phone({
        permissions: ['geolocation'],
        geolocation: { latitude: state.client.latitude + 0.0001, longitude: state.client.longitude, accuracy: 12 },
      });
      const card = page.getByRole('article', { name: cardName(state.home) });
      await card.getByRole('button', { name: 'Clock in' }).click();
      await expect.poll(() => card.getByText(/^In progress since \d\d:\d\d$/).count(), { timeout: 20_000 }).toBe(1);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'visits-clocked-in');
      await card.getByRole('button', { name: 'Clock out' }).click();
      await expect
        .poll(() => card.getByText(/^Clocked \d\d:\d\d–\d\d:\d\d( the next day)? · Worked \d+ min$/).count(), {
          timeout: 20_000,
        })
        .toBe(1);
      expect(await card.innerText()).toContain('Verified');
      await screenshot(page, 'visits-clocked-out');
      expect((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390).toBe(true);
    },
  );

  it(
    'journey 2: with the position declined, the nurse picks Community and gives a reason; the office sees the exception',
    { timeout: STEP },
    async () => {
      const page = await phone();
      const card = page.getByRole('article', { name: cardName(state.away) });
      await card.getByRole('button', { name: 'Clock in' }).click();
      const dialog = page.getByRole('dialog', { name: 'Clock in: where are you?' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('Choose where you are and say why.');
      await screenshot(page, 'visits-where-are-you');
      await dialog.getByLabel('Where are you?').selectOption({ label: 'Community' });
      await dialog.getByLabel('Why?').fill('Met the client at the pharmacy');
      await dialog.getByRole('button', { name: 'Clock in' }).click();
      await expect.poll(() => card.getByText(/^In progress since \d\d:\d\d$/).count(), { timeout: 20_000 }).toBe(1);

      const visit = await api<Visit>('GET', `/api/visits/${state.away.id}/`);
      expect(visit.clock_in).toMatchObject({
        location: 'COMMUNITY',
        reason: 'Met the client at the pharmacy',
        latitude: null,
      });

      const desk = await office(`/clients/${state.client.id}/visits?week=${state.away.service_date}`);
      const row = desk.getByRole('row').filter({ hasText: windowOf(state.away) });
      await expect.poll(() => row.innerText().catch(() => ''), { timeout: 20_000 }).toContain('Exception');
      await screenshot(desk, 'visits-client-tab');
    },
  );

  it(
    "journey 2: on a phone the nurse says she can't make a later visit (it turns Open, the office is told), asks for an open visit, and the office assigns it to her",
    { timeout: STEP * 2 },
    async () => {
      // Two windows two and three days on, at 05:00 in Sunrise's zone; the demo's own visits of the nurse there make way.
      const day = addDays(dateIn(ZONE, new Date()), 2);
      const at = (date: string, time: string) => zonedTime(ZONE, date, time);
      const mine = (
        await api<{ results: Visit[] }>(
          'GET',
          `/api/visits/?caregiver_id=${state.nurseId}&from=${day}&to=${addDays(day, 1)}&limit=1000`,
        )
      ).results;
      for (const visit of mine.filter((row) => row.status === 'SCHEDULED')) {
        await api('POST', `/api/visits/${visit.id}/cancel/`, {
          reason: 'OTHER',
          note: 'Making way for the end-to-end test.',
        });
      }
      const later = await bookAt(state.client, state.nurseId, at(day, '05:00'), at(day, '06:00'));
      const open = await bookAt(state.client, null, at(addDays(day, 1), '05:00'), at(addDays(day, 1), '06:30'));
      expect(open.status).toBe('OPEN');

      const page = await phone();
      const card = page.getByRole('article', {
        name: `${dayWords(later.service_date)}, ${windowOf(later)} · ${state.client.name}`,
      });
      await card.getByRole('button', { name: "I can't make it" }).click();
      const dialog = page.getByRole('dialog', { name: "I can't make it" });
      await dialog.getByLabel('Reason').fill('My car is in the garage that morning');
      await dialog.getByRole('button', { name: 'Tell the office' }).click();
      await page
        .getByText(
          `The office was told that you cannot make it on ${dayWords(later.service_date)}, ${windowOf(later)}. The visit is open for another caregiver.`,
        )
        .waitFor();
      expect(await api<Visit>('GET', `/api/visits/${later.id}/`)).toMatchObject({ status: 'OPEN', caregiver: null });

      // The office is told, and the notification leads to the client's visits.
      const desk = await office('/notifications');
      const told = desk.getByRole('link', { name: /A visit needs a caregiver/ }).first();
      await told.waitFor({ timeout: 20_000 });
      expect(
        await desk
          .getByText(
            `${formatDay(later.service_date)}, ${windowOf(later)}: the caregiver cannot make it and the visit is Open.`,
          )
          .count(),
      ).toBeGreaterThan(0);

      // The nurse asks for the open visit of the next day.
      await page.reload();
      const openSection = page.getByRole('region', { name: 'Open visits' });
      // not yet hers: the client's initials and the town, never the address, notes or the home's position
      const initials = state.client.name
        .split(' ')
        .map((word) => `${word.charAt(0)}.`)
        .join(' ');
      const offered = openSection.getByRole('article', {
        name: `${dayWords(open.service_date)}, ${windowOf(open)} · ${initials}`,
      });
      await offered.getByRole('button', { name: 'Ask for this visit' }).click();
      await offered.getByText('Asked — the office will confirm').waitFor();
      await screenshot(page, 'visits-asked-for-open');
      const asked = await api<Visit & { requested_by: { id: number; name: string }[] }>(
        'GET',
        `/api/visits/${open.id}/`,
      );
      expect(asked.requested_by.map((person) => person.id)).toEqual([state.nurseId]);
      const nurseName = asked.requested_by[0]!.name;

      // The office assigns it from the client's Visits tab; the nurse finds it among her upcoming visits.
      await office(`/clients/${state.client.id}/visits?week=${open.service_date}`);
      const row = desk
        .getByRole('row')
        .filter({ hasText: windowOf(open) })
        .filter({ hasText: `Asked by ${nurseName}` });
      await row.getByRole('button', { name: `Assign ${nurseName}` }).click();
      await expect
        .poll(async () => (await api<Visit>('GET', `/api/visits/${open.id}/`)).caregiver?.id ?? null, {
          timeout: 20_000,
        })
        .toBe(state.nurseId);
      await page.reload();
      const upcoming = page
        .getByRole('region', { name: 'Upcoming' })
        .getByRole('article', { name: `${dayWords(open.service_date)}, ${windowOf(open)} · ${state.client.name}` });
      await upcoming.waitFor();
      expect(await upcoming.innerText()).toContain('Scheduled');
    },
  );

  it(
    "journey 1: the admin books from the client's Visits tab; an overlap is refused with the conflict named, a weekly pattern lists what it skipped, Cancel asks for a reason, a visit without caregiver is Open; the board shows the visit",
    { timeout: STEP * 2 },
    async () => {
      state.delgado = await client('Delgado', 'Wellness');
      const aide = 'Ada Lindqvist';
      const service = SERVICES.Wellness;
      // next week (always ahead, whatever the hour), in the evening (the demo books none then)
      const nextWeek = addDays(weekStartOf(dateIn(ZONE, new Date()), WEEK_STARTS_ON), 7);
      const day = addDays(nextWeek, 2);
      const conflict = `${aide} is booked 19:00–20:00 with R. Delgado.`;

      const page = await office(`/clients/${state.delgado.id}/visits?week=${day}`);
      await page
        .getByRole('heading', { name: `Week of ${formatDay(nextWeek)} – ${formatDay(addDays(nextWeek, 6))}` })
        .waitFor();
      const form = page.getByRole('form', { name: 'Book a visit' });
      const week = page.getByRole('table', { name: 'Visits of Rosa Delgado' });
      const rowOf = (date: string, window: string) =>
        week
          .getByRole('row')
          .filter({ hasText: dayWords(date) })
          .filter({ hasText: window });

      // one visit, booked in the browser
      await form.getByLabel('Service', { exact: true }).selectOption({ label: service });
      await form.getByLabel('Caregiver', { exact: true }).selectOption({ label: `${aide} (HHA)` });
      await typeDate(form.getByLabel('Date', { exact: true }), day);
      await form.getByLabel('Starts').fill('19:00');
      await form.getByLabel('Ends', { exact: true }).fill('20:00');
      await form.getByRole('button', { name: 'Book the visit' }).click();
      await form.getByText(`Booked ${dayWords(day)}, 19:00–20:00 with ${aide}.`).waitFor();
      await expect
        .poll(
          () =>
            rowOf(day, '19:00–20:00')
              .innerText()
              .catch(() => ''),
          { timeout: 20_000 },
        )
        .toMatch(new RegExp(`${aide}[\\s\\S]*Scheduled`));

      // the same caregiver, overlapping: refused, the conflict named
      await typeDate(form.getByLabel('Date', { exact: true }), day);
      await form.getByLabel('Starts').fill('19:30');
      await form.getByLabel('Ends', { exact: true }).fill('20:30');
      await form.getByRole('button', { name: 'Book the visit' }).click();
      await form.getByRole('alert').filter({ hasText: conflict }).waitFor();
      await screenshot(page, 'visits-booking-conflict');
      expect(
        await week
          .getByRole('row')
          .filter({ hasText: dayWords(day) })
          .count(),
      ).toBe(1);

      // a weekly pattern: Tuesday and Wednesday for a week and a day; the first Tuesday is skipped, and why
      await form.getByLabel('Repeat weekly').check();
      await typeDate(form.getByLabel('From', { exact: true }), day);
      await form.getByLabel(WEEKDAYS[weekdayOf(day)], { exact: true }).check();
      await form.getByLabel(WEEKDAYS[weekdayOf(addDays(day, 1))], { exact: true }).check();
      await typeDate(form.getByLabel('Until', { exact: true }), addDays(day, 7));
      await form.getByLabel('Starts').fill('19:00');
      await form.getByLabel('Ends', { exact: true }).fill('20:00');
      await form.getByRole('button', { name: 'Book the visits' }).click();
      const result = page
        .getByRole('status')
        .filter({ has: page.getByRole('heading', { name: 'Booked 2 visits, skipped 1 day' }) });
      await result.waitFor();
      expect(await result.getByRole('list', { name: 'Booked' }).getByRole('listitem').allInnerTexts()).toEqual([
        `${dayWords(addDays(day, 1))}, 19:00–20:00`,
        `${dayWords(addDays(day, 7))}, 19:00–20:00`,
      ]);
      expect(await result.getByRole('list', { name: 'Skipped' }).getByRole('listitem').allInnerTexts()).toEqual([
        `${dayWords(day)}: ${conflict}`,
      ]);
      await result.scrollIntoViewIfNeeded();
      await screenshot(page, 'visits-pattern');

      // Cancel asks for a reason code
      const wednesday = rowOf(addDays(day, 1), '19:00–20:00');
      await expect.poll(() => wednesday.count(), { timeout: 20_000 }).toBe(1);
      await wednesday.getByRole('button', { name: 'Cancel', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel the visit' });
      // no reason, no cancelling: the error under the field names what is missing
      await dialog.getByRole('button', { name: 'Cancel the visit' }).click();
      await dialog.getByText('Choose why the visit is cancelled.').waitFor();
      expect(await dialog.isVisible()).toBe(true);
      const reason = dialog.getByLabel('Reason');
      expect(await reason.locator('option').allInnerTexts()).toEqual([
        'Choose a reason',
        'Client request',
        'Client in hospital',
        'Caregiver call-out',
        'Weather',
        'Other',
      ]);
      await screenshot(page, 'visits-cancel-reason');
      await reason.selectOption({ label: 'Client request' });
      expect(await dialog.getByRole('button', { name: 'Cancel the visit' }).isEnabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Cancel the visit' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => wednesday.innerText(), { timeout: 20_000 }).toMatch(/Cancelled[\s\S]*Client request/);
      await page.getByText(`The visit of ${dayWords(addDays(day, 1))}, 19:00–20:00 was cancelled.`).waitFor();

      // no caregiver: Open
      await form.getByLabel('Caregiver', { exact: true }).selectOption({ label: 'None yet: an open visit' });
      await typeDate(form.getByLabel('Date', { exact: true }), day);
      await form.getByLabel('Starts').fill('07:00');
      await form.getByLabel('Ends', { exact: true }).fill('08:00');
      await form.getByRole('button', { name: 'Book the visit' }).click();
      await form.getByText(`Booked ${dayWords(day)}, 07:00–08:00 as an open visit.`).waitFor();
      await expect
        .poll(
          () =>
            rowOf(day, '07:00–08:00')
              .innerText()
              .catch(() => ''),
          { timeout: 20_000 },
        )
        .toMatch(/Open/);
      const open = (
        await api<{ results: Visit[] }>(
          'GET',
          `/api/visits/?client_id=${state.delgado.id}&from=${day}&to=${day}&limit=100`,
        )
      ).results.find((row) => windowOf(row) === '07:00–08:00')!;
      expect(open).toMatchObject({ status: 'OPEN', caregiver: null });
      await screenshot(page, 'visits-client-week');

      // the schedule board: next week, the aide's row holds the visit on its day; the open one is in the open strip
      await page.goto(`${suite.server.url}/clients/schedule`);
      await page.getByRole('heading', { name: /^Week of / }).waitFor();
      await page.getByRole('button', { name: 'Next week' }).click();
      await page
        .getByRole('heading', { name: `Week of ${formatDay(nextWeek)} – ${formatDay(addDays(nextWeek, 6))}` })
        .waitFor();
      await page.getByLabel('Search caregivers').fill('Lindqvist');
      const board = page.getByRole('region', { name: 'Week by caregiver' });
      const aideRow = board.getByRole('row').filter({ has: page.getByRole('rowheader', { name: aide }) });
      await expect.poll(() => board.getByRole('row').count(), { timeout: 20_000 }).toBe(2); // the header and the aide
      const cell = aideRow.getByRole('cell').nth(2); // Sunday, Monday, Tuesday: the visit's day
      await expect.poll(() => cell.innerText(), { timeout: 20_000 }).toMatch(/19:00–20:00\s*Rosa Delgado\s*Scheduled/);
      expect(await aideRow.getByRole('cell').nth(3).innerText(), 'the cancelled visit leaves the board').not.toContain(
        '19:00–20:00',
      );
      const aideWeek = (
        await api<{ results: Visit[] }>(
          'GET',
          `/api/visits/?caregiver_id=${state.aideId}&from=${nextWeek}&to=${addDays(nextWeek, 6)}&limit=1000`,
        )
      ).results;
      const bookedMinutes = aideWeek
        .filter((visit) => visit.status !== 'CANCELLED')
        .reduce((sum, visit) => sum + (Date.parse(visit.ends_at) - Date.parse(visit.starts_at)) / MINUTE, 0);
      expect(await aideRow.getByRole('cell').nth(7).innerText(), "the aide's booked hours of the week").toBe(
        minutesText(bookedMinutes),
      );
      const openStrip = page.getByRole('list', { name: 'Open visits' });
      expect(await openStrip.innerText()).toContain('07:00–08:00 Rosa Delgado');
      await screenshot(page, 'visits-board');
    },
  );

  it(
    "journey 3: the office corrects journey 2's clock-in away from the home with a reason; the original clocks are kept beside the corrected times, the visit is Verified and the authorization is used",
    { timeout: STEP * 2 },
    async () => {
      const page = await office('/clients/visit-exceptions');
      const usedBefore = await usedOnServicesTab(page, state.client.id, state.client.service);

      // the nurse clocks out of the visit clocked in away (journey 2), at the home: Completed, its exception open
      const nurse = await login(DEMO_USERS.nurse);
      const clocked = await call<Visit>(nurse, 'POST', `/api/visits/${state.away.id}/clock-out/`, {
        latitude: state.client.latitude + 0.0001,
        longitude: state.client.longitude,
        accuracy: 10,
      });
      expect(clocked.status).toBe('COMPLETED');
      expect(clocked.exceptions.map((row) => row.code)).toEqual(['LOCATION_CLOCK_IN']);
      const clockIn = timeIn(ZONE, clocked.clock_in!.at);
      const clockOut = timeIn(ZONE, clocked.clock_out!.at);
      // not verified yet: nothing more used
      expect(await usedOnServicesTab(page, state.client.id, state.client.service)).toBe(usedBefore);

      await page.goto(`${suite.server.url}/clients/visit-exceptions`);
      await page.getByLabel('Exception', { exact: true }).selectOption({ label: 'Clock-in away from the home' });
      const what = `Clock-in away from the home of ${state.client.name} on ${dayWords(clocked.service_date)}`;
      const queued = page
        .getByRole('table', { name: 'Open exceptions' })
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: `Correct times: ${what}` }) });
      await queued.waitFor();
      const queuedText = await queued.innerText();
      expect(queuedText).toContain(`Clocked ${clockIn}–${clockOut}`);
      expect(queuedText).toContain('Nora Okafor');
      expect(queuedText).toContain('In the community: Met the client at the pharmacy');
      await screenshot(page, 'visits-exceptions-queue');

      // Correct times: the reason code is asked for; then the quarter of an hour the client confirms
      await queued.getByRole('button', { name: `Correct times: ${what}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Correct the times' });
      expect(await dialog.innerText()).toContain(`Clocked in ${clockIn}, out ${clockOut}.`);
      // no reason, no correcting: the error under the field names what is missing
      await dialog.getByRole('button', { name: 'Correct the times' }).click();
      await dialog.getByText('Choose why the times are corrected.').waitFor();
      const start = toMinute(new Date(clocked.clock_in!.at).getTime() - 20 * MINUTE);
      const end = new Date(start.getTime() + 15 * MINUTE); // in the past: a corrected end cannot be ahead
      await dialog.getByLabel('Reason').selectOption({ label: 'Times confirmed with the client' });
      await typeDate(dialog.getByLabel('Started on'), dateIn(ZONE, start));
      await dialog.getByLabel('Started at').fill(timeIn(ZONE, start));
      await typeDate(dialog.getByLabel('Ended on'), dateIn(ZONE, end));
      await dialog.getByLabel('Ended at').fill(timeIn(ZONE, end));
      await dialog.getByLabel('Note').fill('The client says the nurse came a quarter of an hour earlier.');
      await screenshot(page, 'visits-correct-times');
      await dialog.getByRole('button', { name: 'Correct the times' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(`Corrected: ${what}.`).waitFor();

      // resolved: the original clocks stay beside the corrected times and their reason, the resolution says Corrected
      await page.getByRole('group', { name: 'Exceptions' }).getByRole('button', { name: 'Resolved' }).click();
      const done = page
        .getByRole('table', { name: 'Resolved exceptions' })
        .getByRole('row')
        .filter({ hasText: state.client.name })
        .filter({ hasText: `Clocked ${clockIn}–${clockOut}` });
      await done.waitFor();
      // a correction that crosses midnight (the journey run just after it) says so
      const nextDay = dateIn(ZONE, end) === dateIn(ZONE, start) ? '' : ' the next day';
      expect(await done.innerText()).toContain(
        `Corrected to ${timeIn(ZONE, start)}–${timeIn(ZONE, end)}${nextDay} (Times confirmed with the client) · Worked 15 min`,
      );
      expect(await done.innerText()).toMatch(
        /Corrected[\s\S]*The client says the nurse came a quarter of an hour earlier\.[\s\S]*Alice Grant/,
      );
      await screenshot(page, 'visits-exceptions-resolved');

      // the visit: the clocks as recorded beside the corrected times, with the reason; Verified, 15 minutes worked
      state.corrected = await api<Visit>('GET', `/api/visits/${state.away.id}/`);
      expect(state.corrected).toMatchObject({
        status: 'VERIFIED',
        clock_in: { at: clocked.clock_in!.at, location: 'COMMUNITY' },
        clock_out: { at: clocked.clock_out!.at, location: 'HOME' },
        corrected_start_at: start.toISOString(),
        corrected_end_at: end.toISOString(),
        correction_reason: 'CLIENT_CONFIRMED',
        minutes: 15,
      });
      // on the nurse's Payroll tab: the corrected times, tagged (the period reaches the visit's day: "now" may have crossed midnight)
      await page.goto(`${suite.server.url}/employees/${state.nurseId}/payroll`);
      if (clocked.service_date > dateIn(ZONE, new Date()))
        await page.getByRole('group', { name: 'Period' }).getByLabel('To', { exact: true }).fill(clocked.service_date);
      const payrollRow = page
        .getByRole('row')
        .filter({ hasText: `${timeIn(ZONE, start)}–${timeIn(ZONE, end)}` })
        .filter({ hasText: state.client.name });
      await expect
        .poll(() => payrollRow.innerText().catch(() => ''), { timeout: 20_000 })
        .toMatch(/Corrected[\s\S]*15 min/);

      // Verified: the client's authorization has used the quarter of an hour (or the visit, when counted in visits)
      const unit = (await api<ClientDetail>('GET', `/api/clients/${state.client.id}/`)).services.find(
        (row) => row.id === state.client.serviceId,
      )!.authorizations[0]!.unit;
      expect(await usedOnServicesTab(page, state.client.id, state.client.service)).toBeCloseTo(
        usedBefore + (unit === 'HOUR' ? 0.25 : 1),
        2,
      );
      await screenshot(page, 'visits-authorization-used');
    },
  );

  it(
    'journey 4: the admin downloads the EVV export of the period: the verified visit with the six elements and its exception codes',
    { timeout: STEP },
    async () => {
      const visit = state.corrected;
      const day = visit.service_date;
      const from = addDays(day, -1);
      const page = await office('/clients/visit-exceptions');
      const panel = page.getByRole('region', { name: 'EVV export' });
      await panel.getByLabel('To', { exact: true }).fill(day);
      await panel.getByLabel('From', { exact: true }).fill(from);
      const file = await download(page, panel.getByRole('button', { name: 'Download CSV' }));
      expect(file.name).toBe(`evv-visits-${from}-to-${day}.csv`);
      const [header, ...rows] = parseCsv(file.text);
      expect(header).toEqual([
        'Visit id',
        'Service code',
        'Service',
        'Client id',
        'Client',
        'Member id',
        'Caregiver id',
        'Caregiver',
        'Service date',
        'Location in',
        'Latitude in',
        'Longitude in',
        'Location out',
        'Latitude out',
        'Longitude out',
        'Start',
        'End',
        'Clock-in',
        'Clock-out',
        'Minutes',
        'Time zone',
        'Exception codes',
        'Correction reason',
      ]);
      const line = rows.find((row) => row[0] === String(visit.id));
      expect(line, `the verified visit ${visit.id} in the export:\n${file.text}`).toBeTruthy();
      const cell = Object.fromEntries(header!.map((name, index) => [name, line![index]]));
      expect(cell).toMatchObject({
        'Service code': state.client.service, // the service
        Client: state.client.name, // the client
        'Caregiver id': String(state.nurseId), // the caregiver
        Caregiver: 'Nora Okafor',
        'Service date': day, // the date
        'Location in': 'COMMUNITY', // the location: in the community (no position given), out at the home
        'Latitude in': '',
        'Location out': 'HOME',
        Start: visit.corrected_start_at, // start and end, as verified
        End: visit.corrected_end_at,
        'Clock-in': visit.clock_in!.at, // and as clocked
        'Clock-out': visit.clock_out!.at,
        Minutes: '15',
        'Time zone': ZONE,
        'Exception codes': 'LOCATION_CLOCK_IN',
        'Correction reason': 'CLIENT_CONFIRMED',
      });
      expect(Number(cell['Latitude out'])).toBeCloseTo(state.client.latitude + 0.0001, 4);
      expect(Number(cell['Longitude out'])).toBeCloseTo(state.client.longitude, 4);
      for (const row of rows) expect(row).toHaveLength(header!.length);
      // the period's Verified visits, and only they
      const period = (await api<{ results: Visit[] }>('GET', `/api/visits/?from=${from}&to=${day}&limit=1000`)).results;
      expect(
        period.some((row) => row.status !== 'VERIFIED'),
        'visits not verified in the period',
      ).toBe(true);
      const ids = (list: string[]) => list.map(Number).sort((a, b) => a - b);
      expect(ids(rows.map((row) => row[0]!))).toEqual(
        ids(period.filter((row) => row.status === 'VERIFIED').map((row) => String(row.id))),
      );
      await screenshot(page, 'visits-evv-export');
    },
  );

  it(
    'journey 5: on a phone the client opens the review from their home, disputes a visit, signs on the pad; signed, it is read-only and prints cleanly; the office sees the dispute',
    { timeout: STEP * 2 },
    async () => {
      const clientToken = await login(DEMO_USERS.client);
      const pending = (
        await call<{ results: Review[] }>(clientToken, 'GET', '/api/work-service-reviews/?limit=20')
      ).results.filter((row) => row.status === 'PENDING');
      expect(pending.length, 'the demo review of Clara Whitfield waiting for her signature').toBeGreaterThan(0);
      const review = await call<Review>(clientToken, 'GET', `/api/work-service-reviews/${pending[0]!.id}/`);
      expect(review.visits.length).toBeGreaterThan(0);

      const page = await signedIn(DEMO_USERS.client, PHONE);
      state.clientPage = page;
      await waitForPath(page, '/clients/welcome');
      const awaiting = page.getByRole('region', { name: 'Waiting for your signature' });
      await awaiting.getByRole('link', { name: review.title }).click();
      await waitForPath(page, `/onboarding/work-service-review/${review.id}`);

      // every visit of the week, with its day, window and minutes
      const cards = page.getByRole('list', { name: 'Visits of the week' }).getByRole('listitem');
      await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(review.visits.length);
      for (const [index, visit] of review.visits.entries()) {
        const text = await cards.nth(index).innerText();
        expect(text).toContain(dayWords(visit.service_date));
        expect(text).toContain(`${windowOf(visit)} · ${minutesText(visit.minutes)}`);
      }
      await screenshot(page, 'visits-review');

      // dispute one visit with a comment
      const disputed = review.visits[0]!;
      const comment = 'Nobody came before eleven that morning.';
      state.dispute = { visitId: disputed.visit_id, comment, day: disputed.service_date };
      await page.getByRole('button', { name: `Dispute the visit of ${dayWords(disputed.service_date)}` }).click();
      const disputeForm = page.getByRole('form', { name: `Dispute the visit of ${dayWords(disputed.service_date)}` });
      await disputeForm.getByLabel('What is not right about this visit?').fill(comment);
      await disputeForm.getByRole('button', { name: 'Send dispute' }).click();
      await page.getByText('Thank you. The office was told and looks into the visit.').waitFor();
      expect(await cards.nth(0).innerText()).toMatch(new RegExp(`You disputed this visit[\\s\\S]*${comment}`));
      await page.getByText('You disputed a visit: the office is looking into it.', { exact: false }).waitFor();

      // sign: an empty pad is refused (the error under the pad names what is missing), a drawn one signs
      const sign = page.getByRole('form', { name: 'Sign the week' });
      await sign.getByRole('button', { name: 'Sign' }).click();
      await sign.getByText('Sign in the box to confirm the visits.').waitFor();
      await drawSignature(page, page.getByRole('img', { name: 'Your signature' }));
      await expect.poll(() => sign.getByRole('button', { name: 'Sign' }).isEnabled(), { timeout: 10_000 }).toBe(true);
      await screenshot(page, 'visits-review-signing');
      await sign.getByRole('button', { name: 'Sign' }).click();
      await page.getByText('Thank you. The week is signed.').waitFor();
      await page.getByText(/^Signed by Clara Whitfield on /).waitFor();

      // signed: read-only, also after a reload (the server's state)
      await page.reload();
      await page.getByText(/^Signed by Clara Whitfield on /).waitFor();
      const signature = page.getByRole('img', { name: 'Signature of Clara Whitfield' });
      await signature.waitFor();
      await expect
        .poll(() => signature.evaluate((image) => (image as HTMLImageElement).naturalWidth), { timeout: 20_000 })
        .toBeGreaterThan(0);
      expect(await page.getByRole('form', { name: 'Sign the week' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Dispute the visit of / }).count()).toBe(0);
      expect(await page.getByRole('img', { name: 'Your signature' }).count()).toBe(0);
      const again = await fetch(`${suite.server.url}/api/work-service-reviews/${review.id}/dispute/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-organization': 'sunrise',
          authorization: `Bearer ${clientToken}`,
        },
        body: JSON.stringify({
          visit_id: review.visits[review.visits.length - 1]!.visit_id,
          comment: 'After signing.',
        }),
      });
      expect(again.status, 'a signed review refuses a dispute').toBeGreaterThanOrEqual(400);
      await screenshot(page, 'visits-review-signed');

      // printed: the review only, without the header, the menu and the buttons
      const print = page.getByRole('button', { name: 'Print' });
      expect(await print.isVisible()).toBe(true);
      expect(await page.locator('header').first().isVisible()).toBe(true);
      await page.emulateMedia({ media: 'print' });
      try {
        for (const element of await page.locator('header, nav').all()) expect(await element.isVisible()).toBe(false);
        for (const button of await page.getByRole('button', { includeHidden: true }).all())
          expect(await button.isVisible()).toBe(false);
        expect(await page.getByRole('link', { name: 'Back to your home' }).isVisible()).toBe(false);
        expect(await page.getByRole('list', { name: 'Visits of the week' }).isVisible()).toBe(true);
        expect(await signature.isVisible()).toBe(true);
        await screenshot(page, 'visits-review-print');
      } finally {
        await page.emulateMedia({ media: 'screen' });
      }

      // the office's queue holds the dispute, in the client's words
      const desk = await office('/clients/visit-exceptions');
      await desk.getByLabel('Exception', { exact: true }).selectOption({ label: 'Disputed by the client' });
      const row = desk
        .getByRole('table', { name: 'Open exceptions' })
        .getByRole('row')
        .filter({
          has: desk.getByRole('button', {
            name: `Correct times: Disputed by the client of Clara Whitfield on ${dayWords(disputed.service_date)}`,
          }),
        });
      await row.waitFor();
      expect(await row.innerText()).toContain(comment);
      await screenshot(desk, 'visits-exceptions-dispute');
    },
  );

  it(
    'journey 6: the Payroll tab shows the nurse\'s verified visits with minutes and each week\'s total; the nurse sees "My hours" on a phone; both CSVs download',
    { timeout: STEP * 2 },
    async () => {
      const today = dateIn(ZONE, new Date());
      const thisWeek = weekStartOf(today, WEEK_STARTS_ON);
      const from = addDays(thisWeek, -21);
      // what payroll should count: the nurse's Verified visits, as worked, by week
      // (pay periods are whole weeks: this one to its last day)
      const verified = (
        await api<{ results: Visit[] }>(
          'GET',
          `/api/visits/?caregiver_id=${state.nurseId}&status=VERIFIED&from=${from}&to=${addDays(thisWeek, 6)}&limit=1000`,
        )
      ).results;
      expect(verified.length).toBeGreaterThan(2);
      expect(
        verified.some((visit) => visit.id === state.dispute.visitId),
        'the disputed visit is no longer Verified',
      ).toBe(false);
      const weeks = new Map<string, Visit[]>();
      for (const visit of verified) {
        const week = weekStartOf(visit.service_date, WEEK_STARTS_ON);
        weeks.set(week, [...(weeks.get(week) ?? []), visit]);
      }
      const total = (week: string) => (weeks.get(week) ?? []).reduce((sum, visit) => sum + visit.minutes!, 0);

      const page = await office(`/employees/${state.nurseId}/payroll`);
      for (const [week, visits] of weeks) {
        const panel = page.getByRole('region', { name: `Week of ${formatDay(week)} – ${formatDay(addDays(week, 6))}` });
        await panel.waitFor({ timeout: 20_000 });
        expect(await panel.innerText()).toContain(`Total ${hoursText(total(week))}`);
        const table = panel.getByRole('table', { name: `Verified visits, week of ${formatDay(week)}` });
        expect(await table.locator('tbody tr').count()).toBe(visits.length);
        for (const visit of visits) {
          const row = table
            .locator('tbody tr')
            .filter({ hasText: dayWords(visit.service_date) })
            .filter({ hasText: `${visit.client.first_name} ${visit.client.last_name}` });
          expect(await row.locator('td[data-label="Minutes"]').allInnerTexts()).toContain(minutesText(visit.minutes!));
        }
      }
      await screenshot(page, 'visits-payroll');
      const sheet = await download(page, page.getByRole('button', { name: 'Download CSV' }));
      expect(sheet.name).toBe(`payroll-${state.nurseId}-${from}-to-${today}.csv`);
      const lines = parseCsv(sheet.text);
      expect(lines[0]).toEqual([
        'Employee',
        'Week start',
        'Date',
        'Visit id',
        'Client',
        'Service',
        'Start',
        'End',
        'Minutes',
        'Hours',
        'Corrected by the office',
      ]);
      expect(
        lines
          .filter((row) => row[3] && row[3] !== 'Visit id')
          .map((row) => Number(row[3]))
          .sort((a, b) => a - b),
      ).toEqual(verified.map((visit) => visit.id).sort((a, b) => a - b));
      for (const [week] of weeks) {
        const totalLine = lines.find((row) => row[1] === week && row[4]?.startsWith('Week total'));
        expect(totalLine?.[8], `the week total of ${week}`).toBe(String(total(week)));
      }

      // the nurse, on a phone: My hours, this week and last
      const nurse = await phone();
      const hours = nurse.getByRole('region', { name: 'My hours' });
      await hours.getByText('This week').waitFor({ timeout: 20_000 });
      const count = (week: string) => (weeks.get(week) ?? []).length;
      const visitsText = (n: number) => `${n} ${n === 1 ? 'visit' : 'visits'}`;
      const text = await hours.innerText();
      expect(text).toContain(`This week\n${hoursText(total(thisWeek))} (${visitsText(count(thisWeek))})`);
      expect(text).toContain(
        `Last week\n${hoursText(total(addDays(thisWeek, -7)))} (${visitsText(count(addDays(thisWeek, -7)))})`,
      );
      await hours.scrollIntoViewIfNeeded();
      await screenshot(nurse, 'visits-my-hours');
      const mine = await download(nurse, hours.getByRole('button', { name: 'Download my hours (CSV)' }));
      expect(mine.name).toBe(`my-hours-${addDays(thisWeek, -7)}-to-${today}.csv`);
      const mineIds = parseCsv(mine.text)
        .filter((row) => row[3] && row[3] !== 'Visit id')
        .map((row) => Number(row[3]));
      expect(mineIds.sort((a, b) => a - b)).toEqual(
        verified
          .filter((visit) => visit.service_date >= addDays(thisWeek, -7))
          .map((visit) => visit.id)
          .sort((a, b) => a - b),
      );
    },
  );

  it(
    "journey 7: the client's home lists the real upcoming visits; one the office moves shows as changed",
    { timeout: STEP },
    async () => {
      const clientToken = await login(DEMO_USERS.client);
      const timeZone =
        (await call<{ timezone: string | null }>(clientToken, 'GET', '/api/auth/user/')).timezone ?? ZONE;
      const today = dateIn(ZONE, new Date());
      state.clara = await client('Whitfield', 'Pathways');
      const upcoming = async () =>
        (
          await api<{ results: Visit[] }>(
            'GET',
            `/api/visits/?client_id=${state.clara.id}&from=${addDays(today, -1)}&to=${addDays(today, 15)}&limit=1000`,
          )
        ).results;

      // the one to move: a visit of the nurse still ahead and unchanged, the latest
      const target = (await upcoming())
        .filter(
          (visit) =>
            visit.status === 'SCHEDULED' &&
            visit.caregiver?.id === state.nurseId &&
            !visit.changed_at &&
            new Date(visit.starts_at).getTime() > Date.now() + 3 * 60 * MINUTE,
        )
        .sort((a, b) => b.starts_at.localeCompare(a.starts_at))[0];
      expect(target, "one of Clara Whitfield's upcoming visits").toBeTruthy();

      const page = state.clientPage;
      const cards = page.getByRole('region', { name: 'Who comes when' }).getByRole('listitem');
      const cardOf = (visit: Visit) => cards.filter({ hasText: welcomeHeading(visit, timeZone) });

      async function checkList() {
        await page.goto(`${suite.server.url}/clients/welcome`);
        await page.getByRole('heading', { name: 'Who comes when' }).waitFor();
        const now = Date.now();
        const visits = await upcoming();
        // those that end within two minutes may have gone by when the page asks
        const sure = visits.filter(
          (visit) =>
            new Date(visit.ends_at).getTime() > now + 2 * MINUTE &&
            new Date(visit.starts_at).getTime() < now + 14 * 24 * 60 * MINUTE - 2 * MINUTE,
        );
        const maybe = visits.filter(
          (visit) =>
            new Date(visit.ends_at).getTime() > now - MINUTE &&
            new Date(visit.starts_at).getTime() < now + 14 * 24 * 60 * MINUTE + 2 * MINUTE,
        );
        await expect.poll(() => cards.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(Math.min(sure.length, 20));
        expect(await cards.count()).toBeLessThanOrEqual(Math.min(maybe.length, 20));
        for (const visit of sure.slice(0, 20)) {
          const text = await cardOf(visit).first().innerText();
          expect(text).toContain(SERVICES[visit.service as keyof typeof SERVICES]);
          expect(text).toContain(
            visit.caregiver
              ? `with ${visit.caregiver.name.split(' ')[0]} ${visit.caregiver.name.split(' ')[1]!.charAt(0)}.`
              : 'caregiver to be confirmed',
          );
          expect(text.includes('Changed since it was booked'), `visit ${visit.id} changed: ${visit.changed_at}`).toBe(
            visit.changed_at !== null,
          );
        }
        return visits;
      }

      await checkList();
      expect(await cardOf(target).innerText()).toMatch(/Scheduled/);
      expect(await page.getByRole('region', { name: 'Waiting for your signature' }).innerText()).toContain(
        'Nothing waits for your signature.',
      );
      await screenshot(page, 'visits-welcome');

      // the office moves it two hours later
      const start = new Date(new Date(target!.starts_at).getTime() + 120 * MINUTE);
      const end = new Date(new Date(target!.ends_at).getTime() + 120 * MINUTE);
      const moved = await api<Visit>('PATCH', `/api/visits/${target!.id}/`, {
        service_date: dateIn(ZONE, start),
        start_time: timeIn(ZONE, start),
        end_time: timeIn(ZONE, end),
        ...(dateIn(ZONE, end) !== dateIn(ZONE, start) ? { end_date: dateIn(ZONE, end) } : {}),
      });
      expect(moved.starts_at).toBe(start.toISOString());
      expect(moved.changed_at).not.toBeNull();

      await checkList();
      const card = cardOf(moved);
      expect(await card.count()).toBe(1);
      expect(await card.innerText()).toMatch(/Scheduled[\s\S]*Changed since it was booked/);
      expect(await cardOf(target!).count()).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'visits-welcome-changed');
    },
  );

  it('the pages raised no errors in the browser', () => {
    const problems = pages
      .flatMap((page) => page.problems)
      .filter((problem) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(problem));
    expect(problems).toEqual([]);
  });
});
