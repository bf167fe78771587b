import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONSOLE_MAIL_NOTICE, configFromEnv, mailModeProblem, resolveJwtSecret, type Config } from './config';
import { openDatabase } from './db/connection';

// Start-up: config, database, migrations, demo seed when due, listen. Heavy modules load on demand.
// WORKERS=N (on PostgreSQL): this process does the once-only work (migrations, moving files, the seed), then
// forks N workers (node:cluster) that share the port; SIGTERM or SIGINT stops them all.
const config = configFromEnv();
const refusal = mailModeProblem(config) ?? workersProblem(config);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}

/** WORKERS=N needs PostgreSQL: the embedded database is a folder only one process may open. */
function workersProblem(settings: Config): string | null {
  if (settings.workers === 0 || settings.databaseUrl) return null;
  return (
    `Care Portal will not start: WORKERS=${settings.workers} needs DATABASE_URL. The embedded database (DATA_DIR/pglite) ` +
    'is opened by one process only; set DATABASE_URL to a PostgreSQL database to run several processes, or unset WORKERS.'
  );
}

const local = `http://localhost:${config.port}`;
// Module loading overlaps with opening the database: the app where this process serves, the seed where it prepares.
const appModule = cluster.isPrimary && config.workers > 0 ? null : import('./app');
const prepareModules = cluster.isPrimary ? Promise.all([import('./db/seed'), import('./lib/file-storage')]) : null;

async function openMigrated() {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await database.migrate();
  return database;
}

/** What runs once per installation start, before any process serves: moving disk files to a shared store, the demo seed. Returns the seed's summary when it ran. */
async function prepare(database: Awaited<ReturnType<typeof openMigrated>>): Promise<string | null> {
  const [{ isDatabaseEmpty, seedDemo, demoSummary }, { createFileStorage, moveDiskFiles, storeKindOf }] =
    await prepareModules!;
  // made here, before any worker starts, when JWT_SECRET is unset: the workers read the same DATA_DIR/jwt-secret
  resolveJwtSecret(config);
  const files = createFileStorage(config, database.db);
  if (storeKindOf(config) !== 'disk') {
    const moved = await moveDiskFiles(config.dataDir, files);
    if (moved)
      console.log(`Moved ${moved} stored files from ${path.join(config.dataDir, 'files')} into the shared file store.`);
  }
  const seedDue = (database.kind === 'pglite' || config.seedDemo) && (await isDatabaseEmpty(database.db));
  if (!seedDue) return null;
  await seedDemo(database.db, { files });
  return demoSummary(config.publicUrl);
}

/** One server: build the app on the database and listen; SIGTERM/SIGINT close it and the database. */
async function serve(database: Awaited<ReturnType<typeof openMigrated>>): Promise<void> {
  const { buildApp } = await appModule!;
  const app = await buildApp({ config, db: database.db, logger: { level: config.logLevel } });
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app
        .close()
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

/** The primary of WORKERS=N: forks the workers, replaces one that dies after it served, stops them all on a signal. */
function superviseWorkers(count: number, summary: string | null): void {
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url), args: process.argv.slice(2) });
  const listening = new Set<number>();
  let live = 0;
  let closing = false;
  let announced = false;
  const fork = (): Worker => {
    const worker = cluster.fork();
    live += 1;
    worker.once('listening', () => {
      listening.add(worker.id);
      if (!announced && listening.size === count) {
        announced = true;
        console.log(`Care Portal listening on ${local} (${count} worker processes)`);
        if (!config.smtpUrl) console.log(CONSOLE_MAIL_NOTICE);
        if (summary) console.log(summary);
      }
    });
    return worker;
  };
  cluster.on('exit', (worker, code, signal) => {
    const served = listening.delete(worker.id);
    live -= 1;
    if (closing) {
      if (live === 0) process.exit();
      return;
    }
    if (!served) {
      // it never listened: the same start would fail again (port taken, database refused): stop, say so
      console.error(
        `Care Portal: worker ${worker.process.pid} stopped before it listened (${signal ?? `exit code ${code}`}); stopping.`,
      );
      closing = true;
      process.exitCode = 1;
      for (const other of Object.values(cluster.workers ?? {}))
        if (other && other.id !== worker.id) other.process.kill('SIGTERM');
      if (live === 0) process.exit();
      return;
    }
    console.error(
      `Care Portal: worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another.`,
    );
    fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      if (live === 0) process.exit(0);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    });
  }
  for (let i = 0; i < count; i++) fork();
}

if (cluster.isPrimary) {
  const database = await openMigrated();
  const summary = await prepare(database);
  if (config.workers > 0) {
    // the workers open their own connections: the primary keeps none
    await database.close();
    superviseWorkers(config.workers, summary);
  } else {
    await serve(database);
    console.log(`Care Portal listening on ${local}`);
    if (!config.smtpUrl) console.log(CONSOLE_MAIL_NOTICE);
    if (summary) console.log(summary);
  }
} else {
  await serve(await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: null }));
}
