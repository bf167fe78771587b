import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { removeStaleSeedTemplates, seedTemplateHour } from '../seed-templates';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';

/**
 * The end-to-end harness: the SPA built once by Vite (dist/, rebuilt only when stale), the real server
 * spawned as users run it (`tsx server/main.ts`) on a free port with a fresh DATA_DIR (embedded PGlite,
 * demo seeded) and its own STATUS_FILE, and headless Chromium driven by playwright-core.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = path.join(ROOT, 'tests/e2e/.artifacts');
export const DEMO_PASSWORD = 'portal-demo-2026';

export const DEMO_USERS = {
  master: 'master@portal.example',
  admin: 'admin@sunrise.example',
  nurse: 'nurse@sunrise.example',
  aide: 'aide@sunrise.example',
  newhire: 'newhire@sunrise.example',
  client: 'client@sunrise.example',
  marketer: 'marketer@sunrise.example',
  harborAdmin: 'admin@harbor.example',
} as const;

export const SUNRISE_TEAL = 'rgb(15, 118, 110)';
export const HARBOR_BLUE = 'rgb(29, 78, 216)';

// ---------------------------------------------------------------------------------------------------------
// The build

let buildChecked = false;

/**
 * `vite build` into dist/ when it is missing or older than its inputs (the same check `npm start` makes,
 * scripts/ensure-build.mjs), so every test file shares one build. A lock keeps two runs from building at once.
 */
export function ensureBuild(): void {
  if (process.env.E2E_SITE_DIR) return; // a prebuilt dist/ elsewhere (see launchServer)
  if (buildChecked && existsSync(path.join(ROOT, 'dist/index.html'))) return;
  if (!existsSync(path.join(ROOT, 'index.html'))) {
    throw new Error('ensureBuild: the app has no index.html yet, so there is nothing to build and serve.');
  }
  const lock = path.join(ROOT, 'node_modules/.e2e-build.lock');
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline)
        throw new Error(`ensureBuild: ${lock} stayed locked for 4 minutes; remove it if stale.`);
      spawnSync('sleep', ['1']);
    }
  }
  try {
    const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/ensure-build.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production', NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    if (result.status !== 0) {
      const log = `${result.stdout}\n${result.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
      throw new Error(`vite build failed (exit ${result.status}):\n${log.slice(-6000)}`);
    }
    if (!existsSync(path.join(ROOT, 'dist/index.html'))) throw new Error('vite build produced no dist/index.html');
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  buildChecked = true;
}

// ---------------------------------------------------------------------------------------------------------
// The server

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface PortalStatusFile {
  offline: boolean;
  offline_from: string | null;
  offline_until: string | null;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  statusFile: string;
  /** Everything the server printed so far (for failure messages). */
  output(): string;
  setStatus(status: PortalStatusFile): void;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

const ONLINE: PortalStatusFile = { offline: false, offline_from: null, offline_until: null };

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(directory, entry.name)) : [path.join(directory, entry.name)],
  );
}

/**
 * A data folder the real server has migrated and seeded once (first start, then a clean stop), kept in the
 * temporary directory under a key of the migrations, the seed and the hour of seeding (its dates are relative
 * to its day: ../seed-templates.ts), so each test file copies it instead of paying for the first-start
 * seeding again. A change to the schema or the seed, or the next hour, makes a new one.
 */
export async function seededTemplate(): Promise<string> {
  const now = new Date();
  const hash = createHash('sha256').update(seedTemplateHour(now));
  for (const file of [...filesUnder(path.join(ROOT, 'server/db')), path.join(ROOT, 'package-lock.json')].sort()) {
    hash.update(file).update(readFileSync(file));
  }
  const template = path.join(os.tmpdir(), `care-portal-e2e-template-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(path.join(template, 'ready'))) return template;
  removeStaleSeedTemplates(os.tmpdir(), 'care-portal-e2e-template-', now);
  const building = mkdtempSync(path.join(os.tmpdir(), 'care-portal-e2e-seeding-'));
  const server = await launchServer(building, {});
  await server.stop({ keepData: true });
  writeFileSync(path.join(building, 'ready'), 'seeded by tests/e2e/harness.ts\n');
  try {
    renameSync(building, template);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another run made it first
  }
  return template;
}

