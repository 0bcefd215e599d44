import { parentPort, workerData } from 'node:worker_threads';
import { startEmbeddedBroker } from './embedded-broker.ts';
import type { BrokerThreadData, FromBrokerThread, ToBrokerThread } from './start-embedded-broker-thread.ts';

/**
 * The embedded broker on a thread of its own (start-embedded-broker-thread.ts): the devices' connections,
 * their packets and acknowledgements are handled here, beside the server's event loop. A device's
 * password is checked by the main thread, which has the database; what the broker refuses is logged there.
 */
const port = parentPort!;
const post = (message: FromBrokerThread) => port.postMessage(message);
const { host, port: tcpPort, server, maxPacketBytes } = workerData as BrokerThreadData;

/** Password checks waiting for the main thread's answer, by number. */
const checks = new Map<number, { resolve: (ok: boolean) => void; reject: (error: Error) => void }>();
let lastCheck = 0;

try {
  const broker = await startEmbeddedBroker({
    host,
    port: tcpPort,
    maxPacketBytes,
    log: { warn: (details, message) => post({ type: 'log', details, message }) },
    auth: {
      server,
      verifyDevice: (deviceGuid, password) =>
        new Promise((resolve, reject) => {
          const id = ++lastCheck;
          checks.set(id, { resolve, reject });
          post({ type: 'verify', id, deviceGuid, password });
        }),
    },
  });
  port.on('message', (message: ToBrokerThread) => {
    if (message.type === 'verified') {
      const check = checks.get(message.id);
      checks.delete(message.id);
      if (message.outcome === 'failed') check?.reject(new Error('the password check failed'));
      else check?.resolve(message.outcome === 'ok');
      return;
    }
    void broker.close().then(() => post({ type: 'closed' }));
  });
  post({ type: 'ready', url: broker.url });
} catch (error) {
  // Listening failed (the port is taken): the main thread throws it as its own.
  const { message, code } = error as NodeJS.ErrnoException;
  post({ type: 'failed', message, code });
}
