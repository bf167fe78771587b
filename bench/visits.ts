/**
 * Visits (issue 10, "Performance", on PostgreSQL): `visits_list` for one week of one caregiver as the table
 * grows (1k, 100k, 1M, 5M visits across organizations: p95 grows ≤ 2x); 20 concurrent bookings of one
 * caregiver's same hour (exactly one succeeds); the EVV export of 100k verified visits (server memory grows
 * ≤ 50 MiB while it streams). A dedicated database is created from `databaseUrl` and dropped.
 *
 * Bulk visits go to 5,000 bench caregivers in nine bench organizations, two hours apart per caregiver (the
 * exclusion constraint holds), so the same database grows from size to size. The measured week is the demo
 * nurse's in Sunrise (the seed's visits plus a fixed set the bench adds), the same answer at every size.
 * Standalone: `npx tsx bench/visits.ts [sizes...]`.
 */
import { get } from 'node:http';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { rowsOf, type Db } from '../server/db/connection';
import {
  BENCH_DATABASE_URL,
  getLatency,
  p95Ratios,
  signedInHeaders,
  sizesOf,
  withBenchDatabase,
  type LatencyFigures,
} from './lib';

export interface VisitsBench {
  sizes: { rows: number; week: LatencyFigures; ownWeek: LatencyFigures; seedSeconds: number }[];
  ratios: { rows: number; week: number; ownWeek: number }[];
  concurrent: { attempts: number; created: number; conflicts: number; other: number };
  export: { visits: number; bytes: number; seconds: number; memoryGrowthMiB: number };
  board: { caregivers: number; visits: number; figures: LatencyFigures };
}

const ORGANIZATIONS = 9;
const CAREGIVERS = 5_000;
/** The measured week (a week of 2027, away from the demo's days and the bulk's). */
const WEEK = { from: '2027-06-07', to: '2027-06-13' };

async function addVisits(db: Db, from: number, to: number): Promise<void> {
  const chunk = 250_000;
  for (let start = from; start < to; start += chunk) {
    const end = Math.min(to, start + chunk);
    // visit i: caregiver i % 5000 (whose organization is that index % 9), slot i / 5000, two hours apart
    await db.execute(sql`
      insert into visits (organization_id, client_id, client_service_id, caregiver_id, status, starts_at, ends_at, service_date, created_at, updated_at)
      select c.organization_id, s.client_id, s.id, c.user_id, 'SCHEDULED',
        timestamptz '2026-01-05 13:00Z' + ((i / ${CAREGIVERS}) * interval '2 hours'),
        timestamptz '2026-01-05 14:00Z' + ((i / ${CAREGIVERS}) * interval '2 hours'),
        (timestamptz '2026-01-05 13:00Z' + ((i / ${CAREGIVERS}) * interval '2 hours'))::date, now(), now()
      from generate_series(${start}::int, ${end - 1}::int) i
      join bench_caregivers c on c.n = i % ${CAREGIVERS}
      join client_services s on s.id = c.service_id`);
  }
  // as a table that grew over months would be: vacuumed and analysed, not mid-autovacuum while it is measured
  await db.execute(sql`vacuum analyze visits`);
}

