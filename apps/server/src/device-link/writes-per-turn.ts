import type { Writable } from 'node:stream';

const held = new WeakSet<Writable>();

/**
 * Corks the stream, if this turn of the event loop has not already, and uncorks it once the turn's
 * other work is done (setImmediate): what the turn writes leaves in one system call, not one per
 * packet. On a loopback socket a call costs 25-30 µs of the sender's CPU on a 2-core VM, and during a
 * storm both ends of the console's own connection write a packet per device message (decisions 263,
 * 284). A write waits at most for the end of the turn it was made in.
 */
export function holdWritesForTurn(stream: Writable): void {
  if (held.has(stream)) return;
  held.add(stream);
  stream.cork();
  setImmediate(() => releaseWrites(stream));
}

/** Sends what the turn held now (before the stream is destroyed, which would drop it). */
export function releaseWrites(stream: Writable): void {
  if (!held.delete(stream)) return;
  stream.uncork();
}
