import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { FromWorker } from './worker-messages.ts';
import { WorkerStream } from './worker-stream.ts';

const workerUrl = new URL('./pglite-worker.ts', import.meta.url);
/** Resolved here, where the server's dependencies are known, not from the worker's working folder. */
const tsxApi = import.meta.resolve('tsx/esm/api');

/**
 * Starts PGlite on a worker thread (kept in `dataDir`, or in memory without one) and answers a
 * node-postgres pool over it. One connection: PGlite serves one session at a time.
 */
export async function startPglite(dataDir: string | undefined) {
  // The worker is TypeScript like the rest of the server: it registers tsx, then loads the module.
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(workerUrl.href)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: { dataDir } });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: FromWorker) => {
      if (message.type !== 'ready') return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
  const pool = new pg.Pool({
    // PGlite's own role and database; node-postgres would otherwise log in as the OS user.
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // Kept open: a new connection would repeat PostgreSQL's start-up for nothing.
    idleTimeoutMillis: 0,
    stream: () => new WorkerStream(worker),
  });
  return {
    pool,
    async close() {
      await pool.end();
      await new Promise<void>((resolve) => {
        worker.on('message', (message: FromWorker) => {
          if (message.type === 'closed') resolve();
        });
        worker.postMessage({ type: 'close' });
      });
      await worker.terminate();
    },
  };
}
