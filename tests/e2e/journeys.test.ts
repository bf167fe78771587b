import { describe, expect, it } from 'vitest';
import {
  DEMO_USERS,
  HARBOR_BLUE,
  SUNRISE_TEAL,
  backgroundColour,
  pageUsesColour,
  screenshot,
  signIn,
  useSuite,
  waitForPath,
  settled,
  DESKTOP,
  withPage,
} from './harness';

const suite = useSuite();

const SUNRISE = 'Sunrise Home Care';
const HARBOR = 'Harbor Home Health';

/** The header's organization name (the brand link of the dashboard layout). */
const header = (page: import('playwright-core').Page) => page.locator('header');

describe('signing in, each demo user lands on their home route with their organization', () => {
  const journeys = [
    {
      who: 'the master',
      email: DEMO_USERS.master,
      org: 'sunrise',
      home: '/users',
      name: SUNRISE,
      shot: 'users-master',
    },
    {
      who: 'the sunrise admin',
      email: DEMO_USERS.admin,
      org: 'sunrise',
      home: '/users',
      name: SUNRISE,
      shot: 'users-admin',
    },
    {
      who: 'the nurse (READY, no forms due)',
      email: DEMO_USERS.nurse,
      org: 'sunrise',
      home: '/work-schedule',
      name: SUNRISE,
      shot: 'work-schedule-nurse',
    },
    {
      who: 'the aide (READY, one form due)',
      email: DEMO_USERS.aide,
      org: 'sunrise',
      home: '/profile/incomplete-documents',
      name: SUNRISE,
      shot: 'incomplete-documents-aide',
    },
    {
      who: 'the new hire (NEW, forms due)',
      email: DEMO_USERS.newhire,
      org: 'sunrise',
      home: '/profile/incomplete-documents',
      name: SUNRISE,
      shot: 'incomplete-documents-newhire',
    },
    {
      who: 'the client',
      email: DEMO_USERS.client,
      org: 'sunrise',
      home: '/clients/welcome',
      name: SUNRISE,
      shot: 'clients-welcome-client',
    },
    {
      who: 'the marketer',
      email: DEMO_USERS.marketer,
      org: 'sunrise',
      home: '/referrals',
      name: SUNRISE,
      shot: 'referrals-marketer',
    },
    {
      who: 'the harbor admin',
      email: DEMO_USERS.harborAdmin,
      org: 'harbor',
      home: '/users',
      name: HARBOR,
      shot: 'users-harbor-admin',
    },
  ];

  for (const journey of journeys) {
    it(`${journey.who} signs in at /login/${journey.org} and lands on ${journey.home}`, async () => {
      await withPage(suite.browser, DESKTOP, async (page) => {
        await signIn(page, suite.server.url, journey.email, journey.org);
        await waitForPath(page, journey.home);
        await expect.poll(() => header(page).textContent()).toContain(journey.name);
        await expect(page.getByRole('button', { name: 'Sign out' }).isVisible()).resolves.toBe(true);
        await settled(page);
        await screenshot(page, journey.shot);
        expect(page.problems.filter((problem) => problem.startsWith('pageerror'))).toEqual([]);
      });
    });
  }
});

