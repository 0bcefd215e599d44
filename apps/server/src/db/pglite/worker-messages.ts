/**
 * What the server sends the PGlite thread: a connection opening, a connection's wire-protocol bytes,
 * shutdown. Connections are numbered so that answers reach the connection that asked: node-postgres
 * replaces a connection after a failed query while the old one's last answer may still be on its way.
 */
export type ToWorker =
  | { type: 'open'; connection: number }
  | { type: 'data'; connection: number; bytes: Uint8Array }
  | { type: 'close' };

/** What the PGlite thread answers: ready after start, wire-protocol bytes, failures, closed. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'data'; connection: number; bytes: Uint8Array }
  | { type: 'error'; connection: number; message: string }
  | { type: 'closed' };

/**
 * Where the PGlite thread's data lives: a data directory on disk, a snapshot loaded into memory (a
 * tarball of a data directory, as `dumpDataDir` writes it: a copy that costs no files), or memory alone.
 */
export type PgliteSource = { dataDir?: string; snapshot?: string };

/** What the PGlite thread starts with: its source, or a data folder to make (initdb) before it ends. */
export type PgliteWorkerData = PgliteSource & { initOnly?: true };
