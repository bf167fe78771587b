#!/usr/bin/env node
// The five plausible bugs that once went unnoticed (issue 8), kept as known mutants: each is applied to a
// copy of this tree and the suites that must catch it are run there. Every one must fail them; a mutant that
// survives, or a change that no longer applies (the code moved: update the mutant), fails this script.
//
//   npm run test:mutants-known            all five
//   npm run test:mutants-known -- notes   those whose name contains "notes"
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const MUTANTS = [
  {
    name: 'employees_notes_list opened to READY employees',
    file: 'server/modules/employees/routes.ts',
    from: "app.get('/api/employees/:id/notes/', { schema: schemas.noteListSchema, config: viewEmployees }",
    to: "app.get('/api/employees/:id/notes/', { schema: schemas.noteListSchema, config: { access: { permission: ['view-employees', 'view-workschedules'] } } }",
    suites: ['tests/api/security-matrix.pglite.test.ts'],
  },
  {
    name: 'the organization filter dropped from the employee note types list',
    file: 'server/modules/onboarding/settings-service.ts',
    from: 'const conditions: SQL[] = [eq(table.organizationId, organizationId)];',
    to: 'const conditions: SQL[] = table === noteTypes ? [] : [eq(table.organizationId, organizationId)];',
    suites: ['tests/api/security-matrix.pglite.test.ts'],
  },
  {
    name: 'Harbor rows returned to a Sunrise admin from a list (applications)',
    file: 'server/modules/applications/service.ts',
    from: 'const conditions: SQL[] = [eq(applications.organizationId, organization.id)];',
    to: 'const conditions: SQL[] = [];',
    suites: ['tests/api/security-matrix.pglite.test.ts'],
  },
  {
    name: 'the session machine going from idle to signed out without calling logout',
    file: 'src/machines/session-machine.ts',
    from: "after: { idleTimeout: { target: '#session.endingIdleSession' } }",
    to: "after: { idleTimeout: { target: '#session.signedOut', actions: ['clearUser', 'clearTokens', 'announceSignedOut'] } }",
    suites: ['tests/model-based/machines.test.ts'],
  },
  {
    name: 'a 401 that arrives while a refresh is running rejected instead of queued',
    file: 'src/machines/token-refresh-machine.ts',
    from: "          {\n            actions: { type: 'enqueueWaiter', params: ({ event }) => ({ waiter: event.waiter }) },\n          },",
    to: "          {\n            actions: { type: 'rejectWaiter', params: ({ event }) => ({ waiter: event.waiter }) },\n          },",
    suites: ['tests/model-based/machines.test.ts'],
  },
];

/** A copy of the working tree (tracked and new files, as they are now), sharing node_modules. */
function copyTree() {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const copy = mkdtempSync(path.join(tmpdir(), 'care-portal-mutant-'));
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const target = path.join(copy, file);
    mkdirSync(path.dirname(target), { recursive: true });
    try {
      cpSync(path.join(root, file), target);
    } catch (error) {
      if (error.code !== 'ENOENT') throw error; // deleted in the working tree, not yet in the index
    }
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  return copy;
}

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const chosen = MUTANTS.filter((m) => !wanted.length || wanted.some((w) => m.name.includes(w)));
const results = [];
for (const mutant of chosen) {
  const copy = copyTree();
  try {
    const file = path.join(copy, mutant.file);
    const source = readFileSync(file, 'utf8');
    const count = source.split(mutant.from).length - 1;
    if (count !== 1) {
      results.push({
        mutant,
        verdict: `NOT APPLIED: the text to change is found ${count} times in ${mutant.file} (update this mutant)`,
      });
      continue;
    }
    const missing = mutant.suites.filter((suite) => !existsSync(path.join(copy, suite)));
    if (missing.length) {
      results.push({ mutant, verdict: `NOT RUN: no such suite ${missing.join(', ')} (update this mutant)` });
      continue;
    }
    writeFileSync(file, source.replace(mutant.from, mutant.to));
    const started = Date.now();
    const env = { ...process.env, CI: 'true' };
    delete env.TEST_DATABASE_URL; // the embedded database is enough to see the mutant
    const run = spawnSync('npx', ['vitest', 'run', ...mutant.suites], {
      cwd: copy,
      env,
      encoding: 'utf8',
      timeout: 15 * 60_000,
      maxBuffer: 256 * 1024 * 1024,
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    // the first line that says what was seen (a failed expectation, a leak)
    const plain = (run.stdout + run.stderr).replace(/\x1b\[[0-9;]*m/g, '');
    const failed = (plain.match(/Tests\s+(\d+) failed/) ?? [])[1];
    const lines = plain.split('\n');
    const evidence = lines.find((line) => /^\s*\+\s+"/.test(line)) ?? lines.find((line) => /AssertionError/.test(line));
    results.push({
      mutant,
      verdict:
        run.status === 0
          ? `SURVIVED (${mutant.suites.join(', ')} passed, ${seconds} s)`
          : `killed: ${failed ?? 'some'} tests failed in ${mutant.suites.join(', ')} (${seconds} s)${evidence ? `\n    ${evidence.trim().slice(0, 300)}` : ''}`,
      killed: run.status !== 0 && !!failed,
    });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

console.log('\nKnown mutants (issue 8):');
for (const { mutant, verdict } of results) console.log(`- ${mutant.name}: ${verdict}`);
const survivors = results.filter((r) => !r.killed);
if (!chosen.length) {
  console.error('No mutant matches the names given.');
  process.exit(2);
}
process.exit(survivors.length ? 1 : 0);
