import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#domain/dates';
import { buildApp, type AppInstance } from '../app';
import { openDatabase, rowsOf as rowsOfResult, type Database } from '../db/connection';
import { EXPIRY_SWEEP_JOB, sweepExpiringDocuments } from '../modules/documents/expiry-sweep';
import { REVIEW_SWEEP_JOB, sweepDueReviews } from '../modules/work-service-reviews/service';
import { createTestApp, type TestApp } from '../test-support';
import { claimJob, runClaimed } from './job-claims';

const HOUR = 3_600_000;

async function rowsOf<T = Record<string, unknown>>(db: Database['db'], query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOfResult<T>(await db.execute(query));
}

describe('job claims (pglite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('a claim holds for its period, then the next one is taken; a claim from a clock set back is taken too', async () => {
    // the app claimed the hour when it started
    expect(await claimJob(t.app, EXPIRY_SWEEP_JOB, HOUR)).toBe(false);
    t.clock.advance(3600);
    expect(await claimJob(t.app, EXPIRY_SWEEP_JOB, HOUR)).toBe(true);
    expect(await claimJob(t.app, EXPIRY_SWEEP_JOB, HOUR)).toBe(false);
    const [row] = await rowsOf<{ claimed_until: string; last_run_at: string }>(
      t.database.db,
      sql`select claimed_until, last_run_at from job_claims where name = ${EXPIRY_SWEEP_JOB}`,
    );
    expect(new Date(row.last_run_at).getTime()).toBe(t.clock.now().getTime());
    expect(new Date(row.claimed_until).getTime()).toBe(t.clock.now().getTime() + HOUR);
    t.clock.advance(-3 * 3600);
    expect(await claimJob(t.app, EXPIRY_SWEEP_JOB, HOUR)).toBe(true);
  });

  it('a run that fails gives its claim back, so the next try runs at once', async () => {
    t.clock.advance(4 * 3600);
    await expect(
      runClaimed(t.app, REVIEW_SWEEP_JOB, HOUR, () => Promise.reject(new Error('database away'))),
    ).rejects.toThrow('database away');
    expect(await runClaimed(t.app, REVIEW_SWEEP_JOB, HOUR, async () => 'ran')).toBe('ran');
    expect(await runClaimed(t.app, REVIEW_SWEEP_JOB, HOUR, async () => 'ran')).toBeNull();
  });

  it('a starting server creates the reviews of the weeks that ended and tells the client, before anyone reads them', async () => {
    await t.database.db.execute(sql`delete from notifications where type = 'work_service_review'`);
    await t.database.db.execute(
      sql`delete from work_service_reviews where status = 'PENDING' and signature_file_id is null`,
    );
    t.clock.advance(2 * 3600);
    const restarted = await buildApp({
      config: t.config,
      db: t.database.db,
      now: t.clock.now,
      logger: false,
      mailConsole: () => undefined,
      distDir: path.join(t.config.dataDir, 'no-dist'),
    });
    try {
      await restarted.ready();
      const reviews = await rowsOf(
        t.database.db,
        sql`select r.id from work_service_reviews r join clients c on c.id = r.client_id where c.first_name = 'Clara' and r.status = 'PENDING'`,
      );
      expect(reviews.length).toBeGreaterThan(0);
      const told = await rowsOf(
        t.database.db,
        sql`select n.link from notifications n join users u on u.id = n.user_id where u.email = 'client@sunrise.example' and n.type = 'work_service_review'`,
      );
      expect(told.map((row) => row.link).sort()).toEqual(
        reviews.map((review) => `/onboarding/work-service-review/${review.id}`).sort(),
      );
    } finally {
      await restarted.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('sweeps run once across processes (postgres)', () => {
  let t: TestApp;
  const others: { app: AppInstance; database: Database }[] = [];

  /** Another server process on the same database: its own connections, the same clock. */
  async function anotherProcess(): Promise<AppInstance> {
    const database = await openDatabase({ databaseUrl: t.databaseUrl });
    const app = await buildApp({
      config: t.config,
      db: database.db,
      now: t.clock.now,
      logger: false,
      mailConsole: () => undefined,
      distDir: path.join(t.config.dataDir, 'no-dist'),
    });
    others.push({ app, database });
    return app;
  }

  beforeAll(async () => {
    t = await createTestApp({ backend: 'postgres' });
  });
  afterAll(async () => {
    for (const other of others) {
      await other.app.close();
      await other.database.close();
    }
    await t?.close();
  });

  it('two processes starting at once warn of an expiring document once, and only one of them sweeps', async () => {
    const [doc] = await rowsOf<{ id: number; name: string; employee_id: number }>(
      t.database.db,
      sql`select d.id, d.name, d.employee_id from employee_documents d join users u on u.id = d.employee_id
          where u.email = 'nurse@sunrise.example' order by d.id limit 1`,
    );
    await t.database.db.execute(
      sql`update employee_documents set status = 'APPROVED', expires_on = ${addDays(await t.today(), 20)}, warned_30_at = null, warned_7_at = null, expired_warned_at = null where id = ${doc.id}`,
    );
    const warnings = () =>
      rowsOf<{ user_id: number }>(
        t.database.db,
        sql`select user_id from notifications where type = 'document_expiring' and title like ${`%${doc.name} expires on%`} and (user_id = ${doc.employee_id} or link = ${`/employees/${doc.employee_id}/documents`})`,
      );
    const admins = await rowsOf(
      t.database.db,
      sql`select u.id from users u join organizations o on o.id = u.organization_id where o.token = 'sunrise' and u.role = 'ROLE_ADMIN' and u.is_active`,
    );
    expect(await warnings()).toHaveLength(0);

    // an hour on, the claim of the first start has passed: two processes start at once and both try the sweep
    t.clock.advance(3600 + 60);
    const [b, c] = await Promise.all([anotherProcess(), anotherProcess()]);
    await Promise.all([b.ready(), c.ready()]);
    const told = await warnings();
    expect(told.filter((row) => row.user_id === doc.employee_id)).toHaveLength(1);
    expect(told).toHaveLength(1 + admins.length);

    // the next hour, both sweep at once: one runs, the other finds the job claimed
    t.clock.advance(3600 + 60);
    const runs = await Promise.all(
      [b, c].map((app) => runClaimed(app, EXPIRY_SWEEP_JOB, HOUR, () => sweepExpiringDocuments(app))),
    );
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    expect(await warnings()).toHaveLength(1 + admins.length);
  });

  it('two processes create the reviews of the weeks that ended once, and tell the client once', async () => {
    // the first start created the demo's due reviews: as if they were not made yet
    await t.database.db.execute(sql`delete from notifications where type = 'work_service_review'`);
    await t.database.db.execute(
      sql`delete from work_service_reviews where status = 'PENDING' and signature_file_id is null`,
    );
    const [b, c] = others.map((other) => other.app);
    t.clock.advance(3600 + 60);
    const runs = await Promise.all(
      [b, c].map((app) => runClaimed(app, REVIEW_SWEEP_JOB, 15 * 60_000, () => sweepDueReviews(app))),
    );
    const ran = runs.filter((run) => run !== null);
    expect(ran).toHaveLength(1);
    const reviews = await rowsOf<{ id: number; client_id: number }>(
      t.database.db,
      sql`select id, client_id from work_service_reviews where status = 'PENDING'`,
    );
    expect(ran[0]).toBe(reviews.length);
    expect(reviews.length).toBeGreaterThan(0);
    const told = await rowsOf<{ user_id: number; link: string }>(
      t.database.db,
      sql`select user_id, link from notifications where type = 'work_service_review'`,
    );
    const portalUsers = await rowsOf<{ client_id: number; n: number }>(
      t.database.db,
      sql`select cu.client_id, count(*)::int as n from client_users cu join users u on u.id = cu.user_id where u.is_active group by cu.client_id`,
    );
    const expected = reviews.reduce(
      (sum, review) => sum + Number(portalUsers.find((p) => p.client_id === review.client_id)?.n ?? 0),
      0,
    );
    expect(told).toHaveLength(expected);
    expect(new Set(told.map((row) => `${row.user_id} ${row.link}`)).size).toBe(told.length);
  });
});
