/**
 * Issue 10, electronic visit verification at /work-schedule, in headless Chromium against the real server
 * (PGlite). The test books its own visits for "now" through the API (the demo's own visits may change):
 *
 * 1. The nurse, on a 390×844 phone with the position granted at the client's home, clocks in ("In progress
 *    since HH:MM") and out (Verified, with the minutes worked): one position at each clock.
 * 2. The nurse, with the position declined, is asked where they are: Community, with a reason; the visit is in
 *    progress and the office sees its exception on the client's Visits tab.
 *
 * Screenshots go to tests/e2e/.artifacts/visits-*.png.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, dateIn } from '../../src/domain/dates';
import { timeIn } from '../../src/domain/visits';
import { DEMO_TIMEZONES } from '../../server/db/seed';
import { DEMO_PASSWORD, DEMO_USERS, newContext, newPage, screenshot, signIn, useSuite, waitForPath } from './harness';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const STEP = 150_000; // per step: the machine is shared and slow
const ZONE = DEMO_TIMEZONES.sunrise;

interface Visit {
  id: number;
  status: string;
  starts_at: string;
  ends_at: string;
  client: { id: number; first_name: string; last_name: string };
}

describe.sequential('visits, end to end', () => {
  const suite = useSuite();
  const contexts: BrowserContext[] = [];
  const state = {} as { token: string; nurseId: number; client: { id: number; name: string; latitude: number; longitude: number; serviceId: number }; home: Visit; away: Visit };

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
  });

  /** The office's call to the API, as the admin (a refusal throws with the server's words). */
  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${suite.server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-organization': 'sunrise', ...(state.token ? { authorization: `Bearer ${state.token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await answer.json().catch(() => null)) as T;
    if (!answer.ok) throw new Error(`${method} ${path} was refused (${answer.status}): ${JSON.stringify(data)}`);
    return data;
  }

  /** Books the nurse at the client from `from` to `to` minutes from now, in Sunrise's zone. */
  async function book(from: number, to: number): Promise<Visit> {
    const start = new Date(Date.now() + from * 60_000);
    const end = new Date(Date.now() + to * 60_000);
    const day = dateIn(ZONE, start);
    const endDay = dateIn(ZONE, end);
    return api<Visit>('POST', '/api/visits/', {
      client_id: state.client.id,
      service_id: state.client.serviceId,
      caregiver_id: state.nurseId,
      service_date: day,
      start_time: timeIn(ZONE, start),
      end_time: timeIn(ZONE, end),
      ...(endDay !== day ? { end_date: endDay } : {}),
    });
  }

  const cardName = (visit: Visit) => `${timeIn(ZONE, visit.starts_at)}–${timeIn(ZONE, visit.ends_at)} · ${state.client.name}`;

  async function phone(options: Parameters<typeof newContext>[1] = {}): Promise<Page> {
    const context = await newContext(suite.browser, { ...PHONE, ...options });
    contexts.push(context);
    const page = await newPage(context);
    await signIn(page, suite.server.url, DEMO_USERS.nurse);
    await waitForPath(page, /^\/(?!login)/);
    await page.goto(`${suite.server.url}/work-schedule`);
    return page;
  }

  it('books two visits for the nurse "now" at a client whose home has a position', { timeout: STEP }, async () => {
    state.token = (await api<{ access: string }>('POST', '/api/auth/login/', { email: DEMO_USERS.admin, password: DEMO_PASSWORD })).access;
    const nurse = (await api<{ results: { id: number; email: string }[] }>('GET', `/api/employees/?search=nurse&status=READY`)).results.find((row) => row.email === DEMO_USERS.nurse)!;
    state.nurseId = nurse.id;
    const clients = (await api<{ results: { id: number; status: string }[] }>('GET', '/api/clients/?limit=100')).results;
    for (const summary of clients.filter((row) => row.status === 'ACTIVE')) {
      const client = await api<{ id: number; first_name: string; last_name: string; latitude: number | null; longitude: number | null; services: { id: number; service: string; status: string }[] }>(
        'GET',
        `/api/clients/${summary.id}/`,
      );
      const service = client.services.find((row) => row.status === 'ACTIVE' && ['Pathways', 'Wellness', 'Bds'].includes(row.service));
      if (client.latitude !== null && client.longitude !== null && service) {
        state.client = { id: client.id, name: `${client.first_name} ${client.last_name}`, latitude: client.latitude, longitude: client.longitude, serviceId: service.id };
        break;
      }
    }
    expect(state.client, 'a demo client with a position and a home-care service').toBeTruthy();

    // The demo's own visits of the nurse in these minutes make way (the office cancels them).
    const today = dateIn(ZONE, new Date());
    const mine = (await api<{ results: Visit[] }>('GET', `/api/visits/?caregiver_id=${state.nurseId}&from=${today}&to=${addDays(today, 1)}&limit=1000`)).results;
    const until = Date.now() + 60 * 60_000;
    for (const visit of mine) {
      if (['SCHEDULED', 'OPEN'].includes(visit.status) && new Date(visit.starts_at).getTime() < until && new Date(visit.ends_at).getTime() > Date.now() - 5 * 60_000) {
        await api('POST', `/api/visits/${visit.id}/cancel/`, { reason: 'OTHER', note: 'Making way for the end-to-end test.' });
      }
    }
    state.home = await book(-2, 40);
    state.away = await book(41, 55);
    expect(state.home.status).toBe('SCHEDULED');
  });

  it('1. on a phone with the position granted at the home, the nurse clocks in and out', { timeout: STEP }, async () => {
    const page = await phone({ permissions: ['geolocation'], geolocation: { latitude: state.client.latitude + 0.0001, longitude: state.client.longitude, accuracy: 12 } });
    const card = page.getByRole('article', { name: cardName(state.home) });
    await card.getByRole('button', { name: 'Clock in' }).click();
    await expect.poll(() => card.getByText(/^In progress since \d\d:\d\d$/).count(), { timeout: 20_000 }).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'visits-clocked-in');
    await card.getByRole('button', { name: 'Clock out' }).click();
    await expect.poll(() => card.getByText(/^Worked \d+ min/).count(), { timeout: 20_000 }).toBe(1);
    expect(await card.innerText()).toContain('Verified');
    await screenshot(page, 'visits-clocked-out');
    expect((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390).toBe(true);
  });

  it('2. with the position declined, the nurse picks Community and gives a reason; the office sees the exception', { timeout: STEP }, async () => {
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

    const visit = await api<Visit & { clock_in: { location: string; reason: string; latitude: number | null } }>('GET', `/api/visits/${state.away.id}/`);
    expect(visit.clock_in).toMatchObject({ location: 'COMMUNITY', reason: 'Met the client at the pharmacy', latitude: null });

    const context = await newContext(suite.browser, DESKTOP);
    contexts.push(context);
    const office = await newPage(context);
    await signIn(office, suite.server.url, DEMO_USERS.admin);
    await waitForPath(office, /^\/(?!login)/);
    await office.goto(`${suite.server.url}/clients/${state.client.id}/visits`);
    const row = office.getByRole('row').filter({ hasText: `${timeIn(ZONE, state.away.starts_at)}–${timeIn(ZONE, state.away.ends_at)}` });
    await expect.poll(() => row.innerText().catch(() => ''), { timeout: 20_000 }).toContain('Exception');
    await screenshot(office, 'visits-client-tab');
  });
});
