/**
 * Employees list latency at growing sizes (quality.md: "list latency at 1k, 100k and 1M rows, p95 grows
 * ≤ 2x"), in-process on PostgreSQL: a dedicated database is created from `databaseUrl` and dropped.
 *
 *   import { benchEmployeesList } from './employees-list';
 *   const result = await benchEmployeesList({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/test' });
 *   // result.sizes: [{ rows, firstPage: { p50, p95 }, search: { p50, p95 }, count }], result.ratios
 *
 * Employees are added with INSERT ... SELECT generate_series (the counts triggers run per statement), in
 * steps, so the same database grows from 1k to 100k to 1M. Measured through the real app (inject): the
 * first page (limit 50, ordered by last name), a search for one person by email prefix, and a two-word name
 * search (whose matches grow with the rows: informative), each after a warm-up.
 * Standalone: `npx tsx bench/employees-list.ts [sizes...]`.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import type { Db } from '../server/db/connection';
import { BENCH_DATABASE_URL, getLatency, p95Ratios, sizesOf, withBenchDatabase, type LatencyFigures } from './lib';

export interface EmployeesListSize {
  rows: number;
  firstPage: LatencyFigures;
  /** one person, found by the start of their email: the same answer at every size */
  search: LatencyFigures;
  /** a two-word name search ("nora smi"): its matches grow with the rows (informative, not the gated figure) */
  nameSearch: LatencyFigures;
  /** `count` of the first page (the counts table) */
  count: number;
  /** seconds spent adding the rows of this step */
  seedSeconds: number;
}

export interface EmployeesListBench {
  sizes: EmployeesListSize[];
  /** p95 at each size over p95 at the first size */
  ratios: { rows: number; firstPage: number; search: number; nameSearch: number }[];
}

const SURNAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
];
const GIVEN = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Maria',
  'Nora',
  'Ada',
  'Noah',
  'Grace',
];
const POSITIONS = ['HCC', 'RN', 'LPN', 'CNA', 'HHA', 'PT', 'OT', 'ST', 'SW'];

/** Adds employees numbered [from, to) to sunrise: users + profiles (+ a form request and a document for some). */
export async function addEmployees(db: Db, from: number, to: number): Promise<void> {
  const surnames = sql.raw(`array[${SURNAMES.map((s) => `'${s}'`).join(',')}]`);
  const given = sql.raw(`array[${GIVEN.map((s) => `'${s}'`).join(',')}]`);
  const positions = sql.raw(`array[${POSITIONS.map((s) => `'${s}'`).join(',')}]`);
  const chunk = 100_000;
  for (let start = from; start < to; start += chunk) {
    const end = Math.min(to, start + chunk);
    const [{ last }] = (
      (await db.execute(sql`select coalesce(max(id), 0)::int as last from users`)) as unknown as {
        rows: { last: number }[];
      }
    ).rows;
    await db.execute(sql`
      insert into users (organization_id, email, first_name, last_name, role, password_hash, timezone, created_at)
      select o.id, 'bench' || i || '@bench.example', (${given})[1 + (i / 7) % ${GIVEN.length}], (${surnames})[1 + i % ${SURNAMES.length}],
        'ROLE_EMPLOYEE', null, 'America/New_York', now() - (i || ' seconds')::interval
      from generate_series(${start}::int, ${end - 1}::int) i, organizations o where o.token = 'sunrise'`);
    await db.execute(sql`
      insert into employee_profiles (user_id, organization_id, status, position)
      select u.id, u.organization_id, case when u.id % 3 = 0 then 'NEW' else 'READY' end, (${positions})[1 + u.id % ${POSITIONS.length}]
      from users u left join employee_profiles p on p.user_id = u.id
      where u.id > ${last} and u.email like 'bench%@bench.example' and p.user_id is null`);
  }
  await db.execute(sql`
    insert into form_requests (organization_id, template_id, employee_id, required, status)
    select u.organization_id, (select min(id) from form_templates t where t.organization_id = u.organization_id), u.id, true, 'PENDING'
    from users u where u.email like 'bench%@bench.example' and u.id % 10 = 0
      and not exists (select 1 from form_requests f where f.employee_id = u.id)`);
  await db.execute(sql`
    insert into employee_documents (organization_id, employee_id, name, required, requires_expiry, status, expires_on)
    select u.organization_id, u.id, 'CPR certification', true, true, 'APPROVED', current_date + ((u.id % 400) - 20)
    from users u where u.email like 'bench%@bench.example' and u.id % 4 = 0
      and not exists (select 1 from employee_documents d where d.employee_id = u.id)`);
  await db.execute(sql`analyze`);
}

export async function benchEmployeesList(options: {
  databaseUrl: string;
  sizes?: number[];
  samples?: number;
  log?: (message: string) => void;
}): Promise<EmployeesListBench> {
  const sizes = options.sizes ?? [1_000, 100_000, 1_000_000];
  const samples = options.samples ?? 200;
  const log = options.log ?? ((message: string) => console.log(message));
  return withBenchDatabase(options.databaseUrl, 'employees', async ({ database, config }) => {
    const app = await buildApp({ config, db: database.db, logger: false });
    await app.ready();
    const results: EmployeesListSize[] = [];
    try {
      let have = 0;
      for (const rows of sizes) {
        const started = performance.now();
        await addEmployees(database.db, have, rows);
        have = rows;
        const seedSeconds = (performance.now() - started) / 1000;
        /** The latency of a GET as the Sunrise admin, and the answer it last gave (for its count). */
        const measure = async (
          url: string,
          count = samples,
        ): Promise<{ figures: LatencyFigures; body: { count: number } }> => {
          let body: { count: number } = { count: 0 };
          const figures = await getLatency(app, url, {
            as: 'admin@sunrise.example',
            organization: 'sunrise',
            samples: count,
            accepts: (response) => {
              if (response.statusCode !== 200) return false;
              body = response.json();
              return true;
            },
          });
          return { figures, body };
        };
        const firstPage = await measure('/api/employees/?limit=50');
        const search = await measure('/api/employees/?limit=50&search=bench500%40');
        const nameSearch = await measure('/api/employees/?limit=50&search=nora%20smi', Math.min(samples, 50));
        results.push({
          rows,
          firstPage: firstPage.figures,
          search: search.figures,
          nameSearch: nameSearch.figures,
          count: firstPage.body.count,
          seedSeconds,
        });
        log(
          `employees_list ${rows.toLocaleString('en-US')} rows (seeded in ${seedSeconds.toFixed(1)} s): first page p95 ${firstPage.figures.p95.toFixed(2)} ms, ` +
            `search p95 ${search.figures.p95.toFixed(2)} ms, name search p95 ${nameSearch.figures.p95.toFixed(2)} ms (count ${firstPage.body.count}, name search count ${nameSearch.body.count})`,
        );
      }
    } finally {
      await app.close();
    }
    return {
      sizes: results,
      ratios: p95Ratios(results, ['firstPage', 'search', 'nameSearch']),
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = sizesOf(process.argv.slice(2));
  const result = await benchEmployeesList({
    databaseUrl: BENCH_DATABASE_URL,
    ...(sizes.length ? { sizes } : {}),
  });
  console.log(JSON.stringify(result.ratios, null, 2));
}
