import { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { guardedConnection, PacketTooLargeError, packetSizeCheck } from './packet-size-guard.ts';

/** One MQTT packet: a type byte, the remaining length as a variable-length integer, then the body. */
function packet(bodyLength: number): Buffer {
  const length: number[] = [];
  let rest = bodyLength;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    length.push(byte);
  } while (rest > 0);
  return Buffer.concat([Buffer.from([0x30, ...length]), Buffer.alloc(bodyLength, 1)]);
}

/** Feeds the chunks to a check; answers how many chunks passed and the error that stopped it. */
function feed(maxBytes: number, chunks: Buffer[]) {
  const check = packetSizeCheck(maxBytes);
  let passed = 0;
  try {
    for (const chunk of chunks) {
      check(chunk);
      passed += 1;
    }
    return { passed, error: null };
  } catch (error) {
    return { passed, error };
  }
}

describe('packetSizeCheck', () => {
  it('lets packets up to the limit through, however the stream splits them', () => {
    const stream = Buffer.concat([packet(10), packet(200), packet(16_000), packet(0)]);
    const byteByByte = [...stream].map((byte) => Buffer.from([byte]));
    expect(feed(16_004, [stream])).toEqual({ passed: 1, error: null });
    expect(feed(16_004, byteByByte)).toEqual({ passed: byteByByte.length, error: null });
  });

  it('stops at the header of the first packet over the limit', () => {
    const { passed, error } = feed(1000, [packet(10), packet(5000).subarray(0, 3)]);
    expect(passed).toBe(1);
    expect(error).toBeInstanceOf(PacketTooLargeError);
    expect((error as PacketTooLargeError).bytes).toBe(5003);
  });

  it('stops at a length that never ends', () => {
    const { error } = feed(1000, [Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01])]);
    expect(error).toBeInstanceOf(PacketTooLargeError);
  });
});

describe('guardedConnection', () => {
  it('hands the socket what the broker wrote during one turn of the event loop in one call', async () => {
    const calls: Buffer[][] = [];
    const socket = new Duplex({
      read() {},
      write(chunk, _encoding, callback) {
        calls.push([chunk]);
        callback();
      },
      writev(chunks, callback) {
        calls.push(chunks.map(({ chunk }) => chunk));
        callback();
      },
    });
    const connection = guardedConnection(socket, 1000, () => {});
    const packets = [
      [0x40, 2, 0, 1],
      [0x40, 2, 0, 2],
      [0x30, 3, 0, 1, 0x61],
    ].map((bytes) => Buffer.from(bytes));
    // Written as separate tasks of one turn, as the broker answers separate devices' messages.
    connection.write(packets[0]);
    await Promise.resolve();
    connection.write(packets[1]);
    process.nextTick(() => connection.write(packets[2]));
    expect(calls).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toHaveLength(1);
    expect(Buffer.concat(calls[0]!)).toEqual(Buffer.concat(packets));
  });

  it('fails a write the closed socket cannot take instead of leaving the broker waiting', async () => {
    const socket = new Duplex({
      read() {},
      highWaterMark: 4,
      write(_chunk, _encoding, _callback) {
        // Never completes: the far end stopped reading.
      },
    });
    const connection = guardedConnection(socket, 1000, () => {});
    connection.on('error', () => {});
    const stuck = new Promise<Error | null | undefined>((resolve) =>
      connection.write(Buffer.alloc(64), (error) => resolve(error)),
    );
    await new Promise((resolve) => setImmediate(resolve));
    socket.destroy();
    expect(await stuck).toBeInstanceOf(Error);
    const afterClose = await new Promise<Error | null | undefined>((resolve) =>
      connection.write(Buffer.alloc(1), (error) => resolve(error)),
    );
    expect(afterClose).toBeInstanceOf(Error);
  });
});
