/**
 * Live messages in headless Chromium against the real server (PGlite): two browsers, the steps
 * share one server and run in order.
 *
 * 1. The admin has /messages open on a desktop: the demo conversation of the nurse with one unread message.
 * 2. The nurse, on a 390×844 phone, opens Messages from the menu and starts a conversation with the office
 *    (topic: schedule).
 * 3. Without a reload, the admin's list shows it at the top with its unread count.
 * 4. The admin opens it (read: the nurse's message says so) and answers; the nurse, without a reload, sees the
 *    answer appear, and the admin sees the nurse has read it.
 * 5. The nurse's phone goes offline (her stream drops) while the admin writes twice; back online, the stream
 *    reconnects with Last-Event-ID and both messages appear once each, in order, without a reload.
 *
 * On PGlite one server serves both browsers; whenever TEST_DATABASE_URL is set the journey runs again with the
 * admin's browser on one server process and the nurse's on another, on one PostgreSQL (the events go between
 * them through LISTEN/NOTIFY).
 *
 * Screenshots go to tests/e2e/.artifacts/messages-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startPortalCluster } from '../multi-process/servers';
import { EVENTS_STREAM_PATH } from '../../src/app/event-stream';
import { NETWORK_ERROR_TEXT } from '../../src/ui/api-error';
import {
  DESKTOP,
  PHONE,
  useJourneyPages,
  type JourneyPage,
  DEMO_USERS,
  e2eDatabaseTested,
  ensureBuild,
  findChromium,
  launchBrowser,
  screenshot,
  startServer,
  waitForPath,
  type E2EDatabase,
} from './harness';

const STEP = 150_000; // per step: the machine is shared and slow
const LIVE = { timeout: 10_000, interval: 200 }; // "within a second" on a quiet machine; this one is shared

const SUBJECT = 'Swap my Friday visits';
const QUESTION = 'Could Ada take my Friday visits? I have a training day.';
const ANSWER = 'Yes, Ada takes Friday. Enjoy the training.';
/** Written by the admin while the nurse's phone is offline. */
const WHILE_AWAY = ['Ada asks whether you could take her Monday in return.', 'No rush: tell me by Wednesday.'] as const;

/** Where each browser is served: one server (PGlite), or two processes on one PostgreSQL. */
interface Servers {
  admin: string;
  nurse: string;
  stop(): Promise<void>;
}

async function startServers(database: E2EDatabase): Promise<Servers> {
  if (database === 'pglite') {
    const server = await startServer();
    return { admin: server.url, nurse: server.url, stop: () => server.stop() };
  }
  const cluster = await startPortalCluster(2);
  const [a, b] = cluster.processes;
  return { admin: a.url, nurse: b.url, stop: () => cluster.stop() };
}