/**
 * Spawns `tsx server/main.ts` (as `npm start` does after its build check) on a free port with a fresh
 * temporary DATA_DIR (a copy of a seeded one, see seededTemplate; `fresh: true` for an empty one) and its
 * own STATUS_FILE, and resolves once it prints that it is listening.
 */
export async function startServer(
  env: Record<string, string> = {},
  { fresh = false, database = 'pglite' as E2EDatabase } = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'care-portal-e2e-'));
  if (database === 'postgres') {
    // A database of its own on TEST_DATABASE_URL, demo-seeded by the server itself (SEED_DEMO=1), dropped on stop.
    const { url, drop } = await createPostgresDatabase();
    const server = await launchServer(dataDir, { ...env, DATABASE_URL: url, SEED_DEMO: '1' });
    const stop = async (options?: { keepData?: boolean }) => {
      try {
        await server.stop(options);
      } finally {
        await drop();
      }
    };
    return { ...server, stop };
  }
  if (!fresh) {
    const template = await seededTemplate();
    cpSync(template, dataDir, { recursive: true });
    rmSync(path.join(dataDir, 'ready'), { force: true });
  }
  return launchServer(dataDir, env);
}

/** The databases the end-to-end suite runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export type E2EDatabase = 'pglite' | 'postgres';
function e2eDatabases(): E2EDatabase[] {
  const all: E2EDatabase[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  // E2E_DATABASES=postgres (or pglite) narrows the run, e.g. to iterate on one backend
  const only = process.env.E2E_DATABASES?.split(',').map((name) => name.trim());
  return only ? all.filter((name) => only.includes(name)) : all;
}

/**
 * For a journey split into one file per database (`<journey>.<database>.test.ts`, so the e2e project's two
 * workers run the two side by side): true when `database` is tested in this run; otherwise registers a
 * skipped suite that says why, and the caller defines nothing else.
 */
export function e2eDatabaseTested(database: E2EDatabase, journey: string): boolean {
  if (e2eDatabases().includes(database)) return true;
  const why =
    database === 'postgres' && !process.env.TEST_DATABASE_URL
      ? 'runs on PostgreSQL only with TEST_DATABASE_URL set'
      : `left out by E2E_DATABASES=${process.env.E2E_DATABASES}`;
  describe.skip(`${journey} (${database})`, () => {
    it(why, () => {});
  });
  return false;
}

/** Creates a uniquely named database on TEST_DATABASE_URL; `drop()` removes it (WITH FORCE). */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const { default: pg } = await import('pg');
  const name = `care_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

export interface Spawned {
  child: ChildProcess;
  pid: number;
  output(): string;
  /** ms from spawn to the first line matching 'listening'. */
  listeningAfterMs: number;
  stop(): Promise<void>;
}

/**
 * Spawns a command in its own process group and resolves when it prints 'listening'. The pid is the
 * process that runs the server when the command is `node ...` (for CPU readings).
 */
export async function spawnUntilListening(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; timeoutMs?: number },
): Promise<Spawned> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: options.cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  let output = '';
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const listeningAfterMs = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(`${command} ${args.join(' ')}: no 'listening' in ${options.timeoutMs ?? 90_000} ms\n${output}`),
        ),
      options.timeoutMs ?? 90_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (/listening/i.test(output)) {
        clearTimeout(timer);
        resolve(performance.now() - started);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`${command} exited before listening (code ${child.exitCode}):\n${output}`));
    });
  });
  return {
    child,
    pid: child.pid!,
    output: () => output,
    listeningAfterMs,
    async stop() {
      if (exited) return;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* gone */
      }
      const killer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }, 5_000);
      await exit;
      clearTimeout(killer);
    },
  };
}

async function launchServer(dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const statusFile = path.join(dataDir, 'status.json');
  writeFileSync(statusFile, JSON.stringify(ONLINE));
  // E2E_SITE_DIR: a folder whose dist/ is served instead of this checkout's (to try a build made elsewhere).
  const server = await spawnUntilListening(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    [path.join(ROOT, 'server/main.ts')],
    {
      cwd: process.env.E2E_SITE_DIR || ROOT,
      env: {
        // not production: the suite reads the sign-up links from the console of console-mail mode (no SMTP_URL)
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATUS_FILE: statusFile,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        SMTP_URL: '',
        JWT_SECRET: '',
        ...env,
      },
    },
  );
  const stop = async ({ keepData = false } = {}) => {
    await server.stop();
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    statusFile,
    output: server.output,
    setStatus: (status) => writeFileSync(statusFile, JSON.stringify(status)),
    stop,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The browser

const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/lib/chromium/chromium',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

export const CHROMIUM_MISSING =
  'No Chromium found for the end-to-end suite. Install it (Debian/Ubuntu: `apt-get install chromium`; ' +
  'macOS: `brew install --cask chromium`) or point CHROMIUM_PATH at a Chromium or Chrome executable.';

export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist. ${CHROMIUM_MISSING}`);
    return fromEnv;
  }
  const found = CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate));
  if (found) return found;
  const cache = path.join(os.homedir(), '.cache/ms-playwright');
  if (existsSync(cache)) {
    const listing = spawnSync('sh', ['-c', `ls -d ${cache}/chromium-*/chrome-linux*/chrome 2>/dev/null | tail -1`], {
      encoding: 'utf8',
    });
    const cached = listing.stdout.trim();
    if (cached) return cached;
  }
  throw new Error(CHROMIUM_MISSING);
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Headless Chromium with a fresh profile (playwright gives every launch a new temporary user-data-dir). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 60_000,
    env: browserEnv(),
  });
}

