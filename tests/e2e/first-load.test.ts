import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  newPage,
  settled,
  signIn,
  SUNRISE_TEAL,
  useSuite,
  waitForPath,
  DESKTOP,
  withPage,
} from './harness';

const suite = useSuite();

interface Fetched {
  path: string;
  fromCache: boolean;
}

describe('the sign-in page’s first requests', () => {
  it('fetches the status file and the versioned API definition once each (from the preloads), and the definition not again on the next visit', async () => {
    await withPage(suite.browser, DESKTOP, async (page, context) => {
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
      const preloaded = await page
        .locator('link[rel="preload"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      const versioned = preloaded.find((href) => href?.startsWith('/api/schema/'));
      expect(versioned).toMatch(/^\/api\/schema\/[\w-]{16}\/$/);
      expect(preloaded).toContain('/status.json');
      expect(of(first, '/status.json')).toEqual([{ path: '/status.json', fromCache: false }]);
      expect(of(first, '/api/schema/')).toEqual([{ path: versioned, fromCache: false }]);

      const second = await visit();
      expect(of(second, '/status.json')).toEqual([{ path: '/status.json', fromCache: false }]);
      expect(of(second, '/api/schema/')).toEqual([{ path: versioned, fromCache: true }]);
      expect(page.problems).toEqual([]);
    });
  });

  it('shows the branded sign-in form before the API client has loaded, and a sign-in submitted meanwhile is sent once it has', async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
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
    });
  });

  it('sends the organization token of /login/:org with every API call of a first visit, the organization’s lookup first among them (spec 7)', async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      const calls: Promise<string>[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        // The API definition is what the client is built from (the same immutable document for every
        // organization), not one of its calls.
        if (!pathname.startsWith('/api/') || pathname.startsWith('/api/schema/')) return;
        calls.push(
          request
            .allHeaders()
            .then((headers) => `${request.method()} ${pathname} ${headers['x-organization-token'] ?? '(no token)'}`),
        );
      });

      await signIn(page, suite.server.url, DEMO_USERS.admin);
      await waitForPath(page, '/users');
      await settled(page);
      const sent = await Promise.all(calls);
      expect(sent[0]).toBe('GET /api/organizations/sunrise/ sunrise');
      expect(sent).toContain('POST /api/auth/login/ sunrise');
      expect(sent.filter((call) => !call.endsWith(' sunrise'))).toEqual([]);
      expect(page.problems).toEqual([]);
    });
  });
});

/** Holds every script of the app (the entry chunk and the rest) until `release()`: the page as HTML alone. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Where the sign-in page's parts are drawn (their boxes, rounded to the pixel). */
async function signInGeometry(page: Page) {
  const parts = {
    logo: page.getByTestId('brand-logo'),
    name: page.getByText('Sunrise Home Care', { exact: true }),
    heading: page.getByRole('heading', { level: 1, name: 'Sign in' }),
    email: page.getByLabel('Email'),
    password: page.getByLabel('Password', { exact: true }),
    button: page.getByRole('button', { name: 'Sign in' }),
    forgot: page.getByRole('link', { name: 'Forgot password?' }),
  };
  const boxes: Record<string, string> = {};
  for (const [name, locator] of Object.entries(parts)) {
    const box = await locator.boundingBox();
    boxes[name] = box ? [box.x, box.y, box.width, box.height].map((v) => Math.round(v)).join(',') : 'none';
  }
  return boxes;
}

