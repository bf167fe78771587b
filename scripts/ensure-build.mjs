#!/usr/bin/env node
// Runs `vite build` only when dist/ is missing or older than any input of the build, so `npm start` on an
// unchanged checkout goes straight to the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const inputs = ['index.html', 'src', 'public', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];
const output = path.join(root, 'dist', 'index.html');

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

if (!existsSync(path.join(root, 'index.html'))) {
  console.warn('ensure-build: no index.html yet, serving the API only');
  process.exit(0);
}
const built = existsSync(output) ? statSync(output).mtimeMs : 0;
const changed = Math.max(...inputs.map((input) => newest(path.join(root, input))));
if (built && built >= changed) process.exit(0);
const result = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
