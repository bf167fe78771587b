/**
 * Hire to ready as one journey in headless Chromium against the real server: the six steps share
 * one server and run in order. hire-to-ready.pglite.test.ts runs it on PGlite, hire-to-ready.postgres.test.ts
 * on PostgreSQL (when TEST_DATABASE_URL is set), side by side.
 *
 * 1. A job seeker applies at /apply-now/sunrise on a phone (resume drop with the rejection texts, signature).
 * 2. The admin (desktop) sees the application, accepts it, reads the sign-up mail on /dev; rejecting another
 *    asks for a reason and keeps it.
 * 3. The new employee (phone) signs up through the mail's link and is confined to the forms-due prefixes.
 * 4. They sign the forms, upload the documents with expiry dates, take the HHA competency test; the RN
 *    (phone) observes the six skills; the result page shows the outcome.
 * 5. The admin reviews the employee (details, documents, a typed note, the checklist); ready to hire is
 *    refused with what is missing, then accepted; the employee's next request has the READY permissions.
 * 6. Notifications: the admin's and the employee's, live unread count, type filter, marking read.
 *
 * axe-core runs on every page of the journey; the serious and critical findings are asserted at the end.
 * Screenshots go to tests/e2e/.artifacts/hire-to-ready-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDays, dateIn } from '../../src/domain/dates';
import { DEMO_TIMEZONES } from '../../server/db/seed';
import { minimalPdf } from '../../server/lib/minimal-pdf';
import { permissionsFor } from '../../src/domain/permissions';
import {
  DESKTOP,
  SMALL_PHONE,
  useJourneyPages,
  type JourneyPage,
  DEMO_USERS,
  e2eDatabaseTested,
  screenshot,
  signIn,
  useSuite,
  waitForPath,
  type E2EDatabase,
  settled,
  callApi,
  drawSignature,
  useAxeJourney,
} from './harness';

const NEW_PASSWORD = 'Tidewater-Lantern-Orchard-5823';
const POSITION_LABEL = 'Home Health Aide';

// ---------------------------------------------------------------------------------------------------------
// Files made in the test

/** A small valid one-page PDF with a line of text. */
const pdf = (line: string) => minimalPdf([line]);

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface FileSpec {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

// ---------------------------------------------------------------------------------------------------------
// What a person does

/** Drops a file on a file drop (dragenter, dragover, drop with a DataTransfer, as a browser sends them). */
async function dropFile(page: Page, zone: Locator, file: FileSpec) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type }));
      return transfer;
    },
    { name: file.name, type: file.mimeType, base64: file.buffer.toString('base64') },
  );
  for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer });
  await dataTransfer.dispose();
}

/** The drop zone of a FileDrop: the parent of its "Choose a file" button (named `<label> Choose a file`). */
const dropZone = (scope: Page | Locator, label: string) =>
  scope.getByRole('button', { name: `${label} Choose a file` }).locator('xpath=..');

/** The canvas of the signature pad labelled `label`. */
const signaturePad = (scope: Page | Locator, label: string | RegExp) => scope.getByRole('img', { name: label });

/** The date `days` after Sunrise's today, as typed into the app's date mask (dd.mm.yyyy) and as sent. */
function maskedDate(days: number): { masked: string; iso: string } {
  const iso = addDays(dateIn(DEMO_TIMEZONES.sunrise, new Date()), days);
  const [yyyy, mm, dd] = iso.split('-');
  return { masked: `${dd}.${mm}.${yyyy}`, iso };
}

async function typeDate(field: Locator, masked: string) {
  await field.click();
  await field.pressSequentially(masked.replace(/\D/g, ''), { delay: 10 });
}

/** The unread count of the layout's bell (its accessible name "N unread notifications"), or null when absent. */
async function unreadCount(page: Page): Promise<number | null> {
  const badge = page.getByRole('link', { name: /unread notifications?$/ });
  if (!(await badge.count())) return null;
  const name = (await badge.first().getAttribute('aria-label')) ?? '';
  return Number(/^(\d+)/.exec(name)?.[1] ?? NaN);
}

