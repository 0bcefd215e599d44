import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.EC_API_TARGET ?? 'http://127.0.0.1:8080';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|txt|json|webmanifest)$/;
/** Below this size a compressed copy saves less than its headers cost (the server's API threshold too). */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes a brotli (best quality) and a gzip copy beside each text file of the build; the server sends
 * them as they are (@fastify/static `preCompressed`), so no request pays for compressing.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'ec-precompress',
    apply: 'build',
    async writeBundle({ dir }) {
      if (!dir) return;
      const files = (await readdir(dir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          if ((await stat(full)).size < MIN_COMPRESS_BYTES) return;
          const content = await readFile(full);
          const [br, gzipped] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gz(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gzipped)]);
        }),
      );
    },
  };
}

const packages = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    // The API and its live WebSocket are served by apps/server; the browser talks to one origin.
    proxy: { '/v1': { target: apiTarget, ws: true } },
  },
  preview: { proxy: { '/v1': { target: apiTarget, ws: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the console supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries in chunks of their own, which stay cached across releases of the console's code.
        // Only what the first page needs ($initial) goes into them; the rest is split per route.
        codeSplitting: {
          groups: [
            { name: 'react', test: packages('react|react-dom|scheduler'), priority: 3 },
            { name: 'router', test: packages('react-router'), priority: 3 },
            {
              name: 'mui',
              test: packages(
                '@mui|@emotion|@popperjs|@babel|stylis|react-transition-group|react-is|clsx|hoist-non-react-statics',
              ),
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'vendor', test: packages('.+?'), tags: ['$initial'], priority: 1 },
            // The console's own modules that the first page needs, in one file rather than a handful of
            // small ones: on a slow network each extra request before the first paint costs a round trip.
            {
              name: 'app',
              test: /[\\/](apps[\\/]web|packages[\\/](contract|client))[\\/]src[\\/]/,
              tags: ['$initial'],
              priority: 0,
            },
            // The form library, for the pages with forms only.
            { name: 'forms', test: packages('react-hook-form|@hookform'), priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    restoreMocks: true,
    // One jsdom per worker rather than per file: the environment's set-up was most of the suite's time
    // (6 min against 1). The set-up file resets what pages share (session, storage, preferences) after
    // every test, and tests mock the API, never modules, since a module mock would leak across files.
    isolate: false,
    // Vitest's default is one worker on a 2-core machine, and the suite mostly waits (debounces,
    // acknowledgement windows, lazy chunks): measured 2.9 CPU-minutes over 6.2 minutes with one worker.
    // Three overlap those waits while the server passes use the other core (decision 220).
    maxWorkers: 3,
    // jsdom renders of whole pages take seconds on a busy 2-core machine (the server passes run beside
    // this suite): a slow test is not a failing one. On a slower machine of the same kind (2026-11-27
    // evening) 16 form-typing tests passed alone and ran past 20 s beside the other lanes (decision 256).
    testTimeout: 60_000,
  },
});
