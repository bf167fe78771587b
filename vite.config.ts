import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes `<file>.br` and `<file>.gz` next to each built text file of 1 KiB or more, at the highest levels
 * (done once here, so the server sends them with no CPU per request: @fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'care-portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // zlib's async calls run on the libuv pool, so the files compress in parallel.
      const files = walk(outDir).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = readFileSync(file);
          if (content.length < 1024) return;
          const [gz, br] = await Promise.all([
            promisify(gzip)(content, { level: 9 }),
            promisify(brotliCompress)(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          ]);
          writeFileSync(`${file}.gz`, gz);
          writeFileSync(`${file}.br`, br);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react({ jsxImportSource: '@emotion/react' }), precompress()],
  resolve: { alias: { 'js-yaml': fileURLToPath(new URL('./src/api/no-yaml.ts', import.meta.url)) } },
  // No modulepreload polyfill: every browser the portal supports has modulepreload.
  build: { outDir: 'dist', sourcemap: false, modulePreload: { polyfill: false } },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/status.json': 'http://localhost:3000' } },
});
