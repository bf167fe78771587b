import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, describeViolations, newContext, newPage, screenshot, seriousAxeViolations, signIn, useSuite, waitForPath, settled} from './harness';

const suite = useSuite();

const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Nothing is wider than the screen (no sideways scrolling). */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('on a phone (360x740)', () => {
  it('the caregiver signs in and sees the work schedule without sideways scrolling', async () => {
    const context = await newContext(suite.browser, PHONE);
    try {
      const page = await newPage(context);
      await page.goto(`${suite.server.url}/login/sunrise`);
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      const button = await page.getByRole('button', { name: 'Sign in' }).boundingBox();
      expect(button!.x).toBeGreaterThanOrEqual(0);
      expect(button!.x + button!.width).toBeLessThanOrEqual(360);
      expect(button!.height).toBeGreaterThanOrEqual(40); // a finger-sized target
      await screenshot(page, 'phone-login');

      await signIn(page, suite.server.url, DEMO_USERS.nurse);
      await waitForPath(page, '/work-schedule');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await settled(page);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await page.locator('header').innerText()).toContain('Sunrise Home Care');
      const violations = await seriousAxeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await screenshot(page, 'phone-work-schedule');

      // The navigation folds behind a Menu button on a phone and opens on demand.
      const menu = page.getByRole('button', { name: 'Menu' });
      if (await menu.isVisible()) {
        await menu.click();
        await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link').first().waitFor({ state: 'visible' });
        await screenshot(page, 'phone-menu-open');
      }
    } finally {
      await context.close();
    }
  });
});
