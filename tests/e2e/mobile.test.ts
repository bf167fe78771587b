import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  SMALL_PHONE,
  withPage,
  DEMO_USERS,
  describeViolations,
  screenshot,
  seriousAxeViolations,
  signIn,
  useSuite,
  waitForPath,
  settled,
} from './harness';

const suite = useSuite();

/** Nothing is wider than the screen (no sideways scrolling). */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function signInAs(page: Page, email: string, home: string) {
  await signIn(page, suite.server.url, email);
  await waitForPath(page, home);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await settled(page);
}

async function open(page: Page, path: string) {
  await page.goto(`${suite.server.url}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await settled(page);
}

/**
 * The header is one row: its items and controls all share one horizontal band (none wrapped under another),
 * and the person's name is there whole (not hidden, not cut).
 */
async function headerProblems(page: Page, name: string): Promise<string[]> {
  return page.evaluate((person) => {
    const problems: string[] = [];
    const header = document.querySelector('header');
    if (!header) return ['no header'];
    const holder = Array.from(header.querySelectorAll<HTMLElement>('*')).find(
      (element) =>
        element.textContent?.includes(person) &&
        !Array.from(element.children).some((child) => child.textContent?.includes(person)),
    );
    if (!holder) {
      problems.push(`the header does not name ${person}`);
    } else {
      const box = holder.getBoundingClientRect();
      const hidden = !holder.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) || box.width < 2;
      const cut = holder.scrollWidth > holder.clientWidth + 1 || box.left < 0 || box.right > window.innerWidth;
      if (hidden || cut) problems.push(`the person's name "${person}" is ${hidden ? 'hidden' : 'cut'} in the header`);
    }
    // the row's items: the header's own boxes (the organization and the name stack inside theirs) and every control
    const identity = Array.from(header.children).find((child) => holder && child.contains(holder));
    const items = [
      ...Array.from(header.children),
      ...Array.from(header.querySelectorAll('a, button, select')).filter((control) => !identity?.contains(control)),
    ];
    const boxes = items
      .filter((element) => element.checkVisibility() && element.getClientRects().length > 0)
      .map((element) => ({
        text: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
        box: element.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.width > 1 && box.height > 1);
    const lowestTop = Math.max(...boxes.map(({ box }) => box.top));
    const highestBottom = Math.min(...boxes.map(({ box }) => box.bottom));
    if (lowestTop >= highestBottom) {
      problems.push(
        `the header takes more than one row: ${boxes.map(({ text, box }) => `"${text}" at y=${Math.round(box.top)}–${Math.round(box.bottom)}`).join(', ')}`,
      );
    }
    return problems;
  }, name);
}

/**
 * Every visible link, button and control is at least 24 px tall, and the primary actions (the Menu button,
 * submit buttons, buttons in the primary colour, the page header's actions) at least 44 px. Returns the offenders.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const primaryColour = getComputedStyle(document.querySelector('header')!).backgroundColor;
    const offenders: string[] = [];
    const selector =
      'a[href], button, select, textarea, input:not([type="hidden"]), summary, [role="button"], [role="link"], [role="tab"]';
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden (the file input, captions)
      if (box.bottom <= 0 && element.matches('a[href^="#"]')) continue; // the skip link, shown on focus
      let height = box.height;
      if (element.matches('input[type="checkbox"], input[type="radio"]')) {
        // the label is part of the target
        const label =
          element.closest('label') ??
          (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null);
        if (label) height = Math.max(height, label.getBoundingClientRect().height);
      }
      const name = (
        element.getAttribute('aria-label') ??
        element.textContent ??
        (element as HTMLInputElement).name ??
        ''
      )
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      const description = `${element.tagName.toLowerCase()} "${name}" ${Math.round(height)} px`;
      const primary =
        element.matches('button[type="submit"], header button[aria-controls]') ||
        (element.matches('button, a') &&
          getComputedStyle(element).backgroundColor === primaryColour &&
          !element.closest('header'));
      if (primary && height < 44 - 0.5) offenders.push(`${description} (a primary action: 44 px)`);
      else if (height < 24 - 0.5) offenders.push(description);
    }
    return offenders;
  });
}

/** Every tab of each tab strip is on the screen whole (the strip wraps), so none hides past the edge. */
async function hiddenTabs(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hidden: string[] = [];
    for (const strip of Array.from(document.querySelectorAll('main nav, main [role="group"]'))) {
      for (const tab of Array.from(strip.querySelectorAll<HTMLElement>('a, button'))) {
        const box = tab.getBoundingClientRect();
        const stripBox = strip.getBoundingClientRect();
        if (
          box.left < Math.max(0, stripBox.left) - 0.5 ||
          box.right > Math.min(window.innerWidth, stripBox.right) + 0.5
        ) {
          hidden.push(
            `"${tab.textContent?.trim()}" of "${strip.getAttribute('aria-label')}" at x=${Math.round(box.left)}–${Math.round(box.right)}`,
          );
        }
      }
    }
    return hidden;
  });
}

