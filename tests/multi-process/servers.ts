import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase, freePort, ROOT } from '../e2e/harness';

/**
 * Real server processes on one PostgreSQL, started as an operator starts them (`tsx server/main.ts`, what
 * `npm start` runs after its build check): each on its own port and its own DATA_DIR (nothing shared on disk),
 * one DATABASE_URL and one JWT_SECRET. For the multi-process suite (quality.md) and the journeys that need two.
 */
export interface PortalProcess {
  url: string;
  port: number;
  /** Everything it printed so far. */
  output(): string;
  /** SIGTERM to the process (its workers too); resolves when it has exited, with its exit code. */
  stop(): Promise<number | null>;
}

export interface PortalCluster {
  databaseUrl: string;
  processes: PortalProcess[];
  /** Stops every process, then drops the database. */
  stop(): Promise<void>;
}

/** Why the suite does not run here (no PostgreSQL to share), or null when it can. */
export const MULTI_PROCESS_SKIP = process.env.TEST_DATABASE_URL
  ? null
  : 'multi-process suite skipped: TEST_DATABASE_URL is unset (several processes share one PostgreSQL; .ci/run sets it)';

/** Spawns one server with `env` and resolves when it says it is listening (rejects with its output if it exits first). */
export async function startPortalProcess(
  env: Record<string, string>,
  { timeoutMs = 90_000 } = {},
): Promise<PortalProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'care-portal-mp-'));
  const statusFile = path.join(dataDir, 'status.json');
  writeFileSync(statusFile, JSON.stringify({ offline: false, offline_from: null, offline_until: null }));
  const child: ChildProcess = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      STATUS_FILE: statusFile,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      FILES_URL: '',
      WORKERS: '',
      ...env,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  let exitCode: number | null = null;
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = true;
      exitCode = code;
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not listen within ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
    const check = () => {
      if (/Care Portal listening on/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening (code ${exitCode}):\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    output: () => output,
    async stop() {
      if (!exited && child.pid) {
        process.kill(child.pid, 'SIGTERM');
        const killer = setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            /* already gone */
          }
        }, 10_000);
        await exit;
        clearTimeout(killer);
      }
      rmSync(dataDir, { recursive: true, force: true });
      return exitCode;
    },
  };
}

/**
 * A fresh database on TEST_DATABASE_URL and `count` servers on it, started one after the other (the first
 * migrates and seeds the demo, SEED_DEMO=1); `env` goes to each, `ports` pins their ports (else free ones).
 */
export async function startPortalCluster(
  count: number,
  { env = {}, ports = [] as number[] } = {},
): Promise<PortalCluster> {
  const { url, drop } = await createPostgresDatabase();
  const shared = { DATABASE_URL: url, SEED_DEMO: '1', JWT_SECRET: randomBytes(32).toString('base64url'), ...env };
  const processes: PortalProcess[] = [];
  const stop = async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await drop();
  };
  try {
    for (let i = 0; i < count; i++)
      processes.push(await startPortalProcess({ ...shared, ...(ports[i] ? { PORT: String(ports[i]) } : {}) }));
  } catch (error) {
    await stop();
    throw error;
  }
  return { databaseUrl: url, processes, stop };
}
