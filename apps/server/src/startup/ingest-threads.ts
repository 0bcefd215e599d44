import { Worker } from 'node:worker_threads';
import type { LiveEvent } from '@ec/contract/live';
import type { FastifyBaseLogger } from 'fastify';
import type { PublishLive } from '../features/live/live-listener.ts';

export interface IngestThreadData {
  index: number;
  /** Each thread's ingest backlog, at its index. */
  backlog: Int32Array;
}
export type ToIngestThread = { type: 'stop' };
export type FromIngestThread =
  | { type: 'ready' }
  /** A turn's live events of one organization, for the main thread's live channel. */
  | { type: 'live'; orgGuid: string; events: LiveEvent[] };

/**
 * The thread's entry: from source (tsx) a bootstrap that registers tsx and loads ingest-thread.ts; from
 * the build (`npm run build`, this module bundled into dist/main.js) the thread's own bundle beside it.
 */
const threadUrl = import.meta.url.endsWith('.ts')
  ? new URL('./ingest-thread-bootstrap.mjs', import.meta.url)
  : new URL('./ingest-thread.js', import.meta.url);

/**
 * Starts INGEST_THREADS threads that take the devices' messages (decision 273), and answers once each
 * has subscribed. A thread that fails after that ends the process (`onFailure`): a process that no
 * longer stores what devices send must not look healthy; the broker hands its unacknowledged messages to
 * the others in the share group, and the process's supervisor starts it again.
 */
export async function startIngestThreads(options: {
  count: number;
  log: FastifyBaseLogger;
  /** The main thread's live channel: the threads' device events go out through it. */
  publishLive: PublishLive;
  onFailure: (error: Error) => void;
}) {
  const backlog = new Int32Array(new SharedArrayBuffer(options.count * Int32Array.BYTES_PER_ELEMENT));
  const threads = await Promise.all(
    Array.from({ length: options.count }, async (_, index) => {
      const data: IngestThreadData = { index, backlog };
      const thread = new Worker(threadUrl, { workerData: data });
      // From the start: the thread takes devices' messages before it says it is ready.
      thread.on('message', (message: FromIngestThread) => {
        if (message.type === 'live')
          for (const event of message.events) options.publishLive(message.orgGuid, event);
      });
      await new Promise<void>((resolve, reject) => {
        const onMessage = (message: FromIngestThread) => {
          if (message.type !== 'ready') return;
          thread.off('message', onMessage);
          thread.off('error', reject);
          thread.off('exit', onEarlyExit);
          resolve();
        };
        const onEarlyExit = (code: number) =>
          reject(new Error(`ingest thread ${index} exited with code ${code}`));
        thread.on('message', onMessage);
        thread.once('error', reject);
        thread.once('exit', onEarlyExit);
      });
      return thread;
    }),
  );
  let stopping = false;
  for (const [index, thread] of threads.entries()) {
    thread.on('error', (error: Error) => {
      options.log.error({ err: error, ingestThread: index }, 'an ingest thread failed');
      options.onFailure(error);
    });
    thread.on('exit', (code) => {
      if (stopping) return;
      const error = new Error(`ingest thread ${index} exited with code ${code}`);
      options.log.error({ err: error, ingestThread: index }, 'an ingest thread ended');
      options.onFailure(error);
    });
  }
  return {
    /** Device messages the threads received and have not stored yet. */
    backlog: () => backlog.reduce((sum, value) => sum + value, 0),
    /** Each thread stores what it received, lets go of the broker and its database, and ends. */
    async stop() {
      stopping = true;
      await Promise.all(
        threads.map(async (thread) => {
          const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
          const message: ToIngestThread = { type: 'stop' };
          thread.postMessage(message);
          await exited;
        }),
      );
    },
  };
}
