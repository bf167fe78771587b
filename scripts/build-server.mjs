#!/usr/bin/env node
// Bundles the server (server/main.ts with TypeScript and our own imports; packages stay in node_modules) into
// dist-server/ with esbuild, so `npm start` runs plain node: no TypeScript transpiling at start. dist-server/
// holds what the sources find next to themselves at run time: migrations/ (connection.ts reads them).
// `node scripts/build-server.mjs [outdir]` (default dist-server/).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.resolve(process.argv[2] ?? path.join(root, 'dist-server'));

const partial = `${outdir}.partial-${process.pid}`;
rmSync(partial, { recursive: true, force: true });
try {
  await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outbase: path.join(root, 'server'),
    outdir: partial,
    entryNames: '[dir]/[name]',
    // Shared code sits at the top of dist-server/, where import.meta.url finds migrations/.
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // The sign-in first paint renders the app's JSX: compiled as the app compiles it (tsconfig.base.json), said
    // here because esbuild does not follow a solution tsconfig's references.
    jsx: 'automatic',
    jsxImportSource: '@emotion/react',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(partial, 'migrations'), { recursive: true });
  rmSync(outdir, { recursive: true, force: true });
  cpSync(partial, outdir, { recursive: true });
} finally {
  rmSync(partial, { recursive: true, force: true });
}
