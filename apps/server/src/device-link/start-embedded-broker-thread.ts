import { Worker } from 'node:worker_threads';
import type { BrokerAuth, EmbeddedBroker, EmbeddedBrokerOptions } from './embedded-broker.ts';

export type BrokerThreadData = Pick<EmbeddedBrokerOptions, 'host' | 'port' | 'maxPacketBytes'> & {
  server: BrokerAuth['server'];
};
export type ToBrokerThread =
  | { type: 'verified'; id: number; outcome: 'ok' | 'refused' | 'failed' }
  | { type: 'close' };
export type FromBrokerThread =
  | { type: 'ready'; url: string }
  | { type: 'failed'; message: string; code?: string }
  | { type: 'verify'; id: number; deviceGuid: string; password: string }
  | { type: 'log'; details: object; message: string }
  | { type: 'closed' };

/**
 * The thread's entry: from source (tsx) a bootstrap that registers tsx and loads
 * embedded-broker-thread.ts; from the build (`npm run build`) the thread's own bundle beside main.js.
 */
const threadUrl = import.meta.url.endsWith('.ts')
  ? new URL('./embedded-broker-thread-bootstrap.mjs', import.meta.url)
  : new URL('./embedded-broker-thread.js', import.meta.url);

/**
 * The embedded broker on a thread of its own: the same broker as startEmbeddedBroker, whose devices'
 * packets then no longer share the event loop with people's requests and the ingest (in the
 * 10,000-device storm it was a third of the main thread's work; decision 286). Passwords are checked
 * and refusals logged here, on the main thread. A thread that fails or ends unasked ends the process,
 * as a broker failing on the main thread would.
 */
export async function startEmbeddedBrokerThread(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const data: BrokerThreadData = {
    host: options.host,
    port: options.port,
    maxPacketBytes: options.maxPacketBytes,
    server: options.auth.server,
  };
  const thread = new Worker(threadUrl, { workerData: data });
  const send = (message: ToBrokerThread) => thread.postMessage(message);
  let state: 'starting' | 'running' | 'closing' | 'ended' = 'starting';
  let closed = () => {};

  const url = await new Promise<string>((resolve, reject) => {
    // Before it answered, the start fails; after, nothing would hear devices any more: the process ends.
    const fail = (error: Error) => {
      if (state === 'starting') return reject(error);
      if (state === 'running') throw error;
    };
    thread.on('error', fail);
    thread.on('exit', (code) => {
      fail(new Error(`the embedded broker's thread ended with code ${code}`));
      state = 'ended';
      closed();
    });
    thread.on('message', (message: FromBrokerThread) => {
      switch (message.type) {
        case 'ready':
          state = 'running';
          return resolve(message.url);
        case 'failed':
          state = 'closing';
          void thread.terminate();
          return reject(Object.assign(new Error(message.message), { code: message.code }));
        case 'verify':
          return void options.auth.verifyDevice(message.deviceGuid, message.password).then(
            (ok) => send({ type: 'verified', id: message.id, outcome: ok ? 'ok' : 'refused' }),
            () => send({ type: 'verified', id: message.id, outcome: 'failed' }),
          );
        case 'log':
          return options.log.warn(message.details, message.message);
        case 'closed':
          return closed();
      }
    });
  });
  return {
    url,
    async close() {
      if (state === 'ended') return;
      state = 'closing';
      await new Promise<void>((resolve) => {
        closed = resolve;
        send({ type: 'close' });
      });
      await thread.terminate();
    },
  };
}
