import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.EC_API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    // The API and its live WebSocket are served by apps/server; the browser talks to one origin.
    proxy: { '/v1': { target: apiTarget, ws: true } },
  },
  preview: { proxy: { '/v1': { target: apiTarget, ws: true } } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    restoreMocks: true,
  },
});