/**
 * Under libfaketime (`npm run test:any-hour`), Chromium's timers stop firing, so the browser starts without
 * it and each context's clock is moved to this process's (faked) time instead; see newContext.
 */
const FAKED_CLOCK = (process.env.LD_PRELOAD ?? '').includes('faketime');

function browserEnv(): Record<string, string> | undefined {
  if (!FAKED_CLOCK) return undefined;
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name, value]) => value !== undefined && name !== 'LD_PRELOAD' && !name.startsWith('FAKETIME'),
    ),
  ) as Record<string, string>;
}

export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', ...options });
  if (FAKED_CLOCK) await context.clock.install({ time: Date.now() });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const pending = new Set<Request>();
  inFlight.set(context, pending);
  context.on('request', (request) => {
    // the live event stream stays open as long as the person is signed in: it never "finishes"
    if (new URL(request.url()).pathname !== LIVE_EVENTS_PATH) pending.add(request);
  });
  context.on('requestfinished', (request) => pending.delete(request));
  context.on('requestfailed', (request) => pending.delete(request));
  return context;
}

const LIVE_EVENTS_PATH = '/api/events/';
const inFlight = new WeakMap<BrowserContext, Set<Request>>();

/**
 * Waits until the page has had no request in flight for `quietMs`, the live event stream aside (Playwright's
 * `networkidle` never comes while it is open). For contexts made by newContext.
 */
