import { Duplex } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './worker-messages.ts';

/**
 * A node-postgres connection to the PGlite thread: the socket-like stream `pg` writes the wire
 * protocol to, carried over the worker's message port instead of TCP.
 */
let connections = 0;

/** From this size a statement's bytes are handed to the PGlite thread rather than copied across. */
const HANDED_OVER_BYTES = 4096;

export class WorkerStream extends Duplex {
  private readonly worker: Worker;
  private readonly connection = ++connections;
  private readonly onMessage = (message: FromWorker) => {
    if (!('connection' in message) || message.connection !== this.connection) return;
    // The bytes were handed over (pglite-worker.ts): read in place, not copied again.
    if (message.type === 'data')
      this.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
    else this.destroy(new Error(`PGlite: ${message.message}`));
  };
  private readonly onExit = () => this.destroy(new Error('The PGlite thread stopped'));

  constructor(worker: Worker) {
    super();
    this.worker = worker;
  }

  private send(message: ToWorker, transfer?: ArrayBuffer[]) {
    this.worker.postMessage(message, transfer);
  }

  /** Called by `pg` in place of a TCP connect. */
  connect() {
    this.worker.on('message', this.onMessage);
    this.worker.on('exit', this.onExit);
    this.send({ type: 'open', connection: this.connection });
    queueMicrotask(() => this.emit('connect'));
    return this;
  }

  // Socket options with no meaning on a message port; the worker's own lifetime is managed by close().
  setNoDelay() {
    return this;
  }

  setKeepAlive() {
    return this;
  }

  ref() {
    return this;
  }

  unref() {
    return this;
  }

  /**
   * node-postgres writes a statement as four or five messages one after another: they cross to the
   * worker together, at the end of the tick, and PGlite runs them in one call instead of five.
   */
  private pending: Buffer[] = [];

  private flush = () => {
    const chunks = this.pending;
    this.pending = [];
    const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    if (length < HANDED_OVER_BYTES) {
      this.send({ type: 'data', connection: this.connection, bytes: Buffer.concat(chunks, length) });
      return;
    }
    // Copied once into memory of its own, then handed over: a message's bytes are otherwise copied
    // as it crosses, at a fraction of memcpy's speed (decision 287). Not node-postgres's own buffers,
    // nor Node's shared pool, which other buffers still use.
    const bytes = Buffer.allocUnsafeSlow(length);
    let offset = 0;
    for (const chunk of chunks) offset += chunk.copy(bytes, offset);
    this.send({ type: 'data', connection: this.connection, bytes }, [bytes.buffer as ArrayBuffer]);
  };

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    if (this.pending.push(chunk) === 1) queueMicrotask(this.flush);
    callback();
  }

  override _read() {}

  override _final(callback: (error?: Error | null) => void) {
    this.push(null);
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.worker.off('message', this.onMessage);
    this.worker.off('exit', this.onExit);
    callback(error);
  }
}
