/**
 * Clients and referrals as seven journeys in headless Chromium against the real server (PGlite),
 * in two parts that each have a server of their own and run side by side: referrals.test.ts runs steps 1–3,
 * clients.test.ts steps 4–7. The steps of a part share its server and run in order.
 *
 * 1. The marketer (phone) enters a hospital discharge at /referrals/new and sees it as New in their list;
 *    the office's own referral and /clients stay out of their reach.
 * 2. The admin (desktop) finds it on the /marketers board, marks it Contacted, schedules the assessment,
 *    admits it: the client is Pending, "From a referral"; the marketer sees Admitted and a notification.
 *    Admitting twice is refused; a Declined referral (reason from the list) cannot be admitted.
 * 3. /marketers shows Marco Silva's figures for the period and downloads the CSV report.
 * 4. New clients of the three types: each type's fields, the checks at the field (NPI, ICD-10, date of
 *    birth, certification period), then created.
 * 5. /clients lists, searches, filters, shows cards on a phone; Services adds an authorization with its
 *    figures and the "Ends within 14 days" warning; Discharge asks for a date and a reason.
 * 6. "Invite to the portal": the family member signs up on a phone, lands on /clients/welcome and reports a
 *    concern (listed as Received).
 * 7. The client's Access history lists the admin's reads and changes, and the family member's read.
 *
 * axe-core runs on every page of the journey; the serious and critical findings are asserted at the end.
 * Screenshots go to tests/e2e/.artifacts/clients-referrals-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDays, dateIn } from '../../src/domain/dates';
import { certificationEnd, certificationProblem, ICD10_MESSAGE, NPI_MESSAGE } from '../../src/domain/clients';
import { DEMO_TIMEZONES } from '../../server/db/seed';
import {
  DESKTOP,
  PHONE,
  download,
  useJourneyPages,
  type JourneyPage,
  DEMO_USERS,
  exposeAppApiClient,
  screenshot,
  signIn,
  useSuite,
  waitForPath,
  useAxeJourney,
} from './harness';

const NEW_PASSWORD = 'Juniper-Harbor-Kettle-4417';
const STEP = 150_000; // per step: the machine is shared and slow

// ---------------------------------------------------------------------------------------------------------
// Dates, as Sunrise's calendar has them

/** Sunrise's today plus `days`, ISO (yyyy-mm-dd). */
const isoDay = (days = 0) => addDays(dateIn(DEMO_TIMEZONES.sunrise, new Date()), days);
/** An ISO date as the app's date mask shows it (dd.mm.yyyy). */
const masked = (iso: string) => iso.split('-').reverse().join('.');
/** An ISO date as the app writes it ("Mar 2, 2026"). */
const calendarText = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

/** Types a date into a masked date field, as a person does (digits only; the mask adds the dots). */
async function typeDate(field: Locator, iso: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(masked(iso).replace(/\D/g, ''), { delay: 10 });
}

/** What a field says about itself: its error (aria-describedby) and whether it is marked invalid. */
async function fieldMessage(field: Locator): Promise<string> {
  return field.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const text = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    return element.getAttribute('aria-invalid') === 'true' ? text : `(not invalid) ${text}`;
  });
}

/** A call through the app's own API client; a refusal comes back as { status, data } instead of throwing. */
async function callApi<T>(
  page: Page,
  operation: string,
  ...args: unknown[]
): Promise<{ ok: true; data: T } | { ok: false; status: number | null; data: unknown }> {
  await exposeAppApiClient(page);
  return page.evaluate(
    async ({ operation, args }) => {
      const api = (window as unknown as { __portalApi: Record<string, (...a: unknown[]) => Promise<unknown>> })
        .__portalApi;
      try {
        const answer = (await api[operation]!(...args)) as unknown;
        const data =
          answer && typeof answer === 'object' && 'data' in answer && 'status' in answer
            ? (answer as { data: unknown }).data
            : answer;
        return { ok: true as const, data: data as never };
      } catch (error) {
        const response = (error as { response?: { status?: number; data?: unknown } }).response;
        return { ok: false as const, status: response?.status ?? null, data: response?.data ?? String(error) };
      }
    },
    { operation, args },
  ) as never;
}

async function apiData<T>(page: Page, operation: string, ...args: unknown[]): Promise<T> {
  const answer = await callApi<T>(page, operation, ...args);
  if (!answer.ok) throw new Error(`${operation} was refused (${answer.status}): ${JSON.stringify(answer.data)}`);
  return answer.data;
}

// ---------------------------------------------------------------------------------------------------------

/**
 * The referral steps (1–3) or the client steps (4–7), each part with a server and a browser of its own:
 * referrals.test.ts and clients.test.ts run them side by side.
 */
