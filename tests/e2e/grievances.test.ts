/**
 * Grievances in headless Chromium against the real server (PGlite); the steps share one server
 * and run in order.
 *
 * 1. An employee files a grievance at /grievances on a 390×844 phone. The demo aide has a required form due,
 *    so spec 6 confines her to the onboarding pages; the READY nurse (no form due) files instead.
 * 2. The client files a concern from /clients/welcome ("Report a concern") and sees it Received.
 * 3. The admin opens the grievance desk from the menu and records a call taken by phone.
 * 4. The admin moves the client's concern through every state (Received → Investigating → Resolved →
 *    Complainant notified → Closed → Reopened → Investigating) with notes, one of them internal.
 * 5. The client sees every state and the resolution, never the internal note.
 *
 * Screenshots go to tests/e2e/.artifacts/grievances-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, DEMO_USERS, screenshot, useJourneyPages, useSuite, waitForPath } from './harness';

const STEP = 150_000; // per step: the machine is shared and slow

const CLIENT_CONCERN = 'The Sunday aide was rude to my daughter.';
const INTERNAL_NOTE = 'Spoke with the aide: she admits raising her voice. Written warning.';
const PUBLIC_NOTE = 'We are looking into it and will call you by Friday.';
const RESOLUTION = 'A different aide comes on Sundays from next week, and the aide has apologised.';

describe.sequential('grievances, end to end', () => {
  const suite = useSuite();
  const { signedIn } = useJourneyPages(suite);
  const state = {} as { office: Page; client: Page; grievancePath: string };

  it('1. the nurse files a grievance at /grievances on a phone and sees it Received', { timeout: STEP }, async () => {
    const page = await signedIn(DEMO_USERS.nurse, PHONE);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Grievances' }).click();
    await waitForPath(page, '/grievances');
    const form = page.getByRole('form', { name: 'File a grievance' });
    await form.getByLabel('What is it about?').selectOption({ label: 'Schedule' });
    await form.getByLabel('What happened?').fill('My Monday visits were moved to nights without asking me.');
    await form.getByLabel('Who was involved? (optional)').fill('The scheduler');
    await form.getByLabel('What outcome do you want? (optional)').fill('My day visits back.');
    await form.getByRole('button', { name: 'Send grievance' }).click();
    await page.getByText('Thank you. Your grievance was received; the office will follow up.').waitFor();
    const mine = page.getByRole('region', { name: 'Your grievances' }).getByRole('listitem').first();
    await expect.poll(() => mine.innerText()).toContain('Schedule');
    expect(await mine.innerText()).toContain('Received');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'grievances-nurse-phone');
    await mine.getByRole('link', { name: 'Schedule' }).click();
    await waitForPath(page, /^\/grievances\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Schedule' }).waitFor();
    expect(await page.getByRole('list', { name: 'Trail' }).innerText()).toContain('Received');
  });

  it('2. the client files a concern from /clients/welcome and sees it Received', { timeout: STEP }, async () => {
    const page = await signedIn(DEMO_USERS.client, PHONE);
    state.client = page;
    await waitForPath(page, '/clients/welcome');
    const form = page.getByRole('form', { name: 'Report a concern' });
    await form.getByLabel('What is it about?').selectOption({ label: 'Staff conduct' });
    await form.getByLabel('What happened?').fill(CLIENT_CONCERN);
    await form.getByLabel('Who was involved? (optional)').fill('The Sunday aide');
    await form.getByRole('button', { name: 'Send concern' }).click();
    await page.getByText('Thank you. Your concern was received; the office will follow up.').waitFor();
    const first = page.getByRole('region', { name: 'Your concerns' }).getByRole('listitem').first();
    await expect.poll(() => first.innerText()).toContain('Staff conduct');
    expect(await first.innerText()).toContain('Received');
    await screenshot(page, 'grievances-client-phone');
  });

  it('3. the admin opens the desk from the menu and records a call taken by phone', { timeout: STEP }, async () => {
    const page = await signedIn(DEMO_USERS.admin, DESKTOP);
    state.office = page;
    await page.getByRole('link', { name: 'Grievance desk' }).first().click();
    await waitForPath(page, '/clients/grievances');
    const table = page.getByRole('table', { name: 'Grievances' });
    await table.getByRole('link', { name: 'Staff conduct' }).first().waitFor();
    // the seeded concern under investigation and the nurse's are on the desk too
    expect(await table.innerText()).toContain('Clara Whitfield');
    expect(await table.innerText()).toContain('Nora Okafor');
    await screenshot(page, 'grievances-desk');

    await page.getByRole('link', { name: 'Record a grievance' }).click();
    await waitForPath(page, '/clients/grievances/new');
    const form = page.getByRole('form', { name: 'Taken by phone or in person' });
    await form.getByLabel('How was it taken?').selectOption({ label: 'By phone' });
    await form.getByLabel('Who complains?').selectOption({ label: 'Someone else' });
    await form.getByLabel('Name of the person who complains').fill('Rita Moss (neighbour)');
    await form.getByLabel('What is it about?').selectOption({ label: 'Billing' });
    await form.getByLabel('What happened?').fill('She was billed twice for December.');
    await form.getByRole('button', { name: 'Record grievance' }).click();
    await waitForPath(page, /^\/clients\/grievances\/\d+$/);
    await page.getByText('The grievance was recorded.').waitFor();
    const details = await page.getByRole('region', { name: 'Details' }).innerText();
    expect(details).toContain('Rita Moss (neighbour)');
    expect(await page.getByRole('region', { name: 'State' }).innerText()).toContain('phone');
  });

  it(
    '4. the admin moves the client’s concern through every state with notes, one internal',
    { timeout: STEP * 2 },
    async () => {
      const page = state.office;
      await page.goto(`${suite.server.url}/clients/grievances`);
      const row = page
        .getByRole('table', { name: 'Grievances' })
        .locator('tbody tr', { hasText: 'Clara Whitfield' })
        .filter({ hasText: 'Staff conduct' })
        .first();
      await row.getByRole('link', { name: 'Staff conduct' }).click();
      await waitForPath(page, /^\/clients\/grievances\/\d+$/);
      state.grievancePath = new URL(page.url()).pathname;
      expect(await page.getByRole('region', { name: 'Details' }).innerText()).toContain(CLIENT_CONCERN);

      const moves = page.getByRole('group', { name: 'Move the grievance' });
      const move = async (button: string, note: string, resolution?: string) => {
        await moves.getByRole('button', { name: button, exact: true }).click();
        const dialog = page.getByRole('dialog');
        if (resolution !== undefined) await dialog.getByLabel('Resolution').fill(resolution);
        await dialog.getByLabel('Note (optional)').fill(note);
        await dialog.getByRole('button', { name: button, exact: true }).click();
        await dialog.waitFor({ state: 'detached' });
      };
      await move('Start investigating', PUBLIC_NOTE);
      await page.getByText('The grievance is now Investigating.').waitFor();

      // an internal note: the office's only
      await page.getByRole('form', { name: 'Add a note' }).getByLabel('Note').fill(INTERNAL_NOTE);
      await page.getByLabel('Internal: hidden from the complainant').check();
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.getByText('The internal note was added.').waitFor();

      // Resolve asks for the resolution first
      await moves.getByRole('button', { name: 'Resolve', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Resolution').fill(' ');
      await dialog.getByLabel('Resolution').blur();
      await dialog.getByText('Write the resolution: what was found and what was done.').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await move('Resolve', 'Resolved with the family.', RESOLUTION);
      await page.getByText('The grievance is now Resolved.').waitFor();
      await move('Complainant notified', 'Called Clara and her daughter.');
      await move('Close', 'Closed after the call.');
      await page.getByText('The grievance is now Closed.').waitFor();
      await move('Reopen', 'The daughter called again.');
      await move('Start investigating', 'Looking again.');
      await page.getByText('The grievance is now Investigating.').waitFor();

      const trail = await page.getByRole('list', { name: 'Trail' }).innerText();
      for (const step of [
        'Received',
        'Investigating',
        'Internal note',
        'Resolved',
        'Complainant notified',
        'Closed',
        'Reopened',
      ])
        expect(trail).toContain(step);
      expect(trail).toContain(INTERNAL_NOTE);
      expect(trail).toContain('Alice Grant');
      await screenshot(page, 'grievances-office-grievance');
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, 'grievances-office-grievance-phone');
      await page.setViewportSize(DESKTOP.viewport);
    },
  );

  it('5. the client sees every state and the resolution, never the internal note', { timeout: STEP }, async () => {
    const page = state.client;
    await page.goto(`${suite.server.url}/clients/welcome`);
    const concern = page.getByRole('region', { name: 'Your concerns' }).getByRole('listitem').first();
    await expect.poll(() => concern.innerText()).toContain('Investigating');
    await concern.getByRole('link', { name: 'Staff conduct' }).click();
    await waitForPath(page, /^\/clients\/welcome\/concerns\/\d+$/);
    expect(new URL(page.url()).pathname.split('/').pop()).toBe(state.grievancePath.split('/').pop());
    const trail = page.getByRole('list', { name: 'Trail' });
    await trail.waitFor();
    const text = await trail.innerText();
    for (const step of ['Received', 'Investigating', 'Resolved', 'Complainant notified', 'Closed', 'Reopened'])
      expect(text).toContain(step);
    expect(text).toContain(PUBLIC_NOTE);
    expect(text).toContain(RESOLUTION);
    expect(await page.content()).not.toContain('Written warning');
    expect(text).not.toContain('Internal note');
    expect(await page.getByRole('group', { name: 'Move the grievance' }).count()).toBe(0);
    await screenshot(page, 'grievances-client-trail-phone');
  });
});
