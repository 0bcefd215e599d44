import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { NamedStatementsClient } from './named-statements-client.ts';
import type { FromWorker, PgliteSource } from './worker-messages.ts';
import { WorkerStream } from './worker-stream.ts';

const workerUrl = new URL('./pglite-worker-bootstrap.mjs', import.meta.url);

/**
 * Starts PGlite on a worker thread and answers a node-postgres pool over it. One connection: PGlite
 * serves one session at a time. `source` (./worker-messages.ts) says where its data lives.
 */
export async function startPglite(source: PgliteSource = {}) {
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
  const pool = new pg.Pool({
    // PGlite's own role and database; node-postgres would otherwise log in as the OS user.
    user: 'postgres',
    database: 'postgres',
    max: 1,
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
