import path from 'node:path';
import { CONSOLE_MAIL_NOTICE, configFromEnv, mailModeProblem } from './config';
import { openDatabase } from './db/connection';

// Start-up: config, database, migrations, demo seed when due, listen. Heavy modules load on demand.
const config = configFromEnv();
const refusal = mailModeProblem(config);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
// Module loading overlaps with opening the database.
const appModule = import('./app');
const seedModule = import('./db/seed');
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
await database.migrate();

const { isDatabaseEmpty, seedDemo, demoSummary } = await seedModule;
const seedDue = (database.kind === 'pglite' || config.seedDemo) && (await isDatabaseEmpty(database.db));
if (seedDue) await seedDemo(database.db);

const { buildApp } = await appModule;
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
const local = `http://localhost:${config.port}`;
console.log(`Care Portal listening on ${local}`);
if (!config.smtpUrl) console.log(CONSOLE_MAIL_NOTICE);
if (seedDue) console.log(demoSummary(config.publicUrl));