/** A page element's place does not move when the menu opens: the menu lies over the page. */
async function menuOverlays(page: Page) {
  const anchor = page.locator('main h1').first();
  const before = await anchor.boundingBox();
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link').first().waitFor({ state: 'visible' });
  const after = await anchor.boundingBox();
  expect(after, 'the page moved when the menu opened').toEqual(before);
  const navBox = await nav.boundingBox();
  expect(navBox!.x + navBox!.width).toBeLessThanOrEqual(PHONE.viewport.width);
  return menu;
}

async function phoneChecks(page: Page, name: string, person: string) {
  expect(await horizontalOverflow(page), `${name}: sideways scrolling`).toBeLessThanOrEqual(0);
  expect(await headerProblems(page, person), name).toEqual([]);
  expect(await smallTargets(page), `${name}: targets too small`).toEqual([]);
  expect(await hiddenTabs(page), `${name}: tabs hidden past the edge`).toEqual([]);
  await screenshot(page, `phone-${name}`);
}

const PEOPLE = {
  admin: 'Alice Grant',
  nurse: 'Nora Okafor',
  client: 'Clara Whitfield',
  marketer: 'Marco Silva',
  master: 'Morgan Reyes',
};

describe('on a phone (390x844; the first check at 360x740 too)', () => {
  it('the caregiver signs in and sees the work schedule without sideways scrolling (360 px too)', async () => {
    await withPage(suite.browser, SMALL_PHONE, async (page) => {
      await page.goto(`${suite.server.url}/login/sunrise`);
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      // the first paint's form may be the one React is replacing in place at this moment: its button has no box
      // for that instant, so the measure is taken once a button stands
      const signIn = page.getByRole('button', { name: 'Sign in' });
      let button: Awaited<ReturnType<typeof signIn.boundingBox>> = null;
      await expect.poll(async () => (button = await signIn.boundingBox())).not.toBeNull();
      expect(button!.x).toBeGreaterThanOrEqual(0);
      expect(button!.x + button!.width).toBeLessThanOrEqual(360);
      expect(button!.height).toBeGreaterThanOrEqual(44); // a finger-sized target
      await screenshot(page, 'phone-login');

      await signInAs(page, DEMO_USERS.nurse, '/work-schedule');
      expect(await page.locator('header').innerText()).toContain('Sunrise Home Care');
      await phoneChecks(page, 'nurse-work-schedule-360', PEOPLE.nurse);
      const violations = await seriousAxeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    });
  });

  it('the nurse: one header row with her name, a menu over the page, tabs all reachable, big enough targets, the file drop says tap', async () => {
    await withPage(suite.browser, PHONE, async (page) => {
      await signInAs(page, DEMO_USERS.nurse, '/work-schedule');
      await phoneChecks(page, 'nurse-work-schedule', PEOPLE.nurse);
      const menu = await menuOverlays(page);
      await screenshot(page, 'phone-nurse-menu-open');
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');

      await open(page, '/messages');
      await phoneChecks(page, 'nurse-messages', PEOPLE.nurse);
      await open(page, '/notifications');
      await phoneChecks(page, 'nurse-notifications', PEOPLE.nurse);

      await open(page, '/profile/documents');
      const drop = page.getByText(/choose a file or take a photo/i).first();
      await drop.waitFor();
      expect(await page.getByText(/drop a file here/i).count()).toBe(0);
      await phoneChecks(page, 'nurse-documents', PEOPLE.nurse);
    });
  });

  it('the admin: landing page, employees as cards with a sort control, an employee with all tabs reachable', async () => {
    await withPage(suite.browser, PHONE, async (page) => {
      await signInAs(page, DEMO_USERS.admin, '/users');
      await phoneChecks(page, 'admin-users', PEOPLE.admin);
      await menuOverlays(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Employees' }).click();
      await waitForPath(page, '/employees');
      await page.getByRole('heading', { level: 1, name: 'Employees' }).waitFor();
      await settled(page);

      // the cards keep a sort control that sorts
      const sort = page.getByLabel('Sort by');
      await expect(sort.isVisible()).resolves.toBe(true);
      const table = page.getByRole('table').first();
      const firstBefore = await table.locator('tbody tr').first().innerText();
      const options = await sort.locator('option').allInnerTexts();
      const descending = options.find((option) => /descending/i.test(option) && /name/i.test(option));
      expect(descending, options.join(' | ')).toBeTruthy();
      await sort.selectOption({ label: descending! });
      await expect.poll(() => table.locator('tbody tr').first().innerText()).not.toBe(firstBefore);
      await phoneChecks(page, 'admin-employees', PEOPLE.admin);

      await table.locator('tbody tr').first().getByRole('link').first().click();
      await waitForPath(page, /^\/employees\/\d+/);
      await page.getByRole('navigation', { name: 'Employee sections' }).waitFor();
      await settled(page);
      await phoneChecks(page, 'admin-employee', PEOPLE.admin);
      const tabs = page.getByRole('navigation', { name: 'Employee sections' }).getByRole('link');
      expect(await tabs.count()).toBeGreaterThanOrEqual(6);
      await tabs.last().click();
      await expect.poll(() => tabs.last().getAttribute('aria-current')).toBe('page');

      await open(page, '/employees/onboarding');
      await phoneChecks(page, 'admin-onboarding-settings', PEOPLE.admin);
      await open(page, '/clients');
      await page.getByRole('table').first().locator('tbody tr').first().getByRole('link').first().click();
      await page.getByRole('navigation', { name: 'Client sections' }).waitFor();
      await settled(page);
      await phoneChecks(page, 'admin-client', PEOPLE.admin);
      await open(page, '/clients/schedule');
      await phoneChecks(page, 'admin-schedule', PEOPLE.admin);
      await open(page, '/messages');
      await phoneChecks(page, 'admin-messages', PEOPLE.admin);
    });
  });

  it.each([
    ['client', DEMO_USERS.client, '/clients/welcome', PEOPLE.client],
    ['marketer', DEMO_USERS.marketer, '/referrals', PEOPLE.marketer],
    ['master', DEMO_USERS.master, '/users', PEOPLE.master],
  ])('the %s: landing page', async (role, email, home, person) => {
    await withPage(suite.browser, PHONE, async (page) => {
      await signInAs(page, email, home);
      await phoneChecks(page, `${role}-home`, person);
      const menu = await menuOverlays(page);
      await screenshot(page, `phone-${role}-menu-open`);
      // a tap on the page beside the menu closes it
      await page.mouse.click(PHONE.viewport.width - 20, PHONE.viewport.height / 2);
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    });
  });
});

/** The table headers where a word breaks over two lines: each word's characters lie on one line. */
async function brokenHeaders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const th of Array.from(document.querySelectorAll('th'))) {
      if (!th.checkVisibility()) continue;
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(
            Array.from(range.getClientRects())
              .filter((rect) => rect.width > 0)
              .map((rect) => Math.round(rect.top)),
          );
          if (tops.size > 1) broken.push(`"${match[0]}" in "${th.textContent?.trim()}"`);
        }
      }
    }
    return broken;
  });
}

