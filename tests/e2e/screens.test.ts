import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DEMO_USERS,
  describeViolations,
  newContext,
  newPage,
  screenshot,
  seriousAxeViolations,
  signIn,
  useSuite,
  waitForPath,
  settled,
  DESKTOP,
  withPage,
} from './harness';

const suite = useSuite();

async function expectAccessible(page: Page, what: string) {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${what}: serious or critical axe violations\n${describeViolations(violations)}`).toEqual([]);
}

/** Opens `path` in a fresh signed-out page and waits for its h1. */
async function openPublic(path: string, heading: string | RegExp, contextOptions = {}) {
  const context = await newContext(suite.browser, contextOptions);
  const page = await newPage(context);
  await page.goto(`${suite.server.url}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  return { context, page };
}

describe('the limits of the public forms, in words', () => {
  it('a fourth reset request for one email within the hour says when to try again', async () => {
    const email = `limit-${Date.now()}@sunrise.example`;
    for (let i = 0; i < 3; i++) {
      const { context, page } = await openPublic('/forgot-password/sunrise', 'Forgot password');
      try {
        await page.getByLabel('Email').fill(email);
        await page.getByRole('button', { name: 'Send reset link' }).click();
        await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
      } finally {
        await context.close();
      }
    }
    const { context, page } = await openPublic('/forgot-password/sunrise', 'Forgot password', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Too many attempts' });
      await alert.waitFor();
      expect(await alert.innerText()).toBe('Too many attempts. Try again in an hour.');
      await expectAccessible(page, 'forgot password, throttled');
      await screenshot(page, 'forgot-password-throttled');
    } finally {
      await context.close();
    }
  });
});

