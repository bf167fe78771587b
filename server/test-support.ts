import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Static } from '@fastify/type-provider-typebox';
import { desc, eq, sql } from 'drizzle-orm';
import { dateIn } from '#domain/dates';
import { removeStaleSeedTemplates, seedTemplateHour } from '../tests/seed-templates';
import { buildApp, type AppInstance } from './app';
import { configFromEnv, type Config } from './config';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from './db/connection';
import { fileBlobs, organizations, outbox } from './db/schema';
import { createFileStorage, storeKindOf } from './lib/file-storage';
import { DEMO_PASSWORD, seedDemo } from './db/seed';
import type { Mail } from './modules/mail/service';
import type { SessionAnswer } from './modules/auth/schemas';

/**
 * Test support. `createTestApp()` builds the real app on a fresh database: in-memory PGlite, or with
 * `backend: 'postgres'` a uniquely named database on TEST_DATABASE_URL (dropped by `close()`). The demo
 * organizations and users of product.md are seeded. Time is a `TestClock` the test can move.
 *
 *   for (const backend of testBackends()) describe(`users (${backend})`, () => { ... createTestApp({ backend }) ... })
 */
export type Backend = 'pglite' | 'postgres';

/** pglite always; postgres too when TEST_DATABASE_URL is set. */
export function testBackends(): Backend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export class TestClock {
  private current: number;
  constructor(start = Date.now()) {
    this.current = start;
  }
  now = (): Date => new Date(this.current);
  advance(seconds: number): void {
    this.current += seconds * 1000;
  }
  set(date: Date): void {
    this.current = date.getTime();
  }
}

export interface TestApp {
  app: AppInstance;
  database: Database;
  config: Config;
  clock: TestClock;
  backend: Backend;
  /** The PostgreSQL database of the app (null on PGlite): a second app on it acts as a second server process. */
  databaseUrl: string | null;
  /** Signs in (demo password by default) and returns the login answer. */
  login(email: string, password?: string): Promise<Static<typeof SessionAnswer>>;
  /** Headers for an authenticated call: Authorization, and X-ORGANIZATION-TOKEN when given. */
  headers(access: string, organizationToken?: string | null): Record<string, string>;
  /** The organization's local date (`YYYY-MM-DD`) at the test clock's time: the "today" the product uses. */
  today(organizationToken?: string): Promise<string>;
  /** Mails in the outbox (what /dev shows: sign-up and reset tokens redacted), newest first. */
  mails(): Promise<(typeof outbox.$inferSelect)[]>;
  /**
   * Mails as their recipients got them (printed whole on the server's console: the test app is in console-mail
   * mode), newest first; `id` counts them from 1.
   */
  delivered(): DeliveredMail[];
  /** Waits (up to 5 s) for the newest delivered mail to `to` after the one numbered `after` (some are sent without awaiting). */
  waitForMail(to: string, after?: number): Promise<DeliveredMail>;
  close(): Promise<void>;
}

export const TEST_PASSWORD = DEMO_PASSWORD;

/** How many files the app's store holds (the disk's DATA_DIR/files, or `file_blobs` on PostgreSQL): "nothing left behind" checks. */
export async function storedFileCount(t: Pick<TestApp, 'config' | 'database'>): Promise<number> {
  if (storeKindOf(t.config) === 'database') {
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(fileBlobs);
    return Number(row?.n ?? 0);
  }
  const dir = path.join(t.config.dataDir, 'files');
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length
    : 0;
}

export type DeliveredMail = Mail & { id: number };

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const { default: pg } = await import('pg');
  const name = `care_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        // let the app's connections finish closing; force only what is still there after a few seconds
        for (let attempt = 0; attempt < 30; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS "${name}"`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006') throw error; // 55006: database in use
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));
const TEMPLATE_DIR = path.join(SERVER_DIR, '..', '.tmp');

/**
 * A migrated and seeded PGlite data folder, dumped once and kept in .tmp/, so each test app loads it in a
 * second or so instead of running initdb, migrations and the seed. Keyed by the migrations, the server/db
 * modules and the hour of seeding (the seed's dates are relative to its day: tests/seed-templates.ts).
 */
