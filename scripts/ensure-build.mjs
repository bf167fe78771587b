#!/usr/bin/env node
// `npm start`: builds what is missing or older than its inputs, then runs the server.
// - dist/ (the app, `vite build`, with its precompressed .br/.gz files);
// - dist-server/ (the server bundled by scripts/build-server.mjs, so start-up runs plain JavaScript).
// With --start it then runs dist-server/main.js in this same process (one node start-up fewer); when the
// server bundle cannot be built it falls back to the TypeScript sources through tsx.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const start = process.argv.includes('--start');
const shared = ['package.json', 'package-lock.json', 'tsconfig.json'];
const app = {
  inputs: ['index.html', 'src', 'public', 'vite.config.ts', ...shared],
  output: path.join(root, 'dist', 'index.html'),
};
const server = {
  inputs: ['server', 'src/domain', 'scripts/build-server.mjs', ...shared],
  output: path.join(root, 'dist-server', 'main.js'),
};

function isTest(name) {
  return /\.test\.tsx?$/.test(name) || name === 'test-support.ts';
}

function newest(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || isTest(entry)) continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

function isStale({ inputs, output }) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  return !built || built < Math.max(...inputs.map((input) => newest(path.join(root, input))));
}

function run(command, args) {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
}

if (!existsSync(path.join(root, 'index.html'))) {
  console.warn('ensure-build: no index.html yet, serving the API only');
} else if (isStale(app)) {
  const status = run('npx', ['vite', 'build']);
  if (status !== 0) process.exit(status);
}

let bundled = !isStale(server);
if (!bundled) {
  bundled = run(process.execPath, [path.join(root, 'scripts', 'build-server.mjs')]) === 0;
  if (!bundled)
    console.warn('ensure-build: the server bundle could not be built; running the TypeScript sources with tsx');
}

if (start) {
  if (bundled) await import(pathToFileURL(server.output).href);
  else process.exit(run(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')]));
}
