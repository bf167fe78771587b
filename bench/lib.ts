import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { configFromEnv, type Config } from '../server/config';
import { openDatabase, type Database } from '../server/db/connection';
import { DEMO_PASSWORD, seedDemo } from '../server/db/seed';
import { freePort, spawnUntilListening, type Spawned } from '../tests/e2e/harness';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WORK = path.join(ROOT, 'bench/.work');
export const TSX_LOADER = import.meta.resolve('tsx');

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export interface LatencyFigures {
  p50: number;
  p95: number;
}

/**
 * The headers of a demo person freshly signed in to the app (the access token lives 5 minutes, so a bench
 * signs in again for each measure); `organization` names the tenant for a person of one.
 */
export async function signedInHeaders(
  app: FastifyInstance,
  email: string,
  organization?: string,
): Promise<Record<string, string>> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { email, password: DEMO_PASSWORD },
  });
  const authorization = `Bearer ${login.json().access}`;
  return organization ? { authorization, 'x-organization-token': organization } : { authorization };
}

/**
 * The latency of a GET in the app (no network) by a demo person signed in for it (`as`, in `organization`):
 * `warmUps` unmeasured calls, then `samples` timed ones. Each timed answer must pass `accepts` (by default a
 * 200), or the bench stops with it: a figure of wrong answers measures nothing.
 */
export async function getLatency(
  app: FastifyInstance,
  url: string,
  {
    as,
    organization,
    samples,
    warmUps = 10,
    accepts = (response) => response.statusCode === 200,
  }: {
    as: string;
    organization?: string;
    samples: number;
    warmUps?: number;
    accepts?: (response: LightMyRequestResponse) => boolean;
  },
): Promise<LatencyFigures> {
  const headers = await signedInHeaders(app, as, organization);
  for (let i = 0; i < warmUps; i++) await app.inject({ method: 'GET', url, headers });
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - t0);
    if (!accepts(response)) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command: state(0) ... utime is field 14 of the whole line, index 11 here; stime index 12.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

/**
 * The portal as `npm start` runs it (`server/main.ts` under node with tsx, so the pid is the server's for CPU
 * readings), on a free port of 127.0.0.1, logging warnings only; `env` adds to that (a database, folders).
 */
export async function startPortal(
  env: Record<string, string>,
  { cwd = ROOT } = {},
): Promise<Spawned & { url: string }> {
  const port = await freePort();
  const server = await spawnUntilListening(
    process.execPath,
    ['--import', TSX_LOADER, path.join(ROOT, 'server/main.ts')],
    {
      cwd,
      env: { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    },
  );
  return Object.assign(server, { url: `http://127.0.0.1:${port}` });
}

/** Row counts from a list ('1000,100000', or the words of a command line): the positive ones. */
export function sizesOf(list: string | readonly string[]): number[] {
  return (typeof list === 'string' ? list.split(',') : list).map(Number).filter((n) => n > 0);
}

/** The database of a bench run on its own (`tsx bench/<name>.ts [sizes...]`). */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Each size's p95 of the named figures over the first (smallest) size's, as a bench run on its own prints them. */
export function p95Ratios<Figure extends string>(
  results: readonly ({ rows: number } & Record<Figure, { p95: number }>)[],
  figures: readonly Figure[],
): ({ rows: number } & Record<Figure, number>)[] {
  const base = results[0]!;
  return results.map(
    (result) =>
      ({
        rows: result.rows,
        ...Object.fromEntries(figures.map((figure) => [figure, result[figure].p95 / base[figure].p95])),
      }) as { rows: number } & Record<Figure, number>,
  );
}

export function log(message: string) {
  process.stderr.write(`[bench] ${message}\n`);
}

/**
 * A database of its own for a bench: created from `databaseUrl` (named `care_bench_<label>_<random>`), migrated,
 * seeded with the demo (no files), with a data folder and an app config (JWT secret, silent logs, and the
 * `overrides`); closed and dropped, the folder removed, whatever `run` does.
 */
export async function withBenchDatabase<T>(
  databaseUrl: string,
  label: string,
  run: (bench: { database: Database; dataDir: string; config: Config }) => Promise<T>,
  overrides: Partial<Config> = {},
): Promise<T> {
  const name = `care_bench_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `care-bench-${label}-`));
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await database.migrate();
    await seedDemo(database.db, { files: null });
    const config: Config = {
      ...configFromEnv({}),
      dataDir,
      jwtSecret: randomBytes(32).toString('base64url'),
      logLevel: 'silent',
      publicUrl: 'http://bench.local',
      ...overrides,
    };
    return await run({ database, dataDir, config });
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  }
}