async function seededPgliteTemplate(): Promise<Blob> {
  const now = new Date();
  const hash = createHash('sha256').update(seedTemplateHour(now));
  const dbDir = path.join(SERVER_DIR, 'db');
  const inputs = [
    ...readdirSync(MIGRATIONS_FOLDER)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => path.join(MIGRATIONS_FOLDER, f)),
    ...readdirSync(dbDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => path.join(dbDir, f)),
  ].sort();
  for (const input of inputs) hash.update(input).update(readFileSync(input));
  const file = path.join(TEMPLATE_DIR, `pglite-seeded-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  removeStaleSeedTemplates(TEMPLATE_DIR, 'pglite-seeded-', now);
  const database = await openDatabase({});
  try {
    await database.migrate();
    await seedDemo(database.db, { now });
    const dump = await database.dump!();
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(TEMPLATE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return new Blob([bytes]);
  } finally {
    await database.close();
  }
}

export async function createTestApp(
  options: {
    backend?: Backend;
    config?: Partial<Config>;
    seed?: boolean;
    distDir?: string;
    clock?: TestClock;
    /** Collects the server's log lines (at debug level: one line per request too) instead of silencing them. */
    logTo?: string[];
    /** Runs before `ready()`: register extra routes for a test. */
    setup?: (app: AppInstance) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const backend = options.backend ?? 'pglite';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'care-portal-test-'));
  const config: Config = {
    ...configFromEnv({}),
    dataDir,
    jwtSecret: randomBytes(32).toString('base64url'),
    statusFile: path.join(dataDir, 'status.json'),
    publicUrl: 'http://portal.test',
    logLevel: options.logTo ? 'debug' : 'silent',
    // the suites sign in and ask for links many times from one address: the limits have their own tests
    rateLimits: false,
    ...options.config,
  };
  const pgDatabase = backend === 'postgres' ? await createPostgresDatabase() : null;
  // on PostgreSQL the app knows its URL, as in production: files go to the database store (file-storage.ts)
  if (pgDatabase && options.config?.databaseUrl === undefined) config.databaseUrl = pgDatabase.url;
  const fromTemplate = backend === 'pglite' && options.seed !== false;
  const database = await openDatabase({
    databaseUrl: pgDatabase?.url ?? null,
    pgliteDir: null,
    pgliteLoadDataDir: fromTemplate ? await seededPgliteTemplate() : null,
  });
  const clock = options.clock ?? new TestClock();
  const consoleMails: DeliveredMail[] = [];
  let app: AppInstance | undefined;
  try {
    await database.migrate();
    if (options.seed !== false && !fromTemplate)
      await seedDemo(database.db, { now: clock.now(), files: createFileStorage(config, database.db) });
    app = await buildApp({
      config,
      db: database.db,
      databaseUrl: pgDatabase?.url ?? null,
      now: clock.now,
      logger: options.logTo
        ? { level: 'debug', stream: { write: (line: string) => void options.logTo!.push(line) } }
        : false,
      mailConsole: (mail) => consoleMails.unshift({ ...mail, id: consoleMails.length + 1 }),
      distDir: options.distDir ?? path.join(dataDir, 'no-dist'),
    });
    await options.setup?.(app);
    await app.ready();
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.close();
    await pgDatabase?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  return {
    app: app!,
    database,
    config,
    clock,
    backend,
    databaseUrl: pgDatabase?.url ?? null,
    async login(email, password = DEMO_PASSWORD) {
      const response = await app!.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });
      if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    headers(access, organizationToken) {
      return {
        authorization: `Bearer ${access}`,
        ...(organizationToken ? { 'x-organization-token': organizationToken } : {}),
      };
    },
    async today(organizationToken = 'sunrise') {
      const [organization] = await database.db
        .select({ timezone: organizations.timezone })
        .from(organizations)
        .where(eq(organizations.token, organizationToken));
      if (!organization) throw new Error(`today: no organization ${organizationToken}`);
      return dateIn(organization.timezone, clock.now());
    },
    mails: () => database.db.select().from(outbox).orderBy(desc(outbox.id)),
    delivered: () => [...consoleMails],
    async waitForMail(to, after = 0) {
      for (let i = 0; i < 100; i++) {
        const mail = consoleMails.find((m) => m.to === to && m.id > after);
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no mail to ${to}`);
    },
    async close() {
      await app!.close();
      await database.close();
      await pgDatabase?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
