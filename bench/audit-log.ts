/**
 * Audit log (issue 11, "Performance", on PostgreSQL): `audit_log_list` filtered by one person and one month
 * as the log grows (10k, then 10M rows across organizations and people: p95 grows ≤ 2x). A dedicated
 * database is created from `databaseUrl` and dropped.
 *
 * Bulk rows are written by SQL (generate_series, a million at a time), ~15 seconds apart from 2021 on, by
 * 5,000 people of ten organizations; the admin of Sunrise has one row in about a thousand of them, never in
 * the measured month, where the bench writes 120 rows of theirs among everyone else's: the measured answer
 * (the first 50 of 120) is the same at every size. Each measured call is the master's, through the real
 * routes (and so also writes its own SEARCH row, as every listing does).
 * Standalone: `npx tsx bench/audit-log.ts [sizes...]`.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { rowsOf, type Db } from '../server/db/connection';
import { BENCH_DATABASE_URL, getLatency, p95Ratios, sizesOf, withBenchDatabase, type LatencyFigures } from './lib';

export interface AuditLogBench {
  sizes: { rows: number; personMonth: LatencyFigures; seedSeconds: number }[];
  ratios: { rows: number; personMonth: number }[];
}

/** The measured month (the master's days, America/New_York) and the person's rows in it. */
const MONTH = { from: '2023-03-01', to: '2023-03-31' };
const PERSON_ROWS = 120;
const PEOPLE = 5_000;
const CHUNK = 1_000_000;

async function addRows(db: Db, adminId: number, sunriseId: number, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += CHUNK) {
    const end = Math.min(to, start + CHUNK);
    // row i: at 2021-01-01 + 15 s·i; person 1,000,000 + i % 5000 of organization i % 10, or the admin for one in 997 (not in the month)
    await db.execute(sql`
      insert into audit_log (actor_id, organization_id, operation_id, entity, entity_id, action, client_id, role, changed_fields, ip, user_agent, created_at)
      select
        case when i % 997 = 0 and not (t >= timestamptz '2023-03-01 05:00Z' and t < timestamptz '2023-04-01 04:00Z') then ${adminId} else 1000000 + i % ${PEOPLE} end,
        case when i % 997 = 0 then ${sunriseId} else 1000 + i % 10 end,
        'clients_retrieve', 'client', (i % 50000)::text, 'READ', i % 50000,
        'ROLE_ADMIN', '{"event":"read","what":"client"}'::jsonb, '10.0.0.' || (i % 250), 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0', t
      from generate_series(${start}::bigint, ${end - 1}::bigint) i
      cross join lateral (select timestamptz '2021-01-01 00:00Z' + i * interval '15 seconds' as t) w`);
  }
  // as a log that grew over years would be: vacuumed and analysed, not mid-autovacuum while it is measured
  await db.execute(sql`vacuum analyze audit_log`);
}

export async function benchAuditLog(options: {
  databaseUrl: string;
  sizes?: number[];
  samples?: number;
  log?: (message: string) => void;
}): Promise<AuditLogBench> {
  const sizes = options.sizes ?? [10_000, 10_000_000];
  const samples = options.samples ?? 200;
  const log = options.log ?? ((message: string) => console.log(message));
  return withBenchDatabase(
    options.databaseUrl,
    'audit',
    async ({ database, config }) => {
      const db = database.db;
      const [ids] = rowsOf<{ admin: number; sunrise: number }>(
        await db.execute(
          sql`select (select id from users where email = 'admin@sunrise.example') as admin, (select id from organizations where token = 'sunrise') as sunrise`,
        ),
      );
      // the person's month: 120 rows of the admin, six hours apart from March 1st, 12:00 UTC
      await db.execute(sql`
      insert into audit_log (actor_id, organization_id, operation_id, entity, entity_id, action, client_id, role, changed_fields, ip, user_agent, created_at)
      select ${ids.admin}, ${ids.sunrise}, 'employees_partial_update', 'employee', '42', 'UPDATE', null, 'ROLE_ADMIN', '{"phone":{"from":"555 0100","to":"555 0101"}}'::jsonb,
        '203.0.113.7', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0', timestamptz '2023-03-01 12:00Z' + k * interval '6 hours'
      from generate_series(0, ${PERSON_ROWS - 1}) k`);

      const app = await buildApp({ config, db, logger: false });
      await app.ready();
      try {
        const target = `/api/audit-log/?person=${ids.admin}&from=${MONTH.from}&to=${MONTH.to}&limit=50`;
        // signed in afresh at each size: the access token of the first would have expired while rows were added
        const measure = (): Promise<LatencyFigures> =>
          getLatency(app, target, {
            as: 'master@portal.example',
            samples,
            accepts: (response) => {
              const body = response.statusCode === 200 ? response.json() : null;
              return body?.count === PERSON_ROWS && body.results.length === 50;
            },
          });
        const results: AuditLogBench['sizes'] = [];
        let have = 0;
        for (const rows of sizes) {
          const started = performance.now();
          await addRows(db, ids.admin, ids.sunrise, have, rows);
          have = rows;
          const seedSeconds = (performance.now() - started) / 1000;
          const personMonth = await measure();
          results.push({ rows, personMonth, seedSeconds });
          log(
            `audit_log_list ${rows.toLocaleString('en-US')} rows (added in ${seedSeconds.toFixed(1)} s): one person's month p95 ${personMonth.p95.toFixed(2)} ms, p50 ${personMonth.p50.toFixed(2)} ms`,
          );
        }
        return {
          sizes: results,
          ratios: p95Ratios(results, ['personMonth']),
        };
      } finally {
        await app.close();
      }
    },
    { rateLimits: false },
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = sizesOf(process.argv.slice(2));
  const result = await benchAuditLog({
    databaseUrl: BENCH_DATABASE_URL,
    ...(sizes.length ? { sizes } : {}),
    samples: Number(process.env.AUDIT_SAMPLES ?? 200),
  });
  console.log(JSON.stringify({ sizes: result.sizes, ratios: result.ratios }, null, 2));
}
