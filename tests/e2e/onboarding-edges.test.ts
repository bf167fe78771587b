/**
 * Rough edges of onboarding, in headless Chromium against the real server (PGlite); the steps share one server
 * and run in order.
 *
 * 1. The aide (READY, her one form due needs the office's countersignature) signs it on a phone: it now waits
 *    for the office, so nothing is due from her and she is no longer confined to the forms-due pages.
 * 2. The admin follows the "please countersign" notification to the office's view of the form: her answers
 *    and signature, then the countersign pad.
 * 3. The admin uploads a document the aide handed in on paper from her Documents tab, with its expiry date.
 * 4. The nurse finds the skills checks waiting for her in her menu, with their count, which drops once she
 *    has observed the one waiting.
 *
 * Screenshots go to tests/e2e/.artifacts/onboarding-edges-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PDF_BYTES, SIGNATURE } from '../../server/lib/multipart-test-helpers';
import { addDays, dateIn } from '../../src/domain/dates';
import { DEMO_TIMEZONES } from '../../server/db/seed';
import {
  DESKTOP,
  PHONE,
  useJourneyPages,
  DEMO_USERS,
  screenshot,
  settled,
  useSuite,
  waitForPath,
  callApi,
  drawSignature,
} from './harness';

const STEP = 150_000; // per step: the machine is shared and slow
const HIPAA = 'Confidentiality (HIPAA) agreement';

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

describe.sequential('onboarding rough edges, end to end', () => {
  const suite = useSuite();
  const { signedIn } = useJourneyPages(suite);
  const state = {} as { aide: Page; admin: Page; aideId: number };

  const url = (path: string) => `${suite.server.url}${path}`;

  it(
    '1. the aide signs the form that the office countersigns: it waits for the office, and she is no longer confined',
    { timeout: STEP },
    async () => {
      const page = await signedIn(DEMO_USERS.aide, PHONE);
      state.aide = page;
      await waitForPath(page, '/profile/incomplete-documents');
      await page.getByRole('link', { name: `Fill in and sign: ${HIPAA}` }).click();
      await waitForPath(page, /^\/onboarding\/form-request\/\d+$/);
      const form = page.getByRole('form', { name: HIPAA });
      await form.getByRole('checkbox').first().waitFor();
      for (const box of await form.getByRole('checkbox').all()) await box.check();
      await drawSignature(page, form.getByRole('img', { name: 'Your signature' }), { touch: true });
      const submitted = page.waitForResponse((response) =>
        /\/api\/onboarding\/form-requests\/\d+\/submit\/$/.test(response.url()),
      );
      await form.getByRole('button', { name: 'Sign and submit' }).click();
      expect((await submitted).status()).toBe(200);

      // nothing is due from her: what waits for the office says so
      await waitForPath(page, '/profile/incomplete-documents');
      await page.getByText('Nothing is due').waitFor();
      const waiting = page.getByRole('region', { name: 'Waiting for review' });
      await waiting.getByText(HIPAA).waitFor();
      await waiting.getByText('Waiting for the office').waitFor();
      await screenshot(page, 'onboarding-edges-aide-waiting-for-office');

      // not confined: her menu has her work again, and /work-schedule stays open
      await page.getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Main' });
      await menu.getByRole('link', { name: 'Work schedule' }).waitFor();
      expect(await menu.getByRole('link', { name: 'Documents due' }).count()).toBe(0);
      await menu.getByRole('link', { name: 'Work schedule' }).click();
      await waitForPath(page, '/work-schedule');
      await settled(page);
      expect(new URL(page.url()).pathname).toBe('/work-schedule');
      // and /onboarding agrees
      await page.goto(url('/onboarding'));
      await heading(page, 'Onboarding').waitFor();
      const forms = page.getByRole('region', { name: 'Forms' });
      await forms.getByRole('listitem').filter({ hasText: HIPAA }).getByText('Waiting for the office').waitFor();
      expect(new URL(page.url()).pathname).toBe('/onboarding');
    },
  );

  it(
    "2. the admin follows the countersign notification to the office's view of the form: answers, signature, then the pad",
    { timeout: STEP },
    async () => {
      const page = await signedIn(DEMO_USERS.admin, DESKTOP);
      state.admin = page;
      await page.goto(url('/notifications'));
      await heading(page, 'Notifications').waitFor();
      await page.getByRole('link', { name: `Ada Lindqvist signed ${HIPAA}: please countersign` }).click();
      await waitForPath(page, /^\/employees\/\d+\/onboarding\/form-request\/\d+$/);
      state.aideId = Number(new URL(page.url()).pathname.split('/')[2]);
      const view = page.getByRole('region', { name: HIPAA });
      await view.getByRole('heading', { name: 'Ada Lindqvist’s answers' }).waitFor();
      await view.getByText('Waiting for your countersignature').waitFor();
      const signature = view.getByRole('img', { name: 'Signature of Ada Lindqvist' });
      await signature.waitFor();
      await expect
        .poll(() => signature.evaluate((image) => (image as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      await screenshot(page, 'onboarding-edges-office-form-view');

      const pad = page.getByRole('form', { name: `Countersign ${HIPAA}` });
      await drawSignature(page, pad.getByRole('img', { name: 'Your signature' }));
      const countersigned = page.waitForResponse((response) => /\/countersign\/$/.test(response.url()));
      await pad.getByRole('button', { name: 'Countersign' }).click();
      expect((await countersigned).status()).toBe(200);
      await page.getByText(`${HIPAA} was countersigned.`).waitFor();
      await view.getByText('Completed').waitFor();
      expect(await page.getByRole('form', { name: `Countersign ${HIPAA}` }).count()).toBe(0);
    },
  );

  it(
    '3. the admin uploads a document the aide handed in on paper, from her Documents tab, with its expiry date; she sees it',
    { timeout: STEP },
    async () => {
      const page = state.admin;
      await page.goto(url(`/employees/${state.aideId}/documents`));
      const table = page.getByRole('table', { name: /^Documents of / });
      await table.waitFor();
      await page.getByRole('button', { name: 'Upload CPR certification received on paper' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload CPR certification' });
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: 'cpr-paper.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES });
      const expiry = addDays(dateIn(DEMO_TIMEZONES.sunrise, new Date()), 400);
      const [yyyy, mm, dd] = expiry.split('-');
      await dialog.getByLabel('Expiry date').click();
      await dialog.getByLabel('Expiry date').pressSequentially(`${dd}${mm}${yyyy}`, { delay: 10 });
      const uploaded = page.waitForResponse((response) =>
        /\/api\/employees\/\d+\/documents\/\d+\/file\/$/.test(response.url()),
      );
      await dialog.getByRole('button', { name: 'Upload' }).click();
      expect((await uploaded).status()).toBe(200);
      await page.getByText('CPR certification was uploaded; it waits for review.').waitFor();
      await table.getByRole('row').filter({ hasText: 'CPR certification' }).getByText('Waiting for review').waitFor();
      await table.getByRole('row').filter({ hasText: 'CPR certification' }).getByText('cpr-paper.pdf').waitFor();
      await screenshot(page, 'onboarding-edges-office-upload');

      const aide = state.aide;
      await aide.goto(url('/profile/documents'));
      const card = aide.locator('section').filter({ has: aide.getByRole('heading', { name: 'CPR certification' }) });
      await card.getByText('Waiting for review').waitFor();
      await card.getByText(/cpr-paper\.pdf/).waitFor();
    },
  );

  it(
    '4. the nurse finds the skills checks waiting for her in her menu, with a count that drops once she has observed one',
    { timeout: STEP },
    async () => {
      // the office sends the aide a new skills check, and she passes its written part
      const admin = state.admin;
      const tests = await callApi<{
        results: {
          id: number;
          observed_skills: { id: string }[];
          questions: { id: string; answer: number }[];
          active: boolean;
        }[];
      }>(admin, 'competency_tests_list', { limit: 100 });
      const hha = tests.results.find((test) => test.active && test.observed_skills.length > 0)!;
      const [request] = await callApi<{ id: number }[]>(admin, 'test_requests_create', null, {
        test_id: hha.id,
        employee_ids: [state.aideId],
      });
      const answers = Object.fromEntries(hha.questions.map((question) => [question.id, question.answer]));
      const taken = await callApi<{ status: string }>(
        state.aide,
        'test_requests_submit_create',
        { id: request!.id },
        { answers },
      );
      expect(taken.status).toBe('AWAITING_OBSERVATION');

      const page = await signedIn(DEMO_USERS.nurse, DESKTOP);
      const menu = page.getByRole('navigation', { name: 'Main' });
      const item = menu.getByRole('link', { name: 'Skills checks 1 skills check to observe' });
      await item.waitFor();
      await screenshot(page, 'onboarding-edges-nurse-menu');
      await item.click();
      await waitForPath(page, '/onboarding');
      await page
        .getByRole('region', { name: 'Skills checks awaiting observation' })
        .getByRole('link', { name: /^Observe Ada Lindqvist/ })
        .waitFor();

      // she records the observation; on her next page the count is gone
      const skills = hha.observed_skills.map((skill) => ({ skill_id: skill.id, satisfactory: true }));
      const observed = await callApi<{ status: string }>(
        page,
        'test_requests_observation_create',
        { id: request!.id },
        { skills, signature: SIGNATURE },
      );
      expect(observed.status).toBe('PASSED');
      await menu.getByRole('link', { name: 'Work schedule' }).click();
      await waitForPath(page, '/work-schedule');
      await menu.getByRole('link', { name: 'Skills checks', exact: true }).waitFor();
    },
  );
});
