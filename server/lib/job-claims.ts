import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../db/connection';

/**
 * Work that runs once across processes (document expiry, weekly reviews, event pruning): a row per job in
 * `job_claims` (migration 0016 adds them). A process claims a job with one UPDATE that moves `claimed_until`
 * forward only where it has passed; the others find it claimed and skip the run. One statement, no lock
 * held and no session state: it works the same on PGlite and on a PostgreSQL pool (no connection affinity).
 */

/** Who holds a claim, as the row shows it: the host and process id. */
export const CLAIMANT = `${hostname()}:${process.pid}`;

type ClaimApp = Pick<FastifyInstance, 'db' | 'now'>;

/**
 * Claims `name` for `everyMs` when nobody holds it; true when this process got it (and should run the job).
 * A claim reaching further ahead than twice `everyMs` was made by a clock since set back: it is taken too.
 */
export async function claimJob(app: ClaimApp, name: string, everyMs: number): Promise<boolean> {
  const now = app.now();
  const until = new Date(now.getTime() + everyMs);
  const stale = new Date(now.getTime() + 2 * everyMs);
  const result = await app.db.execute(sql`
    UPDATE job_claims SET claimed_until = ${until.toISOString()}::timestamptz, claimed_by = ${CLAIMANT}, last_run_at = ${now.toISOString()}::timestamptz
    WHERE name = ${name} AND (claimed_until <= ${now.toISOString()}::timestamptz OR claimed_until > ${stale.toISOString()}::timestamptz)
    RETURNING name`);
  return rowsOf(result).length > 0;
}

/** Gives a claim back (a failed run): the next process to try runs the job, instead of waiting out the claim. */
export async function releaseJob(app: ClaimApp, name: string): Promise<void> {
  await app.db.execute(
    sql`UPDATE job_claims SET claimed_until = 'epoch' WHERE name = ${name} AND claimed_by = ${CLAIMANT}`,
  );
}

/**
 * Runs `job` when this process claims `name` for `everyMs`; a failure gives the claim back and is rethrown.
 * Returns the job's result, or null when another process holds the claim.
 */
export async function runClaimed<T>(
  app: ClaimApp,
  name: string,
  everyMs: number,
  job: () => Promise<T>,
): Promise<T | null> {
  if (!(await claimJob(app, name, everyMs))) return null;
  try {
    return await job();
  } catch (error) {
    await releaseJob(app, name).catch(() => undefined);
    throw error;
  }
}

/**
 * A claimed job on a timer: tried when the app is ready and every `checkMs` after (unref'd, stopped with the
 * app); it runs at most once per `everyMs` across every process on the database. Failures are logged.
 */
export function scheduleClaimedJob(
  app: FastifyInstance,
  name: string,
  options: { everyMs: number; checkMs: number },
  job: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const run = () => {
    // one run at a time in this process: a slow sweep is not started again by the next tick
    running ??= runClaimed(app, name, options.everyMs, job)
      .catch((error: unknown) => app.log.error({ err: error, job: name }, 'background job failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(run, options.checkMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
