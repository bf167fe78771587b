#!/usr/bin/env node
// npm run test:any-hour [-- <name>...] [-- --e2e]
//
// Runs the suites whose outcome depends on the date (the server and API suites, the app's units; with --e2e
// also the hire-to-ready journey in Chromium) under a wall clock moved to instants that catch a date counted
// in the wrong zone or by the wrong arithmetic. The whole process tree runs under libfaketime (Debian's
// `faketime`), so Node, the embedded database (PGlite runs inside Node) and Chromium all see the moved clock;
// the clock keeps running from there. A PostgreSQL server keeps its own clock, so TEST_DATABASE_URL is unset
// here. Each instant also sets the machine's own zone (TZ), which the product must never use for a person's
// dates. Exit status: 0 when every instant passed.
import { spawnSync } from 'node:child_process';

/** Sunrise is America/New_York, Harbor America/Chicago (server/db/seed/demo.ts). */
const INSTANTS = [
  {
    name: 'utc-past-midnight',
    at: '2026-11-25T00:30:00Z',
    tz: 'UTC',
    why: '00:30 UTC: already the 25th in UTC, still the 24th at both agencies (the failure of issue 13)',
  },
  {
    name: 'new-years-eve-sunrise',
    at: '2027-01-01T04:30:00Z',
    tz: 'Asia/Tokyo',
    why: "23:30 on Dec 31 at Sunrise: the UTC date and the year have turned; the machine's zone (Tokyo) is on Jan 1 afternoon",
  },
  {
    name: 'dst-begins',
    at: '2027-03-14T04:30:00Z',
    tz: 'UTC',
    why: '23:30 on Mar 13 at Sunrise, the night daylight time begins: 24 hours later is 00:30 two dates on',
  },
  {
    name: 'dst-ends',
    at: '2026-11-01T05:30:00Z',
    tz: 'America/Los_Angeles',
    why: '01:30 on Nov 1 at Sunrise, the hour that repeats when daylight time ends; the machine is in Los Angeles',
  },
  {
    name: 'sunday',
    at: '2026-11-29T15:00:00Z',
    tz: 'UTC',
    why: "10:00 on Sunday at Sunrise, the first day of both agencies' weeks: last week has ended, so the weekly review sweep mails at every start",
  },
  {
    name: 'first-of-month',
    at: '2026-12-01T05:30:00Z',
    tz: 'Europe/Berlin',
    why: '00:30 on Dec 1 at Sunrise (still Nov 30 at Harbor): a new month at one agency only; the machine is in Berlin',
  },
  {
    name: 'leap-day-harbor',
    at: '2028-03-01T05:30:00Z',
    tz: 'UTC',
    why: '23:30 on Feb 29 at Harbor (and 00:30 on Mar 1 at Sunrise): a leap day at the end of its local day',
  },
];

const args = process.argv.slice(2);
const withE2e = args.includes('--e2e');
const names = args.filter((arg) => !arg.startsWith('--'));
const unknown = names.filter((name) => !INSTANTS.some((instant) => instant.name === name));
if (unknown.length) {
  console.error(`Unknown instant ${unknown.join(', ')}. Choose among: ${INSTANTS.map((i) => i.name).join(', ')}.`);
  process.exit(2);
}
const chosen = names.length ? INSTANTS.filter((instant) => names.includes(instant.name)) : INSTANTS;

if (spawnSync('faketime', ['-f', '+0', 'true']).status !== 0) {
  console.error(
    'test:any-hour needs libfaketime, which moves the clock of a whole process tree: on Debian or Ubuntu, `apt-get install faketime`.',
  );
  process.exit(2);
}

const suites = ['--project', 'server', '--project', 'unit'];
const results = [];
for (const instant of chosen) {
  const offsetSeconds = Math.round((Date.parse(instant.at) - Date.now()) / 1000);
  const env = { ...process.env, TZ: instant.tz, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
  delete env.TEST_DATABASE_URL;
  console.log(`\n=== ${instant.name}: ${instant.at} (machine zone ${instant.tz})\n    ${instant.why}`);
  const run = (extra) =>
    spawnSync(
      'faketime',
      ['-f', `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`, 'npx', 'vitest', 'run', ...extra],
      {
        env,
        stdio: 'inherit',
      },
    ).status;
  let status = run(suites);
  if (status === 0 && withE2e) status = run(['--project', 'e2e', 'tests/e2e/hire-to-ready.pglite.test.ts']);
  results.push({ ...instant, passed: status === 0 });
}

console.log('\nAt each instant:');
for (const result of results)
  console.log(`  ${result.passed ? 'passed' : 'FAILED'}  ${result.name.padEnd(22)} ${result.at}  TZ=${result.tz}`);
process.exit(results.every((result) => result.passed) ? 0 : 1);
