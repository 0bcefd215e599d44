import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run build -w @ec/server`: the server as plain JavaScript in `dist/`, run by `node dist/main.js`
 * without a TypeScript runtime (docs/production.md; decision 226). Four entries: the server, the
 * PGlite worker that start-pglite.ts starts on its own thread, the ingest thread (INGEST_THREADS) and
 * the embedded broker's thread (MQTT_BROKER_THREAD).
 * The workspace packages (@ec/contract, @ec/simulator) are TypeScript and are bundled in; every other
 * package stays in node_modules, found from dist the way Node finds it from src. The migrations are
 * copied beside main.js (database.ts).
 */
const serverRoot = import.meta.dirname;

/** Leaves every package import but the workspace's own (@ec/...) to node_modules at run time. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(plugin) {
    plugin.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ec/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer(outDir = path.join(serverRoot, 'dist')) {
  await rm(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: serverRoot,
    entryPoints: {
      main: 'src/main.ts',
      'pglite-worker': 'src/db/pglite/pglite-worker.ts',
      'ingest-thread': 'src/startup/ingest-thread.ts',
      'embedded-broker-thread': 'src/device-link/embedded-broker-thread.ts',
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Stack traces name the source files; nothing else to gain from minifying a server.
    minify: false,
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  await cp(path.join(serverRoot, 'migrations'), path.join(outDir, 'migrations'), { recursive: true });
  return outDir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const outDir = await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`built the server into ${path.relative(process.cwd(), outDir) || '.'}`);
}