/** The journey on one database; messages.<database>.test.ts each run it on theirs. */
export function messagesSuite(database: E2EDatabase): void {
  if (!e2eDatabaseTested(database, 'messages, end to end')) return;
  describe.sequential(
    `messages, end to end (${database === 'pglite' ? 'PGlite, one server' : 'PostgreSQL, two server processes'})`,
    () => {
      const suite = {} as { servers: Servers; browser: Browser };
      const state = {} as { admin: JourneyPage; nurse: JourneyPage; conversationPath: string };
      const shot = (page: Page, name: string) => screenshot(page, database === 'pglite' ? name : `${name}-postgres`);

      beforeAll(async () => {
        findChromium();
        ensureBuild();
        suite.servers = await startServers(database);
        suite.browser = await launchBrowser();
      }, 240_000);

      afterAll(async () => {
        await suite.browser?.close();
        await suite.servers?.stop();
      });

      // after the afterAll above, so it runs before it: the pages close before the browser does
      const { signedIn } = useJourneyPages(suite);

      const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' });

      it(
        "1. the admin has /messages open: the nurse's demo conversation waits with one unread message",
        { timeout: STEP },
        async () => {
          const page = await signedIn(DEMO_USERS.admin, DESKTOP, suite.servers.admin);
          state.admin = page;
          await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
          await waitForPath(page, '/messages');
          const demo = conversations(page).getByRole('link', { name: /Thursday morning visits/ });
          await demo.waitFor();
          expect(await demo.innerText()).toContain('Nora Okafor');
          expect(await demo.getByLabel('1 unread').count()).toBe(1);
        },
      );

      it(
        '2. the nurse, on a phone, starts a conversation with the office about her schedule',
        { timeout: STEP },
        async () => {
          const page = await signedIn(DEMO_USERS.nurse, PHONE, suite.servers.nurse);
          state.nurse = page;
          await page.getByRole('button', { name: 'Menu' }).click();
          await page.getByRole('link', { name: 'Messages' }).click();
          await waitForPath(page, '/messages');
          await page.getByRole('link', { name: 'New conversation' }).click();
          await waitForPath(page, '/messages/new');
          const form = page.getByRole('form', { name: 'New conversation' });
          await form.getByLabel('Topic').selectOption({ label: 'Schedule' });
          await form.getByLabel('Subject').fill(SUBJECT);
          await form.getByLabel('Message').fill(QUESTION);
          await form.getByRole('button', { name: 'Send' }).click();
          await waitForPath(page, /^\/messages\/\d+$/);
          state.conversationPath = new URL(page.url()).pathname;
          await page.getByRole('heading', { name: SUBJECT }).waitFor();
          const thread = page.getByRole('list', { name: 'Messages' });
          await thread.getByText(QUESTION).waitFor();
          // one column on a phone: the conversation with a way back, the list hidden
          expect(await conversations(page).isVisible()).toBe(false);
          expect(await page.getByRole('link', { name: '← All conversations' }).isVisible()).toBe(true);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
          await shot(page, 'messages-nurse-phone');
        },
      );

      it(
        '3. without a reload, the admin sees it appear at the top of the list with its unread count',
        { timeout: STEP },
        async () => {
          const page = state.admin;
          const first = conversations(page).getByRole('listitem').first();
          await expect.poll(() => first.innerText(), LIVE).toContain(SUBJECT);
          expect(await first.innerText()).toContain('Nora Okafor');
          expect(await first.getByLabel('1 unread').count()).toBe(1);
          // the menu counts the conversations waiting: the demo one and this one
          await expect
            .poll(
              () => page.getByRole('navigation', { name: 'Main' }).getByLabel('2 unread conversations').count(),
              LIVE,
            )
            .toBe(1);
          await shot(page, 'messages-admin-inbox');
        },
      );

      it(
        '4. the admin opens and answers it; the nurse sees the answer without a reload, and read marks show on both sides',
        { timeout: STEP },
        async () => {
          const admin = state.admin;
          await conversations(admin)
            .getByRole('link', { name: new RegExp(SUBJECT) })
            .click();
          await waitForPath(admin, state.conversationPath);
          const adminThread = admin.getByRole('list', { name: 'Messages' });
          await adminThread.getByText(QUESTION).waitFor();
          // shown is read: the badge goes, and the nurse's message says the admin read it
          await expect
            .poll(
              () =>
                conversations(admin)
                  .getByRole('link', { name: new RegExp(SUBJECT) })
                  .getByLabel('1 unread')
                  .count(),
              LIVE,
            )
            .toBe(0);
          const nurseThread = state.nurse.getByRole('list', { name: 'Messages' });
          await expect
            .poll(() => nurseThread.getByRole('listitem').first().innerText(), LIVE)
            .toContain('Read by Alice Grant');

          await admin.getByLabel('Your message').fill(ANSWER);
          await admin.getByRole('button', { name: 'Send' }).click();
          await adminThread.getByText(ANSWER).waitFor();

          // the nurse's open conversation: the answer appears, once, and she has read it
          await expect.poll(() => nurseThread.getByText(ANSWER).count(), LIVE).toBe(1);
          expect(await nurseThread.getByRole('listitem').last().innerText()).toContain('Alice Grant');
          const answered = adminThread.getByRole('listitem').filter({ hasText: ANSWER });
          await expect.poll(() => answered.innerText(), LIVE).toContain('Read by Nora Okafor');
          await shot(state.nurse, 'messages-nurse-answered');
          await shot(admin, 'messages-admin-conversation');
          expect(state.nurse.problems).toEqual([]);
          expect(admin.problems).toEqual([]);
        },
      );

      it(
        "5. the nurse's connection drops while the admin writes twice; back online, her stream resumes from the last event and she sees both messages, once each, without a reload",
        { timeout: STEP },
        async () => {
          const nurse = state.nurse;
          const streams: { lastEventId: string | null }[] = [];
          nurse.on('request', (request) => {
            if (new URL(request.url()).pathname === EVENTS_STREAM_PATH)
              streams.push({ lastEventId: request.headers()['last-event-id'] ?? null });
          });
          await nurse.context().setOffline(true);
          const admin = state.admin;
          const adminThread = admin.getByRole('list', { name: 'Messages' });
          for (const text of WHILE_AWAY) {
            await admin.getByLabel('Your message').fill(text);
            await admin.getByRole('button', { name: 'Send' }).click();
            await adminThread.getByText(text).waitFor();
          }
          const nurseThread = nurse.getByRole('list', { name: 'Messages' });
          expect(await nurseThread.getByText(WHILE_AWAY[0]).count()).toBe(0);
          await nurse.context().setOffline(false);
          for (const text of WHILE_AWAY)
            await expect.poll(() => nurseThread.getByText(text).count(), { timeout: 45_000, interval: 250 }).toBe(1);
          // what failed while offline is no longer claimed once it has loaded
          await expect.poll(() => nurse.getByText(NETWORK_ERROR_TEXT).count(), LIVE).toBe(0);
          // the stream came back on its own, asking for what came after the last event it had
          expect(streams.length).toBeGreaterThan(0);
          expect(streams.at(-1)!.lastEventId).toMatch(/^\d+$/);
          // nothing shown twice: the answer of step 4 and the two messages, once each, in order
          const texts = await nurseThread.getByRole('listitem').allInnerTexts();
          expect(texts.filter((text) => text.includes(ANSWER))).toHaveLength(1);
          expect(texts.findIndex((text) => text.includes(WHILE_AWAY[0]))).toBeLessThan(
            texts.findIndex((text) => text.includes(WHILE_AWAY[1])),
          );
          await shot(nurse, 'messages-nurse-reconnected');
        },
      );
    },
  );
}