export async function benchVisits(options: {
  databaseUrl: string;
  sizes?: number[];
  samples?: number;
  exportVisits?: number;
  log?: (message: string) => void;
}): Promise<VisitsBench> {
  const sizes = options.sizes ?? [1_000, 100_000, 1_000_000, 5_000_000];
  const samples = options.samples ?? 200;
  const exportVisits = options.exportVisits ?? 100_000;
  const log = options.log ?? ((message: string) => console.log(message));
  return withBenchDatabase(options.databaseUrl, 'visits', async ({ database, config }) => {
    const db = database.db;
    // nine organizations, each with a client and a service; 5,000 caregivers spread over them
    await db.execute(
      sql`insert into organizations (name, token, timezone) select 'Bench ' || g, 'bench-' || g, 'America/New_York' from generate_series(0, ${ORGANIZATIONS - 1}) g`,
    );
    await db.execute(sql`
      insert into clients (organization_id, type, status, first_name, last_name, date_of_birth)
      select id, 'HCC', 'ACTIVE', 'Bench', 'Client', '1940-01-01' from organizations where token like 'bench-%'`);
    await db.execute(sql`
      insert into client_services (organization_id, client_id, service)
      select organization_id, id, 'Pathways' from clients where last_name = 'Client' and first_name = 'Bench'`);
    await db.execute(sql`
      create table bench_caregivers as
      with made as (
        insert into users (organization_id, email, first_name, last_name, role)
        select o.id, 'caregiver' || n || '@bench.example', 'Care', 'Giver' || n, 'ROLE_EMPLOYEE'
        from generate_series(0, ${CAREGIVERS - 1}) n join organizations o on o.token = 'bench-' || (n % ${ORGANIZATIONS})
        returning id, organization_id, email)
      select m.id as user_id, m.organization_id, substring(m.email from 'caregiver([0-9]+)@')::int as n, s.id as service_id
      from made m join client_services s on s.organization_id = m.organization_id`);
    await db.execute(sql`create unique index on bench_caregivers (n)`);
    // the nurse's measured week: two visits a day at Clara Whitfield's home
    await db.execute(sql`
      insert into visits (organization_id, client_id, client_service_id, caregiver_id, status, starts_at, ends_at, service_date)
      select s.organization_id, s.client_id, s.id, u.id, 'SCHEDULED', (d + interval '13 hours' + k * interval '3 hours') at time zone 'UTC', (d + interval '14 hours' + k * interval '3 hours') at time zone 'UTC', d::date
      from generate_series(${WEEK.from}::date, ${WEEK.to}::date, interval '1 day') d, generate_series(0, 1) k,
        users u, client_services s join clients c on c.id = s.client_id
      where u.email = 'nurse@sunrise.example' and c.last_name = 'Whitfield' and s.service = 'Pathways'`);

    const app = await buildApp({ config, db, logger: false });
    await app.ready();
    const measure = (target: string, email: string): Promise<LatencyFigures> =>
      getLatency(app, target, {
        as: email,
        organization: 'sunrise',
        samples,
        accepts: (response) => response.statusCode === 200 && response.json().count === 14,
      });
    try {
      const [nurse] = rowsOf<{ id: number }>(
        await db.execute(sql`select id from users where email = 'nurse@sunrise.example'`),
      );
      const results: VisitsBench['sizes'] = [];
      let have = 0;
      for (const rows of sizes) {
        const started = performance.now();
        await addVisits(db, have, rows);
        have = rows;
        const seedSeconds = (performance.now() - started) / 1000;
        const week = await measure(
          `/api/visits/?from=${WEEK.from}&to=${WEEK.to}&caregiver_id=${nurse.id}&limit=50`,
          'admin@sunrise.example',
        );
        const ownWeek = await measure(`/api/visits/?from=${WEEK.from}&to=${WEEK.to}&limit=50`, 'nurse@sunrise.example');
        results.push({ rows, week, ownWeek, seedSeconds });
        log(
          `visits_list ${rows.toLocaleString('en-US')} visits (added in ${seedSeconds.toFixed(1)} s): the office's week of one caregiver p95 ${week.p95.toFixed(2)} ms, the caregiver's own week p95 ${ownWeek.p95.toFixed(2)} ms`,
        );
      }

      // 20 bookings of the nurse's same hour at once
      const [service] = rowsOf<{ id: number; client_id: number }>(
        await db.execute(
          sql`select s.id, s.client_id from client_services s join clients c on c.id = s.client_id where c.last_name = 'Nguyen' and s.service = 'SkilledNurses'`,
        ),
      );
      const office = await signedInHeaders(app, 'admin@sunrise.example', 'sunrise');
      const attempts = 20;
      const answers = await Promise.all(
        Array.from({ length: attempts }, () =>
          app.inject({
            method: 'POST',
            url: '/api/visits/',
            headers: office,
            payload: {
              client_id: service.client_id,
              service_id: service.id,
              caregiver_id: nurse.id,
              service_date: '2027-06-15',
              start_time: '09:00',
              end_time: '10:00',
            },
          }),
        ),
      );
      const concurrent = {
        attempts,
        created: answers.filter((a) => a.statusCode === 201).length,
        conflicts: answers.filter((a) => a.statusCode === 409).length,
        other: answers.filter((a) => a.statusCode !== 201 && a.statusCode !== 409).length,
      };
      log(
        `${attempts} concurrent bookings of one hour: ${concurrent.created} created, ${concurrent.conflicts} conflicts, ${concurrent.other} other`,
      );

      // the EVV export of 100k verified visits of Sunrise (the bench's caregivers serve Sunrise's client for it)
      await db.execute(sql`
        insert into visits (organization_id, client_id, client_service_id, caregiver_id, status, starts_at, ends_at, service_date, clock_in_at, clock_out_at, clock_in_location, clock_out_location, verified_at)
        select s.organization_id, s.client_id, s.id, c.user_id, 'VERIFIED', t, t + interval '1 hour', (t at time zone 'America/New_York')::date, t, t + interval '1 hour', 'HOME', 'HOME', t + interval '1 hour'
        from generate_series(0, ${exportVisits - 1}) i
        join bench_caregivers c on c.n = i % ${CAREGIVERS}
        cross join lateral (select timestamptz '2028-01-03 13:00Z' + ((i / ${CAREGIVERS}) * interval '2 hours') as t) w,
        client_services s join clients k on k.id = s.client_id
        where k.last_name = 'Whitfield' and s.service = 'Pathways'`);
      await db.execute(sql`vacuum analyze visits`);
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const t0 = performance.now();
      const bytes = await new Promise<number>((resolve, reject) => {
        get(`${address}/api/visits/export/?from=2028-01-01&to=2028-12-31`, { headers: office }, (response) => {
          if (response.statusCode !== 200) reject(new Error(`export: ${response.statusCode}`));
          let total = 0;
          response.on('data', (chunk: Buffer) => (total += chunk.length));
          response.on('end', () => resolve(total));
          response.on('error', reject);
        }).on('error', reject);
      });
      clearInterval(sampler);
      const exported = {
        visits: exportVisits,
        bytes,
        seconds: (performance.now() - t0) / 1000,
        memoryGrowthMiB: (peak - before) / 1024 / 1024,
      };
      log(
        `EVV export of ${exportVisits.toLocaleString('en-US')} visits: ${(bytes / 1024 / 1024).toFixed(1)} MiB in ${exported.seconds.toFixed(1)} s, memory grew ${exported.memoryGrowthMiB.toFixed(1)} MiB`,
      );

      // the schedule board of a 500-caregiver agency: Sunrise gets 500 READY caregivers, ten visits each in a week
      const boardCaregivers = 500;
      const boardWeek = { start: '2027-09-05', days: 7 };
      await db.execute(sql`
        with made as (
          insert into users (organization_id, email, first_name, last_name, role)
          select o.id, 'board' || n || '@sunrise.example', 'Board', 'Caregiver' || lpad(n::text, 3, '0'), 'ROLE_EMPLOYEE'
          from generate_series(1, ${boardCaregivers}) n, organizations o where o.token = 'sunrise'
          returning id, organization_id)
        insert into employee_profiles (user_id, organization_id, status, position) select id, organization_id, 'READY', 'HHA' from made`);
      await db.execute(sql`
        insert into visits (organization_id, client_id, client_service_id, caregiver_id, status, starts_at, ends_at, service_date)
        select s.organization_id, s.client_id, s.id, u.id, 'SCHEDULED',
          (${boardWeek.start}::date + d + interval '13 hours' + k * interval '4 hours') at time zone 'UTC',
          (${boardWeek.start}::date + d + interval '15 hours' + k * interval '4 hours') at time zone 'UTC',
          ${boardWeek.start}::date + d
        from users u, generate_series(1, 5) d, generate_series(0, 1) k, client_services s join clients c on c.id = s.client_id
        where u.email like 'board%@sunrise.example' and c.last_name = 'Whitfield' and s.service = 'Pathways'`);
      await db.execute(sql`vacuum analyze visits`);
      const boardFigures = await getLatency(
        app,
        `/api/visits/board/?week=${boardWeek.start}&limit=${boardCaregivers + 10}`,
        {
          as: 'admin@sunrise.example',
          organization: 'sunrise',
          samples: Math.min(samples, 40),
          warmUps: 5,
          accepts: (response) => response.statusCode === 200 && response.json().rows.length >= boardCaregivers,
        },
      );
      log(
        `schedule board, ${boardCaregivers} caregivers and ${boardCaregivers * 10} visits in the week: p95 ${boardFigures.p95.toFixed(1)} ms`,
      );

      return {
        board: { caregivers: boardCaregivers, visits: boardCaregivers * 10, figures: boardFigures },
        sizes: results,
        ratios: p95Ratios(results, ['week', 'ownWeek']),
        concurrent,
        export: exported,
      };
    } finally {
      await app.close();
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = sizesOf(process.argv.slice(2));
  const result = await benchVisits({
    databaseUrl: BENCH_DATABASE_URL,
    ...(sizes.length ? { sizes } : {}),
    samples: 60,
    exportVisits: Number(process.env.EXPORT_VISITS ?? 100_000),
  });
  console.log(JSON.stringify({ ratios: result.ratios, concurrent: result.concurrent, export: result.export }, null, 2));
}