export function clientsReferralsJourney(part: 'referrals' | 'clients'): void {
  describe.sequential(`${part}, end to end`, () => {
    const suite = useSuite();
    const { axe, axeChecked, axeFindings, axeReport } = useAxeJourney(part);
    const { pages, open } = useJourneyPages(suite);
    const tag =
      Math.random()
        .toString(36)
        .replace(/[^a-z]/g, '')
        .slice(0, 5) || 'qz';
    const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

    // The hospital discharge the marketer enters, and the office's own referral (declined in step 2).
    const discharge = { first: 'Edmund', last: `Ashcombe${cap(tag)}`, born: '1944-05-20', phone: '(555) 404-7712' };
    const dischargeName = `${discharge.first} ${discharge.last}`;
    const officeReferral = { first: 'Wilma', last: `Trask${cap(tag)}` };
    const officeName = `${officeReferral.first} ${officeReferral.last}`;
    // The clients the admin adds in step 4.
    const homeCare = { first: 'Hazel', last: `Quinlan${cap(tag)}` };
    const homeHealth = { first: 'Otis', last: `Brennan${cap(tag)}` };
    const group = { first: 'Ruth', last: `Okafor${cap(tag)}` };
    const family = { first: 'Daniel', last: `Quinlan${cap(tag)}`, email: `daniel.quinlan.${tag}@family.example` };

    const state = {} as {
      admin: JourneyPage;
      marketer: JourneyPage;
      family: JourneyPage;
      referralId: number;
      officeReferralId: number;
      admittedClientId: number;
      homeCareId: number;
      homeHealthId: number;
      groupId: number;
      signUpPath: string;
    };

    const url = (path: string) => `${suite.server.url}${path}`;
    const shot = (page: Page, name: string) => screenshot(page, `clients-referrals-${name}`);
    const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
    const main = (page: Page) => page.getByRole('main');
    /** A success or error notice of the page (role alert or status). */
    const notice = (page: Page, text: string | RegExp) =>
      page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text }).first();

    if (part === 'referrals') {
      it(
        "1. the marketer, on a phone, enters a hospital discharge at /referrals/new and sees it New in their list; the office's referral and /clients are not theirs",
        async () => {
          // The office (desktop) enters a referral of its own first: the marketer must never see it.
          state.admin = await open(DESKTOP);
          await signIn(state.admin, suite.server.url, DEMO_USERS.admin);
          await waitForPath(state.admin, '/users');
          const office = await apiData<{ id: number; marketer: unknown; status: string }>(
            state.admin,
            'referrals_create',
            null,
            {
              first_name: officeReferral.first,
              last_name: officeReferral.last,
              date_of_birth: '1950-02-03',
              phone: '(555) 404-1100',
              address: '',
              city: '',
              state: '',
              postal_code: '',
              type: 'HCC',
              requested_services: ['Wellness'],
              payer: 'PRIVATE_PAY',
              source: 'FAMILY',
              source_name: 'Her son',
              source_contact: '',
              notes: 'Called the office directly.',
            },
          );
          expect(office).toMatchObject({ marketer: null, status: 'NEW' });
          state.officeReferralId = office.id;

          const page = await open(PHONE);
          state.marketer = page;
          await signIn(page, suite.server.url, DEMO_USERS.marketer);
          await waitForPath(page, '/referrals');
          await heading(page, 'Referrals').waitFor();
          await page.getByRole('table', { name: 'Referrals' }).getByRole('link').first().waitFor();
          await axe(page, 'referrals (marketer, phone)');
          await shot(page, 'phone-marketer-referrals');

          await page.getByRole('link', { name: 'New referral' }).first().click();
          await waitForPath(page, '/referrals/new');
          await heading(page, 'New referral').waitFor();
          await axe(page, 'referrals/new (empty)');
          const form = page.getByRole('form', { name: 'Referral details' });
          await form.getByLabel('First name').fill(discharge.first);
          await form.getByLabel('Last name').fill(discharge.last);
          await form.getByLabel('Date of birth').fill(discharge.born);
          await form.getByLabel('Phone', { exact: true }).fill(discharge.phone);
          await form.getByLabel('Address (optional)').fill('27 Quarry Lane');
          await form.getByLabel('City (optional)').fill('Riverton');
          await form.getByLabel('Type of care').selectOption({ label: 'Home Health' });
          // The requested services follow the type: home health's are offered, home care's are not.
          await form.getByRole('group', { name: 'Requested services (optional)' }).waitFor();
          expect(await form.getByLabel('Pathways').count()).toBe(0);
          await form.getByLabel('RN Skilled Nurses Services').check();
          await form.getByLabel('PhysicalTherapist').check();
          await form.getByLabel('Payer (optional)').selectOption({ label: 'Medicare' });
          await form.getByLabel('Source', { exact: true }).selectOption({ label: 'Hospital' });
          await form.getByLabel("Source's name (optional)").fill("St. Mary's Hospital");
          await form.getByLabel("Source's contact (optional)").fill('Dana Ruiz, discharge planner, (555) 404-9000');
          await form.getByLabel('Notes (optional)').fill('Discharged after a hip replacement; lives alone.');
          await axe(page, 'referrals/new (filled)');
          await shot(page, 'phone-new-referral-filled');

          const created = page.waitForResponse(
            (response) => response.url().endsWith('/api/referrals/') && response.request().method() === 'POST',
          );
          await form.getByRole('button', { name: 'Save referral' }).click();
          expect((await created).status()).toBe(201);
          await waitForPath(page, /^\/referrals\/\d+$/);
          state.referralId = Number(new URL(page.url()).pathname.split('/').pop());
          await heading(page, dischargeName).waitFor();
          await notice(page, `The referral of ${dischargeName} was saved.`).waitFor();
          const details = page
            .getByRole('region', { name: 'Details' })
            .or(page.locator('section[aria-labelledby="referral-details-title"]'))
            .first();
          await expect.poll(() => details.textContent()).toContain("Hospital: St. Mary's Hospital");
          expect(await details.textContent()).toContain('RN Skilled Nurses Services, PhysicalTherapist');
          expect(await details.textContent()).toContain('Medicare');
          expect(await details.textContent()).toContain(calendarText(discharge.born));
          // The marketer follows it, but does not move it: no admission, no status buttons.
          expect(await page.getByRole('button', { name: 'Admit' }).count()).toBe(0);
          expect(await page.getByRole('button', { name: 'Mark contacted' }).count()).toBe(0);
          await axe(page, 'referrals/:id (marketer, new)');
          await shot(page, 'phone-referral-saved');

          await page.getByRole('link', { name: 'Back to referrals' }).click();
          await waitForPath(page, '/referrals');
          const row = page
            .getByRole('table', { name: 'Referrals' })
            .getByRole('row')
            .filter({ has: page.getByRole('link', { name: dischargeName }) });
          await row.waitFor();
          await row.getByText('New', { exact: true }).waitFor();
          expect(await row.textContent()).toContain("Hospital: St. Mary's Hospital");
          // Not the office's referral: neither in the list nor by a search nor at its address.
          expect(await page.getByRole('link', { name: officeName }).count()).toBe(0);
          await page.getByLabel('Search referrals').fill(officeReferral.last);
          await page.getByText('No referrals match').waitFor();
          await page.getByLabel('Search referrals').fill('');
          await row.waitFor();
          await shot(page, 'phone-marketer-list-new');
          const peek = await callApi(page, 'referrals_retrieve', { id: state.officeReferralId });
          expect(peek.ok ? 'visible' : peek.status).toBe(404);
          await page.goto(url(`/referrals/${state.officeReferralId}`));
          await heading(page, 'Page not found').waitFor();

          // /clients is not theirs: the app sends them home, there is no Clients link, and the API refuses.
          await page.goto(url('/clients'));
          await waitForPath(page, '/referrals');
          await heading(page, 'Referrals').waitFor();
          expect(await page.getByRole('link', { name: 'Clients', exact: true }).count()).toBe(0);
          const clients = await callApi(page, 'clients_list', { limit: 5, offset: 0 });
          expect(clients.ok ? 'listed' : clients.status).toBe(403);
          await page.goto(url('/marketers'));
          await waitForPath(page, '/referrals');
        },
        STEP,
      );

      it(
        '2. the admin finds it on the /marketers board, marks it Contacted, schedules the assessment, admits it: a Pending client "From a referral"; the marketer sees Admitted and is notified; no second admission; a Declined referral cannot be admitted',
        async () => {
          const page = state.admin;
          await page.goto(url('/marketers'));
          await heading(page, 'Marketers').waitFor();
          const board = page.getByRole('table', { name: 'Referral board' });
          await board.getByRole('link').first().waitFor();
          await axe(page, 'marketers (board)');
          await page.getByLabel('Search referrals').fill(discharge.last);
          const row = board.getByRole('row').filter({ has: page.getByRole('link', { name: dischargeName }) });
          await row.waitFor();
          expect(await row.textContent()).toContain('Marco Silva');
          await row.getByText('New', { exact: true }).waitFor();
          await shot(page, 'marketers-board-search');
          await row.getByRole('link', { name: dischargeName }).click();
          await waitForPath(page, new RegExp(`^/marketers/\\d+/referrals/${state.referralId}$`));
          await heading(page, dischargeName).waitFor();
          const moves = page.getByRole('group', { name: 'Move the referral' });
          await moves.waitFor();
          await axe(page, 'marketers/:id/referrals/:id (new)');

          // Contacted
          await moves.getByRole('button', { name: 'Mark contacted' }).click();
          await notice(page, 'The referral was marked contacted.').waitFor();
          const status = page
            .locator('section[aria-labelledby="referral-status-title"]')
            .or(page.getByRole('region', { name: 'Status' }))
            .first();
          await status.getByText('Contacted', { exact: true }).first().waitFor();
          expect(await moves.getByRole('button', { name: 'Mark contacted' }).count()).toBe(0);

          // The assessment, with its date
          const assessmentOn = isoDay(3);
          await moves.getByRole('button', { name: 'Schedule assessment' }).click();
          const schedule = page.getByRole('dialog', { name: `Schedule the assessment of ${dischargeName}` });
          await schedule.waitFor();
          await schedule.getByLabel('Date of the assessment').fill(assessmentOn);
          await schedule.getByLabel('Note (optional)').fill('Home visit with the daughter present.');
          await axe(page, 'referral (schedule dialog)');
          await schedule.getByRole('button', { name: 'Schedule assessment' }).click();
          await schedule.waitFor({ state: 'detached' });
          await notice(page, `The assessment was scheduled for ${calendarText(assessmentOn)}.`).waitFor();
          await status.getByText('Assessment scheduled', { exact: true }).first().waitFor();
          await moves.getByRole('button', { name: 'Reschedule assessment' }).waitFor();

          // Admission
          await moves.getByRole('button', { name: 'Admit' }).click();
          const admit = page.getByRole('alertdialog', { name: `Admit ${dischargeName}?` });
          await admit.waitFor();
          await axe(page, 'referral (admit dialog)');
          const admitted = page.waitForResponse((response) =>
            response.url().endsWith(`/api/referrals/${state.referralId}/admit/`),
          );
          await admit.getByRole('button', { name: 'Admit' }).click();
          const answer = await (await admitted).json();
          expect(answer.status).toBe('ADMITTED');
          state.admittedClientId = answer.client_id;
          await notice(page, 'Admitted: the client record is ready.').waitFor();
          const clientLink = page.getByRole('link', { name: 'Open the client record' });
          await clientLink.first().waitFor();
          expect(await clientLink.first().getAttribute('href')).toBe(`/clients/${state.admittedClientId}`);
          await status.getByText('Admitted', { exact: true }).first().waitFor();
          // Admitting again is not offered, and the server refuses it with its reason.
          expect(await page.getByRole('group', { name: 'Move the referral' }).count()).toBe(0);
          expect(await page.getByRole('button', { name: 'Admit' }).count()).toBe(0);
          await page.getByText("A decided referral's details can no longer be corrected.").waitFor();
          const again = await callApi(page, 'referrals_admit_create', { id: state.referralId }, {});
          expect(again.ok ? 'admitted twice' : again.status).toBe(409);
          expect(JSON.stringify(again.data)).toContain(
            'This referral was already admitted; a referral is admitted once.',
          );

          // The timeline: each change with who made it.
          const timeline = page.getByRole('list', { name: 'Timeline' });
          const entry = (title: string) => timeline.getByRole('listitem').filter({ hasText: title });
          await entry('Status: Admitted').waitFor();
          expect(await timeline.getByRole('listitem').count()).toBe(4);
          expect(await entry('Received').textContent()).toContain('Marco Silva');
          expect(await entry('Status: Contacted').textContent()).toContain('Alice Grant');
          expect(await entry(`Assessment scheduled for ${calendarText(assessmentOn)}`).textContent()).toMatch(
            /Home visit with the daughter present\.[^]*Alice Grant/,
          );
          expect(await entry('Status: Admitted').textContent()).toContain('Alice Grant');
          await axe(page, 'marketers/:id/referrals/:id (admitted)');
          await shot(page, 'referral-admitted');

          // The client: Pending, from the referral, with its name and date of birth.
          await clientLink.first().click();
          await waitForPath(page, `/clients/${state.admittedClientId}/details`);
          await heading(page, dischargeName).waitFor();
          const header = heading(page, dischargeName).locator('xpath=..');
          await expect.poll(() => header.textContent()).toContain('From a referral');
          expect(await header.textContent()).toContain('Pending');
          expect(await header.textContent()).toContain('Home Health');
          const edit = page.getByRole('form', { name: 'Edit details' });
          await expect.poll(() => edit.getByLabel('Date of birth').inputValue()).toBe(masked(discharge.born));
          expect(await edit.getByLabel('First name').inputValue()).toBe(discharge.first);
          expect(await edit.getByLabel('Last name').inputValue()).toBe(discharge.last);
          expect(await edit.getByLabel('Phone (optional)').inputValue()).toBe(discharge.phone);
          expect(await edit.getByLabel('Payer', { exact: true }).inputValue()).toBe('Medicare');
          await axe(page, 'clients/:id/details (admitted from a referral)');
          await shot(page, 'client-from-referral');
          await page.getByRole('link', { name: 'Services and authorizations' }).click();
          await waitForPath(page, `/clients/${state.admittedClientId}/services`);
          await page.getByRole('heading', { level: 2, name: 'RN Skilled Nurses Services' }).waitFor();
          await page.getByRole('heading', { level: 2, name: 'PhysicalTherapist' }).waitFor();

          // The marketer (their phone): Admitted in the list, and a notification.
          const marketer = state.marketer;
          await marketer.goto(url('/referrals'));
          const mine = marketer
            .getByRole('table', { name: 'Referrals' })
            .getByRole('row')
            .filter({ has: marketer.getByRole('link', { name: dischargeName }) });
          await mine.getByText('Admitted', { exact: true }).waitFor();
          await marketer.goto(url('/notifications'));
          await heading(marketer, 'Notifications').waitFor();
          await marketer
            .getByRole('list', { name: 'Notifications' })
            .getByText('A referral you brought was admitted')
            .first()
            .waitFor();
          await axe(marketer, 'notifications (marketer)');
          await shot(marketer, 'phone-marketer-notified');
          await marketer.goto(url(`/referrals/${state.referralId}`));
          await heading(marketer, dischargeName).waitFor();
          await marketer.getByRole('list', { name: 'Timeline' }).getByText('Status: Admitted').waitFor();
          await axe(marketer, 'referrals/:id (marketer, admitted)');

          // The office's referral is declined with a reason from the list: it cannot be admitted then.
          await page.goto(url(`/marketers/office/referrals/${state.officeReferralId}`));
          await heading(page, officeName).waitFor();
          await page.getByText('Entered by the office').first().waitFor();
          await page.getByRole('group', { name: 'Move the referral' }).getByRole('button', { name: 'Decline' }).click();
          const decline = page.getByRole('dialog', { name: `Decline the referral of ${officeName}` });
          await decline.waitFor();
          const reasons = await decline.getByLabel('Reason').locator('option').allTextContents();
          expect(reasons).toEqual(
            expect.arrayContaining([
              'Not eligible',
              'Out of area',
              'Payer not accepted',
              'No staff available',
              'Chose another agency',
              'Other',
            ]),
          );
          await decline.getByLabel('Reason').selectOption({ label: 'Payer not accepted' });
          await axe(page, 'referral (decline dialog)');
          await decline.getByRole('button', { name: 'Decline referral' }).click();
          await decline.waitFor({ state: 'detached' });
          await notice(page, 'The referral was declined.').waitFor();
          const officeStatus = page.locator('section[aria-labelledby="referral-status-title"]').first();
          await officeStatus.getByText('Declined', { exact: true }).first().waitFor();
          expect(await officeStatus.textContent()).toContain('Payer not accepted');
          expect(await page.getByRole('button', { name: 'Admit' }).count()).toBe(0);
          const declinedAdmit = await callApi(page, 'referrals_admit_create', { id: state.officeReferralId }, {});
          expect(declinedAdmit.ok ? 'admitted' : declinedAdmit.status).toBe(409);
          expect(JSON.stringify(declinedAdmit.data)).toContain(
            'This referral is Declined; a referral is admitted once.',
          );
          expect(
            await page
              .getByRole('list', { name: 'Timeline' })
              .getByRole('listitem')
              .filter({ hasText: 'Declined: Payer not accepted' })
              .textContent(),
          ).toContain('Alice Grant');
          await axe(page, 'marketers/office/referrals/:id (declined)');
          await shot(page, 'referral-declined');
        },
        STEP,
      );

      it(
        "3. /marketers shows Marco Silva's figures for the period (by status, conversion as a percent, median days) and downloads the CSV report",
        async () => {
          const page = state.admin;
          await page.goto(url('/marketers'));
          await heading(page, 'Marketers').waitFor();
          const figures = page.getByRole('table', { name: "Marketers' figures" });
          const marco = figures.getByRole('row').filter({ hasText: 'Marco Silva' });
          await marco.waitFor();
          const api = await apiData<{
            from: string;
            to: string;
            results: {
              id: number;
              first_name: string;
              last_name: string;
              by_status: Record<string, number>;
              conversion: number | null;
              median_days_to_admission: number | null;
            }[];
          }>(page, 'marketers_list', { limit: 20, offset: 0 });
          const mine = api.results.find((row) => row.first_name === 'Marco' && row.last_name === 'Silva')!;
          expect(mine).toBeTruthy();
          // The period the server chose is in the From and To fields.
          await expect.poll(() => page.getByLabel('From').inputValue()).toBe(api.from);
          expect(await page.getByLabel('To').inputValue()).toBe(api.to);
          // Marco's seven demo referrals (one in each status, two New) plus today's admission: 2 admitted, 1 declined,
          // 1 lost, so a conversion of 2 out of 4 decided.
          expect(mine.by_status).toEqual({
            NEW: 2,
            CONTACTED: 1,
            ASSESSMENT_SCHEDULED: 1,
            ADMITTED: 2,
            DECLINED: 1,
            LOST: 1,
          });
          const cells = (await marco.getByRole('cell').allTextContents()).map((text) => text.trim());
          const statuses = ['NEW', 'CONTACTED', 'ASSESSMENT_SCHEDULED', 'ADMITTED', 'DECLINED', 'LOST'];
          expect(cells.slice(1, 7)).toEqual(statuses.map((key) => String(mine.by_status[key])));
          expect(cells[7]).toBe('50%');
          expect(cells[8]).toMatch(/^\d+(\.\d+)? days?$/);
          expect(cells[8]).toBe(
            `${mine.median_days_to_admission} ${mine.median_days_to_admission === 1 ? 'day' : 'days'}`,
          );
          const columns = await figures.getByRole('columnheader').allTextContents();
          expect(columns.slice(0, 9)).toEqual([
            'Marketer',
            'New',
            'Contacted',
            'Assessment scheduled',
            'Admitted',
            'Declined',
            'Lost',
            'Conversion',
            'Median days to admission',
          ]);
          await figures.getByRole('link', { name: 'View referrals of Marco Silva' }).waitFor();
          await axe(page, 'marketers (figures)');
          await shot(page, 'marketers-figures');

          const report = await download(page, page.getByRole('button', { name: 'Download report (CSV)' }));
          expect(report.name).toBe(`referral-conversion-${api.from}-to-${api.to}.csv`);
          const lines = report.text.split(/\r?\n/);
          expect(lines[0]).toContain(`Sunrise Home Care, ${api.from} to ${api.to}`);
          expect(lines).toContain(
            'Dimension,Name,Referrals,Admitted,Declined,Lost,Open,Conversion,Median days to admission',
          );
          const marcoLine = lines.find((line) => line.startsWith('Marketer,Marco Silva,'));
          expect(marcoLine, report.text).toBeTruthy();
          expect(marcoLine).toMatch(/^Marketer,Marco Silva,8,2,1,1,4,50\.0%,/);
          expect(lines.some((line) => line.startsWith('Marketer,Entered by the office,'))).toBe(true);
          expect(lines.some((line) => line.startsWith('Source,Hospital,'))).toBe(true);

          // One marketer's page: the board filtered to them.
          await marco.getByRole('link', { name: 'View referrals of Marco Silva' }).click();
          await waitForPath(page, /^\/marketers\/\d+\/referrals$/);
          await heading(page, 'Referrals of Marco Silva').waitFor();
          await page
            .getByRole('table', { name: "The marketer's referrals" })
            .getByRole('link', { name: dischargeName })
            .waitFor();
          expect(await page.getByRole('link', { name: officeName }).count()).toBe(0);
          await axe(page, 'marketers/:id/referrals');
        },
        STEP,
      );
    }

    if (part === 'clients') {
      it(
        '4. the admin adds clients at /clients/new/home-care, /home-health and /group: each type shows its fields; bad NPI, diagnosis, future birth date and a wrong certification period are refused at the field; fixed, the client is added',
        async () => {
          state.admin = await open(DESKTOP);
          await signIn(state.admin, suite.server.url, DEMO_USERS.admin);
          await waitForPath(state.admin, '/users');
          const page = state.admin;

          // Home care: the person, home care's services, no clinical fields.
          await page.goto(url('/clients/new/home-care'));
          await heading(page, 'New Home Care Client').waitFor();
          let form = page.getByRole('form', { name: 'New Home Care Client' });
          for (const service of ['Pathways', 'Health Wellness', 'BDS Waiver'])
            await form.getByLabel(service, { exact: true }).waitFor();
          for (const clinical of [
            'Payer',
            "Physician's NPI",
            'Primary diagnosis (ICD-10 code)',
            'Certification period start',
          ])
            expect(await form.getByLabel(clinical, { exact: true }).count(), clinical).toBe(0);
          expect(await form.getByLabel('RN Skilled Nurses Services').count()).toBe(0);
          await axe(page, 'clients/new/home-care');
          await form.getByLabel('First name').fill(homeCare.first);
          await form.getByLabel('Last name').fill(homeCare.last);
          await typeDate(form.getByLabel('Date of birth'), '1947-08-14');
          await form.getByLabel('Phone (optional)').fill('(555) 602-3311');
          await form.getByLabel('Address (optional)').fill('8 Larkspur Way');
          await form.getByLabel('City (optional)').fill('Riverton');
          await form.getByLabel('Pathways', { exact: true }).check();
          await shot(page, 'new-home-care-filled');
          await form.getByRole('button', { name: 'Add client' }).click();
          await waitForPath(page, /^\/clients\/\d+\/details$/);
          state.homeCareId = Number(new URL(page.url()).pathname.split('/')[2]);
          await heading(page, `${homeCare.first} ${homeCare.last}`).waitFor();
          await notice(page, `${homeCare.first} ${homeCare.last} was added as a new Home Care Client.`).waitFor();

          // Home health: payer, physician with NPI, diagnosis, certification period; the checks at the field.
          await page.goto(url('/clients/new/home-health'));
          await heading(page, 'New Home Health Patient').waitFor();
          form = page.getByRole('form', { name: 'New Home Health Patient' });
          for (const field of [
            'Payer',
            'Member id',
            'Attending physician',
            "Physician's NPI",
            'Primary diagnosis (ICD-10 code)',
            'Certification period start',
            'Certification period end',
          ]) {
            await form.getByLabel(field, { exact: true }).waitFor();
          }
          expect(await form.getByLabel('Pathways', { exact: true }).count()).toBe(0);
          await form.getByLabel('RN Skilled Nurses Services').waitFor();
          await axe(page, 'clients/new/home-health (empty)');
          await form.getByLabel('First name').fill(homeHealth.first);
          await form.getByLabel('Last name').fill(homeHealth.last);
          const born = form.getByLabel('Date of birth');
          await typeDate(born, isoDay(10));
          await form.getByLabel('Payer', { exact: true }).selectOption({ label: 'Medicaid' });
          await form.getByLabel('Member id').fill('MD-5520193');
          await form.getByLabel('Attending physician').fill('Dr. Helen Park');
          const npi = form.getByLabel("Physician's NPI");
          await npi.fill('1234567890');
          const diagnosis = form.getByLabel('Primary diagnosis (ICD-10 code)');
          await diagnosis.fill('123');
          const start = form.getByLabel('Certification period start');
          const end = form.getByLabel('Certification period end');
          const certStart = isoDay(1);
          await typeDate(start, certStart);
          await start.press('Tab');
          // The end fills in at 60 days from the start.
          await expect.poll(() => end.inputValue()).toBe(masked(certificationEnd(certStart)));
          const wrongEnd = addDays(certStart, 30);
          await typeDate(end, wrongEnd);
          await end.press('Tab');
          await expect.poll(() => fieldMessage(born)).toContain('The date of birth cannot be in the future.');
          await expect.poll(() => fieldMessage(npi)).toContain(NPI_MESSAGE);
          await expect.poll(() => fieldMessage(diagnosis)).toContain(ICD10_MESSAGE);
          await expect.poll(() => fieldMessage(end)).toContain(certificationProblem(certStart, wrongEnd)!);
          expect(await form.getByRole('button', { name: 'Add client' }).isDisabled()).toBe(true);
          await axe(page, 'clients/new/home-health (refused at the fields)');
          await shot(page, 'new-home-health-refused');
          // Fixed.
          await typeDate(born, '1939-01-25');
          await npi.fill('1234567893');
          await diagnosis.fill('e119');
          await typeDate(end, certificationEnd(certStart));
          await form
            .getByLabel('Diagnosis description (optional)')
            .fill('Type 2 diabetes mellitus without complications');
          await form.getByLabel('RN Skilled Nurses Services').check();
          await diagnosis.press('Tab');
          for (const field of [born, npi, diagnosis, end])
            await expect.poll(() => fieldMessage(field)).toMatch(/^\(not invalid\)/);
          await expect.poll(() => form.getByRole('button', { name: 'Add client' }).isEnabled()).toBe(true);
          const created = page.waitForResponse(
            (response) => response.url().endsWith('/api/clients/') && response.request().method() === 'POST',
          );
          await form.getByRole('button', { name: 'Add client' }).click();
          const body = await (await created).json();
          expect(body).toMatchObject({
            physician_npi: '1234567893',
            diagnosis_code: 'E11.9',
            certification_start: certStart,
            certification_end: certificationEnd(certStart),
            status: 'PENDING',
          });
          state.homeHealthId = body.id;
          await waitForPath(page, `/clients/${state.homeHealthId}/details`);
          await notice(
            page,
            `${homeHealth.first} ${homeHealth.last} was added as a new Home Health Patient.`,
          ).waitFor();
          await page.getByText(`${calendarText(certStart)} – ${calendarText(certificationEnd(certStart))}`).waitFor();
          await axe(page, 'clients/:id/details (home health)');
          await shot(page, 'client-home-health-added');

          // Group (home care and home health): both types' services and the clinical fields.
          await page.goto(url('/clients/new/group'));
          await heading(page, 'New Home Care/Health Patient').waitFor();
          form = page.getByRole('form', { name: 'New Home Care/Health Patient' });
          await form.getByLabel('Pathways', { exact: true }).waitFor();
          await form.getByLabel('Cna', { exact: true }).waitFor();
          await form.getByLabel("Physician's NPI").waitFor();
          await axe(page, 'clients/new/group');
          await form.getByLabel('First name').fill(group.first);
          await form.getByLabel('Last name').fill(group.last);
          await typeDate(form.getByLabel('Date of birth'), '1952-11-30');
          await form.getByLabel('Health Wellness', { exact: true }).check();
          await form.getByLabel('Cna', { exact: true }).check();
          await form.getByLabel('Payer', { exact: true }).selectOption({ label: 'Medicare' });
          await form.getByLabel('Member id').fill('1EG4-TE5-ZZ19');
          await form.getByLabel('Attending physician').fill('Dr. Samuel Ortiz');
          await form.getByLabel("Physician's NPI").fill('1234567893');
          await form.getByLabel('Primary diagnosis (ICD-10 code)').fill('I10');
          await typeDate(form.getByLabel('Certification period start'), isoDay(0));
          await form.getByLabel('Certification period start').press('Tab');
          await expect
            .poll(() => form.getByLabel('Certification period end').inputValue())
            .toBe(masked(certificationEnd(isoDay(0))));
          await expect.poll(() => form.getByRole('button', { name: 'Add client' }).isEnabled()).toBe(true);
          await form.getByRole('button', { name: 'Add client' }).click();
          await waitForPath(page, /^\/clients\/\d+\/details$/);
          state.groupId = Number(new URL(page.url()).pathname.split('/')[2]);
          await notice(page, `${group.first} ${group.last} was added as a new Home Care/Health Patient.`).waitFor();
        },
        STEP,
      );

      it(
        '5. /clients lists, searches and filters (cards on a phone); Services adds an authorization with authorized/used/remaining and "Ends within 14 days"; Discharge asks for a date and a reason',
        async () => {
          const page = state.admin;
          await page.goto(url('/clients'));
          await heading(page, 'Clients').waitFor();
          const table = page.getByRole('table', { name: 'Clients' });
          const names = async () =>
            (await table.getByRole('link').allTextContents()).filter((text) => !text.startsWith('('));
          // Sunrise's 12 demo clients and the three added in step 4
          await expect.poll(async () => (await names()).length).toBe(15);
          await axe(page, 'clients (list)');
          await shot(page, 'clients-list');

          await page.getByLabel('Search clients').fill('whit');
          await expect.poll(names).toEqual(['Clara Whitfield']);
          await shot(page, 'clients-search-whit');
          await page.getByLabel('Search clients').fill('');

          const column = async (index: number) =>
            (
              await table
                .locator('tbody tr')
                .evaluateAll((rows, i) => rows.map((row) => row.children[i]?.textContent ?? ''), index)
            ).map((text) => text.trim());
          await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Home Health' });
          await expect.poll(names).toContain(`${homeHealth.first} ${homeHealth.last}`);
          // home health patients, those of both types included
          expect(await names()).toEqual(
            expect.arrayContaining(['Walter Nguyen', 'George Adeyemi', 'Priya Raman', 'Rosa Delgado']),
          );
          expect(new Set(await column(1))).toEqual(new Set(['Home Health', 'Both']));
          await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Pending' });
          await expect.poll(async () => new Set(await column(2))).toEqual(new Set(['Pending']));
          expect((await names()).sort()).toEqual(
            ['George Adeyemi', `${homeHealth.first} ${homeHealth.last}`, `${group.first} ${group.last}`].sort(),
          );
          await axe(page, 'clients (filtered)');
          await shot(page, 'clients-filtered');

          // On a phone: one card a client (the table's rows stack, its header row is hidden).
          const phone = await open(PHONE);
          await signIn(phone, suite.server.url, DEMO_USERS.admin);
          await waitForPath(phone, '/users');
          await phone.goto(url('/clients'));
          await heading(phone, 'Clients').waitFor();
          const phoneTable = phone.getByRole('table', { name: 'Clients' });
          await phoneTable.getByRole('link', { name: 'Clara Whitfield' }).waitFor();
          const layout = await phoneTable.evaluate((element) => {
            const row = element.querySelector('tbody tr')!;
            const cell = row.querySelector('td')!;
            return {
              cell: getComputedStyle(cell).display,
              row: getComputedStyle(row).display,
              headerWidth: element.querySelector('thead')!.getBoundingClientRect().width,
              tableWidth: element.getBoundingClientRect().width,
              label: cell.getAttribute('data-label'),
            };
          });
          expect(layout).toMatchObject({ cell: 'grid', row: 'block', label: 'Name' });
          expect(layout.headerWidth).toBeLessThanOrEqual(1);
          expect(layout.tableWidth).toBeLessThanOrEqual(390);
          await axe(phone, 'clients (phone cards)');
          await shot(phone, 'phone-clients-cards');

          // Services: an authorization ending within 14 days.
          await page.goto(url(`/clients/${state.homeCareId}/services`));
          await heading(page, `${homeCare.first} ${homeCare.last}`).waitFor();
          await page.getByRole('heading', { level: 2, name: 'Pathways' }).waitFor();
          await page
            .getByRole('table', { name: 'Authorizations of Pathways' })
            .getByText('No authorizations yet')
            .waitFor();
          await axe(page, 'clients/:id/services (no authorization)');
          const add = page.getByRole('form', { name: 'Add an authorization' });
          await expect
            .poll(() => add.getByLabel('Service', { exact: true }).locator('option:checked').textContent())
            .toBe('Pathways');
          await add.getByLabel('Unit').selectOption({ label: 'Hours' });
          await add.getByLabel('Amount authorized').fill('40');
          await typeDate(add.getByLabel('From', { exact: true }), isoDay(-20));
          await typeDate(add.getByLabel('To', { exact: true }), isoDay(7));
          await add.getByLabel('Reference (optional)').fill(`PA-${tag.toUpperCase()}-7731`);
          await add.getByLabel('Reference (optional)').press('Tab');
          await expect.poll(() => add.getByRole('button', { name: 'Add authorization' }).isEnabled()).toBe(true);
          await add.getByRole('button', { name: 'Add authorization' }).click();
          await notice(page, 'The authorization for Pathways was recorded.').waitFor();
          const authorization = page
            .getByRole('table', { name: 'Authorizations of Pathways' })
            .locator('tbody tr')
            .filter({ hasText: `PA-${tag.toUpperCase()}-7731` });
          await authorization.waitFor();
          const headers = await page
            .getByRole('table', { name: 'Authorizations of Pathways' })
            .getByRole('columnheader')
            .allTextContents();
          expect(headers).toEqual(['Unit', 'Authorized', 'Used', 'Remaining', 'Dates', 'Reference', 'Warnings']);
          const cells = (await authorization.getByRole('cell').allTextContents()).map((text) => text.trim());
          expect(cells.slice(0, 5)).toEqual([
            'Hours',
            '40',
            '0',
            '40',
            `${calendarText(isoDay(-20))} – ${calendarText(isoDay(7))}`,
          ]);
          expect(cells[6]).toBe('Ends within 14 days');
          await axe(page, 'clients/:id/services (authorization ending soon)');
          await shot(page, 'client-services-authorization');

          // A change of the details (for the access history of step 7).
          await page.getByRole('link', { name: 'Details', exact: true }).click();
          await waitForPath(page, `/clients/${state.homeCareId}/details`);
          const edit = page.getByRole('form', { name: 'Edit details' });
          await edit.getByLabel('Preferred language (optional)').fill('Portuguese');
          await edit.getByRole('button', { name: 'Save details' }).click();
          await notice(page, 'The details were saved.').waitFor();

          // Discharge asks for a date and a reason (the group client).
          await page.goto(url(`/clients/${state.groupId}/details`));
          await heading(page, `${group.first} ${group.last}`).waitFor();
          await page
            .locator('section[aria-labelledby="client-status-title"]')
            .getByRole('button', { name: 'Discharge' })
            .click();
          const dialog = page.getByRole('dialog', { name: `Discharge ${group.first} ${group.last}` });
          await dialog.waitFor();
          const when = dialog.getByLabel('Date of discharge');
          const reason = dialog.getByLabel('Reason');
          await when.click();
          await reason.focus();
          await reason.press('Tab');
          await expect.poll(() => fieldMessage(when)).toContain('Enter the date of discharge.');
          await expect.poll(() => fieldMessage(reason)).toContain('Choose the reason for the discharge.');
          expect(await dialog.getByRole('button', { name: 'Discharge' }).isDisabled()).toBe(true);
          await axe(page, 'clients/:id/details (discharge dialog, refused)');
          await shot(page, 'client-discharge-asks');
          await typeDate(when, isoDay(0));
          await reason.selectOption({ label: 'Moved out of the service area' });
          await dialog.getByLabel('Note (optional)').fill('Moved in with her daughter in Ohio.');
          await expect.poll(() => dialog.getByRole('button', { name: 'Discharge' }).isEnabled()).toBe(true);
          await dialog.getByRole('button', { name: 'Discharge' }).click();
          await dialog.waitFor({ state: 'detached' });
          await notice(page, `${group.first} ${group.last} was discharged.`).waitFor();
          const status = page.locator('section[aria-labelledby="client-status-title"]');
          await status.getByText('Discharged', { exact: true }).first().waitFor();
          expect(await status.textContent()).toContain(`${calendarText(isoDay(0))}: Moved out of the service area`);
          await status.getByText('To take the client back, choose another status under Edit details.').waitFor();
          await axe(page, 'clients/:id/details (discharged)');
          await shot(page, 'client-discharged');
        },
        STEP,
      );

      it(
        '6. "Invite to the portal" invites a family member; they sign up on a phone, land on /clients/welcome with the client\'s name, the empty visits, nothing to sign, and report a concern listed as Received',
        async () => {
          const page = state.admin;
          const clientName = `${homeCare.first} ${homeCare.last}`;
          await page.goto(url(`/clients/${state.homeCareId}/details`));
          await heading(page, clientName).waitFor();
          const portal = page.locator('section[aria-labelledby="client-portal-title"]');
          await portal.getByText('No one uses the portal for this client yet.', { exact: false }).waitFor();
          await portal.getByRole('button', { name: 'Invite to the portal' }).click();
          const dialog = page.getByRole('dialog', { name: 'Invite to the portal' });
          await dialog.waitFor();
          await dialog.getByLabel('Email').fill(family.email);
          await dialog.getByLabel('First name').fill(family.first);
          await dialog.getByLabel('Last name').fill(family.last);
          await dialog.getByLabel('Who is this?').selectOption({ label: 'A family member' });
          await axe(page, 'clients/:id/details (invite dialog)');
          await dialog.getByLabel('Who is this?').press('Tab');
          await expect.poll(() => dialog.getByRole('button', { name: 'Send invitation' }).isEnabled()).toBe(true);
          await dialog.getByRole('button', { name: 'Send invitation' }).click();
          await dialog.waitFor({ state: 'detached' });
          await notice(page, `The invitation was sent to ${family.email}.`).waitFor();
          const invited = portal.getByRole('listitem').filter({ hasText: `${family.first} ${family.last}` });
          await invited.getByText('Invitation pending').waitFor();
          expect(await invited.textContent()).toContain('A family member');
          await shot(page, 'client-invited');

          // The sign-up link went to the family member only: here, the server's console (console-mail mode).
          const printed = () =>
            new RegExp(`To: ${family.email.replace(/[.+]/g, '\\$&')}\\n[^]*?(/sign-up/[^/\\s]+/[^/\\s]+/sunrise)`).exec(
              suite.server.output(),
            )?.[1];
          await expect.poll(printed, { timeout: 15_000 }).toBeTruthy();
          state.signUpPath = printed()!;

          const phone = await open(PHONE);
          state.family = phone;
          await phone.goto(url(state.signUpPath));
          await heading(phone, 'Create your password').waitFor();
          await axe(phone, 'sign-up (family member)');
          await phone.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
          await phone.getByLabel('Repeat password').fill(NEW_PASSWORD);
          await phone.keyboard.press('Tab');
          await expect.poll(() => phone.getByRole('button', { name: 'Create account' }).isEnabled()).toBe(true);
          await phone.getByRole('button', { name: 'Create account' }).click();
          await waitForPath(phone, '/clients/welcome');
          await heading(phone, `Welcome, ${homeCare.first}`).waitFor();
          await main(phone).getByText(`You follow the care of ${clientName}.`).waitFor();
          await phone.getByRole('heading', { name: 'Who comes when' }).waitFor();
          await main(phone).getByText('No visits scheduled yet').waitFor();
          await main(phone).getByText('No visits in the past month').waitFor();
          await main(phone).getByText('Nothing waits for your signature.').waitFor();
          await phone.getByRole('heading', { name: 'Report a concern' }).waitFor();
          await main(phone).getByText('You have not reported a concern.').waitFor();
          await axe(phone, 'clients/welcome (family, phone)');
          await shot(phone, 'phone-welcome-family');
          // Only the welcome page is theirs: another client's record sends them back.
          await phone.goto(url(`/clients/${state.homeHealthId}`));
          await waitForPath(phone, '/clients/welcome');
          await heading(phone, `Welcome, ${homeCare.first}`).waitFor();

          const concern = phone.getByRole('form', { name: 'Report a concern' });
          await concern.getByLabel('What is it about?').selectOption({ label: 'Missed or late visit' });
          await concern.getByLabel('What happened?').fill('Nobody came on Tuesday morning and nobody called.');
          await concern.getByLabel('What happened?').press('Tab');
          await expect.poll(() => concern.getByRole('button', { name: 'Send concern' }).isEnabled()).toBe(true);
          await concern.getByRole('button', { name: 'Send concern' }).click();
          await notice(phone, 'Thank you. Your concern was received; the office will follow up.').waitFor();
          const listed = phone
            .locator('section[aria-labelledby="welcome-concerns-title"]')
            .getByRole('listitem')
            .filter({ hasText: 'Missed or late visit' });
          await listed.getByText('Received', { exact: true }).waitFor();
          // Kept: after a reload too.
          await phone.reload();
          await heading(phone, `Welcome, ${homeCare.first}`).waitFor();
          await listed.getByText('Received', { exact: true }).waitFor();
          await axe(phone, 'clients/welcome (concern received)');
          await shot(phone, 'phone-welcome-concern');

          // The office sees the family member signed up.
          await page.reload();
          await heading(page, clientName).waitFor();
          await invited.getByText('Signed up').waitFor();
        },
        STEP,
      );

      it(
        "7. the client's Access history lists the admin's reads and changes of that client (who, action), and the family member's read",
        async () => {
          const page = state.admin;
          const clientName = `${homeCare.first} ${homeCare.last}`;
          await page.getByRole('link', { name: 'Access history' }).click();
          await waitForPath(page, `/clients/${state.homeCareId}/access-history`);
          const table = page.getByRole('table', { name: `Access history of ${clientName}` });
          await table.locator('tbody tr').first().waitFor();
          await expect.poll(() => table.getByText('Loading…').count()).toBe(0);
          const rows = await table
            .locator('tbody tr')
            .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((td) => (td.textContent ?? '').trim())));
          const byWho = (who: string, action: string) => rows.filter((row) => row[1] === who && row[2] === action);
          expect(byWho('Alice Grant (Admin)', 'Opened').length, JSON.stringify(rows)).toBeGreaterThan(0);
          expect(byWho('Alice Grant (Admin)', 'Changed').length, JSON.stringify(rows)).toBeGreaterThan(0);
          expect(byWho('Alice Grant (Admin)', 'Added').length, JSON.stringify(rows)).toBeGreaterThan(0);
          expect(
            byWho(`${family.first} ${family.last} (Client)`, 'Opened').length,
            JSON.stringify(rows),
          ).toBeGreaterThan(0);
          // Newest first: the admin's reload of the record (just now) comes before the family member's read.
          expect(rows[0]![1]).toBe('Alice Grant (Admin)');
          await axe(page, 'clients/:id/access-history');
          await shot(page, 'client-access-history');
        },
        STEP,
      );
    }

    it('axe-core: no serious or critical violation on any page of the journey', () => {
      expect(axeChecked.length).toBeGreaterThan(part === 'referrals' ? 12 : 13);
      expect(axeFindings, axeReport()).toEqual([]);
    });

    it('no uncaught exception in any page of the journey', () => {
      const errors = pages.flatMap((page) => page.problems.filter((problem) => problem.startsWith('pageerror')));
      expect(errors).toEqual([]);
    });
  });
}
