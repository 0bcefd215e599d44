import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { FromWorker, PgliteWorkerData, ToWorker } from './worker-messages.ts';

/**
 * PGlite on its own thread, so that the database's work (WebAssembly PostgreSQL) runs beside the
 * server's event loop instead of on it. The server talks to it over the PostgreSQL wire protocol
 * (./worker-stream.ts): the same driver, node-postgres, serves PGlite and a PostgreSQL server.
 */
const port = parentPort!;
const post = (message: FromWorker) => port.postMessage(message);

/** Frontend messages are a type byte and a length, except the first (startup), which has no type. */
function splitMessages(buffer: Buffer, startup: boolean): { messages: Buffer[]; rest: Buffer } {
  const messages: Buffer[] = [];
  let offset = 0;
  let first = startup;
  while (true) {
    const header = first ? 4 : 5;
    if (buffer.length - offset < header) break;
    const length = first ? buffer.readInt32BE(offset) : 1 + buffer.readInt32BE(offset + 1);
    if (buffer.length - offset < length) break;
    messages.push(buffer.subarray(offset, offset + length));
    offset += length;
    first = false;
  }
  return { messages, rest: buffer.subarray(offset) };
}

const source = workerData as PgliteWorkerData;
if (source.initOnly) {
  // A thread of its own makes a new data folder and ends (start-pglite.ts).
  await (await PGlite.create(source.dataDir)).close();
  process.exit(0);
}
/**
 * PostgreSQL's shared buffers: PGlite keeps PostgreSQL's default, 128 MB, which it touches at start,
 * and WebAssembly memory is never given back. The embedded console keeps 32 MB: its tables stay in
 * the operating system's file cache, and the process stays within its memory budget (issue 28).
 * Statistics from a sample of 3,000 rows instead of 30,000: the embedded autovacuum's ANALYZE holds
 * the only connection while it runs, 18 ms instead of 91 for the shadows of 10,000 devices, and the
 * planner's choices here turn on a table's size, not on the shape of its values (decision 285).
 */
const startParams = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=32MB',
  '-c',
  'default_statistics_target=10',
];
const db = source.snapshot
  ? await PGlite.create({ loadDataDir: new Blob([await readFile(source.snapshot)]), startParams })
  : await PGlite.create(source.dataDir, { startParams });
/** Per connection: bytes of a message not complete yet, and whether its startup message is due. */
const connections = new Map<number, { pending: Buffer; awaitingStartup: boolean }>();
/** PGlite runs one thing at a time; this chain keeps the connections' messages in arrival order. */
let work = Promise.resolve();

async function run(connection: number, messages: Buffer[]) {
  // Terminate ends the connection, not the database: PGlite's session goes on for the next one.
  if (messages.some((message) => message[0] === 0x58)) connections.delete(connection);
  const wanted = messages.filter((message) => message[0] !== 0x58);
  if (wanted.length === 0) return;
  // The stream form hands over PGlite's output as it is: execProtocolRaw would also parse every
  // message of it for nothing (a quarter of the worker's time while 10,000 devices announced).
  const chunks: Uint8Array[] = [];
  await db.execProtocolRawStream(new Uint8Array(Buffer.concat(wanted)), {
    // A view of PGlite's own buffer, reused by its next output: copied.
    onRawData: (chunk) => chunks.push(chunk.slice()),
  });
  const reply = chunks.length === 1 ? chunks[0]! : new Uint8Array(Buffer.concat(chunks));
  // Handed over, not copied: the reply has its memory to itself (a copy of its own, above), and
  // copying a message's bytes cost more than the rest of its crossing (decision 287).
  if (reply.length > 0)
    port.postMessage({ type: 'data', connection, bytes: reply } satisfies FromWorker, [
      reply.buffer as ArrayBuffer,
    ]);
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'open') {
    connections.set(message.connection, { pending: Buffer.alloc(0), awaitingStartup: true });
    // The session is shared: a transaction an earlier connection left open must not leak into this one,
    // nor its prepared statements, whose names the new connection prepares again.
    work = work.then(async () => {
      if (db.isInTransaction()) await db.exec('ROLLBACK');
      await db.exec('DEALLOCATE ALL');
    });
    return;
  }
  if (message.type === 'close') {
    work = work.then(async () => {
      await db.close();
      post({ type: 'closed' });
    });
    return;
  }
  const state = connections.get(message.connection);
  if (!state) return;
  const { messages, rest } = splitMessages(
    Buffer.concat([state.pending, Buffer.from(message.bytes)]),
    state.awaitingStartup,
  );
  state.pending = Buffer.from(rest);
  if (messages.length > 0) state.awaitingStartup = false;
  const { connection } = message;
  work = work
    .then(() => run(connection, messages))
    .catch((error: unknown) =>
      post({
        type: 'error',
        connection,
        message: error instanceof Error ? error.message : JSON.stringify(error),
      }),
    );
});

post({ type: 'ready' });