describe('on a desktop (1280x800)', () => {
  it('no table header breaks inside a word', async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      await signInAs(page, DEMO_USERS.admin, '/users');
      const problems: string[] = [];
      const check = async (name: string) => {
        await page.locator('th').first().waitFor();
        await settled(page);
        problems.push(...(await brokenHeaders(page)).map((header) => `${name}: ${header}`));
        await screenshot(page, `desktop-${name}`);
      };
      await check('users');
      for (const [name, path] of [
        ['employees', '/employees'],
        ['applications', '/applications'],
        ['clients', '/clients'],
        ['schedule', '/clients/schedule'],
        ['visit-exceptions', '/clients/visit-exceptions'],
        ['grievances', '/clients/grievances'],
        ['marketers', '/marketers'],
      ]) {
        await open(page, path);
        await check(name);
      }
      await open(page, '/employees');
      await page.getByRole('table').first().locator('tbody tr').first().getByRole('link').first().click();
      await waitForPath(page, /^\/employees\/\d+/);
      for (const tab of ['Documents', 'Onboarding', 'Schedule', 'Payroll']) {
        await page.getByRole('navigation', { name: 'Employee sections' }).getByRole('link', { name: tab }).click();
        await page.locator('th').first().waitFor();
        await check(`employee-${tab.toLowerCase()}`);
      }
      expect(problems).toEqual([]);
    });
  });
});
