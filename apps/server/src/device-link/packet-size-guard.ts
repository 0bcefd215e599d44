import { Duplex } from 'node:stream';
import { holdWritesForTurn, releaseWrites } from './writes-per-turn.ts';

export class PacketTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(`MQTT packet of ${bytes} bytes is over the limit`);
  }
}

/**
 * Follows the MQTT framing of a byte stream (each packet: one type byte, its remaining length as a
 * variable-length integer of 1-4 bytes, then that many bytes). The answer is called with each chunk
 * in order and throws PacketTooLargeError as soon as a packet announces more than `maxBytes`,
 * before its body is buffered anywhere.
 */
export function packetSizeCheck(maxBytes: number): (chunk: Buffer) => void {
  let header: number[] = [];
  let bodyLeft = 0;
  return (chunk) => {
    let offset = 0;
    while (offset < chunk.length) {
      if (bodyLeft > 0) {
        const skipped = Math.min(bodyLeft, chunk.length - offset);
        bodyLeft -= skipped;
        offset += skipped;
        continue;
      }
      const byte = chunk[offset++]!;
      header.push(byte);
      if (header.length === 1 || byte & 0x80) {
        // A length that still continues after its fourth byte is malformed; aedes refuses it too.
        if (header.length === 5) throw new PacketTooLargeError(Number.POSITIVE_INFINITY);
        continue;
      }
      let length = 0;
      for (let index = header.length - 1; index >= 1; index--)
        length = length * 128 + (header[index]! & 0x7f);
      const bytes = header.length + length;
      if (bytes > maxBytes) throw new PacketTooLargeError(bytes);
      bodyLeft = length;
      header = [];
    }
  };
}

/**
 * The socket as the broker should see it: what it reads has passed the size check, what it writes
 * goes to the socket. A packet over the limit closes the connection; `onTooLarge` hears of it.
 * What the broker writes during one turn of the event loop reaches the socket in one system call
 * when the turn ends: the broker hands the server's own connection a device message at a time.
 */
export function guardedConnection(
  socket: Duplex,
  maxBytes: number,
  onTooLarge: (error: PacketTooLargeError) => void,
): Duplex {
  const check = packetSizeCheck(maxBytes);
  const pass = (
    chunks: { chunk: Buffer; encoding: BufferEncoding }[],
    callback: (error?: Error | null) => void,
  ) => {
    if (socket.destroyed) return callback(new Error('The connection is closed'));
    holdWritesForTurn(socket);
    let ready = true;
    for (const { chunk, encoding } of chunks) ready = socket.write(chunk, encoding);
    // The socket's own buffer holds the broker back until it drains, as a direct writer would be;
    // a socket that closes meanwhile fails the write, so the broker's delivery does not wait for ever.
    if (ready) return callback();
    const drained = () => {
      socket.off('close', closed);
      callback();
    };
    const closed = () => {
      socket.off('drain', drained);
      callback(new Error('The connection is closed'));
    };
    socket.once('drain', drained);
    socket.once('close', closed);
  };
  const connection = new Duplex({
    read() {
      socket.resume();
    },
    write(chunk, encoding, callback) {
      pass([{ chunk, encoding }], callback);
    },
    writev(chunks, callback) {
      pass(chunks, callback);
    },
    final(callback) {
      socket.end(callback);
    },
    destroy(error, callback) {
      // What the broker wrote last (a refusal's CONNACK) goes out before the socket closes.
      releaseWrites(socket);
      socket.destroy();
      callback(error);
    },
  });
  socket.on('data', (chunk: Buffer) => {
    try {
      check(chunk);
    } catch (error) {
      if (error instanceof PacketTooLargeError) onTooLarge(error);
      connection.destroy();
      return;
    }
    if (!connection.push(chunk)) socket.pause();
  });
  socket.on('end', () => connection.push(null));
  socket.on('error', (error) => connection.destroy(error));
  socket.on('close', () => connection.destroy());
  return connection;
}
