#!/usr/bin/env node
// `npm run test:quick`: the loop between edits, within five minutes on two cores. The unit project and the server
// project on the embedded database only (TEST_DATABASE_URL emptied, so a PostgreSQL set in the environment is not
// used), without the sweeps over every operation (the security matrix, bad input, tenancy, the inside-organization
// table) and the rate-limit suite, which sends hundreds of requests to reach each limit: `npm test` runs those.
// Extra arguments go to vitest.
import { spawnSync } from 'node:child_process';

const SLOW_SWEEPS = [
  'tests/api/security-matrix.*',
  'tests/api/bad-input.*',
  'tests/api/tenancy.*',
  'tests/api/inside-organization.*',
  'server/plugins/rate-limit.test.ts',
];
const args = ['vitest', 'run', '--project', 'unit', '--project', 'server'];
for (const glob of SLOW_SWEEPS) args.push('--exclude', glob);
const result = spawnSync('npx', [...args, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: '' },
});
process.exit(result.status ?? 1);
