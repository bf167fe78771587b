import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS, newContext, newPage, settled, useSuite, waitForPath } from './harness';

const suite = useSuite();

interface Fetched {
  path: string;
  fromCache: boolean;
}

describe('the sign-in page’s first requests', () => {
  it('fetches the status file and the versioned API definition once each (from the preloads), and the definition not again on the next visit', async () => {
    const context = await newContext(suite.browser);
    try {
      const page = await newPage(context);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      let fetched = new Map<string, Fetched>();
      cdp.on('Network.requestWillBeSent', (event) => {
        const url = new URL(event.request.url);
        fetched.set(event.requestId, { path: url.pathname + url.search, fromCache: false });
      });
      cdp.on('Network.requestServedFromCache', (event) => {
        const entry = fetched.get(event.requestId);
        if (entry) entry.fromCache = true;
      });
      cdp.on('Network.responseReceived', (event) => {
        const entry = fetched.get(event.requestId);
        if (entry && (event.response.fromDiskCache || event.response.status === 304)) entry.fromCache = true;
      });
      const visit = async () => {
        fetched = new Map();
        await page.goto(`${suite.server.url}/login/sunrise`);
        await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
        await page.getByText('Sunrise Home Care').waitFor();
        await settled(page);
        return [...fetched.values()];
      };
      const of = (requests: Fetched[], prefix: string) => requests.filter((request) => request.path.startsWith(prefix));

      const first = await visit();
      const preloaded = await page.locator('link[rel="preload"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      const versioned = preloaded.find((href) => href?.startsWith('/api/schema/'));
      expect(versioned).toMatch(/^\/api\/schema\/[\w-]{16}\/$/);
      expect(preloaded).toContain('/status.json');
      expect(of(first, '/status.json')).toEqual([{ path: '/status.json', fromCache: false }]);
      expect(of(first, '/api/schema/')).toEqual([{ path: versioned, fromCache: false }]);

      const second = await visit();
      expect(of(second, '/status.json')).toEqual([{ path: '/status.json', fromCache: false }]);
      expect(of(second, '/api/schema/')).toEqual([{ path: versioned, fromCache: true }]);
      expect(page.problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the branded sign-in form before the API client has loaded, and a sign-in submitted meanwhile is sent once it has', async () => {
    const context = await newContext(suite.browser);
    try {
      const page = await newPage(context);
      // Hold the API client's chunk (axios and openapi-client-axios) until the test lets it go.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let requested = false;
      await page.route(/\/assets\/client-[\w-]+\.js$/, async (route) => {
        requested = true;
        await held;
        await route.continue();
      });
      const logins: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/auth/login/') logins.push(request.method());
      });

      await page.goto(`${suite.server.url}/login/sunrise`);
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await page.getByText('Sunrise Home Care').waitFor();
      await page.getByLabel('Email').fill(DEMO_USERS.admin);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForTimeout(300); // nothing can be sent while the client is held
      expect(requested).toBe(true);
      expect(logins).toEqual([]);

      release();
      await waitForPath(page, '/users');
      expect(logins).toEqual(['POST']);
      expect(page.problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
