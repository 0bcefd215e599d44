import { Duplex } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './worker-messages.ts';

/**
 * A node-postgres connection to the PGlite thread: the socket-like stream `pg` writes the wire
 * protocol to, carried over the worker's message port instead of TCP.
 */
let connections = 0;

export class WorkerStream extends Duplex {
  private readonly worker: Worker;
  private readonly connection = ++connections;
  private readonly onMessage = (message: FromWorker) => {
    if (!('connection' in message) || message.connection !== this.connection) return;
    if (message.type === 'data') this.push(Buffer.from(message.bytes));
    else this.destroy(new Error(`PGlite: ${message.message}`));
  };
  private readonly onExit = () => this.destroy(new Error('The PGlite thread stopped'));

  constructor(worker: Worker) {
    super();
    this.worker = worker;
  }

  private send(message: ToWorker) {
    this.worker.postMessage(message);
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
    const bytes = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    this.send({ type: 'data', connection: this.connection, bytes });
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
