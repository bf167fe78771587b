#!/usr/bin/env node
// Mutation testing (Stryker with its vitest runner), out of `npm test` because it takes long: the statecharts
// against their unit tests and model-based paths, who-may-do-what (permission and route tables,
// authorization and organization plugins, access tokens) against their tests and the security matrix, and who
// sees what inside one organization against the hand-written table of secrets and the modules' suites.
// Prints each area's score and its survivors, and writes the scores as rows of bench/results.json.
//
//   npm run test:mutation               every area
//   npm run test:mutation -- machines   one of them (machines, access, inside)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET = 85;
const AREAS = {
  machines: {
    config: 'mutation/stryker.machines.config.mjs',
    report: 'reports/mutation/machines.json',
    metric: 'Mutation score, statecharts',
  },
  access: {
    config: 'mutation/stryker.access.config.mjs',
    report: 'reports/mutation/access.json',
    metric: 'Mutation score, permissions, authorization, organization, access token',
  },
  inside: {
    config: 'mutation/stryker.inside.config.mjs',
    report: 'reports/mutation/inside.json',
    metric: 'Mutation score, who sees what inside one organization (grievances, visits, CSV)',
  },
};

const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((a) => !(a in AREAS));
if (unknown.length) {
  console.error(`Unknown area ${unknown.join(', ')}; choose from ${Object.keys(AREAS).join(', ')}.`);
  process.exit(2);
}
const chosen = asked.length ? asked : Object.keys(AREAS);

/** Killed (or timed out) among the mutants that ran: Stryker's "mutation score". */
function summarize(report) {
  const counts = {};
  const survivors = [];
  for (const [file, { mutants, source }] of Object.entries(report.files)) {
    const lines = source.split('\n');
    for (const mutant of mutants) {
      counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
      if (mutant.status === 'Survived' || mutant.status === 'NoCoverage') {
        const line = mutant.location.start.line;
        survivors.push(
          `${file}:${line} ${mutant.mutatorName} (${mutant.status}) ${mutant.replacement !== undefined ? `→ ${JSON.stringify(mutant.replacement).slice(0, 80)}` : ''}\n      ${lines[line - 1]?.trim().slice(0, 140)}`,
        );
      }
    }
  }
  const detected = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
  const valid = detected + (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
  return { counts, survivors, score: valid ? (100 * detected) / valid : 0, detected, valid };
}

const rows = [];
let failed = false;
for (const area of chosen) {
  const { config, report, metric } = AREAS[area];
  const started = Date.now();
  console.log(`\n== ${area}: stryker run ${config}`);
  const run = spawnSync('npx', ['stryker', 'run', config], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: '' },
  });
  if (run.status !== 0 || !existsSync(path.join(root, report))) {
    console.error(`${area}: Stryker failed (exit ${run.status})`);
    failed = true;
    continue;
  }
  const summary = summarize(JSON.parse(readFileSync(path.join(root, report), 'utf8')));
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    `\n${area}: ${summary.score.toFixed(1)}% of ${summary.valid} mutants killed (${JSON.stringify(summary.counts)}), ${minutes} min`,
  );
  for (const survivor of summary.survivors) console.log(`  survived: ${survivor}`);
  if (summary.score < TARGET) failed = true;
  rows.push({
    metric,
    value: Number(summary.score.toFixed(1)),
    unit: '%',
    baseline: null,
    ratio: null,
    target: `≥ ${TARGET}% of mutants killed`,
    pass: summary.score >= TARGET,
    runs: 1,
    note: `${summary.detected} of ${summary.valid} killed; ${JSON.stringify(summary.counts)}; ${minutes} min (npm run test:mutation)`,
  });
}

// The scores join the benchmark results: a row per area replaces the same row of an earlier run.
const resultsFile = path.join(root, 'bench/results.json');
if (rows.length) {
  const results = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : { rows: [] };
  const measured = new Set(rows.map((row) => row.metric));
  results.rows = [...(results.rows ?? []).filter((row) => !measured.has(row.metric)), ...rows];
  writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
  console.log('wrote the scores into bench/results.json');
}
process.exit(failed ? 1 : 0);