/** The window gets focus again (the app refetches the user and the unread count then), without a reload. */
async function focusWindow(page: Page) {
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

// ---------------------------------------------------------------------------------------------------------

/** The journey on one database; hire-to-ready.<database>.test.ts each run it on theirs. */
export function hireToReadySuite(database: E2EDatabase): void {
  if (!e2eDatabaseTested(database, 'hire to ready, end to end')) return;
  describe.sequential(`hire to ready, end to end (${database})`, () => {
    const suite = useSuite({}, { database });
    const { axe, axeChecked, axeFindings, axeReport } = useAxeJourney(`hire-to-ready ${database}`);
    const { open } = useJourneyPages(suite);
    const tag = Math.random().toString(36).slice(2, 7);
    const applicant = {
      first: 'Jordan',
      last: `Rivera${tag}`,
      email: `jordan.rivera.${tag}@applicant.example`,
      phone: '(555) 730-1188',
    };
    const applicantName = `${applicant.first} ${applicant.last}`;
    const state = {} as {
      admin: JourneyPage;
      applicantPage: JourneyPage;
      employee: JourneyPage;
      adminUnreadBefore: number;
      employeeId: number;
      signUpPath: string;
      testRequestId: number;
      testId: number;
    };

    const url = (path: string) => `${suite.server.url}${path}`;
    async function shot(page: Page, name: string) {
      await screenshot(page, `hire-to-ready-${database}-${name}`);
    }
    const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

    it('1. a job seeker applies on a phone at /apply-now/sunrise: resume drop (PDF kept, text and PNG refused), signed attestation, confirmation', async () => {
      // The admin is signed in first (desktop), so step 2 can see the unread count move without a reload.
      state.admin = await open(DESKTOP);
      await signIn(state.admin, suite.server.url, DEMO_USERS.admin);
      await waitForPath(state.admin, '/users');
      await expect.poll(() => unreadCount(state.admin)).not.toBeNull();
      state.adminUnreadBefore = (await unreadCount(state.admin))!;

      const page = await open(SMALL_PHONE);
      state.applicantPage = page;
      await page.goto(url('/apply-now/sunrise'));
      await heading(page, 'Apply now').waitFor();
      await expect.poll(() => page.locator('main').textContent()).toContain('Sunrise Home Care');
      await axe(page, 'apply-now (empty)');

      await page.getByLabel('Position').selectOption({ label: POSITION_LABEL });
      await page.getByLabel('First name').fill(applicant.first);
      await page.getByLabel('Last name').fill(applicant.last);
      await page.getByLabel('Email').fill(applicant.email);
      await page.getByLabel('Phone').fill(applicant.phone);
      await page.getByLabel('Home address').fill('12 Willow Court, Springfield');
      for (const day of ['Monday', 'Wednesday', 'Friday']) await page.getByLabel(day, { exact: true }).check();
      for (const shift of ['Morning', 'Afternoon']) await page.getByLabel(shift, { exact: true }).check();
      await page.getByLabel('Hours per week you want (optional)').fill('32');
      await page.getByLabel('Years of experience in care').fill('4');
      await page
        .getByLabel('Your experience')
        .fill('Four years as a personal care aide: bathing, transfers, vital signs, meal preparation.');

      // The drop refuses what is not PDF or Word, with the file drop's rejection text, and keeps nothing.
      const zone = dropZone(page, 'Resume');
      await dropFile(page, zone, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a resume') });
      const rejections = page.getByRole('alert').filter({ hasText: 'notes.txt' });
      await expect.poll(() => rejections.textContent()).toBe('notes.txt: File type must be .pdf, .doc, .docx');
      await dropFile(page, zone, { name: 'photo.png', mimeType: 'image/png', buffer: PNG });
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: 'photo.png' }).textContent())
        .toBe('photo.png: File type must be .pdf, .doc, .docx');
      expect(await page.getByRole('list', { name: 'Chosen files' }).count()).toBe(0);
      await shot(page, 'phone-apply-rejected-drop');
      // A PDF is kept.
      await dropFile(page, zone, {
        name: 'jordan-rivera-resume.pdf',
        mimeType: 'application/pdf',
        buffer: pdf('Jordan Rivera - Home Health Aide'),
      });
      await page.getByRole('list', { name: 'Chosen files' }).getByText('jordan-rivera-resume.pdf').waitFor();
      expect(await page.getByRole('alert').filter({ hasText: 'File type must be' }).count()).toBe(0);

      await page.getByRole('checkbox', { name: /I certify that the information in this application is true/ }).check();
      const submit = page.getByRole('button', { name: 'Submit application' });
      expect(await submit.isDisabled(), 'submit stays disabled until signed').toBe(true);
      await drawSignature(page, signaturePad(page, 'Your signature'), { touch: true });
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await shot(page, 'phone-apply-filled');
      await axe(page, 'apply-now (filled)');

      const created = page.waitForResponse(
        (response) => response.url().endsWith('/api/applications/') && response.request().method() === 'POST',
      );
      await submit.click();
      expect((await created).status()).toBe(201);
      await heading(page, /received your application/).waitFor();
      expect(await page.locator('main').textContent()).toContain(applicant.email);
      await shot(page, 'phone-apply-thanks');
      await axe(page, 'apply-now (thank you)');
    });

    it('2. the admin sees it on /applications (the unread count moved without a reload), accepts it, finds the sign-up mail on /dev with its link redacted (the link goes to the applicant only); rejecting another asks for a reason and keeps it', async () => {
      const page = state.admin;
      await focusWindow(page);
      await expect.poll(() => unreadCount(page), { timeout: 15_000 }).toBe(state.adminUnreadBefore + 1);

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Applications' }).click();
      await waitForPath(page, '/applications');
      const row = page.getByRole('link', { name: applicantName });
      await row.waitFor();
      await axe(page, 'applications (list)');
      await shot(page, 'applications-list');
      await row.click();
      await heading(page, applicantName).waitFor();
      expect(await page.locator('main').textContent()).toContain(`Application for ${POSITION_LABEL}`);
      expect(await page.locator('main').textContent()).toContain('jordan-rivera-resume.pdf');
      await page.getByRole('img', { name: `Signature of ${applicantName}` }).waitFor();
      await axe(page, 'applications (detail)');

      await page.getByRole('button', { name: 'Accept', exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: `Accept ${applicantName}?` });
      await dialog.waitFor();
      await axe(page, 'applications (accept dialog)');
      const accepted = page.waitForResponse((response) => /\/api\/applications\/\d+\/accept\/$/.test(response.url()));
      await dialog.getByRole('button', { name: 'Accept' }).click();
      const answer = await (await accepted).json();
      expect(answer.employee.status).toBe('NEW');
      expect(answer.employee.position).toBe('HHA');
      expect(answer.application.status).toBe('ACCEPTED');
      state.employeeId = answer.employee.id;
      await page.getByText(`is now an employee and the sign-up invitation was sent to ${applicant.email}`).waitFor();
      await shot(page, 'applications-accepted');

      // The sign-up mail: /dev shows it with its token redacted and no link to follow; the working link went
      // only to the applicant, here the server's console (console-mail mode: no SMTP_URL).
      await page.goto(url('/dev'));
      const mail = page
        .getByRole('row')
        .filter({ hasText: applicant.email })
        .filter({ hasText: 'Welcome to Sunrise Home Care' });
      await mail.first().waitFor();
      expect(await mail.first().textContent()).toMatch(/\/sign-up\/[^/\s]+\/\[redacted\]\/sunrise/);
      expect(await mail.first().locator('a').count()).toBe(0);
      const printed = () =>
        new RegExp(`To: ${applicant.email.replace(/[.+]/g, '\\$&')}\\n[^]*?(/sign-up/[^/\\s]+/[^/\\s]+/sunrise)`).exec(
          suite.server.output(),
        )?.[1];
      await expect.poll(printed, { timeout: 10_000 }).toBeTruthy();
      state.signUpPath = printed()!;
      expect(state.signUpPath).not.toContain('[redacted]');
      await axe(page, 'dev (outbox)');

      // Rejecting another application asks for a reason and keeps it.
      const form = new FormData();
      const other = { first_name: 'Casey', last_name: `Morgan${tag}`, email: `casey.${tag}@applicant.example` };
      for (const [key, value] of Object.entries({
        position: 'HCC',
        ...other,
        phone: '(555) 100-2000',
        address: '1 Elm Street',
        availability: JSON.stringify({ days: ['SAT'], shifts: ['EVENING'] }),
        experience: 'Two years with my grandmother.',
        years_experience: '2',
        attestation: 'true',
        attestation_signature: `data:image/png;base64,${PNG.toString('base64')}`,
      }))
        form.append(key, value);
      form.append('resume', new Blob([new Uint8Array(pdf('Casey Morgan'))], { type: 'application/pdf' }), 'casey.pdf');
      const posted = await fetch(url('/api/applications/'), {
        method: 'POST',
        headers: { 'x-organization-token': 'sunrise' },
        body: form,
      });
      expect(posted.status, await posted.clone().text()).toBe(201);
      const otherId = (await posted.json()).id as number;

      await page.goto(url(`/applications?id=${otherId}`));
      const otherName = `${other.first_name} ${other.last_name}`;
      await heading(page, otherName).waitFor();
      await page.getByRole('button', { name: 'Reject', exact: true }).click();
      const reject = page.getByRole('dialog', { name: `Reject ${otherName}?` });
      await reject.waitFor();
      const confirm = reject.getByRole('button', { name: 'Reject application' });
      const reason = reject.getByLabel('Reason');
      await reason.fill(' ');
      await reason.blur();
      await expect
        .poll(
          async () =>
            (await confirm.isDisabled()) || (await reject.getByText('Enter the reason for the rejection').count()) > 0,
        )
        .toBe(true);
      await axe(page, 'applications (reject dialog)');
      await reason.fill('Only weekend evenings; we need weekday cover.');
      await confirm.click();
      await reject.waitFor({ state: 'detached' });
      await page.getByText('Only weekend evenings; we need weekday cover.').waitFor();
      // Kept: after a reload, and in the API.
      await page.reload();
      await page.getByText('Only weekend evenings; we need weekday cover.').waitFor();
      const kept = await callApi<{ status: string; rejection_reason: string }>(page, 'applications_retrieve', {
        id: otherId,
      });
      expect(kept).toMatchObject({
        status: 'REJECTED',
        rejection_reason: 'Only weekend evenings; we need weekday cover.',
      });
      await shot(page, 'applications-rejected');
    });

    it('3. the new employee follows the sign-up link on a phone, sets a password against the rules, lands on /profile/incomplete-documents and is kept inside the forms-due prefixes', async () => {
      const page = await open(SMALL_PHONE);
      state.employee = page;
      await page.goto(url(state.signUpPath));
      await heading(page, 'Create your password').waitFor();
      await axe(page, 'sign-up');
      // A password against the rules is refused with the rule's wording.
      await page.getByLabel('Password', { exact: true }).fill('123456789012');
      await page.getByLabel('Repeat password').fill('123456789012');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText("Your password can't be entirely numeric.").first().waitFor();
      expect(new URL(page.url()).pathname).toBe(state.signUpPath);
      await shot(page, 'phone-sign-up-refused');

      await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
      // Tab away as a person does (validation on blur sees both fields; see the report on a validation race)
      await page.keyboard.press('Tab');
      await expect.poll(() => page.getByRole('button', { name: 'Create account' }).isEnabled()).toBe(true);
      await page.getByRole('button', { name: 'Create account' }).click();
      await waitForPath(page, '/profile/incomplete-documents');
      await heading(page, 'Incomplete documents').waitFor();
      await page
        .getByRole('link', { name: /^Fill in and sign: / })
        .first()
        .waitFor();
      await shot(page, 'phone-incomplete-documents');
      await axe(page, 'profile/incomplete-documents (forms due)');

      // Confined: known routes outside the forms-due prefixes send them back.
      for (const outside of ['/work-schedule', '/profile', '/notifications']) {
        await page.goto(url(outside));
        await waitForPath(page, '/profile/incomplete-documents');
        await heading(page, 'Incomplete documents').waitFor();
      }
    });

    it('4. they sign each form, upload the documents with expiry dates, pass the written test; the RN observes the six skills with her signature; the result page shows the outcome', async () => {
      const page = state.employee;
      type Field = { key: string; label: string; type: string; required: boolean; options?: string[] };
      // Each requested form, from the list of what is due.
      for (let round = 0; round < 10; round++) {
        await page.goto(url('/profile/incomplete-documents'));
        await heading(page, 'Incomplete documents').waitFor();
        await settled(page);
        const link = page.getByRole('link', { name: /^Fill in and sign: / }).first();
        if (!(await link.count())) break;
        await link.click();
        await waitForPath(page, /^\/onboarding\/form-request\/\d+$/);
        const id = Number(new URL(page.url()).pathname.split('/').pop());
        const request = await callApi<{ template: { name: string; fields: Field[] } }>(page, 'form_requests_retrieve', {
          id,
        });
        await heading(page, request.template.name).waitFor();
        if (round === 0) await axe(page, 'onboarding/form-request/:id');
        for (const field of request.template.fields) {
          const input = page.getByLabel(field.label, { exact: false }).first();
          if (field.type === 'checkbox') await input.check();
          else if (field.type === 'select') await input.selectOption({ label: field.options![0]! });
          else if (field.type === 'date') await typeDate(input, '14.05.1991');
          else if (field.required)
            await input.fill(field.key.includes('phone') ? '(555) 730-2020' : `${applicantName} (${field.label})`);
        }
        await drawSignature(page, signaturePad(page, 'Your signature'), { touch: true });
        if (round === 0) await shot(page, 'phone-form-request-filled');
        const submitted = page.waitForResponse((response) =>
          /\/api\/onboarding\/form-requests\/\d+\/submit\/$/.test(response.url()),
        );
        await page.getByRole('button', { name: 'Sign and submit' }).click();
        expect((await submitted).status()).toBe(200);
        await waitForPath(page, '/profile/incomplete-documents');
        await page.getByText(`“${request.template.name}” was signed and sent to the office.`).waitFor();
      }
      expect(await page.getByRole('link', { name: /^Fill in and sign: / }).count()).toBe(0);

      // The documents, each with its expiry date, chosen with the file picker as on a phone.
      await page
        .getByRole('link', { name: /^Upload: / })
        .first()
        .click();
      await waitForPath(page, '/profile/documents');
      await heading(page, 'My documents').waitFor();
      await settled(page);
      await axe(page, 'profile/documents (to upload)');
      const documents = await callApi<
        | { id: number; name: string; requires_expiry: boolean; status: string }[]
        | { results: { id: number; name: string; requires_expiry: boolean; status: string }[] }
      >(page, 'profile_documents_list');
      const slots = (Array.isArray(documents) ? documents : documents.results).filter((d) => d.status === 'MISSING');
      expect(slots.length).toBeGreaterThan(0);
      for (const [index, slot] of slots.entries()) {
        const card = page
          .getByRole('region', { name: slot.name })
          .or(page.locator(`#document-${slot.id}`))
          .first();
        const chooser = page.waitForEvent('filechooser');
        await card.getByRole('button', { name: 'File Choose a file' }).click();
        const file =
          index === 1
            ? { name: 'tb-test.png', mimeType: 'image/png', buffer: PNG }
            : {
                name: `${slot.name.toLowerCase().replace(/\W+/g, '-')}.pdf`,
                mimeType: 'application/pdf',
                buffer: pdf(slot.name),
              };
        await (await chooser).setFiles(file);
        await card.getByText(file.name).first().waitFor();
        if (slot.requires_expiry) await typeDate(card.getByLabel('Expiry date'), maskedDate(200 + index * 100).masked);
        const uploaded = page.waitForResponse((response) =>
          response.url().endsWith(`/api/profile/documents/${slot.id}/file/`),
        );
        await card.getByRole('button', { name: 'Upload' }).click();
        expect((await uploaded).status()).toBe(200);
        await card.getByText('Uploaded. The office will review it.').waitFor();
      }
      await shot(page, 'phone-documents-uploaded');
      await axe(page, 'profile/documents (uploaded)');

      // The competency test: the written part, answered from the seeded test's answers (admin API).
      await page.goto(url('/profile/incomplete-documents'));
      await page.getByRole('link', { name: /^Take the test: / }).click();
      await waitForPath(page, /^\/onboarding\/test-request\/\d+$/);
      state.testRequestId = Number(new URL(page.url()).pathname.split('/').pop());
      const request = await callApi<{
        test: {
          id: number;
          name: string;
          pass_mark: number;
          questions: { id: string; text: string; choices: string[]; answer?: number }[];
        };
      }>(page, 'test_requests_retrieve', { id: state.testRequestId });
      expect(
        request.test.questions.every((question) => question.answer === undefined),
        'answers hidden before submitting',
      ).toBe(true);
      state.testId = request.test.id;
      const withAnswers = await callApi<{
        pass_mark: number;
        questions: { id: string; text: string; choices: string[]; answer: number }[];
      }>(state.admin, 'competency_tests_retrieve', { id: state.testId });
      await heading(page, request.test.name).waitFor();
      await axe(page, 'onboarding/test-request/:id (written)');
      // the attempt asks the questions in its own order
      for (const [index, asked] of request.test.questions.entries()) {
        const question = withAnswers.questions.find((candidate) => candidate.id === asked.id)!;
        const group = page.getByRole('group', { name: `${index + 1}. ${question.text}` });
        await group.getByRole('radio', { name: question.choices[question.answer]!, exact: true }).check();
      }
      await shot(page, 'phone-test-answered');
      await page.getByRole('button', { name: 'Submit test' }).click();
      const confirmSubmit = page.getByRole('alertdialog', { name: 'Submit your answers?' });
      await confirmSubmit.waitFor();
      await shot(page, 'phone-test-confirm');
      await confirmSubmit.getByRole('button', { name: 'Submit answers' }).click();
      await waitForPath(page, '/onboarding/test-request/result');
      await heading(page, 'Competency test result').waitFor();
      await expect.poll(() => page.locator('main').textContent()).toMatch(/100\s*%/);
      await shot(page, 'phone-test-awaiting-observation');
      await axe(page, 'onboarding/test-request/result (awaiting observation)');

      // The RN observes the six skills on her phone and signs.
      const nurse = await open(SMALL_PHONE);
      await signIn(nurse, suite.server.url, DEMO_USERS.nurse);
      await waitForPath(nurse, '/work-schedule');
      await nurse.goto(url('/onboarding'));
      const observe = nurse.getByRole('link', { name: new RegExp(`^Observe ${applicantName}`) });
      await observe.waitFor();
      await axe(nurse, 'onboarding (RN: skills checks)');
      await observe.click();
      await waitForPath(nurse, `/onboarding/test-request/${state.testRequestId}`);
      await heading(nurse, `Skills check: ${applicantName}`).waitFor();
      const skills = nurse.getByRole('form', { name: 'Skills observation' }).getByRole('group');
      await skills.first().waitFor();
      const skillCount = await skills.count();
      expect(skillCount).toBe(6);
      for (let i = 0; i < skillCount; i++)
        await skills.nth(i).getByRole('radio', { name: 'Satisfactory', exact: true }).check();
      await drawSignature(nurse, signaturePad(nurse, 'Your signature (registered nurse)'), { touch: true });
      await axe(nurse, 'onboarding/test-request/:id (RN observation)');
      await shot(nurse, 'phone-nurse-observation');
      const observed = nurse.waitForResponse((response) =>
        response.url().endsWith(`/api/onboarding/test-requests/${state.testRequestId}/observation/`),
      );
      await nurse.getByRole('button', { name: 'Record observation' }).click();
      const observation = await (await observed).json();
      expect(observation.status).toBe('PASSED');
      expect(observation.skill_results).toHaveLength(6);
      expect(observation.skill_results.every((skill: { satisfactory: boolean }) => skill.satisfactory)).toBe(true);

      // The outcome, on the employee's result page.
      await page.goto(url(`/onboarding/test-request/result?id=${state.testRequestId}`));
      await heading(page, 'Competency test result').waitFor();
      await expect.poll(() => page.locator('main').textContent()).toMatch(/passed/i);
      await shot(page, 'phone-test-result-passed');
      await axe(page, 'onboarding/test-request/result (passed)');
    });

    it('5. the admin reviews the employee on /employees/:id/*; "Mark ready to hire" is refused with what is missing, then accepted; the employee gets the READY permissions and /work-schedule on their next request', async () => {
      const page = state.admin;
      const base = `/employees/${state.employeeId}`;
      await page.goto(url('/employees'));
      await heading(page, 'Employees').waitFor();
      await page
        .getByRole('link', { name: new RegExp(applicant.last) })
        .first()
        .waitFor();
      await axe(page, 'employees (list)');

      await page.goto(url(`${base}/details`));
      await heading(page, applicantName).waitFor();
      await page.getByLabel('First name').waitFor();
      expect(await page.getByLabel('First name').inputValue()).toBe(applicant.first);
      await axe(page, 'employees/:id/details');
      await shot(page, 'employee-details');

      // Refused while something is missing (documents await review, a form awaits the countersignature).
      await page.getByRole('link', { name: 'Onboarding', exact: true }).click();
      await waitForPath(page, `${base}/onboarding`);
      const markReady = page.getByRole('button', { name: 'Mark ready to hire' });
      await markReady.waitFor();
      const refused = page.waitForResponse((response) =>
        response.url().endsWith(`/api/employees/${state.employeeId}/ready/`),
      );
      await markReady.click();
      const refusal = await refused;
      expect(refusal.status()).toBe(400);
      const missing = (await refusal.json()).fields.checklist as string[];
      expect(missing.length).toBeGreaterThan(0);
      const shown = page.getByRole('list', { name: /cannot be marked ready to hire yet/ });
      await shown.waitFor();
      for (const item of missing) await shown.getByText(item, { exact: true }).waitFor();
      expect(missing.some((item) => /awaits review/.test(item))).toBe(true);
      await shot(page, 'employee-ready-refused');
      await axe(page, 'employees/:id/onboarding (refused)');

      // Countersign the forms that need the office's signature: each opens the office's view of the form (the
      // employee's answers and signature, then the pad), which goes back to the Onboarding tab.
      await settled(page);
      for (let round = 0; round < 5; round++) {
        const countersign = page.getByRole('link', { name: /^Countersign / }).first();
        if (!(await countersign.count())) break;
        const label = (await countersign.getAttribute('aria-label'))!;
        await countersign.click();
        await waitForPath(page, new RegExp(`^${base}/onboarding/form-request/\\d+$`));
        const pad = page.getByRole('form', { name: label });
        await pad.waitFor();
        await page.getByRole('img', { name: `Signature of ${applicantName}` }).waitFor();
        await drawSignature(page, signaturePad(pad, 'Your signature'), { touch: false });
        if (round === 0) await axe(page, 'employees/:id/onboarding/form-request/:id (countersign)');
        await pad.getByRole('button', { name: 'Countersign' }).click();
        await page.getByText(/was countersigned\.$/).waitFor();
        await page.getByRole('link', { name: /^Back to .*’s onboarding$/ }).click();
        await waitForPath(page, `${base}/onboarding`);
        // the checklist reloads: wait until this form's link is gone before looking again
        await expect.poll(() => page.getByRole('link', { name: label, exact: true }).count()).toBe(0);
      }
      expect(missing.filter((item) => /countersignature/.test(item)).length).toBeGreaterThan(0);

      // Documents: the expiry dates the employee gave, then approved.
      await page.getByRole('link', { name: 'Documents', exact: true }).click();
      await waitForPath(page, `${base}/documents`);
      const approveButtons = page.getByRole('button', { name: /^Approve / });
      await approveButtons.first().waitFor();
      await axe(page, 'employees/:id/documents (to review)');
      await shot(page, 'employee-documents-pending');
      const expected = new Set([200, 300, 400, 500, 600].map((days) => maskedDate(days).iso));
      const listed = await callApi<
        { name: string; expires_on: string | null; status: string; requires_expiry: boolean }[]
      >(page, 'employees_documents_list', { id: state.employeeId });
      for (const document of listed.filter((d) => d.requires_expiry)) {
        expect(document.status, document.name).toBe('PENDING');
        expect(expected.has(document.expires_on ?? ''), `${document.name} expires ${document.expires_on}`).toBe(true);
        await page.getByRole('row').filter({ hasText: document.name }).getByText(/\d{4}/).first().waitFor();
      }
      for (let round = 0; round < 10; round++) {
        const approve = approveButtons.first();
        if (!(await approve.count())) break;
        const name = ((await approve.getAttribute('aria-label')) ?? '').replace(/^Approve /, '');
        await approve.click();
        const dialog = page.getByRole('dialog', { name: `Approve ${name}` });
        if (await dialog.isVisible().catch(() => false)) await dialog.getByRole('button', { name: 'Approve' }).click();
        await page.getByText(`${name} was approved.`).waitFor();
      }
      await shot(page, 'employee-documents-approved');
      await axe(page, 'employees/:id/documents (approved)');

      // A note typed by one of the organization's note types.
      await page.getByRole('link', { name: 'Notes', exact: true }).click();
      await waitForPath(page, `${base}/notes`);
      await page.getByLabel('Note type').selectOption({ label: 'Interview' });
      await page
        .getByLabel('Note', { exact: true })
        .fill('Phone interview: warm, punctual, strong transfer technique.');
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.getByText('Phone interview: warm, punctual, strong transfer technique.').waitFor();
      const noteText = 'Phone interview: warm, punctual, strong transfer technique.';
      await expect
        .poll(async () => {
          const notes = await callApi<{ results: { type: { name: string }; text: string }[] }>(
            page,
            'employees_notes_list',
            { id: state.employeeId, limit: 50, offset: 0 },
          );
          return notes.results.find((note) => note.text === noteText)?.type.name ?? JSON.stringify(notes).slice(0, 300);
        })
        .toBe('Interview');
      await axe(page, 'employees/:id/notes');
      await shot(page, 'employee-notes');

      // The checklist is complete: ready to hire.
      await page.getByRole('link', { name: 'Onboarding', exact: true }).click();
      await waitForPath(page, `${base}/onboarding`);
      await page.getByText('Everything required is done.', { exact: false }).waitFor();
      await axe(page, 'employees/:id/onboarding (complete)');
      const accepted = page.waitForResponse((response) =>
        response.url().endsWith(`/api/employees/${state.employeeId}/ready/`),
      );
      await page.getByRole('button', { name: 'Mark ready to hire' }).click();
      expect((await accepted).status()).toBe(200);
      await page.getByText(`${applicantName} is ready to hire and has been notified.`).waitFor();
      await shot(page, 'employee-ready');
      for (const tab of ['schedule', 'payroll']) {
        await page.goto(url(`${base}/${tab}`));
        await heading(page, applicantName).waitFor();
        await axe(page, `employees/:id/${tab}`);
      }

      // The employee, on their next request: READY permissions, home /work-schedule.
      const employee = state.employee;
      await focusWindow(employee);
      const me = await callApi<{ permissions: string[]; profile: { status: string; forms_due: number } }>(
        employee,
        'auth_user_retrieve',
      );
      expect(me.profile).toMatchObject({ status: 'READY', forms_due: 0 });
      expect([...me.permissions].sort()).toEqual(permissionsFor('ROLE_EMPLOYEE', 'READY').sort());
      expect(me.permissions).not.toEqual(permissionsFor('ROLE_EMPLOYEE', 'NEW'));
      await employee.reload();
      await employee.goto(url('/'));
      await waitForPath(employee, '/work-schedule');
      await employee.getByRole('link', { name: 'Sunrise Home Care' }).click();
      await waitForPath(employee, '/work-schedule');
      await employee.goto(url('/profile/documents'));
      await heading(employee, 'My documents').waitFor();
      await shot(employee, 'phone-ready-work-schedule');
    });

    it('6. notifications: the admin and the employee see theirs, the unread count is live, /notifications/:type filters, marking read lowers the count', async () => {
      // The admin: the new application and the submitted test.
      const admin = state.admin;
      await admin.goto(url('/notifications'));
      await heading(admin, 'Notifications').waitFor();
      const list = admin.getByRole('list', { name: 'Notifications' });
      await list.getByText(new RegExp(applicantName)).first().waitFor();
      const adminAll = await callApi<{
        results: { id: number; type: string; title: string; body: string; read_at: string | null }[];
      }>(admin, 'notifications_list', { limit: 100 });
      const mine = adminAll.results.filter((n) => `${n.title} ${n.body}`.includes(applicant.last));
      const types = new Set(mine.map((n) => n.type));
      expect(types.has('application_received'), JSON.stringify(mine)).toBe(true);
      expect(types.has('test_submitted'), JSON.stringify(mine)).toBe(true);
      await axe(admin, 'notifications (admin)');
      await shot(admin, 'notifications-admin');

      await admin.goto(url('/notifications/application_received'));
      await heading(admin, 'Notifications: Applications').waitFor();
      const filtered = admin.getByRole('list', { name: 'Notifications: Applications' });
      await filtered.getByText(new RegExp(applicantName)).first().waitFor();
      const filteredTypes = await callApi<{ results: { type: string }[] }>(admin, 'notifications_list', {
        type: 'application_received',
        limit: 100,
      });
      expect(new Set(filteredTypes.results.map((n) => n.type))).toEqual(new Set(['application_received']));
      await axe(admin, 'notifications/:type (admin)');

      const before = (await unreadCount(admin))!;
      expect(before).toBeGreaterThan(0);
      await filtered
        .getByRole('button', { name: /^Mark as read: / })
        .first()
        .click();
      await expect.poll(() => unreadCount(admin)).toBe(before - 1);

      // The employee (READY now, so the bell shows): the onboarding request, the test result, ready to hire.
      const employee = state.employee;
      await employee.goto(url('/work-schedule'));
      await expect.poll(() => unreadCount(employee)).toBeGreaterThan(0);
      const employeeUnread = (await unreadCount(employee))!;
      const own = await callApi<{ results: { type: string; read_at: string | null }[] }>(
        employee,
        'notifications_list',
        { limit: 100 },
      );
      const ownTypes = new Set(own.results.map((n) => n.type));
      for (const type of ['form_requested', 'test_completed', 'employee_ready'])
        expect(ownTypes.has(type), `${type} in ${[...ownTypes].join(', ')}`).toBe(true);
      expect(own.results.filter((n) => !n.read_at)).toHaveLength(employeeUnread);

      await employee.goto(url('/notifications'));
      await heading(employee, 'Notifications').waitFor();
      await shot(employee, 'phone-notifications');
      await axe(employee, 'notifications (employee)');
      await employee.goto(url('/notifications/test_completed'));
      await heading(employee, 'Notifications: Test results').waitFor();
      await employee.getByRole('list', { name: 'Notifications: Test results' }).getByRole('listitem').first().waitFor();
      await axe(employee, 'notifications/:type (employee)');
      await employee
        .getByRole('button', { name: /^Mark as read: / })
        .first()
        .click();
      await expect.poll(() => unreadCount(employee)).toBe(employeeUnread - 1);
      await employee.getByRole('navigation', { name: 'Notification types' }).getByRole('link', { name: 'All' }).click();
      await waitForPath(employee, '/notifications');
      await heading(employee, 'Notifications').waitFor();
      await shot(employee, 'phone-notifications-one-read');
      await employee.getByRole('button', { name: 'Mark all as read' }).click();
      await expect.poll(() => unreadCount(employee)).toBe(0);
      await shot(employee, 'phone-notifications-read');

      // Without a reload: the admin sends a new required form; on focus the employee's count shows it and the
      // forms-due rule confines them again.
      const templates = await callApi<{ results: { id: number; name: string; required: boolean; active: boolean }[] }>(
        admin,
        'form_templates_list',
        { limit: 100 },
      );
      const template =
        templates.results.find((t) => t.required && t.active && t.name === 'Emergency contact') ??
        templates.results.find((t) => t.required && t.active)!;
      await callApi(admin, 'form_requests_create', null, {
        template_id: template.id,
        employee_ids: [state.employeeId],
      });
      await focusWindow(employee);
      await expect.poll(() => unreadCount(employee), { timeout: 15_000 }).toBe(1);
      await employee.getByRole('link', { name: /unread notification/ }).click();
      await waitForPath(employee, '/profile/incomplete-documents');
      await employee.getByRole('link', { name: `Fill in and sign: ${template.name}` }).waitFor();
      await shot(employee, 'phone-new-form-confined');
    });

    it('the other pages of issue 3 open for axe-core: new employee, onboarding settings (each tab), the employee checklist', async () => {
      const admin = state.admin;
      await admin.goto(url('/employees/new'));
      await heading(admin, 'New employee').waitFor();
      await axe(admin, 'employees/new');
      for (const tab of ['form-templates', 'note-types', 'document-types', 'competency-tests', 'send-requests']) {
        // the admin's settings live at /employees/onboarding (inside the admin's prefixes; /onboarding is not)
        await admin.goto(url(`/employees/onboarding${tab === 'form-templates' ? '' : `?tab=${tab}`}`));
        await heading(admin, 'Onboarding').waitFor();
        await axe(admin, `onboarding?tab=${tab} (admin settings)`);
      }
      await shot(admin, 'onboarding-settings');
      const employee = state.employee;
      await employee.goto(url('/onboarding'));
      await heading(employee, /Onboarding/)
        .first()
        .waitFor();
      await axe(employee, 'onboarding (employee checklist)');
      await shot(employee, 'phone-onboarding-checklist');
    });

    it('axe-core: no serious or critical violation on any page of the journey', () => {
      expect(axeChecked.length).toBeGreaterThan(20);
      expect(axeFindings, axeReport()).toEqual([]);
    });

    it('no uncaught exception in any page of the journey', () => {
      const pages = [state.admin, state.applicantPage, state.employee].filter(Boolean);
      const errors = pages.flatMap((page) => page.problems.filter((problem) => problem.startsWith('pageerror')));
      expect(errors).toEqual([]);
    });
  });
}