export async function settled(page: Page, quietMs = 500, timeout = 30_000): Promise<void> {
  const pending = inFlight.get(page.context());
  if (!pending) throw new Error('settled(page) needs a context made by newContext');
  await page.waitForLoadState('load');
  const deadline = Date.now() + timeout;
  let quietSince = Date.now();
  for (;;) {
    const busy = [...pending].some((request) => {
      try {
        return request.frame().page() === page;
      } catch {
        return false; // a service worker's request belongs to no page
      }
    });
    if (busy) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    if (Date.now() > deadline)
      throw new Error(
        `settled: requests still in flight after ${timeout} ms: ${[...pending].map((r) => r.url()).join(', ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The screens the journeys are seen on (a context's default is the desktop's). */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const SMALL_PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** A page of newPage: what went wrong in the browser is in `problems`. */
export type JourneyPage = Page & { problems: string[] };

/** A page that records the browser's console errors and uncaught exceptions (for failure messages). */
export async function newPage(context: BrowserContext): Promise<JourneyPage> {
  const page = (await context.newPage()) as JourneyPage;
  page.problems = [];
  page.on('pageerror', (error) => page.problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') page.problems.push(`console: ${message.text()}`);
  });
  return page;
}

/** Runs `run` on a fresh page in a context of its own (made with `options`), closing it whatever happens. */
export async function withPage<T>(
  browser: Browser,
  options: BrowserContextOptions,
  run: (page: JourneyPage, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await newContext(browser, options);
  try {
    return await run(await newPage(context), context);
  } finally {
    await context.close();
  }
}

/** The pages of a journey whose steps share them (each in a context of its own), all closed after the file. */
export interface JourneyPages {
  /** Every page opened so far, in order. */
  readonly pages: JourneyPage[];
  open(options: BrowserContextOptions): Promise<JourneyPage>;
  /** A page signed in as `email` at `baseUrl` (the suite's server by default), past the sign-in form. */
  signedIn(email: string, options: BrowserContextOptions, baseUrl?: string): Promise<JourneyPage>;
}

/** Registers the afterAll that closes the journey's contexts; the browser is the suite's, read when a page opens. */
export function useJourneyPages(suite: { readonly browser: Browser; readonly server?: RunningServer }): JourneyPages {
  const contexts: BrowserContext[] = [];
  const pages: JourneyPage[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
  });
  async function open(options: BrowserContextOptions): Promise<JourneyPage> {
    const context = await newContext(suite.browser, options);
    contexts.push(context);
    const page = await newPage(context);
    pages.push(page);
    return page;
  }
  async function signedIn(email: string, options: BrowserContextOptions, baseUrl = suite.server!.url) {
    const page = await open(options);
    await signIn(page, baseUrl, email);
    await waitForPath(page, /^\/(?!login)/);
    return page;
  }
  return { pages, open, signedIn };
}

// ---------------------------------------------------------------------------------------------------------
// What the tests do as a person would

export async function signIn(page: Page, baseUrl: string, email: string, org = 'sunrise', password = DEMO_PASSWORD) {
  await page.goto(`${baseUrl}/login/${org}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Waits until the location's path is `pathname` (client-side routing included). */
export async function waitForPath(page: Page, pathname: string | RegExp, timeout = 20_000) {
  await page.waitForURL(
    (url) => (typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname)),
    {
      timeout,
      waitUntil: 'commit',
    },
  );
}

/** The computed background colour of an element. */
export async function backgroundColour(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
}

/** Clicks `button` and returns the file the page saves: its suggested name and text. */
export async function download(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download', { timeout: 30_000 });
  await button.click();
  const file = await downloading;
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

// ---------------------------------------------------------------------------------------------------------
// Accessibility

const require = createRequire(import.meta.url);
let axeSource: string | null = null;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core in the page and returns its serious and critical violations. The source goes in through the
 * DevTools protocol (page.evaluate), which the server's CSP (script-src 'self') does not govern, so the page
 * keeps its real policy.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(`${axeSource}\n;void 0`);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{
            violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(' ')),
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.join(', ')}`).join('\n');
}

/**
 * axe-core along a journey: `axe(page, name)` checks the page as it is now and keeps its serious and critical
 * findings, which the journey asserts at its end (`axeFindings`, described by `axeReport()`); after the file,
 * the log names every page state checked.
 */
export function useAxeJourney(journey: string) {
  const axeFindings: { page: string; violations: AxeViolation[] }[] = [];
  const axeChecked: string[] = [];
  afterAll(() => {
    console.info(`[${journey}] axe-core ran on ${axeChecked.length} page states: ${axeChecked.join(', ')}`);
  });
  async function axe(page: Page, name: string) {
    await settled(page);
    await page.waitForTimeout(300); // colour transitions (buttons becoming enabled: 120 ms) end
    const violations = await seriousAxeViolations(page);
    axeChecked.push(name);
    if (violations.length) axeFindings.push({ page: name, violations });
  }
  const axeReport = () =>
    axeFindings.map((finding) => `${finding.page}:\n${describeViolations(finding.violations)}`).join('\n\n');
  return { axe, axeChecked, axeFindings, axeReport };
}

// ---------------------------------------------------------------------------------------------------------
// The app's own API client, reached from the page

/**
 * Finds the app's API client (the value of ApiClientProvider, or the app actor's context.api) by walking the
 * React fiber tree, and keeps it as window.__portalApi, so a test can fire calls through the real client:
 * its interceptor, its 401 handling and the token-refresh actor.
 */
export async function exposeAppApiClient(page: Page): Promise<void> {
  const found = await page.evaluate(() => {
    type Fiber = { memoizedProps?: { value?: unknown } | null; child: Fiber | null; sibling: Fiber | null };
    const isClient = (value: unknown) =>
      // An axios instance is a function with the operations as properties.
      !!value &&
      (typeof value === 'object' || typeof value === 'function') &&
      typeof (value as Record<string, unknown>).auth_user_retrieve === 'function';
    const candidates: unknown[] = [];
    const roots = Array.from(document.querySelectorAll('body, body *')).slice(0, 50);
    for (const element of roots) {
      const key = Object.keys(element).find((name) => name.startsWith('__reactContainer$'));
      if (key) candidates.push((element as unknown as Record<string, unknown>)[key]);
    }
    const stack = candidates as Fiber[];
    let visited = 0;
    while (stack.length && visited < 200_000) {
      const fiber = stack.pop()!;
      visited += 1;
      const value = fiber.memoizedProps?.value;
      if (isClient(value)) {
        (window as unknown as Record<string, unknown>).__portalApi = value;
        return true;
      }
      const snapshot = (value as { getSnapshot?: () => { context?: { api?: unknown } } } | undefined)?.getSnapshot?.();
      if (snapshot && isClient(snapshot.context?.api)) {
        (window as unknown as Record<string, unknown>).__portalApi = snapshot.context!.api;
        return true;
      }
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
    return false;
  });
  if (!found) throw new Error("Could not find the app's API client in the React tree.");
}

/** A call through the app's own API client (its interceptor adds the tokens and the organization header). */
export async function callApi<T>(page: Page, operation: string, ...args: unknown[]): Promise<T> {
  await exposeAppApiClient(page);
  return page.evaluate(
    async ({ operation, args }) => {
      const api = (window as unknown as { __portalApi: Record<string, (...a: unknown[]) => Promise<unknown>> })
        .__portalApi;
      const answer = (await api[operation]!(...args)) as unknown;
      // the client unwraps to data; an axios response (when not unwrapped) keeps it in .data
      return (
        answer && typeof answer === 'object' && 'data' in answer && 'status' in answer
          ? (answer as { data: unknown }).data
          : answer
      ) as never;
    },
    { operation, args },
  ) as Promise<T>;
}

/** Draws a stroke on a signature pad's canvas: with a finger (DevTools touch events) on a phone, else the mouse. */
export async function drawSignature(page: Page, canvas: Locator, { touch = false } = {}): Promise<void> {
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the signature pad is not visible');
  const points = Array.from({ length: 16 }, (_, i) => ({
    x: box.x + box.width * (0.1 + 0.05 * i),
    y: box.y + box.height * (0.5 + 0.3 * Math.sin(i / 1.5)),
  }));
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [points[0]!] });
    for (const point of points.slice(1))
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    return;
  }
  await page.mouse.move(points[0]!.x, points[0]!.y);
  await page.mouse.down();
  for (const point of points.slice(1)) await page.mouse.move(point.x, point.y, { steps: 3 });
  await page.mouse.up();
}

// ---------------------------------------------------------------------------------------------------------
// One server and one browser per test file

export interface Suite {
  server: RunningServer;
  browser: Browser;
}

/**
 * Registers beforeAll/afterAll for a test file: the build check, the server (with `env`), the browser.
 * Read `suite.server` and `suite.browser` inside tests.
 */
export function useSuite(env: Record<string, string> = {}, { database = 'pglite' as E2EDatabase } = {}): Suite {
  const suite = {} as Suite;
  beforeAll(async () => {
    findChromium(); // fail first, and clearly, when there is no browser
    ensureBuild();
    suite.server = await startServer(env, { database });
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

/** The primary colour in use: whether any visible element paints `rgb` as background, text or border. */
export async function pageUsesColour(page: Page, rgb: string): Promise<boolean> {
  return page.evaluate((colour) => {
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (
        [
          style.backgroundColor,
          style.color,
          style.borderTopColor,
          style.borderBottomColor,
          style.boxShadow,
          style.outlineColor,
        ].some((value) => value.includes(colour))
      ) {
        if (element.getClientRects().length > 0) return true;
      }
    }
    return false;
  }, rgb);
}
