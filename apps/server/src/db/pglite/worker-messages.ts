/** What the server sends the PGlite thread: a connection opening, wire-protocol bytes, shutdown. */
export type ToWorker = { type: 'open' } | { type: 'data'; bytes: Uint8Array } | { type: 'close' };

/** What the PGlite thread answers: ready after start, wire-protocol bytes, failures, closed. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'data'; bytes: Uint8Array }
  | { type: 'error'; message: string }
  | { type: 'closed' };