describe('the maintenance screen', () => {
  it('replaces the portal while the status file says offline, with the start and end as local hour:minute', async () => {
    suite.server.setStatus({
      offline: true,
      offline_from: '2026-11-22T14:05:00Z',
      offline_until: '2026-11-22T16:45:00Z',
    });
    // America/Chicago is UTC-6 in November: 14:05Z is 8:05 AM, 16:45Z is 10:45 AM.
    const { context, page } = await openPublic('/login/sunrise', /maintenance/i, { timezoneId: 'America/Chicago' });
    try {
      const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
      expect(text).toContain('The portal is undergoing scheduled maintenance.');
      expect(text).toMatch(/\b8:05\sAM\b/);
      expect(text).toMatch(/\b10:45\sAM\b/);
      expect(text).not.toMatch(/14:05|16:45|8:05:00/);
      expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
      await expectAccessible(page, 'maintenance');
      await screenshot(page, 'maintenance');
    } finally {
      suite.server.setStatus({ offline: false, offline_from: null, offline_until: null });
      await context.close();
    }
  });

  it('the portal is back once the status file says online again', async () => {
    const { context, page } = await openPublic('/login/sunrise', 'Sign in');
    try {
      expect(await page.getByText(/scheduled maintenance/i).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('accessibility of the public pages (axe-core: no serious or critical violation)', () => {
  const pages = [
    { name: 'login', path: '/login/sunrise', heading: 'Sign in' },
    { name: 'forgot-password', path: '/forgot-password/sunrise', heading: /password/i },
    { name: 'reset-password', path: '/reset-password/2/not-a-real-token/sunrise', heading: /password/i },
    { name: 'sign-up', path: '/sign-up/2/not-a-real-token/sunrise', heading: /sign up|password|welcome|account/i },
    { name: 'public-not-found', path: '/no-such-page', heading: 'Page not found' },
    { name: 'sign-in-without-organization', path: '/login', heading: 'Page not found' },
  ];
  for (const entry of pages) {
    it(`${entry.name} (${entry.path})`, async () => {
      const { context, page } = await openPublic(entry.path, entry.heading);
      try {
        await settled(page);
        await screenshot(page, entry.name);
        await expectAccessible(page, entry.name);
      } finally {
        await context.close();
      }
    });
  }

  it('signed out with no organization known, /, /login and an unknown path say to use the agency’s sign-in link, with no link that loops', async () => {
    const { context, page } = await openPublic('/', 'Page not found');
    try {
      for (const path of ['/', '/login', '/no-such-page']) {
        await page.goto(`${suite.server.url}${path}`);
        await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
        await page.getByText('To sign in, use the sign-in link your agency gave you.').waitFor();
        expect(new URL(page.url()).pathname).toBe(path === '/' ? '/login' : path);
        expect(await page.getByRole('link').count(), `${path}: no link (each would lead back here)`).toBe(0);
      }
    } finally {
      await context.close();
    }
  });

  it('once an organization is known, /, /login and the not-found screen’s Sign in link lead to its sign-in form', async () => {
    const { context, page } = await openPublic('/login/sunrise', 'Sign in');
    try {
      // The organization is stored on page unload (spec 7): a new visit finds it.
      for (const path of ['/', '/login']) {
        await page.goto(`${suite.server.url}${path}`);
        await waitForPath(page, '/login/sunrise');
        await page.getByRole('button', { name: 'Sign in' }).waitFor();
      }
      await page.goto(`${suite.server.url}/no-such-page`);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await page.getByRole('link', { name: 'Sign in' }).click();
      await waitForPath(page, '/login/sunrise');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('accessibility of the signed-in pages', () => {
  it('users (admin), profile, and the private not-found page', async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      await signIn(page, suite.server.url, DEMO_USERS.admin);
      await waitForPath(page, '/users');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await settled(page);
      await screenshot(page, 'users');
      await expectAccessible(page, 'users');

      await page.goto(`${suite.server.url}/profile`);
      await waitForPath(page, /^\/profile/);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await settled(page);
      await screenshot(page, 'profile');
      await expectAccessible(page, 'profile');

      await page.goto(`${suite.server.url}/users/and/nothing/here/at-all`);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
      await screenshot(page, 'private-not-found');
      await expectAccessible(page, 'private not-found');

      await page.goto(`${suite.server.url}/no-such-section`);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();

      // A page outside the admin's routes: home, saying why; the next page says nothing of it.
      await page.goto(`${suite.server.url}/audit-log`);
      await waitForPath(page, '/users');
      await page.getByText('You do not have access to that page.').waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
      await waitForPath(page, /^\/profile/);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByText('You do not have access to that page.').count()).toBe(0);
      // The spec's / -> /users, for the admin's own home, says nothing either.
      await page.goto(`${suite.server.url}/`);
      await waitForPath(page, '/users');
      await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
      expect(await page.getByText('You do not have access to that page.').count()).toBe(0);
    });
  });
});

describe('the Error 500 screen', () => {
  it('an initialization failure (the API definition answers 500) shows Error 500 with Back to Site', async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      await page.route('**/api/schema/**', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"detail":"boom","code":"server_error"}',
        }),
      );
      await page.goto(`${suite.server.url}/login/sunrise`);
      await page.getByRole('heading', { level: 1, name: 'Error 500' }).waitFor();
      const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
      expect(text).toContain('The link you clicked may be broken or the page may have been removed or renamed');
      const back = page
        .getByRole('button', { name: 'Back to Site' })
        .or(page.getByRole('link', { name: 'Back to Site' }));
      expect(await back.count()).toBe(1);
      await screenshot(page, 'error-500');
      await expectAccessible(page, 'Error 500');

      // Back to Site, once the API works again, reaches the portal.
      await page.unroute('**/api/schema/**');
      await back.click();
      await expect
        .poll(async () => `${new URL(page.url()).pathname} ${(await page.locator('body').innerText()).slice(0, 120)}`, {
          timeout: 15_000,
        })
        .toMatch(/^\/login\S* .*(Sign in|Page not found)/s);
    });
  });
});
