#!/usr/bin/env node
// `npm run test:quick`: the unit and server projects on the embedded database only (TEST_DATABASE_URL emptied,
// so a PostgreSQL set in the environment is not used), for the loop between edits. Extra arguments go to vitest.
import { spawnSync } from 'node:child_process';

const args = ['vitest', 'run', '--project', 'unit', '--project', 'server', ...process.argv.slice(2)];
const result = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: '' } });
process.exit(result.status ?? 1);
