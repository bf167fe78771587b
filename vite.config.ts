import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [react({ jsxImportSource: '@emotion/react' })],
  resolve: { alias: { 'js-yaml': fileURLToPath(new URL('./src/api/no-yaml.ts', import.meta.url)) } },
  build: { outDir: 'dist', sourcemap: false },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/status.json': 'http://localhost:3000' } },
});
