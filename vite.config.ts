import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react({ jsxImportSource: '@emotion/react' })],
  build: { outDir: 'dist', sourcemap: false },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/status.json': 'http://localhost:3000' } },
});
