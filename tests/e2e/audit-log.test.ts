/**
 * The audit log as a journey in headless Chromium against the real server (PGlite):
 * the admin opens a client record in the browser and changes an employee; the master opens /audit-log,
 * filters by that admin, action Read and the client's record, and sees the row with the client's id; filters
 * the employee's updates and sees the old and new values and no secret; downloads the filtered rows as CSV;
 * the page reads as cards on a phone.
 *
 * Screenshots go to tests/e2e/.artifacts/audit-log-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  download,
  useJourneyPages,
  type JourneyPage,
  DEMO_PASSWORD,
  DEMO_USERS,
  describeViolations,
  screenshot,
  seriousAxeViolations,
  useSuite,
} from './harness';

const STEP = 150_000; // per step: the machine is shared and slow

describe.sequential('audit log, end to end', () => {
  const suite = useSuite();
  const { pages, signedIn } = useJourneyPages(suite);
  const state = {} as {
    client: { id: number; name: string };
    employee: { id: number; firstName: string; newFirstName: string };
    master: JourneyPage;
  };

  async function call<T>(token: string | undefined, method: string, path: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${suite.server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await answer.json().catch(() => null)) as T;
    if (!answer.ok) throw new Error(`${method} ${path} was refused (${answer.status}): ${JSON.stringify(data)}`);
    return data;
  }

  const filters = (page: Page) => page.getByRole('search', { name: 'Filter the audit log' });
  const table = (page: Page) => page.getByRole('table', { name: 'Audit log' });

  it('the admin opens a client record in the browser and changes an employee', { timeout: STEP }, async () => {
    const token = (
      await call<{ access: string }>(undefined, 'POST', '/api/auth/login/', {
        email: DEMO_USERS.admin,
        password: DEMO_PASSWORD,
      })
    ).access;
    const clients = await call<{ results: { id: number; first_name: string; last_name: string }[] }>(
      token,
      'GET',
      '/api/clients/?limit=1',
    );
    const first = clients.results[0]!;
    state.client = { id: first.id, name: `${first.first_name} ${first.last_name}` };
    const employees = await call<{ results: { id: number; first_name: string; email: string }[] }>(
      token,
      'GET',
      '/api/employees/?limit=50',
    );
    const aide = employees.results.find((row) => row.email === DEMO_USERS.aide)!;
    state.employee = { id: aide.id, firstName: aide.first_name, newFirstName: `${aide.first_name}ette` };

    const admin = await signedIn(DEMO_USERS.admin, DESKTOP);
    await admin.goto(`${suite.server.url}/clients/${state.client.id}`);
    await admin.getByRole('heading', { level: 1, name: state.client.name }).waitFor({ timeout: 30_000 });
    // the employee's change, through the API as the same admin (the employee pages have their own journeys)
    await call(token, 'PATCH', `/api/employees/${state.employee.id}/`, { first_name: state.employee.newFirstName });
  });

  it(
    "the master filters by that admin, Read and the client's record, and sees the row with the client's id",
    { timeout: STEP },
    async () => {
      const page = await signedIn(DEMO_USERS.master, DESKTOP);
      state.master = page;
      await page.goto(`${suite.server.url}/audit-log`);
      await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
      await table(page).getByRole('row').nth(1).waitFor();
      const strip = filters(page);
      await strip.getByLabel('Person').fill(DEMO_USERS.admin);
      await strip.getByText('Rows of Alice Grant, Sunrise Home Care.').waitFor();
      await strip.getByLabel('Action').selectOption({ label: 'Read' });
      await strip.getByLabel('Record', { exact: true }).selectOption({ label: 'Client' });
      await strip.getByLabel('Record id').fill(String(state.client.id));
      const row = table(page)
        .getByRole('row')
        .filter({ hasText: `Client #${state.client.id}` });
      await row.first().waitFor();
      // only that admin's reads of that client, once the last filter's answer is in (a live stream keeps the network busy)
      const rows = table(page).locator('tbody tr');
      const onlyTheseReads = async () => {
        const texts = await rows.allInnerTexts();
        return (
          texts.length > 0 &&
          texts.every(
            (text) =>
              text.includes(`Client #${state.client.id}`) && text.includes('Alice Grant') && text.includes('Read'),
          )
        );
      };
      await expect.poll(onlyTheseReads, { timeout: 20_000 }).toBe(true);
      await expect(row.first().innerText()).resolves.toMatch(/admin@sunrise\.example · Admin · Sunrise Home Care/);
      await expect(row.first().innerText()).resolves.toMatch(/Chrom(e|ium) \d+ on Linux/);
      await screenshot(page, 'audit-log-read');
      const violations = await seriousAxeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    },
  );

  it(
    'the master sees the employee change with old and new values and no secret, and downloads the filtered rows as CSV',
    { timeout: STEP },
    async () => {
      const page = state.master;
      const strip = filters(page);
      await strip.getByLabel('Action').selectOption({ label: 'Update' });
      await strip.getByLabel('Record', { exact: true }).selectOption({ label: 'Employee' });
      await strip.getByLabel('Record id').fill(String(state.employee.id));
      const change = `first name: ${state.employee.firstName} → ${state.employee.newFirstName}`;
      const row = table(page).getByRole('row').filter({ hasText: change });
      await row.first().waitFor();
      const text = await table(page).innerText();
      expect(text).not.toContain(DEMO_PASSWORD);
      expect(text).not.toMatch(/password|token|hash/i);
      await screenshot(page, 'audit-log-update');

      const file = await download(page, page.getByRole('button', { name: 'Download CSV' }));
      expect(file.name).toBe('audit-log.csv');
      const lines = file.text.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Time (UTC),Action,Entity,Entity id,Actor id,Actor,Actor email,Role,Organization id,Organization,Client id,Employee id,Changed fields,IP address,User agent,Operation',
      );
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines.slice(1))
        expect(line).toMatch(
          new RegExp(
            `^[^,]+,UPDATE,employee,${state.employee.id},\\d+,Alice Grant,admin@sunrise\\.example,ROLE_ADMIN,`,
          ),
        );
      expect(file.text).toContain(
        `""first_name"":{""to"":""${state.employee.newFirstName}"",""from"":""${state.employee.firstName}""}`,
      );
      expect(file.text).not.toContain(DEMO_PASSWORD);
    },
  );

  it('reads as cards on a phone', { timeout: STEP }, async () => {
    const page = await signedIn(DEMO_USERS.master, PHONE);
    await page.goto(`${suite.server.url}/audit-log`);
    await table(page).locator('tbody tr').first().waitFor();
    await filters(page).getByLabel('Action').selectOption({ label: 'Sign-in' });
    await table(page).locator('tbody tr').filter({ hasText: 'Sign-in' }).first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'audit-log-phone');
  });

  it('raised no console errors', () => {
    const problems = pages
      .flatMap((page) => page.problems)
      .filter((problem) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(problem));
    expect(problems).toEqual([]);
  });
});
