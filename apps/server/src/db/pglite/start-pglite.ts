import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PriorityPool } from '../priority-pool.ts';
import { NamedStatementsClient } from './named-statements-client.ts';
import type { FromWorker, PgliteSource, PgliteWorkerData } from './worker-messages.ts';
import { WorkerStream } from './worker-stream.ts';

/**
 * The thread's entry: from source (tsx) a bootstrap that registers tsx and loads pglite-worker.ts; from
 * the build (`npm run build`, this module bundled into dist/main.js) the worker's own bundle beside it.
 */
const workerUrl = import.meta.url.endsWith('.ts')
  ? new URL('./pglite-worker-bootstrap.mjs', import.meta.url)
  : new URL('./pglite-worker.js', import.meta.url);

/**
 * Makes a new data folder (initdb) on a thread that ends once it is made. Initdb grows PGlite's
 * WebAssembly memory to about 800 MB, which a running instance never gives back: a server started on
 * a new folder held 892 MB idle, 444 MB on a folder made before (decision 261).
 */
async function makeDataDir(dataDir: string) {
  const data: PgliteWorkerData = { dataDir, initOnly: true };
  const worker = new Worker(workerUrl, { workerData: data });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`making the PGlite data folder ended with code ${code}`)),
    );
  });
}

/**
 * Starts PGlite on a worker thread and answers a node-postgres pool over it. One connection: PGlite
 * serves one session at a time. `source` (./worker-messages.ts) says where its data lives.
 */
export async function startPglite(source: PgliteSource = {}) {
  if (source.dataDir && !existsSync(path.join(source.dataDir, 'PG_VERSION')))
    await makeDataDir(source.dataDir);
  const worker = new Worker(workerUrl, { workerData: source });
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
  const pool = new PriorityPool({
    // PGlite's own role and database; node-postgres would otherwise log in as the OS user.
    user: 'postgres',
    database: 'postgres',
    max: 1,
    reservedForPeople: 0,
    // Kept open: a new connection would repeat PostgreSQL's start-up for nothing.
    idleTimeoutMillis: 0,
    stream: () => new WorkerStream(worker),
    Client: NamedStatementsClient,
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
