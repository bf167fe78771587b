import { describe, expect, it } from 'vitest';
import { DEMO_USERS, exposeAppApiClient, signIn, useSuite, waitForPath, settled, DESKTOP, withPage } from './harness';

// Access tokens live 4 seconds on this server, so a test can outlive one and meet real 401s.
const ACCESS_TOKEN_SECONDS = 4;
const suite = useSuite({ ACCESS_TOKEN_SECONDS: String(ACCESS_TOKEN_SECONDS) });

const REFRESH_PATH = '/api/auth/token/refresh/';

describe('the refresh queue in the browser', () => {
  it('a storm of 30 calls with an expired access token makes exactly one refresh, and every call succeeds', async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      // The master has no notifications, so nothing polls in the background and every call below is ours.
      await signIn(page, suite.server.url, DEMO_USERS.master);
      await waitForPath(page, '/users');
      await settled(page);
      await exposeAppApiClient(page);

      const refreshes: string[] = [];
      const statuses: number[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === REFRESH_PATH)
          refreshes.push(request.url());
      });
      page.on('response', (response) => {
        if (new URL(response.url()).pathname !== REFRESH_PATH && response.url().includes('/api/'))
          statuses.push(response.status());
      });

      // Let the access token held in memory expire.
      await page.waitForTimeout((ACCESS_TOKEN_SECONDS + 1.5) * 1000);
      expect(refreshes).toEqual([]);

      const results = await page.evaluate(async () => {
        type Api = Record<string, (...args: unknown[]) => Promise<unknown>>;
        const api = (window as unknown as { __portalApi: Api }).__portalApi;
        const calls = [
          ...Array.from({ length: 20 }, () => api.auth_user_retrieve!()),
          ...Array.from({ length: 10 }, () => api.users_list!({ limit: 5, offset: 0 })),
        ];
        const settled = await Promise.allSettled(calls);
        return settled.map((outcome) =>
          outcome.status === 'fulfilled'
            ? { ok: true, body: JSON.stringify(outcome.value).slice(0, 80) }
            : { ok: false, body: String((outcome.reason as { message?: string })?.message ?? outcome.reason) },
        );
      });

      expect(results.filter((result) => !result.ok)).toEqual([]);
      expect(results.slice(0, 20).every((result) => result.body.includes('master@portal.example'))).toBe(true);
      expect(results.slice(20).every((result) => result.body.includes('"count"'))).toBe(true);
      // The storm really met the expired token...
      expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(1);
      // ...and one refresh served every waiting call.
      expect(refreshes).toHaveLength(1);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(30);
      // The rotated refresh token is the one kept.
      expect(await page.evaluate(() => sessionStorage.getItem('refresh'))).toBeTruthy();
    });
  });
});

describe('idle logout on a fake clock', () => {
  it('4:59 without activity keeps the session; 5:00 ends it and goes back to /login/sunrise, which says why', async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      await page.clock.install();
      await signIn(page, suite.server.url, DEMO_USERS.admin);
      await waitForPath(page, '/users');
      await settled(page);

      // Stop the fake clock, then one last activity starts the idle time from a known instant.
      const now = await page.evaluate(() => Date.now());
      await page.clock.pauseAt(now + 1_000);
      await page.mouse.move(200, 200);
      await page.mouse.move(210, 205);

      await page.clock.fastForward('04:59');
      await page.waitForTimeout(1_000);
      expect(new URL(page.url()).pathname).toBe('/users');
      await expect(page.getByRole('button', { name: 'Sign out' }).isVisible()).resolves.toBe(true);
      expect(await page.evaluate(() => sessionStorage.getItem('refresh'))).toBeTruthy();

      const logout = page.waitForRequest((request) => request.url().endsWith('/api/auth/logout/'), { timeout: 10_000 });
      await page.clock.fastForward('00:01');
      await logout;
      await waitForPath(page, '/login/sunrise');
      // The sign-in page may show after a Suspense fallback, whose timers run on the fake clock.
      await page.clock.runFor(2000);
      await page.getByRole('button', { name: 'Sign in' }).waitFor({ state: 'visible', timeout: 10_000 });
      expect(await page.evaluate(() => sessionStorage.getItem('refresh'))).toBeNull();
      // The login page says why, in words.
      await page.getByText('You were signed out after 5 minutes without activity.').waitFor({ timeout: 10_000 });
    });
  });
});