describe('the sign-in page’s first paint, drawn by the server into the HTML', () => {
  it.each([
    ['a phone', { width: 390, height: 844 }],
    ['a desktop', { width: 1280, height: 800 }],
  ])(
    'shows the branded form before any script has run, and on %s React’s page replaces it in place, keeping what was typed',
    async (_, viewport) => {
      await withPage(suite.browser, { viewport }, async (page) => {
        const lookups: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname === '/api/organizations/sunrise/') lookups.push(request.url());
        });
        const release = await holdScripts(page);
        await page.goto(`${suite.server.url}/login/sunrise`, { waitUntil: 'commit' });

        // HTML alone: the brand box in the organization's colour, the heading and the form.
        await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
        await expect
          .poll(() => page.getByTestId('brand-logo').evaluate((logo) => getComputedStyle(logo).backgroundColor))
          .toBe(SUNRISE_TEAL);
        expect(await page.evaluate(() => document.querySelectorAll('#root > *').length)).toBe(0);
        expect(await page.locator('#first-paint').isVisible()).toBe(true);
        const before = await signInGeometry(page);
        expect(Object.values(before)).not.toContain('none');

        // Layout shifts from here on (the takeover), each with what moved; not those of the HTML's own loading.
        await page.evaluate(() => {
          const shifts: string[] = [];
          (window as unknown as { shifts: string[] }).shifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              const shift = entry as unknown as { value: number; sources?: { node?: Node | null }[] };
              const moved = (shift.sources ?? []).map((source) => {
                const node = source.node as HTMLElement | null | undefined;
                return node
                  ? `${node.nodeName.toLowerCase()}${node.id ? `#${node.id}` : ''} "${(node.innerText ?? node.textContent ?? '').slice(0, 30)}"`
                  : '?';
              });
              shifts.push(`${shift.value.toFixed(4)}: ${moved.join(', ')}`);
            }
          }).observe({ type: 'layout-shift' });
        });
        await page.getByLabel('Email').fill(DEMO_USERS.admin); // typed before React is there; the caret stays in it
        // Every frame from now on: the organization's name and the heading's place, as drawn (no blank or other frame).
        await page.evaluate(() => {
          const drawn: string[] = [];
          (window as unknown as { drawn: string[] }).drawn = drawn;
          const sample = () => {
            const heading = [...document.querySelectorAll('h1')].find((h1) => h1.getClientRects().length > 0);
            const name =
              (heading?.previousElementSibling as HTMLElement | null)?.innerText.replace(/\s+/g, ' ') ?? 'none';
            drawn.push(`${name} at ${heading ? Math.round(heading.getBoundingClientRect().top) : 'none'}`);
            requestAnimationFrame(sample);
          };
          requestAnimationFrame(sample);
        });

        release();
        await expect.poll(() => page.locator('#first-paint').count(), { timeout: 20_000 }).toBe(0);
        await expect.poll(() => page.evaluate(() => document.querySelectorAll('#root form').length)).toBe(1);
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const drawn = await page.evaluate(() => (window as unknown as { drawn: string[] }).drawn);
        expect(drawn.length).toBeGreaterThan(2);
        expect(new Set(drawn)).toEqual(new Set([`SH Sunrise Home Care at ${before.heading.split(',')[1]}`]));
        expect(await signInGeometry(page)).toEqual(before);
        expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
        expect(await page.getByLabel('Email').inputValue()).toBe(DEMO_USERS.admin);
        expect(
          await page.evaluate(() =>
            (document.activeElement as HTMLInputElement | null)?.closest('#root')
              ? (document.activeElement as HTMLInputElement).name
              : null,
          ),
        ).toBe('email');

        // React's form: it checks and sends what was typed before it came.
        await page.keyboard.press('Tab');
        await page.keyboard.type(DEMO_PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await waitForPath(page, '/users');
        expect(lookups).toHaveLength(1); // the app's lookup is the one the first paint's script started
        expect(page.problems).toEqual([]);
      });
    },
  );

  it('sends nothing when the first paint’s form is submitted before React is there', async () => {
    await withPage(suite.browser, DESKTOP, async (page, context) => {
      const sent: string[] = [];
      page.on('request', (request) => sent.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`));
      const release = await holdScripts(page);
      await page.goto(`${suite.server.url}/login/sunrise`, { waitUntil: 'commit' });
      await page.getByLabel('Email').fill(DEMO_USERS.admin);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await page
        .getByRole('button', { name: 'Sign in' })
        .click({ force: true, noWaitAfter: true })
        .catch(() => {});
      await page.waitForTimeout(300); // a submission would navigate or send now
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login/sunrise');
      const carrying = () =>
        sent.filter((line) => line.includes(encodeURIComponent(DEMO_PASSWORD)) || line.includes(DEMO_PASSWORD));
      expect(carrying()).toEqual([]);

      release();
      await expect.poll(() => page.locator('#first-paint').count(), { timeout: 20_000 }).toBe(0);
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(DEMO_PASSWORD);
      expect(carrying()).toEqual([]);

      // Even a form submitted by a script (no person can) carries no value: its fields have no name.
      const held = await newPage(context);
      held.on('request', (request) => sent.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`));
      await holdScripts(held);
      await held.goto(`${suite.server.url}/login/sunrise`, { waitUntil: 'commit' });
      await held.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      const submitted = held.waitForRequest((request) => request.method() === 'POST');
      await held
        .getByLabel('Password', { exact: true })
        .evaluate((input) => (input as HTMLInputElement).form!.requestSubmit());
      expect((await submitted).postData() ?? '').toBe('');
      expect(carrying()).toEqual([]);
    });
  });

  it('is hidden for a signed-in person reloading the sign-in page (the session reloads first: no form flashes)', async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      await signIn(page, suite.server.url, DEMO_USERS.admin);
      await waitForPath(page, '/users');
      const release = await holdScripts(page);
      await page.goto(`${suite.server.url}/login/sunrise`, { waitUntil: 'commit' });
      await page.locator('#first-paint').waitFor({ state: 'attached' });
      await page.locator('#root').waitFor({ state: 'attached' }); // the whole HTML is in
      expect(await page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(false);
      expect(await page.getByLabel('Email').isVisible()).toBe(false);
      release();
      await waitForPath(page, '/users');
      expect(page.problems).toEqual([]);
    });
  });
});
