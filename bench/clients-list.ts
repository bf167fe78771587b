/**
 * Clients list and referral board latency (issue 9: "clients_list with search at 1k, 100k and 1M clients
 * across organizations: p95 grows ≤ 2x from 1k"; "the referral board with 10k referrals answers in ≤ 100 ms
 * p95 on PostgreSQL"), in-process on PostgreSQL: a dedicated database is created from `databaseUrl` and dropped.
 *
 * Clients are added with INSERT ... SELECT generate_series, a tenth of them in Sunrise and the rest spread
 * over nine other organizations, so the same database grows from 1k to 100k to 1M. Measured through the real
 * app (inject): the first page of Sunrise's clients (limit 50, by last name) and a search for one client by
 * the start of their last name (the same single match at every size). Then 10k referrals for Sunrise and the
 * board's first page, its New filter and its overdue filter.
 * Standalone: `npx tsx bench/clients-list.ts [sizes...]`.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import type { Db } from '../server/db/connection';
import { BENCH_DATABASE_URL, getLatency, p95Ratios, sizesOf, withBenchDatabase, type LatencyFigures } from './lib';

export interface ClientsListSize {
  rows: number;
  firstPage: LatencyFigures;
  /** one client found by the start of a last name only they have: the same answer at every size */
  search: LatencyFigures;
  seedSeconds: number;
}

export interface ClientsListBench {
  sizes: ClientsListSize[];
  ratios: { rows: number; firstPage: number; search: number }[];
  board: { referrals: number; firstPage: LatencyFigures; newOnes: LatencyFigures; overdue: LatencyFigures };
}

const OTHER_ORGANIZATIONS = 9;

/** Clients numbered [from, to): every tenth in Sunrise, the others in the bench organizations. */
async function addClients(db: Db, from: number, to: number): Promise<void> {
  const chunk = 100_000;
  for (let start = from; start < to; start += chunk) {
    const end = Math.min(to, start + chunk);
    await db.execute(sql`
      insert into clients (organization_id, type, status, first_name, last_name, date_of_birth, phone, phone_digits, address, city, created_at, updated_at)
      select case when i % 10 = 0 then (select id from organizations where token = 'sunrise')
                  else (select id from organizations where token = 'bench-' || (i % ${OTHER_ORGANIZATIONS})) end,
        (array['HCC','HHP','HCC, HHP'])[1 + i % 3], (array['PENDING','ACTIVE','ACTIVE','WAITING_LIST','ON_HOLD','DISCHARGED'])[1 + i % 6],
        'Given' || (i % 97), 'Family' || lpad((i % 5000)::text, 4, '0'), date '1930-01-01' + (i % 20000),
        '(555) ' || lpad((i % 1000000)::text, 7, '0'), '555' || lpad((i % 1000000)::text, 7, '0'), i || ' Bench Street', 'Benchton',
        now() - (i || ' seconds')::interval, now()
      from generate_series(${start}::int, ${end - 1}::int) i`);
  }
  await db.execute(sql`analyze clients`);
}

export async function benchClientsList(options: {
  databaseUrl: string;
  sizes?: number[];
  samples?: number;
  referrals?: number;
  log?: (message: string) => void;
}): Promise<ClientsListBench> {
  const sizes = options.sizes ?? [1_000, 100_000, 1_000_000];
  const samples = options.samples ?? 200;
  const referralCount = options.referrals ?? 10_000;
  const log = options.log ?? ((message: string) => console.log(message));
  return withBenchDatabase(options.databaseUrl, 'clients', async ({ database, config }) => {
    await database.db.execute(sql`
      insert into organizations (name, token, timezone) select 'Bench ' || g, 'bench-' || g, 'America/New_York' from generate_series(0, ${OTHER_ORGANIZATIONS - 1}) g`);
    // the one client the search finds, at every size
    await database.db.execute(sql`
      insert into clients (organization_id, type, status, first_name, last_name, date_of_birth, phone, phone_digits)
      select id, 'HCC', 'ACTIVE', 'Quincy', 'Zabriskie', '1944-04-04', '(555) 999-0000', '5559990000' from organizations where token = 'sunrise'`);
    const app = await buildApp({ config, db: database.db, logger: false });
    await app.ready();
    const measure = (target: string): Promise<LatencyFigures> =>
      getLatency(app, target, { as: 'admin@sunrise.example', organization: 'sunrise', samples });
    const results: ClientsListSize[] = [];
    let board: ClientsListBench['board'];
    try {
      let have = 0;
      for (const rows of sizes) {
        const started = performance.now();
        await addClients(database.db, have, rows);
        have = rows;
        const seedSeconds = (performance.now() - started) / 1000;
        const firstPage = await measure('/api/clients/?limit=50');
        const search = await measure('/api/clients/?limit=50&search=zabris');
        results.push({ rows, firstPage, search, seedSeconds });
        log(
          `clients_list ${rows.toLocaleString('en-US')} clients (seeded in ${seedSeconds.toFixed(1)} s): first page p95 ${firstPage.p95.toFixed(2)} ms, search p95 ${search.p95.toFixed(2)} ms`,
        );
      }
      await database.db.execute(sql`
        insert into referrals (organization_id, marketer_id, first_name, last_name, date_of_birth, phone, phone_digits, type, source, status, status_changed_at, created_at)
        select o.id, (select id from users where email = 'marketer@sunrise.example'), 'Ref' || i, 'Person' || (i % 3000), date '1935-01-01' + (i % 15000),
          '(555) 100-' || lpad((i % 10000)::text, 4, '0'), '555100' || lpad((i % 10000)::text, 4, '0'), 'HCC',
          (array['HOSPITAL','PHYSICIAN','FAMILY','SELF','COMMUNITY','OTHER'])[1 + i % 6],
          (array['NEW','CONTACTED','ASSESSMENT_SCHEDULED','ADMITTED','DECLINED','LOST'])[1 + i % 6],
          now() - ((i % 900) || ' hours')::interval, now() - ((i % 900) || ' hours')::interval
        from generate_series(1, ${referralCount}) i, organizations o where o.token = 'sunrise'`);
      await database.db.execute(sql`analyze referrals`);
      board = {
        referrals: referralCount,
        firstPage: await measure('/api/referrals/?limit=50'),
        newOnes: await measure('/api/referrals/?limit=50&status=NEW'),
        overdue: await measure('/api/referrals/?limit=50&overdue=true'),
      };
      log(
        `referral board, ${referralCount.toLocaleString('en-US')} referrals: first page p95 ${board.firstPage.p95.toFixed(2)} ms, New p95 ${board.newOnes.p95.toFixed(2)} ms, overdue p95 ${board.overdue.p95.toFixed(2)} ms`,
      );
    } finally {
      await app.close();
    }
    return {
      sizes: results,
      ratios: p95Ratios(results, ['firstPage', 'search']),
      board,
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = sizesOf(process.argv.slice(2));
  const result = await benchClientsList({
    databaseUrl: BENCH_DATABASE_URL,
    ...(sizes.length ? { sizes } : {}),
    samples: 60,
  });
  console.log(JSON.stringify({ ratios: result.ratios, board: result.board }, null, 2));
}