describe('branding', () => {
  it('/login/sunrise shows Sunrise Home Care in teal with its favicon', async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      await page.goto(`${suite.server.url}/login/sunrise`);
      await expect.poll(() => page.locator('main').textContent()).toContain(SUNRISE);
      await expect.poll(() => backgroundColour(page, '[data-testid="brand-logo"]')).toBe(SUNRISE_TEAL);
      // The submit button is disabled (grey) until the form is valid; filled in, it is the primary colour.
      await page.getByLabel('Email').fill('someone@sunrise.example');
      await page.getByLabel('Password', { exact: true }).fill('something');
      await expect.poll(() => backgroundColour(page, 'button[type="submit"]')).toBe(SUNRISE_TEAL);
      await expect
        .poll(() => page.locator('link[rel~="icon"]').first().getAttribute('href'))
        .toMatch(/\/favicons\/sunrise\.svg$/);
      const href = await page
        .locator('link[rel~="icon"]')
        .first()
        .evaluate((link) => (link as HTMLLinkElement).href);
      const favicon = await page.request.get(href);
      expect(favicon.status()).toBe(200);
      expect(favicon.headers()['content-type']).toMatch(/image\/svg\+xml/);
      await screenshot(page, 'login-sunrise');
    });
  });

  it('/login/harbor shows Harbor Home Health in blue with its favicon', async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      await page.goto(`${suite.server.url}/login/harbor`);
      await expect.poll(() => page.locator('main').textContent()).toContain(HARBOR);
      await expect.poll(() => backgroundColour(page, '[data-testid="brand-logo"]')).toBe(HARBOR_BLUE);
      await expect
        .poll(() => page.locator('link[rel~="icon"]').first().getAttribute('href'))
        .toMatch(/\/favicons\/harbor\.svg$/);
    });
  });

  it("the master's organization switch changes the header name and the colours from sunrise teal to harbor blue", async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      await signIn(page, suite.server.url, DEMO_USERS.master);
      await waitForPath(page, '/users');
      await expect.poll(() => header(page).textContent()).toContain(SUNRISE);
      await expect.poll(() => pageUsesColour(page, SUNRISE_TEAL)).toBe(true);
      expect(await pageUsesColour(page, HARBOR_BLUE)).toBe(false);

      const switcher = page.getByRole('combobox', { name: 'Organization' });
      await switcher.selectOption({ label: HARBOR });
      await expect.poll(() => header(page).textContent()).toContain(HARBOR);
      expect(await header(page).textContent()).not.toContain(SUNRISE);
      await waitForPath(page, '/users');
      await expect.poll(() => pageUsesColour(page, HARBOR_BLUE)).toBe(true);
      expect(await pageUsesColour(page, SUNRISE_TEAL)).toBe(false);
      await expect
        .poll(() => page.locator('link[rel~="icon"]').first().getAttribute('href'))
        .toMatch(/\/favicons\/harbor\.svg$/);
      await settled(page);
      await screenshot(page, 'users-master-harbor');

      // The choice is stored: a reload stays in harbor.
      await page.reload();
      await waitForPath(page, '/users');
      await expect.poll(() => header(page).textContent()).toContain(HARBOR);
    });
  });
});

describe('the session', () => {
  it('a reload keeps the session (refresh token in sessionStorage "refresh")', async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      await signIn(page, suite.server.url, DEMO_USERS.nurse);
      await waitForPath(page, '/work-schedule');
      const stored = await page.evaluate(() => sessionStorage.getItem('refresh'));
      expect(stored).toBeTruthy();
      expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(stored!);

      await page.reload();
      await waitForPath(page, '/work-schedule');
      await expect.poll(() => header(page).textContent()).toContain(SUNRISE);
      await expect(page.getByRole('button', { name: 'Sign out' }).isVisible()).resolves.toBe(true);
      // The refresh token rotated on reload.
      const rotated = await page.evaluate(() => sessionStorage.getItem('refresh'));
      expect(rotated).toBeTruthy();
      expect(rotated).not.toBe(stored);
    });
  });

  it('signing out returns to /login/sunrise, forgets the refresh token and keeps private pages closed', async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      await signIn(page, suite.server.url, DEMO_USERS.admin);
      await waitForPath(page, '/users');
      const refresh = await page.evaluate(() => sessionStorage.getItem('refresh'));

      const logout = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout/'));
      await page.getByRole('button', { name: 'Sign out' }).click();
      expect((await logout).status()).toBe(204);
      await waitForPath(page, '/login/sunrise');
      expect(await page.evaluate(() => sessionStorage.getItem('refresh'))).toBeNull();

      // The server revoked the family: the old refresh token is refused.
      const reuse = await page.request.post(`${suite.server.url}/api/auth/token/refresh/`, { data: { refresh } });
      expect(reuse.status()).toBe(401);

      await page.goto(`${suite.server.url}/users`);
      await waitForPath(page, /^\/login(\/|$)/);
    });
  });

  it('a private page opened signed out redirects to the login page of the last organization', async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      // Never visited: there is no organization to sign in to yet; /login shows the login-oriented not-found.
      await page.goto(`${suite.server.url}/work-schedule`);
      await waitForPath(page, /^\/login(\/|$)/);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);

      // After a visit to /login/sunrise the organization is known: the redirect lands on its sign-in form.
      await page.goto(`${suite.server.url}/login/sunrise`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await page.goto(`${suite.server.url}/work-schedule`);
      await waitForPath(page, '/login/sunrise');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    });
  });

  it('the site root / opens the portal (signed out: the login page; signed in: /users)', async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      const response = await page.goto(`${suite.server.url}/`);
      expect(
        response?.status(),
        `GET / answered ${response?.status()}: ${(await response?.text())?.slice(0, 120)}`,
      ).toBe(200);
      await waitForPath(page, /^\/login(\/|$)/);

      await signIn(page, suite.server.url, DEMO_USERS.admin);
      await waitForPath(page, '/users');
      await page.goto(`${suite.server.url}/`);
      await waitForPath(page, '/users');
      await expect.poll(() => header(page).textContent()).toContain(SUNRISE);
    });
  });
});
